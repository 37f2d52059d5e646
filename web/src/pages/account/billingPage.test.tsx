// account/billing and billing/:cid against a fake of the account tasks: the balance and overdue
// summary, the invoices, the statement with its running balance, date filter and CSV download;
// support staff's accounts list and posting an entry.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_ROLES, formatRand } from '@fleet/common';
import { userOf } from '../../test/fixtures';
import { PAGE_TEST, renderPage, wideScreen } from '../drivers/testing/renderPage';
import BillingPage from './BillingPage';
import { billingApi } from './billing/testing/billingFixtures';

afterEach(() => vi.unstubAllGlobals());

/** Files the page hands the browser (downloadText), instead of downloading them. */
const downloads = vi.hoisted(() => [] as { name: string; text: string }[]);
vi.mock('../../components/download', async (original) => ({
  ...(await original<typeof import('../../components/download')>()),
  downloadText: (name: string, text: string) => downloads.push({ name, text }),
  downloadFile: (name: string, data: ArrayBuffer) =>
    downloads.push({ name, text: new TextDecoder().decode(data) }),
}));

const support = () => userOf('support', { roles: [...DEFAULT_ROLES.support, 'user_support'] });
const open = (path = '/portal/account/billing', user = userOf('full')) =>
  renderPage(
    path,
    {
      path: path.endsWith('billing') ? '/portal/account/billing' : '/portal/account/billing/:cid',
      title: 'Billing',
      Component: BillingPage,
    },
    user,
  );
/** An amount as Testing Library reads it: its no-break spaces are plain spaces. */
const rand = (cents: number) => formatRand(cents).replace(/\u00a0/g, ' ');

