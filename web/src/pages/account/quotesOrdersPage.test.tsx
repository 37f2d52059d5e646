// account/quotes_orders against a fake of the quote tasks: the views and filters read from the
// URL, a quote's drawer with its price and the client's decision, support pricing a quote.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userOf } from '../../test/fixtures';
import { openSelect, PAGE_TEST, renderPage, wideScreen } from '../drivers/testing/renderPage';
import QuotesOrdersPage from './QuotesOrdersPage';
import { dialogTitled, ordersApi, PRICED, quoteOf } from './orders/orderFixtures';

afterEach(() => vi.unstubAllGlobals());

const PATH = '/portal/account/quotes_orders';
const open = (search = '', user = userOf('full')) =>
  renderPage(
    `${PATH}${search}`,
    { path: PATH, title: 'Quotes & Orders', Component: QuotesOrdersPage },
    user,
  );

const QUOTES = [
  quoteOf(1),
  quoteOf(2, PRICED),
  quoteOf(3, { ...PRICED, progress: 2, decided_by: 'Demo', decided_at: '2026-03-03T08:00:00Z' }),
  quoteOf(4, { ...PRICED, progress: 3 }),
];

const rowOf = async (ref: string) =>
  (await screen.findByRole('button', { name: `Open ${ref}` })).closest('tr') as HTMLElement;

describe('Quotes & Orders', PAGE_TEST, () => {
  it('lists the quotes waiting for a price or a decision, prices in rand right-aligned', async () => {
    wideScreen();
    const api = ordersApi({ quotes: QUOTES });
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Quotes & Orders' })).toBeTruthy();
    const waiting = await rowOf('Q-2026-0001');
    expect(within(waiting).getByText('Not priced yet')).toBeTruthy();
    expect(within(waiting).getByText('Waiting for a price')).toBeTruthy();
    expect(within(waiting).getByText('Contract, Full')).toBeTruthy();
    const priced = await rowOf('Q-2026-0002');
    expect(within(priced).getByText('R 299.00 a month')).toBeTruthy();
    expect(within(priced).getByText('R 1 500.50 once-off')).toBeTruthy();
    const cell = within(priced).getByText('R 299.00 a month').closest('td')!;
    expect(cell.style.textAlign).toBe('right');
    expect(screen.queryByRole('button', { name: 'Open Q-2026-0003' })).toBeNull();
    expect(api.requestsOf('get_quotes')[0].parameters).toEqual({
      view: 'quotes',
      page: 1,
      page_size: 20,
    });
    expect(screen.getByRole('button', { name: /Request a quote/ })).toBeTruthy();
    // The client column is for support staff.
    expect(screen.queryByRole('columnheader', { name: 'Client' })).toBeNull();
  });

  it('?progress=2 opens the orders in progress (the dashboard card)', async () => {
    wideScreen();
    const api = ordersApi({ quotes: QUOTES });
    open('?progress=2');
    const order = await rowOf('Q-2026-0003');
    expect(within(order).getByText('Ordered')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Open Q-2026-0004' })).toBeNull();
    expect(api.requestsOf('get_quotes')[0].parameters).toMatchObject({
      view: 'orders',
      progress: 2,
    });
    expect(screen.getByRole('radio', { name: 'Orders' })).toHaveProperty('checked', true);
    const progress = await openSelect('Order progress');
    fireEvent.click(within(progress).getByTitle('Every order'));
    expect(await rowOf('Q-2026-0004')).toBeTruthy();
    expect(within(await rowOf('Q-2026-0004')).getByText('Completed')).toBeTruthy();
  });

  it('a client opens a priced quote, sees its price and vehicles, and accepts it', async () => {
    wideScreen();
    const api = ordersApi({ quotes: QUOTES });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Open Q-2026-0002' }));
    const drawer = await dialogTitled('Quote Q-2026-0002');
    expect(await within(drawer).findByText('R 299.00')).toBeTruthy();
    expect(within(drawer).getByText('R 1 500.50')).toBeTruthy();
    expect(within(drawer).getByText('36 months')).toBeTruthy();
    expect(within(drawer).getByText('31 Mar 2099')).toBeTruthy();
    expect(within(drawer).getByText('Isuzu NPR truck')).toBeTruthy();
    expect(within(drawer).queryByRole('heading', { name: 'Price this quote' })).toBeNull();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Accept' }));
    const confirm = await dialogTitled('Accept quote Q-2026-0002?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Accept quote' }));
    await waitFor(() => expect(api.requestsOf('accept_quote')).toHaveLength(1));
    expect(api.requestsOf('accept_quote')[0].parameters).toEqual({ id: 2 });
    expect(await screen.findByText(/Order placed/)).toBeTruthy();
  });

  it('the contract opens ready to print', async () => {
    wideScreen();
    ordersApi({ quotes: QUOTES });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Open Q-2026-0002' }));
    const drawer = await dialogTitled('Quote Q-2026-0002');
    fireEvent.click(await within(drawer).findByRole('button', { name: 'View contract' }));
    const contract = await dialogTitled('Contract for quote Q-2026-0002');
    expect(
      await within(contract).findByRole('heading', {
        name: 'Service agreement for quote Q-2026-0002',
      }),
    ).toBeTruthy();
    expect(within(contract).getByRole('button', { name: /Print/ })).toBeTruthy();
  });

  it('support sees the client column and prices a quote, amounts checked before sending', async () => {
    wideScreen();
    const api = ordersApi(
      { quotes: QUOTES },
      {
        price_quote: (p) => ({ data: { quote: quoteOf(p.id, PRICED) } }),
      },
    );
    open('', userOf('support'));
    const row = await rowOf('Q-2026-0001');
    expect(screen.getByRole('columnheader', { name: 'Client' })).toBeTruthy();
    expect(within(row).getByText('Demo Fleet')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Request a quote/ })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Client' })).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Open Q-2026-0001' }));
    const drawer = await dialogTitled('Quote Q-2026-0001');
    await within(drawer).findByRole('heading', { name: 'Price this quote' });
    expect(within(drawer).queryByRole('button', { name: 'Accept' })).toBeNull();
    fireEvent.change(within(drawer).getByLabelText('Monthly'), { target: { value: '299.999' } });
    fireEvent.change(within(drawer).getByLabelText('Once-off'), { target: { value: '1500.50' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Send the price' }));
    expect(
      await within(drawer).findByText('Monthly may have at most 2 decimals (cents)'),
    ).toBeTruthy();
    expect(api.requestsOf('price_quote')).toHaveLength(0);
    fireEvent.change(within(drawer).getByLabelText('Monthly'), { target: { value: '299' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Send the price' }));
    await waitFor(() => expect(api.requestsOf('price_quote')).toHaveLength(1));
    expect(api.requestsOf('price_quote')[0].parameters).toMatchObject({
      id: 1,
      monthly: '299',
      once_off: '1500.50',
      contract_months: 36,
    });
  });
});
