// The chase-up queue (issue 16 items 2 and 8) against a fake server and a fake live socket: newest
// first, the tabs, the waiting clock turning amber and red at a pinned clock, taking one (and the
// answer when someone else was first), and a push re-reading the queue without a reload.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { liveSocket } from '../../api/live';
import { mockApi } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';
import { userOf } from '../../test/fixtures';
import { FakeSocket, NOW, chaseupOf, detailOf, minutesBefore } from './desk/testDesk';

const support = () => userOf('support', { username: 'sam' });
const page = (rows: ReturnType<typeof chaseupOf>[]) => ({
  data: { chaseup_events: rows, count: rows.length, page_count: 1 },
});

beforeEach(() => {
  FakeSocket.made = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(NOW));
});
afterEach(() => {
  liveSocket().stop();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const table = () => screen.findByRole('table');
const bodyRows = (t: HTMLElement) =>
  within(t)
    .getAllByRole('row')
    .filter((r) => r.classList.contains('chaseup-row'));

describe('chase-up queue', () => {
  it('lists open chase-ups newest first with client, unit, type, age, where and assignee', async () => {
    const api = mockApi({
      get_chaseup_events_count_new: () => ({ data: { count: 1 } }),
      // out of order on purpose: the page shows id descending whatever it is sent
      get_chaseup_events: () =>
        page([
          chaseupOf(3, { state: 1, assigned_to_username: 'lee', taken_at: minutesBefore(0.5) }),
          chaseupOf(9, { place: 'Paarl' }),
          chaseupOf(5, { lat: null, lon: null, place: '' }),
        ]),
    });
    renderApp('/recovery/chase_up', { user: support() });
    await screen.findByRole('link', { name: 'Open chase-up #9' });
    const rows = bodyRows(await table());
    expect(rows.map((r) => within(r).getAllByRole('link')[0].textContent)).toEqual([
      'Open chase-up #9',
      'Open chase-up #5',
      'Open chase-up #3',
    ]);
    expect(api.requestsOf('get_chaseup_events')[0].parameters).toMatchObject({
      filter: 'open',
      page: 1,
      page_size: 20,
    });
    const first = rows[0];
    expect(within(first).getByRole('link', { name: 'Acme Haulage' }).getAttribute('href')).toBe(
      '/recovery/client/3',
    );
    expect(within(first).getByRole('link', { name: 'Truck 9' }).getAttribute('href')).toBe(
      '/recovery/unit/79',
    );
    expect(within(first).getByText('CA 900')).toBeTruthy();
    expect(within(first).getByText('Panic remote')).toBeTruthy();
    expect(within(first).getByText('Paarl')).toBeTruthy();
    expect(within(first).getByText('-33.92000, 18.42000')).toBeTruthy();
    expect(within(first).getByText('Nobody yet')).toBeTruthy();
    expect(within(rows[1]).getByText('No position')).toBeTruthy();
    expect(within(rows[2]).getByText('lee')).toBeTruthy();
    expect(within(rows[2]).getByText('Taken after less than a minute')).toBeTruthy();
    // Only those nobody has can be taken.
    expect(within(rows[0]).getByRole('button', { name: 'Take chase-up 9' })).toBeTruthy();
    expect(within(rows[2]).queryByRole('button', { name: /Take/ })).toBeNull();
  });

  it('waits calm, then amber at 2 minutes and red at 5, in words as well as colour', async () => {
    mockApi({
      get_chaseup_events_count_new: () => ({ data: { count: 3 } }),
      get_chaseup_events: () =>
        page([
          chaseupOf(3, { created: minutesBefore(1) }),
          chaseupOf(2, { created: minutesBefore(2) }),
          chaseupOf(1, { created: minutesBefore(6) }),
          chaseupOf(0 + 10, {
            created: minutesBefore(9),
            state: 1,
            assigned_to_username: 'lee',
            taken_at: minutesBefore(8),
          }),
        ]),
    });
    renderApp('/recovery/chase_up', { user: support() });
    const calm = await screen.findByText('Waiting 1 min');
    expect(calm.closest('[data-urgency]')?.getAttribute('data-urgency')).toBe('calm');
    const amber = screen.getByText('Waiting 2 min — take it now');
    expect(amber.closest('[data-urgency]')?.getAttribute('data-urgency')).toBe('amber');
    const red = screen.getByText('Waiting 6 min — overdue');
    expect(red.closest('[data-urgency]')?.getAttribute('data-urgency')).toBe('red');
    // Taken: no longer urgent, says how long it waited.
    const taken = screen.getByText('Taken after 1 min');
    expect(taken.closest('[data-urgency]')?.getAttribute('data-urgency')).toBe('calm');
  });

  it('switches tabs, reading each filter from the first page', async () => {
    const api = mockApi({
      get_chaseup_events_count_new: () => ({ data: { count: 0 } }),
      get_chaseup_events: (p) =>
        p.filter === 'closed'
          ? page([chaseupOf(4, { state: 3, closed_at: minutesBefore(0) })])
          : page([]),
    });
    renderApp('/recovery/chase_up', { user: support() });
    expect(await screen.findByText('Nothing to chase up: no new or open chase-ups.')).toBeTruthy();
    for (const name of ['Open', 'New', 'Closed', 'Filtered', 'All'])
      expect(screen.getByRole('tab', { name })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Closed' }));
    expect(await screen.findByText('Resolved')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Take/ })).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Filtered' }));
    await waitFor(() =>
      expect(api.requestsOf('get_chaseup_events').map((r) => r.parameters.filter)).toEqual(
        expect.arrayContaining(['open', 'closed', 'internal']),
      ),
    );
  });

  it('takes a chase-up and opens it', async () => {
    const api = mockApi({
      get_chaseup_events_count_new: () => ({ data: { count: 1 } }),
      get_chaseup_events: () => page([chaseupOf(12)]),
      set_chaseup_event: (p) => ({
        data: {
          chaseup_event: chaseupOf(p.id, {
            state: 1,
            state_name: 'Assigned',
            assigned_to_username: 'sam',
          }),
        },
      }),
      get_chaseup_event: (p) => ({ data: detailOf(chaseupOf(p.id, { state: 1 })) }),
    });
    const app = renderApp('/recovery/chase_up', { user: support() });
    fireEvent.click(await screen.findByRole('button', { name: 'Take chase-up 12' }));
    await waitFor(() => expect(app.location()).toBe('/recovery/chase_up_detail/12'));
    expect(api.requestsOf('set_chaseup_event')[0].parameters).toEqual({ id: 12, take: true });
  });

  it('says so when someone else took it first, and reads the queue again', async () => {
    let taken = false;
    const api = mockApi({
      get_chaseup_events_count_new: () => ({ data: { count: taken ? 0 : 1 } }),
      get_chaseup_events: () =>
        page([
          taken
            ? chaseupOf(12, { state: 1, assigned_to_username: 'lee', taken_at: NOW })
            : chaseupOf(12),
        ]),
      set_chaseup_event: () => {
        taken = true;
        return { result: 1, message: 'Chase-up 12 was already taken by lee' };
      },
    });
    const app = renderApp('/recovery/chase_up', { user: support() });
    fireEvent.click(await screen.findByRole('button', { name: 'Take chase-up 12' }));
    expect(
      await screen.findByText('Chase-up 12 was not taken: Chase-up 12 was already taken by lee'),
    ).toBeTruthy();
    expect(app.location()).toBe('/recovery/chase_up');
    expect(await screen.findByText('lee')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Take chase-up 12' })).toBeNull();
    expect(api.requestsOf('get_chaseup_events').length).toBeGreaterThan(1);
  });

  it('shows a pushed chase-up without a reload', async () => {
    let rows = [chaseupOf(1)];
    const api = mockApi({
      get_chaseup_events_count_new: () => ({ data: { count: rows.length } }),
      get_chaseup_events: () => page(rows),
    });
    renderApp('/recovery/chase_up', { user: support() });
    await screen.findByRole('link', { name: 'Open chase-up #1' });
    await waitFor(() => expect(FakeSocket.made.length).toBeGreaterThan(0));
    const socket = FakeSocket.made[FakeSocket.made.length - 1];
    socket.open();
    const reads = api.requestsOf('get_chaseup_events').length;

    // Something else changes: nothing is read.
    socket.push({ type: 'counts', changed: ['notices'] });
    await new Promise((r) => setTimeout(r, 50));
    expect(api.requestsOf('get_chaseup_events')).toHaveLength(reads);

    rows = [chaseupOf(2, { type: 15 }), ...rows];
    socket.push({
      type: 'alert',
      alert: {
        kind: 'chaseup',
        id: 2,
        uid: 72,
        type: 15,
        state: 0,
        time: NOW,
        type_name: 'Towing',
      },
    });
    socket.push({ type: 'counts', changed: ['chaseup_events_count_new'] });
    expect(await screen.findByRole('link', { name: 'Open chase-up #2' })).toBeTruthy();
    expect(screen.getByText('Towing')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Chase-ups, 2' })).toBeTruthy();
  });
});
