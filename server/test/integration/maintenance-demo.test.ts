// The demo's maintenance records (issue 13 item 8): every reminder type, every state, service
// history newest first, and seeding again adds nothing.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { REMINDER_TYPES } from '@fleet/common';
import { addMissingDemoMaintenance } from '../../src/demo/seed-maintenance';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login('demo');
});
afterAll(() => t.close());

it('has reminders of all five types in each state, and service history', async () => {
  const { data } = await t.task(token, 'get_reminders', { page_size: 100 });
  const reminders = data.reminders as {
    type: string;
    state: string;
    left_text: string;
    advance: number;
  }[];
  expect(reminders.every((r) => r.advance >= 0)).toBe(true);
  // Drivers too: an expired licence is overdue, the soonest valid one due soon.
  const drivers = reminders.filter((r) => r.type === 'driver_licence').map((r) => r.state);
  expect(drivers).toEqual(expect.arrayContaining(['overdue', 'due_soon']));
  expect(new Set(reminders.map((r) => r.type))).toEqual(new Set(REMINDER_TYPES.map((r) => r.key)));
  expect(new Set(reminders.map((r) => r.state))).toEqual(new Set(['ok', 'due_soon', 'overdue']));
  expect(reminders[0].state).toBe('overdue');
  expect(reminders.filter((r) => r.type === 'service_km').map((r) => r.left_text)).toEqual([
    'overdue by 1,200 km',
    '600 km',
    '9,000 km',
  ]);
  const logs = (await t.task(token, 'get_service_logs', { page_size: 100 })).data;
  expect(logs.count).toBeGreaterThanOrEqual(12);
  const times = logs.service_logs.map((l: { datetimestamp: string }) => l.datetimestamp);
  expect([...times].sort().reverse()).toEqual(times);

  await addMissingDemoMaintenance(t.running.services.db.db);
  expect((await t.task(token, 'get_reminders', { page_size: 100 })).data.count).toBe(
    reminders.length,
  );
});
