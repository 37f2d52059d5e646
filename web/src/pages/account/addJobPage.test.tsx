// account/add_jobs against a fake of the job tasks: the job types and terms from get_job_options,
// the user's vehicles to choose from, the terms to accept before anything is sent, and the jobs
// list once booked.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userOf } from '../../test/fixtures';
import { PAGE_TEST, renderPage, wideScreen } from '../drivers/testing/renderPage';
import AddJobPage from './AddJobPage';
import { jobOf, ordersApi } from './orders/orderFixtures';

afterEach(() => vi.unstubAllGlobals());

const PATH = '/portal/account/add_jobs';
const open = (search = '') =>
  renderPage(
    `${PATH}${search}`,
    { path: PATH, title: 'Add Job', Component: AddJobPage },
    userOf('full'),
  );

async function choose(label: string, option: string) {
  const box = screen.getByRole('combobox', { name: label });
  fireEvent.mouseDown(box);
  const list = await waitFor(() => {
    const id = box.getAttribute('aria-controls') ?? `${box.id}_list`;
    const dropdown = document.getElementById(id)?.closest<HTMLElement>('.ant-select-dropdown');
    if (!dropdown) throw new Error(`${label} did not open`);
    return dropdown;
  });
  fireEvent.click(await within(list).findByTitle(option));
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('Add job', PAGE_TEST, () => {
  it('shows the terms in a box of their own and books a repair once they are accepted', async () => {
    wideScreen();
    const api = ordersApi({}, { set_job: () => ({ data: { job: jobOf(9) } }) });
    const view = open('?type=repair');
    expect(await screen.findByRole('heading', { level: 1, name: 'Add Job' })).toBeTruthy();
    const terms = screen.getByRole('region', { name: 'Terms and conditions' });
    expect(await within(terms).findByText(/A job is booked once we confirm a date/)).toBeTruthy();
    expect(terms.getAttribute('tabindex')).toBe('0');
    // ?type=repair chose the type.
    expect(screen.getByTitle('Repair')).toBeTruthy();
    await choose('Vehicle', 'Alpha (ABC 123 GP)');
    type('Contact person', 'Sipho Dlamini');
    type('Contact phone', '082 555 0100');
    type('Notes', 'GPS drops out');
    fireEvent.click(screen.getByRole('button', { name: 'Book job' }));
    expect(await screen.findByText('Accept the terms and conditions to book a job')).toBeTruthy();
    expect(api.requestsOf('set_job')).toHaveLength(0);
    fireEvent.click(screen.getByRole('checkbox', { name: 'I accept the terms and conditions' }));
    fireEvent.click(screen.getByRole('button', { name: 'Book job' }));
    await waitFor(() => expect(api.requestsOf('set_job')).toHaveLength(1));
    expect(api.requestsOf('set_job')[0].parameters).toEqual({
      job_type: 'repair',
      uid: 1,
      site_address: '',
      contact_name: 'Sipho Dlamini',
      contact_phone: '082 555 0100',
      notes: 'GPS drops out',
      accept_terms: true,
    });
    await waitFor(() => expect(view.location()).toBe('/portal/account/jobs'));
  });

  it('an installation in a new vehicle asks for its description; a repair asks for a vehicle', async () => {
    wideScreen();
    const api = ordersApi({}, { set_job: () => ({ data: { job: jobOf(9) } }) });
    open();
    await screen.findByRole('heading', { level: 1, name: 'Add Job' });
    await choose('Job type', 'Repair');
    fireEvent.click(screen.getByRole('button', { name: 'Book job' }));
    expect(await screen.findByText('Choose the vehicle')).toBeTruthy();
    await choose('Job type', 'Installation');
    expect(await screen.findByLabelText('Vehicle to install in')).toBeTruthy();
    type('Vehicle to install in', 'Nissan NP200, ND 55-12');
    type('Contact person', 'Sipho');
    type('Contact phone', '0825550100');
    fireEvent.click(screen.getByRole('checkbox', { name: 'I accept the terms and conditions' }));
    fireEvent.click(screen.getByRole('button', { name: 'Book job' }));
    await waitFor(() => expect(api.requestsOf('set_job')).toHaveLength(1));
    expect(api.requestsOf('set_job')[0].parameters).toMatchObject({
      job_type: 'installation',
      vehicle: 'Nissan NP200, ND 55-12',
      accept_terms: true,
    });
    expect(api.requestsOf('set_job')[0].parameters.uid).toBeUndefined();
  });
});
