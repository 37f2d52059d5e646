import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { liveSocket } from '../../api/live';
import { FakeSocket } from '../../pages/recovery/desk/testDesk';
import { renderApp } from '../../test/renderApp';
import { mockApi } from '../../test/mockApi';
import { userOf } from '../../test/fixtures';
import { visibleSiteAlerts } from './alertRules';

afterEach(() => vi.unstubAllGlobals());

describe('top-bar alert icons', () => {
  it('shows "off" while the count tasks are unknown to the server', async () => {
    const api = mockApi();
    renderApp('/portal/user_settings', { user: userOf('full') });
    const icons = await screen.findByTestId('alert-icons');
    await waitFor(() => expect(within(icons).getAllByText('off')).toHaveLength(3));
    // Each name holds the badge a voice-control user sees (WCAG 2.5.3).
    for (const name of ['Site alerts, off', 'Notices, off', 'Rule alerts, off'])
      expect(within(icons).getByRole('button', { name })).toBeTruthy();
    expect(api.tasks()).toEqual(
      expect.arrayContaining(['get_site_alerts', 'get_notices', 'get_new_rule_alerts_count']),
    );
    expect(api.tasks()).not.toContain('get_chaseup_events_count_new');
  });

  it('counts rule alerts, and opening them resets the count and goes to the list', async () => {
    // As the server does: the count is 4 until the list marks the alerts seen.
    let seen = false;
    const api = mockApi({
      get_new_rule_alerts_count: () => ({ data: { new_rule_alerts_count: seen ? 0 : 4 } }),
      get_rule_alerts: () => ({ data: { rule_alerts: [], count: 0, page_count: 0 } }),
      set_rule_alerts_seen: () => {
        seen = true;
        return { data: { new_rule_alerts_count: 0 } };
      },
    });
    const app = renderApp('/portal/user_settings', { user: userOf('full') });
    const button = await screen.findByRole('button', { name: 'Rule alerts, 4' });
    expect(within(button).getByTitle('4')).toBeTruthy();
    fireEvent.click(button);
    await waitFor(() => expect(app.location()).toBe('/portal/alerts/unit_alert'));
    expect(
      within(await screen.findByRole('button', { name: 'Rule alerts, 0' })).getByTitle('0'),
    ).toBeTruthy();
    await waitFor(() => expect(api.tasks()).toContain('set_rule_alerts_seen'));
    expect(screen.getByRole('button', { name: 'Rule alerts, 0' })).toBeTruthy();
  });

  it('leads each site alert to its page, and opens those without a page in place', async () => {
    mockApi({
      get_site_alerts: () => ({
        data: {
          total_count: 3,
          accounts_overdue: 0,
          details_update: 0,
          initial_details: 0,
          work_approvals: 2,
          unit_issues: 0,
          survey: 0,
          vehicle_details: 1,
        },
      }),
      get_vehicles_missing_details: () => ({
        data: { vehicles: [{ uid: 7, name: 'Hino 300', missing: ['registration', 'make'] }] },
      }),
    });
    const app = renderApp('/portal/user_settings', { user: userOf('full') });
    fireEvent.click(await screen.findByRole('button', { name: 'Site alerts, 3' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Vehicle details needed (1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Vehicle details needed' });
    const link = await within(dialog).findByRole('link', { name: 'Hino 300' });
    expect(link.getAttribute('href')).toBe('/portal/vehicles/vehicle/edit/7');
    expect(within(dialog).getByText('Missing: registration, make')).toBeTruthy();
    fireEvent.click(link);
    await waitFor(() => expect(app.location()).toBe('/portal/vehicles/vehicle/edit/7'));
    fireEvent.click(screen.getByRole('button', { name: 'Site alerts, 3' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Work approvals waiting (2)' }));
    await waitFor(() => expect(app.location()).toBe('/portal/account/work_approvals'));
  });

  it('polls the chase-up count for support users and leads to /recovery/chase_up', async () => {
    const api = mockApi({ get_chaseup_events_count_new: () => ({ data: { count: 2 } }) });
    const app = renderApp('/recovery/search', { user: userOf('support') });
    const button = await screen.findByRole('button', { name: 'Chase-ups, 2' });
    expect(within(button).getByTitle('2')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Rule alerts/ })).toBeNull();
    expect(api.tasks()).not.toContain('get_notices');
    fireEvent.click(button);
    await waitFor(() => expect(app.location()).toBe('/recovery/chase_up'));
  });

  it('re-reads the chase-up count at once when the live socket says it changed', async () => {
    FakeSocket.made = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    let count = 0;
    const api = mockApi({ get_chaseup_events_count_new: () => ({ data: { count } }) });
    try {
      renderApp('/recovery/search', { user: userOf('support') });
      await screen.findByRole('button', { name: 'Chase-ups, 0' });
      await waitFor(() => expect(FakeSocket.made.length).toBeGreaterThan(0));
      const socket = FakeSocket.made[FakeSocket.made.length - 1];
      socket.open();
      // Whatever the page reads as it opens is done first.
      await new Promise((r) => setTimeout(r, 200));
      const reads = api.requestsOf('get_chaseup_events_count_new').length;
      count = 1;
      // Other counts and unit moves leave it alone.
      socket.push({ type: 'counts', changed: ['notices'] });
      socket.push({ type: 'units', units: [{ uid: 7 }] });
      await new Promise((r) => setTimeout(r, 50));
      expect(api.requestsOf('get_chaseup_events_count_new')).toHaveLength(reads);
      // Long before the next 15 s poll.
      socket.push({ type: 'counts', changed: ['chaseup_events_count_new'] });
      expect(await screen.findByRole('button', { name: 'Chase-ups, 1' })).toBeTruthy();
      count = 2;
      socket.push({ type: 'alert', alert: { kind: 'chaseup', id: 9, uid: 7, type: 7, state: 0 } });
      expect(await screen.findByRole('button', { name: 'Chase-ups, 2' })).toBeTruthy();
    } finally {
      liveSocket().stop();
    }
  });

  it('names every top-bar button with the text it shows, so it can be said (WCAG 2.5.3)', async () => {
    mockApi({ get_new_rule_alerts_count: () => ({ data: { new_rule_alerts_count: 4 } }) });
    renderApp('/portal/user_settings', { user: userOf('full') });
    await screen.findByRole('button', { name: 'Rule alerts, 4' });
    const header = document.querySelector('.portal-header') as HTMLElement;
    const buttons = within(header).getAllByRole('button');
    expect(buttons.length).toBeGreaterThanOrEqual(5);
    for (const button of buttons) {
      const shown = (button.textContent ?? '').trim().replace(/\s+/g, ' ').toLowerCase();
      expect(button.getAttribute('aria-label')?.toLowerCase(), button.outerHTML).toContain(shown);
    }
  });

  it('lists only displayed site alerts with a count whose roles the user holds', () => {
    const counts = { accounts_overdue: 1, unit_issues: 3, work_approvals: 0, survey: 2 };
    const full = visibleSiteAlerts(counts, userOf('full')).map((a) => `${a.key}:${a.count}`);
    expect(full).toEqual(['accounts_overdue:1', 'unit_issues:3', 'survey:2']);
    const lite = visibleSiteAlerts(counts, userOf('lite')).map((a) => a.key);
    expect(lite).toEqual(['survey']);
  });
});
