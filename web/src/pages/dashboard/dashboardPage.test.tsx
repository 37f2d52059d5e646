// The dashboard (issue 15) against fakes of its tasks: the counts and alert cards a user may open,
// the totals with their change and chart per day, a total opening the vehicles it counts, a count
// filtering today's units, the period switch, and the cards hidden from a user without the roles.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DashboardInfo, DashboardUnit } from '@fleet/common';
import { mockApi } from '../../test/mockApi';
import { userOf } from '../../test/fixtures';
import { PAGE_TEST, renderPage, wideScreen } from '../drivers/testing/renderPage';
import DashboardPage from './DashboardPage';
import { charts } from '../../test/fakeEcharts';

vi.mock('echarts/core', () => import('../../test/fakeEcharts'));

const ROUTE = { path: '/dashboard', title: 'Dashboard', Component: DashboardPage };

const totals = (n: number) => ({
  trips: n,
  distance: n * 12.5,
  speeding: n > 3 ? 1 : 0,
  harsh_braking: 2,
  harsh_accelerating: 0,
  harsh_cornering: 0,
  equipment_on: n,
});

function infoOf(days: number): DashboardInfo {
  const series = Array.from({ length: days }, (_, i) => ({
    date: new Date(Date.UTC(2026, 10, 25 - days + 1 + i, -2)).toISOString(),
    ...totals(i + 1),
  }));
  return {
    days,
    from: series[0].date,
    to: '2026-11-25T08:00:00.000Z',
    previous_from: '2026-11-10T22:00:00.000Z',
    counts: {
      active_vehicles: 9,
      deactivate_vehicles: 1,
      unit_faults_count: 2,
      moving: 3,
      drivers: 4,
      accounts_overdue: 1,
      unit_issues: 2,
      work_approvals: 1,
      orders_processing: 0,
      scheduled_installations: 1,
      repairs: 1,
      removals: 0,
      transfers: 0,
    },
    totals: { ...totals(days), trips: days * 4, distance: 150.25 },
    previous: { ...totals(days), trips: days * 2, distance: 150.25, harsh_braking: 1 },
    series,
    units: [
      { uid: 1, name: 'Alpha', reg: 'AA 1 GP', ...totals(3) },
      { uid: 2, name: 'Bravo', reg: 'BB 2 GP', ...totals(9) },
    ],
  };
}

const unit = (uid: number, name: string, extra: Partial<DashboardUnit> = {}): DashboardUnit => ({
  uid,
  name,
  reg: `R${uid}`,
  active: true,
  display: true,
  moving: 1,
  connected: true,
  faults: [],
  speed: 0,
  last_data: null,
  driver: null,
  ...extra,
});

function dashboardApi() {
  return mockApi({
    get_dashboard_info: (p) => ({ data: infoOf(p.days) }),
    get_dashboard_summary: () => ({
      data: {
        units: [
          unit(1, 'Alpha', { moving: 0, speed: 64 }),
          unit(2, 'Bravo'),
          unit(3, 'Charlie', { faults: ['No GPS fix for 2 hours'] }),
          unit(4, 'Delta', { active: false }),
          ...[5, 6, 7, 8].map((i) => unit(i, `Unit ${i}`)),
        ],
        people: [
          {
            pid: 1,
            name: 'Sipho Dlamini',
            is_driver: true,
            drive_disable: true,
            reason: 'Licence expired',
            licence_expiry: null,
            prdp_expiry: null,
          },
        ],
      },
    }),
    get_rule_alerts: () => ({ data: { rule_alerts: [], count: 0, page_count: 0 } }),
  });
}

