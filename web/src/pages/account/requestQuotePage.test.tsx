// account/request_quote against a fake of the quote tasks: the form's choices from
// get_quote_parameters, a list of vehicles, its own checks, the server's refusal beside the field
// it names, and the quotes list with a message once sent.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userOf } from '../../test/fixtures';
import { PAGE_TEST, renderPage, wideScreen } from '../drivers/testing/renderPage';
import RequestQuotePage from './RequestQuotePage';
import { ordersApi, quoteOf } from './orders/orderFixtures';

afterEach(() => vi.unstubAllGlobals());

const PATH = '/portal/account/request_quote';
const open = () =>
  renderPage(
    PATH,
    { path: PATH, title: 'Request a Quote', Component: RequestQuotePage },
    userOf('full', { display_name: 'Thandi Nkosi', email: 'thandi@example.com' }),
  );

async function choose(label: string, option: string, index = 0) {
  const boxes = screen.getAllByRole('combobox', { name: label });
  const box = boxes[index];
  fireEvent.mouseDown(box);
  const list = await waitFor(() => {
    const id = box.getAttribute('aria-controls') ?? `${box.id}_list`;
    const dropdown = document.getElementById(id)?.closest<HTMLElement>('.ant-select-dropdown');
    if (!dropdown) throw new Error(`${label} did not open`);
    return dropdown;
  });
  fireEvent.click(within(list).getByTitle(option));
}

const type = (label: string, value: string, index = 0) =>
  fireEvent.change(screen.getAllByLabelText(label)[index], { target: { value } });

describe('Request a quote', PAGE_TEST, () => {
  it('sends the plan, the service, each vehicle and the contact, then lists the quote', async () => {
    wideScreen();
    const api = ordersApi({}, { set_quote: () => ({ data: { quote: quoteOf(7) } }) });
    const view = open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Request a Quote' })).toBeTruthy();
    // The contact starts as the user.
    expect((screen.getByLabelText('Contact person') as HTMLInputElement).value).toBe(
      'Thandi Nkosi',
    );
    expect((screen.getByLabelText('Contact e-mail') as HTMLInputElement).value).toBe(
      'thandi@example.com',
    );
    await waitFor(() => expect(api.requestsOf('get_quote_parameters')).toHaveLength(1));
    await choose('Price plan', 'Rental');
    await choose('Service', 'Full');
    type('Description', 'Toyota Hilux');
    type('Registration', 'ND 123-456');
    await choose('Class', 'bakkie');
    await choose('Value', 'R85000 - R170000');
    fireEvent.click(screen.getByRole('button', { name: /Add a vehicle/ }));
    expect(await screen.findByText('Vehicle 2')).toBeTruthy();
    type('Description', 'Hino truck', 1);
    await choose('Class', 'small truck', 1);
    await choose('Value', 'R0 - R85000', 1);
    type('Contact phone', '082 555 0142');
    type('Notes', 'At the depot');
    fireEvent.click(screen.getByRole('button', { name: 'Request quote' }));
    await waitFor(() => expect(api.requestsOf('set_quote')).toHaveLength(1));
    expect(api.requestsOf('set_quote')[0].parameters).toEqual({
      price_plan: 1,
      service_type: 'full',
      vehicles: [
        { description: 'Toyota Hilux', reg: 'ND 123-456', vehicle_class: 'bakkie', value_band: 1 },
        { description: 'Hino truck', reg: '', vehicle_class: 'small_truck', value_band: 0 },
      ],
      contact_name: 'Thandi Nkosi',
      contact_email: 'thandi@example.com',
      contact_phone: '082 555 0142',
      notes: 'At the depot',
    });
    await waitFor(() => expect(view.location()).toBe('/portal/account/quotes_orders'));
    expect(await screen.findByText(/Quote Q-2026-0007 requested/)).toBeTruthy();
  });

  it('checks the fields before sending and removes a vehicle', async () => {
    wideScreen();
    const api = ordersApi();
    open();
    await screen.findByRole('heading', { level: 1, name: 'Request a Quote' });
    type('Contact e-mail', 'thandi@example');
    type('Description', 'Hilux (new)');
    fireEvent.click(screen.getByRole('button', { name: 'Request quote' }));
    expect(await screen.findByText('Choose a price plan')).toBeTruthy();
    expect(screen.getByText('Choose the service you want')).toBeTruthy();
    expect(screen.getByText('Enter a valid e-mail address')).toBeTruthy();
    expect(screen.getByText(/Do not use any of/)).toBeTruthy();
    expect(screen.getByText('Type a phone number')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Add a vehicle/ }));
    fireEvent.click(await screen.findByRole('button', { name: /Remove vehicle 2/ }));
    await waitFor(() => expect(screen.queryByText('Vehicle 2')).toBeNull());
    expect(api.requestsOf('set_quote')).toHaveLength(0);
  });

  it("shows the server's refusal beside the field it names", async () => {
    wideScreen();
    ordersApi(
      {},
      {
        set_quote: () => ({
          result: 1,
          message: 'vehicles.0.reg: use letters, digits, spaces and . - _ / only',
        }),
      },
    );
    open();
    await screen.findByRole('heading', { level: 1, name: 'Request a Quote' });
    await choose('Price plan', 'Upfront');
    await choose('Service', 'Lite');
    type('Description', 'Polo');
    await choose('Class', 'sedan');
    await choose('Value', 'R0 - R85000');
    type('Contact phone', '0825550142');
    fireEvent.click(screen.getByRole('button', { name: 'Request quote' }));
    expect(await screen.findByText('use letters, digits, spaces and . - _ / only')).toBeTruthy();
  });
});
