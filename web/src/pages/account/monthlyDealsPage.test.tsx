// /portal/deals against a fake of get_monthly_deals: a card per deal with its price and the days it
// runs, whether it is on now or coming; an empty state when there are none.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { userOf } from '../../test/fixtures';
import { PAGE_TEST, renderPage } from '../drivers/testing/renderPage';
import MonthlyDealsPage from './MonthlyDealsPage';
import { billingApi, dealOf } from './billing/testing/billingFixtures';

afterEach(() => vi.unstubAllGlobals());

const open = () =>
  renderPage(
    '/portal/deals',
    { path: '/portal/deals', title: 'Monthly Deals', Component: MonthlyDealsPage },
    userOf('full'),
  );

describe('Monthly deals', PAGE_TEST, () => {
  it('shows each deal as a card with its price, description and validity', async () => {
    billingApi({
      get_monthly_deals: () => ({
        data: {
          monthly_deals: [
            dealOf(1, 'Winter special', {
              description: 'Half-price backup unit.\nThis month only.',
            }),
            dealOf(2, 'Spring bundle', {
              current: false,
              price_cents: null,
              valid_from: '2099-09-01T00:00:00.000Z',
              valid_to: '2099-09-30T21:59:59.999Z',
            }),
          ],
        },
      }),
    });
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Monthly Deals' })).toBeTruthy();
    const winter = (
      await screen.findByRole('heading', { level: 2, name: 'Winter special' })
    ).closest('.ant-card') as HTMLElement;
    expect(within(winter).getByText('R 899.00')).toBeTruthy();
    expect(within(winter).getByText('On now')).toBeTruthy();
    expect(within(winter).getByText(/Half-price backup unit/)).toBeTruthy();
    expect(within(winter).getByText(/^Valid 1 Mar 2026 to 3[01] Mar 2026$/)).toBeTruthy();
    const spring = screen
      .getByRole('heading', { level: 2, name: 'Spring bundle' })
      .closest('.ant-card') as HTMLElement;
    expect(within(spring).getByText('Coming soon')).toBeTruthy();
    expect(within(spring).queryByText(/^R /)).toBeNull();
  });

  it('says so when there are no deals', async () => {
    billingApi({ get_monthly_deals: () => ({ data: { monthly_deals: [] } }) });
    open();
    expect(
      await screen.findByText('There are no deals right now. Check back next month.'),
    ).toBeTruthy();
  });
});