describe('Billing', PAGE_TEST, () => {
  it('shows the balance, the overdue amount in red with its days, and the invoices', async () => {
    wideScreen();
    const api = billingApi();
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Billing' })).toBeTruthy();
    const figures = (await screen.findByText('Balance', { selector: 'dt' })).closest(
      'dl',
    ) as HTMLElement;
    expect(within(figures).getAllByText(rand(974_500))).toHaveLength(2);
    const overdue = within(figures).getByText(/43 days overdue/);
    expect(overdue.closest('.ant-typography-danger')).toBeTruthy();
    expect(overdue.textContent).toMatch(/2 invoices/);
    const invoice = screen.getByText('DF-INV-1005').closest('tr') as HTMLElement;
    expect(within(invoice).getByText(rand(178_500))).toBeTruthy();
    expect(within(invoice).getByText('Overdue')).toBeTruthy();
    expect(api.requestsOf('get_billing')[0].parameters).toEqual({});
    // A client user cannot post.
    expect(screen.queryByRole('button', { name: /Post an entry/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
  });

  it('lists the statement with its running balance, right-aligned, and the closing balance', async () => {
    wideScreen();
    billingApi();
    open();
    const payment = (await screen.findByText('DF-PAY-1005')).closest('tr') as HTMLElement;
    const cells = within(payment).getAllByRole('cell');
    expect(cells.map((c) => c.textContent)).toEqual([
      expect.stringMatching(/^2026-01-1[34]$/),
      'Payment',
      'DF-PAY-1005',
      'Debit order',
      '',
      formatRand(617_500),
      formatRand(178_500),
    ]);
    expect(cells[6].style.textAlign).toBe('right');
    const closing = screen.getByText('Closing balance').closest('tr') as HTMLElement;
    expect(within(closing).getByText(rand(974_500))).toBeTruthy();
  });

  it('downloads the statement as PDF made by /api/report for the days shown', async () => {
    wideScreen();
    billingApi();
    const answered = fetch;
    const asked: unknown[] = [];
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      if (!String(input).includes('/api/report')) return answered(input, init);
      asked.push(JSON.parse(String(init?.body)).requests[0].parameters);
      return Promise.resolve(
        new Response('%PDF-1.3 statement', {
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': 'attachment; filename="statement-demo-fleet-2026-01-20.pdf"',
          },
        }),
      );
    });
    downloads.length = 0;
    open();
    await screen.findByText('DF-PAY-1005');
    fireEvent.click(screen.getByRole('button', { name: /Download PDF/ }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(asked).toEqual([{ report: 'statement', format: 'pdf' }]);
    expect(downloads[0]).toEqual({
      name: 'statement-demo-fleet-2026-01-20.pdf',
      text: '%PDF-1.3 statement',
    });
  });

  it('downloads the statement as CSV with plain decimal amounts, built in the browser', async () => {
    wideScreen();
    const api = billingApi();
    downloads.length = 0;
    open();
    await screen.findByText('DF-PAY-1005');
    const calls = api.calls.length;
    fireEvent.click(screen.getByRole('button', { name: /Download CSV/ }));
    expect(downloads).toHaveLength(1);
    expect(downloads[0].name).toBe('statement-demo-fleet.csv');
    const text = downloads[0].text;
    expect(text.split('\r\n')[0]).toBe(
      '\uFEFFDate,Type,Reference,Description,Debit,Credit,Balance',
    );
    expect(text).toContain(',Payment,DF-PAY-1005,Debit order,,6175.00,1785.00');
    expect(text).toContain(',Closing balance,,,,,9745.00');
    expect(api.calls.length).toBe(calls);
  });

  it('asks for the statement of the chosen days', async () => {
    wideScreen();
    const api = billingApi();
    open();
    await screen.findByText('DF-PAY-1005');
    const from = screen.getByLabelText('Statement from');
    const to = screen.getByLabelText('Statement to');
    fireEvent.mouseDown(from);
    fireEvent.change(from, { target: { value: '2026-01-01' } });
    fireEvent.keyDown(from, { key: 'Enter' });
    fireEvent.change(to, { target: { value: '2026-01-31' } });
    fireEvent.keyDown(to, { key: 'Enter' });
    await waitFor(() => expect(api.requestsOf('get_statement').length).toBeGreaterThan(1));
    const last = api.requestsOf('get_statement').at(-1).parameters;
    expect(Date.parse(last.from)).toBeLessThan(Date.parse('2026-01-01T12:00:00Z'));
    expect(Date.parse(last.to)).toBeGreaterThan(Date.parse('2026-01-31T12:00:00Z'));
    expect(await screen.findByText(/Balance brought forward/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'All dates' }));
    await waitFor(() => expect(screen.queryByText(/Balance brought forward/)).toBeNull());
  });

  it("lists every client's account for support staff, each linking to its billing", async () => {
    wideScreen();
    billingApi();
    open('/portal/account/billing', support());
    const demo = (await screen.findByRole('link', { name: 'Demo Fleet' })).closest('tr')!;
    expect(screen.getByRole('link', { name: 'Demo Fleet' }).getAttribute('href')).toBe(
      '/portal/account/billing/1',
    );
    expect(within(demo as HTMLElement).getByText('43 days')).toBeTruthy();
    const other = screen.getByRole('link', { name: 'Other Fleet' }).closest('tr') as HTMLElement;
    expect(within(other).getByText(rand(-5_000))).toBeTruthy();
  });

  it("lets support staff post an invoice to a client's account, refusing 3 decimals first", async () => {
    wideScreen();
    const api = billingApi({
      set_account_entry: (p) => ({
        data: {
          account_entry: {
            id: 50,
            cid: p.cid,
            kind: p.kind,
            reference: p.reference,
            entry_date: p.entry_date,
            due_date: p.due_date,
            description: p.description,
            amount_cents: 123_450,
            created: p.entry_date,
            created_by: 'support',
          },
        },
      }),
    });
    open('/portal/account/billing/1', support());
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Billing: Demo Fleet' }),
    ).toBeTruthy();
    expect(api.requestsOf('get_billing')[0].parameters).toEqual({ cid: 1 });
    fireEvent.click(screen.getByRole('button', { name: /Post an entry/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Reference'), {
      target: { value: 'DF-INV-2001' },
    });
    for (const [label, value] of [
      ['Date', '2026-03-01'],
      ['Due date', '2026-03-08'],
    ]) {
      const input = within(dialog).getByLabelText(label);
      fireEvent.mouseDown(input);
      fireEvent.change(input, { target: { value } });
      fireEvent.keyDown(input, { key: 'Enter' });
    }
    fireEvent.change(within(dialog).getByLabelText('Amount'), { target: { value: '1234.505' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Post' }));
    expect(
      await within(dialog).findByText('Amount: may have at most 2 decimals (cents)'),
    ).toBeTruthy();
    expect(api.requestsOf('set_account_entry')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('Amount'), { target: { value: '1 234.50' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(api.requestsOf('set_account_entry')).toHaveLength(1));
    expect(api.requestsOf('set_account_entry')[0].parameters).toMatchObject({
      cid: 1,
      kind: 'invoice',
      reference: 'DF-INV-2001',
      amount: '1 234.50',
      due_date: expect.stringMatching(/^2026-03-0[78]T/),
    });
  });

  it('lets support staff delete a statement entry after asking', async () => {
    wideScreen();
    const api = billingApi({ delete_account_entry: () => ({ data: {} }) });
    open('/portal/account/billing/1', support());
    fireEvent.click(await screen.findByRole('button', { name: 'Delete payment DF-PAY-1005' }));
    await screen.findByText(/The balance and the statement change at once/);
    fireEvent.click(
      document.querySelector<HTMLElement>('.ant-popconfirm-buttons .ant-btn-dangerous')!,
    );
    await waitFor(() =>
      expect(api.requestsOf('delete_account_entry')[0]?.parameters).toEqual({ id: 10 }),
    );
  });

  it('fits a phone: one signed amount beside the balance', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }));
    billingApi();
    open();
    const payment = (await screen.findByText(/DF-PAY-1005/)).closest('tr') as HTMLElement;
    const headers = within(payment.closest('table')!).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual(['Entry', 'Amount', 'Balance']);
    expect(within(payment).getByText(rand(-617_500))).toBeTruthy();
  });
});
