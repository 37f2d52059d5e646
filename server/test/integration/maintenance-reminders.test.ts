// Reminders (issue 13 item 3) on a hand-made fleet at a pinned instant: states from the live
// odometer and from dates (the advance boundary counts as due soon; days are calendar days in the
// user's zone), urgency order, a service log resetting the service reminder, one e-mail per due
// cycle across two runners and restarts, a reminder without an advance amount refused, another
// client's ids answering "not found" like missing ones, and the roles of SPEC §6.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetClock, setClock } from '../../src/clock';
import { checkReminders } from '../../src/jobs/reminder-check';
import { composeReminder, reminderOfMail } from '../../src/notify/reminder-mail';
import type { TestApp } from '../support/test-app';
import { addHandUnit } from '../support/hand-fleet';
import { maintenanceScene, type MaintenanceScene } from '../support/maintenance';

/** 00:30 in Johannesburg on 11 March = 22:30 UTC on the 10th: the two zones are on different days. */
const NOW = Date.parse('2026-03-11T00:30:00+02:00');

let s: MaintenanceScene;
let t: TestApp;
let token: string;
let lite: string;
let other: string;
let cid: number;
let car = 0;
let machine = 0;
let pid = 0;
const db = () => s.db();
const ok = (tok: string, task: string, params?: Record<string, unknown>) => s.ok(tok, task, params);

async function setZone(zone: string) {
  await db()
    .updateTable('users')
    .set({ settings: JSON.stringify({ timezone: zone }) })
    .where('username', '=', 'maint')
    .execute();
}

beforeAll(async () => {
  s = await maintenanceScene(NOW, 'Maint Fleet', 'maint', 'maintlite', async (scene) => {
    // 1,000 km on the tracker; the machine has 250 engine hours.
    car = await addHandUnit(scene.db(), scene.cid, { name: 'Car' }, NOW);
    machine = await addHandUnit(
      scene.db(),
      scene.cid,
      { name: 'Loader', state: { engine_hours: 250 * 3600 } },
      NOW,
    );
    const person = await scene
      .db()
      .insertInto('people')
      .values({
        client_id: scene.cid,
        first_name: 'Thandi',
        surname: 'Mokoena',
        title: 'Ms',
        rank: 1,
        roles: '[6]',
        contact_roles: '[]',
        email: null,
        cellphone: null,
        licence_class: 'B',
        licence_expiry: Date.UTC(2026, 2, 5),
        prdp_expiry: Date.UTC(2026, 2, 11),
        driver_tag: null,
        created: NOW,
      })
      .returning('pid')
      .executeTakeFirstOrThrow();
    pid = person.pid;
  });
  ({ t, token, lite, other, cid } = s);
});
afterAll(async () => {
  resetClock();
  await t.close();
});
beforeEach(async () => {
  setClock({ start: NOW, rate: 0 });
  await setZone('Africa/Johannesburg');
  await db().deleteFrom('reminders').where('client_id', '=', cid).execute();
  await db().deleteFrom('service_logs').where('client_id', '=', cid).execute();
  await db().deleteFrom('outbox').where('client_id', '=', cid).execute();
});

const serviceKm = (interval: number, lastDone: number, advance: number) => ({
  type: 'service_km',
  vid: car,
  interval,
  last_done: lastDone,
  advance,
  recipients: ['fleet@example.com'],
});

