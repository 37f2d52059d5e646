// account/jobs against a fake of the job tasks: the type and status filters read from the URL (the
// dashboard's cards), what a client may do (cancel a request, book a job) and what support does
// (schedule, start, complete).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userOf } from '../../test/fixtures';
import { openSelect, PAGE_TEST, renderPage, wideScreen } from '../drivers/testing/renderPage';
import JobsPage from './JobsPage';
import { dialogTitled, jobOf, ordersApi } from './orders/orderFixtures';

afterEach(() => vi.unstubAllGlobals());

const PATH = '/portal/account/jobs';
const open = (search = '', user = userOf('full')) =>
  renderPage(`${PATH}${search}`, { path: PATH, title: 'Jobs', Component: JobsPage }, user);

const JOBS = [
  jobOf(1),
  jobOf(2, {
    job_type: 'installation',
    unit: null,
    vehicle: 'Toyota Quantum',
    status: 'scheduled',
    scheduled_for: '2026-03-05T07:00:00Z',
    technician: 'Themba Nkosi',
    quote: { id: 3, reference: 'Q-2026-0003' },
  }),
  jobOf(3, { job_type: 'removal', status: 'completed', completed_at: '2026-01-10T09:00:00Z' }),
  jobOf(4, { job_type: 'transfer', status: 'in_progress', transfer_to: 'Hyundai H100' }),
];

const rowOf = async (ref: string) => (await screen.findByText(ref)).closest('tr') as HTMLElement;

describe('Jobs', PAGE_TEST, () => {
  it('?type=installation&status=open shows the installations still to do', async () => {
    wideScreen();
    const api = ordersApi({ jobs: JOBS });
    open('?type=installation&status=open');
    expect(await screen.findByRole('heading', { level: 1, name: 'Jobs' })).toBeTruthy();
    const row = await rowOf('J-2026-0002');
    expect(within(row).getByText('Installation')).toBeTruthy();
    expect(within(row).getByText('Toyota Quantum')).toBeTruthy();
    expect(within(row).getByText('Themba Nkosi')).toBeTruthy();
    expect(within(row).getByText('Scheduled')).toBeTruthy();
    expect(screen.queryByText('J-2026-0001')).toBeNull();
    expect(api.requestsOf('get_jobs')[0].parameters).toEqual({
      job_type: 'installation',
      status: 'open',
      page: 1,
      page_size: 20,
    });
    expect(screen.getByRole('combobox', { name: 'Job type' })).toBeTruthy();
    const status = await openSelect('Job status');
    fireEvent.click(within(status).getByTitle('Completed'));
    await waitFor(() =>
      expect(api.requestsOf('get_jobs').at(-1).parameters).toMatchObject({ status: 'completed' }),
    );
  });

  it('a client sees when and who, cancels a requested job, and books one', async () => {
    wideScreen();
    const api = ordersApi(
      { jobs: JOBS },
      {
        set_job: (p) => ({ data: { job: jobOf(p.id, { status: p.status }) } }),
      },
    );
    const view = open();
    const requested = await rowOf('J-2026-0001');
    expect(within(requested).getByText('Preferred 10 Mar 2026')).toBeTruthy();
    expect(within(requested).getByText('Alpha (ABC 123 GP)')).toBeTruthy();
    const transfer = await rowOf('J-2026-0004');
    expect(within(transfer).getByText('Alpha (ABC 123 GP) → Hyundai H100')).toBeTruthy();
    // Only a requested job can be cancelled by the client; nothing else moves a job.
    expect(within(transfer).queryByRole('button', { name: /Cancel/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Schedule/ })).toBeNull();
    fireEvent.click(within(requested).getByRole('button', { name: 'Cancel job J-2026-0001' }));
    const confirm = await dialogTitled('Cancel job J-2026-0001?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel job' }));
    await waitFor(() => expect(api.requestsOf('set_job')).toHaveLength(1));
    expect(api.requestsOf('set_job')[0].parameters).toEqual({ id: 1, status: 'cancelled' });
    fireEvent.click(screen.getByRole('button', { name: /Add job/ }));
    await waitFor(() => expect(view.location()).toBe('/portal/account/add_jobs'));
  });

  it('a row opens to its site, contact, order and the terms accepted', async () => {
    wideScreen();
    ordersApi({ jobs: JOBS });
    open();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Show the details of job J-2026-0002' }),
    );
    expect(await screen.findByRole('link', { name: 'Q-2026-0003' })).toBeTruthy();
    expect(screen.getAllByText(/by Demo/).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: '082 555 0100' }).getAttribute('href')).toBe(
      'tel:082 555 0100',
    );
  });

  it('support schedules a requested job, starts a scheduled one, completes one in progress', async () => {
    wideScreen();
    const api = ordersApi(
      { jobs: JOBS },
      {
        set_job: (p) => ({ data: { job: jobOf(p.id, { status: p.status }) } }),
      },
    );
    open('', userOf('support'));
    const requested = await rowOf('J-2026-0001');
    expect(screen.getByRole('columnheader', { name: 'Client' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Add job/ })).toBeNull();
    fireEvent.click(within(requested).getByRole('button', { name: 'Schedule job J-2026-0001' }));
    const modal = await dialogTitled('Schedule J-2026-0001');
    fireEvent.click(within(modal).getByRole('button', { name: 'Schedule' }));
    expect(await within(modal).findByText('Choose when the technician comes')).toBeTruthy();
    expect(within(modal).getByText('Name the technician')).toBeTruthy();
    expect(api.requestsOf('set_job')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Start job J-2026-0002' }));
    fireEvent.click(screen.getByRole('button', { name: 'Complete job J-2026-0004' }));
    await waitFor(() => expect(api.requestsOf('set_job')).toHaveLength(2));
    expect(api.requestsOf('set_job').map((r: any) => r.parameters)).toEqual([
      { id: 2, status: 'in_progress' },
      { id: 4, status: 'completed' },
    ]);
    const done = await rowOf('J-2026-0003');
    expect(
      within(done).queryAllByRole('button', {
        name: /^(Schedule|Reschedule|Start|Complete|Cancel) job J-2026-0003$/,
      }),
    ).toEqual([]);
  });
});
