// The top-bar rule-alert icon with a fake server and a fake live socket: opening it marks the
// alerts seen and goes to the list; a pushed alert or count change updates the badge without a
// reload, announces the alert once, and marks its unit in the live map's list.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { liveSocket, type SocketLike } from '../../../api/live';
import { renderApp } from '../../../test/renderApp';
import { mockApi } from '../../../test/mockApi';
import { userOf } from '../../../test/fixtures';
import { UnitRow } from '../../tracking/live/UnitRow';
import { clearAlertMark, clearAllAlertMarks, markNewAlert } from './newAlertMarks';
import { pushedRuleAlert, ruleAlertCountChange } from './pushedAlerts';
import { ruleAlertOf, unitOf } from './testAlerts';

/** A WebSocket the test plays the server of. */
class FakeSocket implements SocketLike {
  static made: FakeSocket[] = [];
  readyState = 0;
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  send() {}
  close() {
    this.readyState = 3;
  }
  push(message: unknown) {
    act(() => this.onmessage?.({ data: JSON.stringify(message) }));
  }
}

beforeEach(() => {
  FakeSocket.made = [];
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => {
  liveSocket().stop();
  clearAllAlertMarks();
  vi.unstubAllGlobals();
});

const units = [unitOf(7, 'Truck 7', 'JOH-12')];
const pushed = (raid: number) => ({
  type: 'alert',
  alert: {
    kind: 'rule_alert',
    raid,
    rid: 4,
    uid: 7,
    type: 'speeding',
    type_name: 'Speeding',
    rule_name: 'Highway limit',
    time: '2026-11-20T08:00:00Z',
    lat: -26.1,
    lon: 28,
    speed: 132,
  },
});

async function liveServer() {
  await waitFor(() => expect(FakeSocket.made.length).toBeGreaterThan(0));
  const socket = FakeSocket.made[FakeSocket.made.length - 1];
  act(() => {
    socket.readyState = 1;
    socket.onopen?.({});
  });
  socket.push({ type: 'ready' });
  return socket;
}

describe('rule-alert icon', () => {
  it('opening it goes to the list, which keeps the New tags and then marks the alerts seen', async () => {
    const api = mockApi({
      get_new_rule_alerts_count: () => ({ data: { new_rule_alerts_count: 3 } }),
      get_unit_list_full: () => ({ data: { units, count: 1 } }),
      get_rule_alerts: () => ({
        data: { rule_alerts: [ruleAlertOf(5, { new: true })], count: 1, page_count: 1 },
      }),
      set_rule_alerts_seen: () => ({ data: { new_rule_alerts_count: 0 } }),
    });
    const app = renderApp('/portal/user_settings', { user: userOf('full') });
    fireEvent.click(await screen.findByRole('button', { name: 'Rule alerts, 3' }));
    await waitFor(() => expect(app.location()).toBe('/portal/alerts/unit_alert'));
    expect(screen.getByRole('button', { name: 'Rule alerts, 0' })).toBeTruthy();
    await waitFor(() => expect(api.requestsOf('set_rule_alerts_seen')).toHaveLength(1));
    const tasks = api.tasks();
    expect(tasks.indexOf('get_rule_alerts')).toBeLessThan(tasks.indexOf('set_rule_alerts_seen'));
    expect(await screen.findByText('New')).toBeTruthy();
    // The badge stays at 0: the server's answer after marking.
    expect(screen.getByRole('button', { name: 'Rule alerts, 0' })).toBeTruthy();
  });

  it('a pushed alert refreshes the count at once and is announced once, with a link', async () => {
    let count = 1;
    const api = mockApi({
      get_new_rule_alerts_count: () => ({ data: { new_rule_alerts_count: count } }),
      get_unit_list_full: () => ({ data: { units, count: 1 } }),
      get_rule_alerts: () => ({ data: { rule_alerts: [], count: 0, page_count: 0 } }),
    });
    const app = renderApp('/portal/alerts/unit_alert', { user: userOf('full') });
    await screen.findByRole('button', { name: 'Rule alerts, 1' });
    await waitFor(() => expect(api.requestsOf('get_unit_list_full').length).toBeGreaterThan(0));
    const socket = await liveServer();
    const listReads = api.requestsOf('get_rule_alerts').length;

    count = 2;
    socket.push(pushed(31));
    // Announced at once (checked first: the notification closes itself after 8 s).
    expect(await screen.findByText('Speeding: Truck 7 (JOH-12)')).toBeTruthy();
    socket.push(pushed(31));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getAllByText('Speeding: Truck 7 (JOH-12)')).toHaveLength(1);

    expect(await screen.findByRole('button', { name: 'Rule alerts, 2' })).toBeTruthy();
    // The list on screen is read again too.
    await waitFor(() =>
      expect(api.requestsOf('get_rule_alerts').length).toBeGreaterThan(listReads),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Open the alert' }));
    await waitFor(() => expect(app.location()).toBe('/portal/alerts/unit_alert/31'));
  });

  it('a counts message re-reads the count; other messages leave it alone', async () => {
    let count = 0;
    const api = mockApi({
      get_new_rule_alerts_count: () => ({ data: { new_rule_alerts_count: count } }),
    });
    renderApp('/portal/user_settings', { user: userOf('full') });
    await screen.findByRole('button', { name: 'Rule alerts, 0' });
    const socket = await liveServer();
    const reads = api.requestsOf('get_new_rule_alerts_count').length;
    count = 4;
    socket.push({ type: 'counts', changed: ['notices'] });
    socket.push({ type: 'units', units: [{ uid: 7 }] });
    await new Promise((r) => setTimeout(r, 50));
    expect(api.requestsOf('get_new_rule_alerts_count')).toHaveLength(reads);
    socket.push({ type: 'counts', changed: ['new_rule_alerts_count'] });
    expect(await screen.findByRole('button', { name: 'Rule alerts, 4' })).toBeTruthy();
  });
});

describe('live map mark', () => {
  it('shows a bell on the unit row until that alert is opened', () => {
    render(
      <UnitRow
        unit={units[0]}
        selected={false}
        now={Date.parse('2026-11-20T08:00:00Z')}
        onSelect={() => {}}
      />,
    );
    expect(screen.queryByTestId('rule-alert-mark')).toBeNull();
    act(() => markNewAlert(7, 40));
    expect(screen.getByRole('option').textContent).toContain('New rule alert: Truck 7');
    act(() => markNewAlert(7, 41));
    expect(screen.getByTitle('2 new rule alerts')).toBeTruthy();
    act(() => clearAlertMark(40));
    expect(screen.getByTitle('New rule alert')).toBeTruthy();
    act(() => clearAlertMark(41));
    expect(screen.queryByTestId('rule-alert-mark')).toBeNull();
  });
});

describe('pushed message readers', () => {
  it('reads rule alerts and count changes, and nothing else', () => {
    expect(pushedRuleAlert(pushed(9) as never)).toMatchObject({
      raid: 9,
      uid: 7,
      type_name: 'Speeding',
    });
    expect(
      pushedRuleAlert({ type: 'alert', alert: { kind: 'device_event', raid: 9, uid: 7 } }),
    ).toBeNull();
    expect(
      pushedRuleAlert({
        type: 'alert',
        alert: { kind: 'rule_alert', raid: 9, uid: 7, type: 'towing' },
      })?.type_name,
    ).toBe('Towing');
    expect(ruleAlertCountChange({ type: 'counts', changed: ['new_rule_alerts_count'] })).toEqual({
      value: null,
    });
    expect(ruleAlertCountChange({ type: 'counts', new_rule_alerts_count: 6 })).toEqual({
      value: 6,
    });
    expect(ruleAlertCountChange({ type: 'counts', changed: ['notices'] })).toBeNull();
  });
});
