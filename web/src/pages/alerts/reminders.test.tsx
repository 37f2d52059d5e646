// alerts/reminders and alerts/reminder against a fake of the reminder tasks: the list in the
// server's urgency order with each state in words and what is left; the form's advance amount
// labelled by type and required (nothing sent without it).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Reminder } from '@fleet/common';
import { mockApi } from '../../test/mockApi';
import { userOf } from '../../test/fixtures';
import { renderPage } from '../vehicles/testing/renderPage';
import { FIRST_RENDER, pick, wideScreenMedia } from '../vehicles/testing/vehicleFixtures';
import ReminderPage from './ReminderPage';
import RemindersPage from './RemindersPage';

vi.setConfig({ testTimeout: 120_000 });
beforeEach(() => vi.stubGlobal('matchMedia', wideScreenMedia));
afterEach(() => vi.unstubAllGlobals());

const base = {
  pid: null,
  interval: null,
  last_done: null,
  due_date: null,
  recipients: [],
  notes: '',
  current: null,
  notified_at: null,
};
const REMINDERS: Reminder[] = [
  {
    ...base,
    id: 3,
    type: 'service_km',
    vid: 1,
    subject: 'Hilux JHB-01',
    interval: 10_000,
    last_done: 40_000,
    due: 50_000,
    advance: 1000,
    state: 'overdue',
    left: -1200,
    left_text: 'overdue by 1,200 km',
  },
  {
    ...base,
    id: 5,
    type: 'vehicle_licence',
    vid: 2,
    subject: 'Polo PTA-02',
    due_date: '2026-12-05',
    due: '2026-12-05',
    advance: 30,
    state: 'due_soon',
    left: 10,
    left_text: '10 days',
  },
  {
    ...base,
    id: 1,
    type: 'service_hours',
    vid: 3,
    subject: 'Loader',
    interval: 250,
    last_done: 1000,
    due: 1250,
    advance: 25,
    state: 'ok',
    left: 120,
    left_text: '120 h',
  },
];

function api() {
  return mockApi({
    get_reminders: (p) => {
      const rows = REMINDERS.filter((r) => !p.state || r.state === p.state);
      return { data: { reminders: rows, count: rows.length, page_count: 1 } };
    },
    get_unit_list_full: () => ({
      data: { units: [{ uid: 1, name: 'Hilux JHB-01', reg: 'BX 100 GP' }] },
    }),
    set_reminder: (p) => ({ data: { reminder: { ...REMINDERS[0], ...p, id: 9 } } }),
  });
}

describe('Reminders list', () => {
  it('shows the most urgent first, each state in words with what is left', async () => {
    api();
    renderPage(<RemindersPage />, {
      path: '/portal/alerts/reminders',
      route: '/portal/alerts/reminders',
      title: 'Reminders',
      user: userOf('full'),
    });
    await screen.findByRole('link', { name: 'Hilux JHB-01' }, FIRST_RENDER);
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .slice(0, 2)
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['Overdue', 'overdue by 1,200 km'],
      ['Due soon', '10 days'],
      ['OK', '120 h'],
    ]);
    expect(within(rows[0]).getByText('at 50,000 km')).toBeTruthy();
    expect(within(rows[1]).getByText('on 2026-12-05')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Add reminder/ })).toBeTruthy();
  });
});

describe('Reminder form', () => {
  it('labels the advance amount by type and sends nothing without it', async () => {
    const fake = api();
    const view = renderPage(<ReminderPage />, {
      path: '/portal/alerts/reminder',
      route: '/portal/alerts/reminder',
      title: 'Add Reminder',
      user: userOf('full'),
    });
    await screen.findByLabelText('Remind me ... km before', {}, FIRST_RENDER);
    await pick('Type', 'Vehicle licence expiry');
    expect(screen.getByLabelText('Remind me ... days before')).toBeTruthy();
    await pick('Type', 'Vehicle service by hours');
    expect(screen.getByLabelText('Remind me ... hours before')).toBeTruthy();
    await pick('Type', 'Vehicle service by km');
    await pick('Vehicle', 'Hilux JHB-01 (BX 100 GP)');
    fireEvent.change(screen.getByLabelText('Service every (km)'), { target: { value: '15000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/how many km before it is due to remind you/)).toBeTruthy();
    expect(fake.calls.filter((c) => JSON.stringify(c.body).includes('set_reminder'))).toHaveLength(
      0,
    );

    fireEvent.change(screen.getByLabelText('Remind me ... km before'), {
      target: { value: '1000' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(view.location()).toBe('/portal/alerts/reminders'));
    const sent = fake.calls.find((c) => JSON.stringify(c.body).includes('set_reminder'))!.body
      .requests[0].parameters;
    expect(sent).toMatchObject({ type: 'service_km', vid: 1, interval: 15000, advance: 1000 });
  });
});
