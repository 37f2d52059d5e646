// The rule alert list against a fake of its tasks: what it sends for each filter, what a row shows
// and where it leads, and the empty state.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../../test/renderApp';
import { mockApi } from '../../../test/mockApi';
import { userOf } from '../../../test/fixtures';
import { ruleAlertOf, unitOf } from './testAlerts';

afterEach(() => vi.unstubAllGlobals());

const units = [unitOf(7, 'Truck 7', 'JOH-12'), unitOf(9, 'Van 9', 'CA 99')];

function fakeServer(rows = [ruleAlertOf(12, { new: true }), ruleAlertOf(11)]) {
  return mockApi({
    get_unit_list_full: () => ({ data: { units, count: units.length } }),
    get_rule_alerts: () => ({
      data: { rule_alerts: rows, count: rows.length, page_count: 1 },
    }),
  });
}

const lastRequest = (api: ReturnType<typeof mockApi>) => {
  const requests = api.requestsOf('get_rule_alerts');
  return requests[requests.length - 1].parameters;
};

describe('rule alert list', () => {
  it('shows each alert with its time, summary, unit, type and New tag, linking to its page', async () => {
    const api = fakeServer();
    const app = renderApp('/portal/alerts/unit_alert', {
      user: userOf('full', { settings: { timezone: 'Africa/Johannesburg' } }),
    });
    expect(await screen.findAllByRole('link', { name: /Speeding alert, open it$/ })).toHaveLength(
      2,
    );
    const rows = document.querySelectorAll('.rule-alert-table tbody tr[data-row-key]');
    expect(rows).toHaveLength(2);
    const first = rows[0] as HTMLElement;
    expect(within(first).getByText('New')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).queryByText('New')).toBeNull();
    expect(
      within(first).getByText('Peak 132 km/h over the 120 km/h limit for 4 min 10 s'),
    ).toBeTruthy();
    expect(within(first).getByText('Truck 7')).toBeTruthy();
    expect(within(first).getByText('JOH-12')).toBeTruthy();
    expect(within(first).getByText('Ended')).toBeTruthy();
    const rowLink = within(first).getByRole('link');
    expect(rowLink.getAttribute('href')).toBe('/portal/alerts/unit_alert/12');
    // The user's time zone (Africa/Johannesburg is UTC+2) and date format.
    expect(rowLink.textContent).toMatch(/^2026-11-20 10:00/);
    expect(lastRequest(api)).toEqual({ page: 1, page_size: 20 });
    fireEvent.click(within(rows[1] as HTMLElement).getByText('Truck 7'));
    await waitFor(() => expect(app.location()).toBe('/portal/alerts/unit_alert/11'));
  });

  it('sends the unit, rule type and date range filters, and starts again at page 1', async () => {
    const api = fakeServer();
    renderApp('/portal/alerts/unit_alert', { user: userOf('full') });
    await screen.findAllByText('Truck 7');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Unit' }));
    fireEvent.click(await screen.findByTitle('Van 9 (CA 99)'));
    await waitFor(() => expect(lastRequest(api)).toEqual({ uid: 9, page: 1, page_size: 20 }));

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Rule type' }));
    fireEvent.click(await screen.findByTitle('Towing'));
    await waitFor(() =>
      expect(lastRequest(api)).toEqual({ uid: 9, type: 'towing', page: 1, page_size: 20 }),
    );

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'When' }));
    fireEvent.click(await screen.findByTitle('Between dates'));
    await waitFor(() => expect(lastRequest(api).from).toBeDefined());
    const { from, to } = lastRequest(api);
    // The last 7 days up to the end of today, whole days in the user's zone.
    expect(Date.parse(to) - Date.parse(from)).toBeGreaterThan(6.9 * 86_400_000);
    expect(new Date(from).toISOString()).toBe(from);
    expect(screen.getByLabelText('Dates')).toBeTruthy();
  });

  it('pages by 20', async () => {
    const rows = Array.from({ length: 20 }, (_, i) => ruleAlertOf(100 - i));
    const api = mockApi({
      get_unit_list_full: () => ({ data: { units, count: 2 } }),
      get_rule_alerts: (p) => ({
        data: { rule_alerts: p.page === 1 ? rows : [ruleAlertOf(3)], count: 21, page_count: 2 },
      }),
    });
    renderApp('/portal/alerts/unit_alert', { user: userOf('full') });
    await screen.findAllByText('Truck 7');
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(lastRequest(api)).toEqual({ page: 2, page_size: 20 }));
    await waitFor(() =>
      expect(document.querySelectorAll('.rule-alert-table tbody tr[data-row-key]')).toHaveLength(1),
    );
  });

  it('points to the rules page when there are no alerts yet', async () => {
    fakeServer([]);
    renderApp('/portal/alerts/unit_alert', { user: userOf('full') });
    expect(await screen.findByText(/No rule alerts yet/)).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Set up rules' });
    expect(link.getAttribute('href')).toBe('/portal/rules/index');
  });
});

describe('a link to the rule alerts', () => {
  it('sets the filters it names and ignores what it does not understand', async () => {
    const { filtersFromLink } = await import('../RuleAlertsPage');
    const linked = filtersFromLink(
      new URLSearchParams({
        type: 'speeding',
        uid: '4',
        from: '2026-11-18T22:00:00.000Z',
        to: '2026-11-25T08:00:00.000Z',
      }),
    );
    expect(linked.type).toBe('speeding');
    expect(linked.uid).toBe(4);
    expect(linked.range?.map((d) => d.toISOString())).toEqual([
      '2026-11-18T22:00:00.000Z',
      '2026-11-25T08:00:00.000Z',
    ]);
    expect(filtersFromLink(new URLSearchParams('type=nonsense&uid=-1&from=x&to=y'))).toEqual({});
  });
});