describe('reminder states', () => {
  it('counts km left from the live odometer; exactly at the advance amount is due soon', async () => {
    // Due at 5,000 km with the car at 1,000 km: 4,000 km left.
    const boundary = (await ok(token, 'set_reminder', serviceKm(5000, 0, 4000))).reminder;
    expect(boundary).toMatchObject({
      state: 'due_soon',
      left: 4000,
      left_text: '4,000 km',
      due: 5000,
    });
    const justOutside = (await ok(token, 'set_reminder', serviceKm(5000, 0, 3999))).reminder;
    expect(justOutside).toMatchObject({ state: 'ok', left_text: '4,000 km' });
    const overdue = (await ok(token, 'set_reminder', serviceKm(500, 260, 100))).reminder;
    expect(overdue).toMatchObject({ state: 'overdue', left: -240, left_text: 'overdue by 240 km' });
  });

  it('counts engine hours for a service by hours', async () => {
    const { reminder } = await ok(token, 'set_reminder', {
      type: 'service_hours',
      vid: machine,
      interval: 250,
      last_done: 12,
      advance: 20,
    });
    expect(reminder).toMatchObject({ state: 'due_soon', left: 12, left_text: '12 h' });
  });

  it('counts calendar days in the user zone: due tomorrow in UTC is due today in Johannesburg', async () => {
    const licence = {
      type: 'vehicle_licence',
      vid: car,
      due_date: '2026-03-11',
      advance: 0,
    };
    // 22:30 UTC on the 10th is already the 11th in Johannesburg.
    const { reminder } = await ok(token, 'set_reminder', licence);
    expect(reminder).toMatchObject({ state: 'due_soon', left: 0, left_text: 'due today' });
    await setZone('UTC');
    const utc = (await ok(token, 'get_reminder', { id: reminder.id })).reminder;
    expect(utc).toMatchObject({ state: 'ok', left: 1, left_text: '1 day' });
    // Past the day: overdue by calendar days.
    await setZone('Africa/Johannesburg');
    setClock({ start: Date.parse('2026-03-13T00:10:00+02:00'), rate: 0 });
    const later = (await ok(token, 'get_reminder', { id: reminder.id })).reminder;
    expect(later).toMatchObject({ state: 'overdue', left: -2, left_text: 'overdue by 2 days' });
  });

  it("reads a driver's licence and PrDP expiry from the person", async () => {
    const licence = (await ok(token, 'set_reminder', { type: 'driver_licence', pid, advance: 30 }))
      .reminder;
    expect(licence).toMatchObject({
      subject: 'Thandi Mokoena',
      due_date: '2026-03-05',
      state: 'overdue',
      left_text: 'overdue by 6 days',
    });
    const prdp = (await ok(token, 'set_reminder', { type: 'driver_prdp', pid, advance: 7 }))
      .reminder;
    expect(prdp).toMatchObject({
      due_date: '2026-03-11',
      state: 'due_soon',
      left_text: 'due today',
    });
  });

  it('lists the most urgent first: most overdue, then due soon, then ok', async () => {
    await ok(token, 'set_reminder', serviceKm(50_000, 0, 1000)); // ok
    await ok(token, 'set_reminder', serviceKm(900, 0, 50)); // overdue by 100 km (2x advance)
    await ok(token, 'set_reminder', serviceKm(1500, 0, 600)); // due soon
    await ok(token, 'set_reminder', serviceKm(500, 0, 50)); // overdue by 500 km (10x advance)
    const { reminders, count } = await ok(token, 'get_reminders');
    expect(count).toBe(4);
    expect(reminders.map((r: any) => r.left_text)).toEqual([
      'overdue by 500 km',
      'overdue by 100 km',
      '500 km',
      '49,000 km',
    ]);
    const due = await ok(token, 'get_reminders', { state: 'overdue' });
    expect(due.count).toBe(2);
    // The dashboard counts the overdue and due-soon ones.
    const info = await ok(token, 'get_dashboard_info', { days: 1 });
    expect(info.counts.reminders_due).toBe(3);
  });
});