describe('Dashboard', PAGE_TEST, () => {
  it('shows the fleet now, the alert cards it may open and the totals with their change', async () => {
    wideScreen();
    const api = dashboardApi();
    renderPage(ROUTE.path, ROUTE, userOf('full'));
    const fleet = await screen.findByRole('list', { name: 'Your fleet now' });
    expect(within(fleet).getByRole('button', { name: /9\s*Active vehicles/ })).toBeTruthy();
    expect(within(fleet).getByRole('button', { name: /3\s*Moving now/ })).toBeTruthy();
    expect(
      within(fleet)
        .getByRole('link', { name: /4\s*Drivers/ })
        .getAttribute('href'),
    ).toBe('/portal/drivers/index');
    const cards = screen.getByRole('list', { name: 'Things to follow up' });
    expect(
      within(cards)
        .getByRole('link', { name: /1\s*Work approvals/ })
        .getAttribute('href'),
    ).toBe('/portal/account/work_approvals?status=pending');
    expect(
      within(cards)
        .getByRole('link', { name: /0\s*Orders processing/ })
        .getAttribute('href'),
    ).toBe('/portal/account/quotes_orders?progress=2');
    expect(
      within(cards)
        .getByRole('link', { name: /Scheduled installations/ })
        .getAttribute('href'),
    ).toBe('/portal/account/jobs?type=installation&status=open');

    // 7 days by default: 28 trips against 14 the week before, a chart of 7 bars per total.
    const trips = await screen.findByRole('button', { name: /^Trips 28 by vehicle/ });
    const tile = trips.closest('li') as HTMLElement;
    expect(within(tile).getByText('+100%')).toBeTruthy();
    const braking = screen.getByRole('button', { name: /^Harsh braking 2 / }).closest('li')!;
    // More harsh braking is bad news.
    expect(
      within(braking as HTMLElement)
        .getByText('+100%')
        .closest('.total-change-bad'),
    ).toBeTruthy();
    expect(within(tile).getByRole('table', { name: 'Trips per day' })).toBeTruthy();
    const bars = charts.at(-1)!.options.at(-1).series[0].data;
    expect(bars).toHaveLength(7);
    const asked = api.calls
      .flatMap((c) => c.body.requests ?? [])
      .find((r: any) => r.task === 'get_dashboard_info');
    expect(asked.parameters).toEqual({ days: 7 });

    fireEvent.click(screen.getByRole('radio', { name: '30 days' }));
    expect(await screen.findByRole('button', { name: /^Trips 120 / })).toBeTruthy();
  });

  it('opens the vehicles behind a total, most first, each leading to its trips', async () => {
    wideScreen();
    dashboardApi();
    renderPage(ROUTE.path, ROUTE, userOf('full'));
    fireEvent.click(await screen.findByRole('button', { name: /^Trips 28 / }));
    const drawer = await screen.findByRole('dialog');
    const rows = within(drawer).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('link').textContent)).toEqual([
      'Bravo (BB 2 GP)',
      'Alpha (AA 1 GP)',
    ]);
    expect(within(rows[0]).getByRole('link').getAttribute('href')).toMatch(
      /^\/portal\/trip_range\/2\//,
    );
    expect(
      within(drawer)
        .getByRole('link', { name: /fleet's trips/ })
        .getAttribute('href'),
    ).toMatch(/^\/portal\/fleet_trips\/all\//);
  });

  it("filters today's units by the count clicked, five at first", async () => {
    wideScreen();
    dashboardApi();
    renderPage(ROUTE.path, ROUTE, userOf('full'));
    const units = await screen.findByRole('table', { name: "Today's units" });
    await within(units).findByRole('link', { name: 'Alpha' });
    expect(within(units).getAllByRole('row').slice(1)).toHaveLength(5);
    fireEvent.click(screen.getByRole('button', { name: /Show all 8/ }));
    expect(within(units).getAllByRole('row').slice(1)).toHaveLength(8);

    fireEvent.click(screen.getByRole('button', { name: /2\s*Unit faults/ }));
    await waitFor(() => expect(within(units).getAllByRole('row').slice(1)).toHaveLength(1));
    expect(within(units).getByText('No GPS fix for 2 hours')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /3\s*Moving now/ }));
    await waitFor(() => expect(within(units).getByRole('link', { name: 'Alpha' })).toBeTruthy());
    expect(within(units).getByText('64 km/h')).toBeTruthy();
    expect(screen.getByText('Licence expired')).toBeTruthy();
  });

  it('shows a recovery user only the cards whose pages it may open', async () => {
    dashboardApi();
    renderPage(ROUTE.path, ROUTE, userOf('recovery'));
    await screen.findByRole('list', { name: 'Your fleet now' });
    expect(screen.queryByRole('list', { name: 'Things to follow up' })).toBeNull();
    expect(screen.queryByRole('link', { name: /Drivers/ })).toBeNull();
  });
});
