// account/client_detail and client_detail/:cid against a fake of the account tasks: the form in
// sections with the SPEC §3 selects, the missing-fields and over-a-year alerts, problems beside
// their fields, the debit order mandate signed with a typed name and printed; support staff's
// client list.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_ROLES } from '@fleet/common';
import { userOf } from '../../test/fixtures';
import { openSelect, PAGE_TEST, renderPage, wideScreen } from '../drivers/testing/renderPage';
import ClientDetailPage from './ClientDetailPage';
import { billingApi, DEBIT_ORDER, DETAIL } from './billing/testing/billingFixtures';

afterEach(() => vi.unstubAllGlobals());

const support = () => userOf('support', { roles: [...DEFAULT_ROLES.support, 'user_support'] });
const open = (path = '/portal/account/client_detail', user = userOf('full')) =>
  renderPage(
    path,
    {
      path: path.endsWith('client_detail')
        ? '/portal/account/client_detail'
        : '/portal/account/client_detail/:cid',
      title: 'Client Details',
      Component: ClientDetailPage,
    },
    user,
  );

describe('Client details', PAGE_TEST, () => {
  it('shows the details in sections, with what is still missing', async () => {
    wideScreen();
    billingApi();
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Client Details' })).toBeTruthy();
    await screen.findByRole('heading', { level: 2, name: 'Debit order' });
    for (const section of ['Company', 'Addresses', 'Billing', 'Bank details'])
      expect(screen.getByRole('heading', { level: 2, name: section })).toBeTruthy();
    expect(screen.getByText('Some details are missing')).toBeTruthy();
    expect(screen.getByText('Still needed: VAT number.')).toBeTruthy();
    expect((screen.getByLabelText('Registered name') as HTMLInputElement).value).toBe(
      'Demo Fleet Logistics (Pty) Ltd',
    );
    expect(screen.getByRole('combobox', { name: 'Billing method' })).toBeTruthy();
    const method = await openSelect('Billing method');
    for (const option of [
      'None chosen',
      'Yearly in advance',
      'Debit order at the start of the month',
      'EFT',
      'Debit order mid-month',
    ])
      expect(within(method).getByTitle(option)).toBeTruthy();
    const types = await openSelect('Account type');
    for (const option of ['Current/cheque', 'Savings', 'Transmission'])
      expect(within(types).getByTitle(option)).toBeTruthy();
  });

  it('says when the details are over a year old', async () => {
    billingApi({
      get_client_detail: () => ({
        data: {
          client_detail: { ...DETAIL, vat_number: '4123456789', updated: '2024-01-10T08:00:00Z' },
          missing: [],
          stale: true,
        },
      }),
    });
    open();
    expect(await screen.findByText('These details are over a year old')).toBeTruthy();
    expect(screen.getByText(/Last saved on 2024-01-10/)).toBeTruthy();
    expect(screen.queryByText('Some details are missing')).toBeNull();
  });

  it('marks a bad e-mail and VAT number before sending, then saves and shows the server answer', async () => {
    wideScreen();
    let answer = { client_detail: DETAIL, missing: ['VAT number'], stale: false };
    const api = billingApi({
      get_client_detail: () => ({ data: answer }),
      set_client_detail: (p) => {
        answer = { client_detail: { ...DETAIL, ...p }, missing: [], stale: false };
        return { data: answer };
      },
    });
    open();
    const email = (await screen.findByLabelText('Billing e-mail')) as HTMLInputElement;
    fireEvent.change(email, { target: { value: 'accounts@demofleet' } });
    fireEvent.change(screen.getByLabelText('VAT number'), { target: { value: '5123456789' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('Billing e-mail is not a valid e-mail address')).toBeTruthy();
    expect(screen.getByText('VAT number must be 10 digits starting with 4')).toBeTruthy();
    expect(api.requestsOf('set_client_detail')).toHaveLength(0);

    fireEvent.change(email, { target: { value: 'accounts@demofleet.co.za' } });
    fireEvent.change(screen.getByLabelText('VAT number'), { target: { value: '4123456789' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save details' }));
    await waitFor(() => expect(api.requestsOf('set_client_detail')).toHaveLength(1));
    expect(api.requestsOf('set_client_detail')[0].parameters).toMatchObject({
      vat_number: '4123456789',
      billing_email: 'accounts@demofleet.co.za',
      billing_method: 2,
      bank_account_type: 1,
    });
    await waitFor(() => expect(screen.queryByText('Some details are missing')).toBeNull());
  });

  it("shows the server's refusal beside the field it names", async () => {
    billingApi({
      set_client_detail: () => ({
        result: 1,
        message: 'bank_account_number: must be 6 to 16 digits, with no letters',
      }),
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Save details' }));
    expect(
      await screen.findByText('Account number must be 6 to 16 digits, with no letters'),
    ).toBeTruthy();
  });

  it('shows the mandate with the bank details and debit day, and signs it with a typed name', async () => {
    let form = DEBIT_ORDER;
    const api = billingApi({
      get_debit_order_form: () => ({ data: { debit_order_form: form } }),
      set_debit_order_signature: (p) => {
        form = { ...DEBIT_ORDER, signed_by: p.signed_by, signed_at: '2026-03-02T08:00:00.000Z' };
        return { data: { debit_order_form: form } };
      },
    });
    open();
    const mandate = await screen.findByText(/authorise .* to debit the bank account below/);
    expect(mandate.textContent).toMatch(/Demo Fleet Logistics \(Pty\) Ltd/);
    expect(mandate.textContent).toMatch(/on the 1st day of every month/);
    expect(mandate.textContent).toMatch(/currently R\u00a07\u00a0960\.00 a month/);
    expect(screen.getByText('62123456789')).toBeTruthy();
    expect(screen.getByText('1st of the month')).toBeTruthy();
    expect(screen.getByText('Not signed yet.')).toBeTruthy();
    const sign = screen.getByRole('button', { name: 'Sign' }) as HTMLButtonElement;
    expect(sign.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Sign as'), { target: { value: 'Thandi Nkosi' } });
    fireEvent.click(sign);
    await waitFor(() =>
      expect(api.requestsOf('set_debit_order_signature')[0]?.parameters).toEqual({
        signed_by: 'Thandi Nkosi',
      }),
    );
    expect(await screen.findByText(/Signed by Thandi Nkosi on 2026-03-02/)).toBeTruthy();
  });

  it('prints the debit order section alone', async () => {
    billingApi();
    const print = vi.fn(() => {
      expect(document.body.classList.contains('print-debit-order')).toBe(true);
    });
    vi.stubGlobal('print', print);
    open();
    fireEvent.click(await screen.findByRole('button', { name: /Print/ }));
    expect(print).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(document.body.classList.contains('print-debit-order')).toBe(false));
  });

  it('lets support staff pick a client, and edit that client by cid', async () => {
    wideScreen();
    const api = billingApi({
      get_clients: () => ({
        data: {
          clients: [
            { cid: 1, name: 'Demo Fleet', state: 1, created: '', unit_count: 40, user_count: 3 },
            { cid: 2, name: 'Other Fleet', state: 1, created: '', unit_count: 5, user_count: 1 },
          ],
          count: 2,
          page_count: 1,
        },
      }),
    });
    const view = open('/portal/account/client_detail', support());
    const link = await screen.findByRole('link', { name: 'Other Fleet' });
    expect(link.getAttribute('href')).toBe('/portal/account/client_detail/2');
    view.unmount();
    open('/portal/account/client_detail/1', support());
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Client Details: Demo Fleet' }),
    ).toBeTruthy();
    expect(api.requestsOf('get_client_detail').at(-1).parameters).toEqual({ cid: 1 });
  });
});