describe('refusals', () => {
  it('refuses a reminder without an advance amount and stores nothing', async () => {
    const res = await t.task(token, 'set_reminder', {
      type: 'service_km',
      vid: car,
      interval: 10_000,
      recipients: [],
    });
    expect(res.result).toBe(1);
    expect(res.message).toMatch(/advance: is required: how many km/);
    const bad = await t.task(token, 'set_reminder', {
      ...serviceKm(10_000, 0, 500),
      recipients: ['not an address'],
    });
    expect(bad.message).toMatch(/recipients\.0: is not a valid e-mail address/);
    expect((await ok(token, 'get_reminders')).count).toBe(0);
  });

  it("answers another client's vehicle, person and reminder like missing ones", async () => {
    const { reminder } = await ok(token, 'set_reminder', serviceKm(5000, 0, 500));
    const foreign = await t.task(other, 'get_reminder', { id: reminder.id });
    const missing = await t.task(other, 'get_reminder', { id: 987654 });
    expect(foreign).toEqual({ ...missing, ref: foreign.ref });
    expect(foreign.message).toBe('Reminder not found');
    const del = await t.task(other, 'delete_reminder', { id: reminder.id });
    expect(del.message).toBe('Reminder not found');
    const vid = await t.task(other, 'set_reminder', { ...serviceKm(5000, 0, 500), vid: car });
    expect(vid.message).toBe('vid: Vehicle not found');
    const person = await t.task(other, 'set_reminder', { type: 'driver_prdp', pid, advance: 5 });
    expect(person.message).toBe('pid: Person not found');
    expect((await ok(token, 'get_reminders')).count).toBe(1);
  });

  it('refuses users without the reminder roles (SPEC §6)', async () => {
    expect((await t.task(lite, 'get_reminders')).result).toBe(3);
    expect((await t.task(lite, 'set_reminder', serviceKm(5000, 0, 500))).result).toBe(3);
    // View only: may read, may not write.
    await db()
      .updateTable('users')
      .set({ roles: JSON.stringify(['feature_reminders_view']) })
      .where('username', '=', 'maintlite')
      .execute();
    const viewer = await t.login('maintlite');
    expect((await t.task(viewer, 'get_reminders')).result).toBe(0);
    expect((await t.task(viewer, 'set_reminder', serviceKm(5000, 0, 500))).result).toBe(3);
  });
});

describe('service logs reset the service reminder', () => {
  it('a service at the current odometer makes an overdue reminder ok; a tyre change does not', async () => {
    const { reminder } = await ok(token, 'set_reminder', serviceKm(800, 0, 100));
    expect(reminder.state).toBe('overdue');
    const tyres = await ok(token, 'set_service_log', {
      vid: car,
      datetimestamp: '2026-03-10T09:00:00+02:00',
      odometer: 995,
      work_type: 'tyres',
    });
    expect(tyres.reminders_reset).toBe(0);
    const service = await ok(token, 'set_service_log', {
      vid: car,
      datetimestamp: '2026-03-10T10:00:00+02:00',
      odometer: 1000,
      work_type: 'service',
      cost: 245_050,
    });
    expect(service.reminders_reset).toBe(1);
    const after = (await ok(token, 'get_reminder', { id: reminder.id })).reminder;
    expect(after).toMatchObject({ state: 'ok', last_done: 1000, due: 1800, left_text: '800 km' });
  });
});

describe('reminder e-mail', () => {
  const outbox = () =>
    db().selectFrom('outbox').selectAll().where('client_id', '=', cid).orderBy('id').execute();

  it('queues one e-mail per recipient per due cycle, across two runners and reruns', async () => {
    const { reminder } = await ok(token, 'set_reminder', {
      ...serviceKm(1200, 0, 300),
      recipients: ['fleet@example.com', 'boss@example.com'],
    });
    await ok(token, 'set_reminder', serviceKm(90_000, 0, 300)); // ok: no mail
    expect(reminder.state).toBe('due_soon');
    // Two runners at once, then a rerun (as after a restart).
    await Promise.all([checkReminders(db()), checkReminders(db())]);
    await checkReminders(db());
    const rows = await outbox();
    expect(rows.map((r) => [r.topic, r.recipient])).toEqual([
      ['reminder', 'fleet@example.com'],
      ['reminder', 'boss@example.com'],
    ]);
    const c = (await reminderOfMail(db(), rows[0].ref, cid))!;
    expect(c.reminder.id).toBe(reminder.id);
    const mail = composeReminder(c, NOW, 'https://portal.example');
    expect(mail.subject).toBe('Vehicle service by km: Car is due soon');
    expect(mail.text).toContain('State: Due soon: 200 km left');
    expect(mail.text).toContain(`https://portal.example/#/portal/alerts/reminder/${reminder.id}`);
    expect(
      (await ok(token, 'get_reminder', { id: reminder.id })).reminder.notified_at,
    ).not.toBeNull();

    // A service resets it (a new cycle); once due again it mails again, once.
    await ok(token, 'set_service_log', {
      vid: car,
      datetimestamp: '2026-03-10T08:00:00+02:00',
      odometer: 100,
      work_type: 'service',
    });
    await checkReminders(db());
    await checkReminders(db());
    expect(await outbox()).toHaveLength(4);
  });
});
