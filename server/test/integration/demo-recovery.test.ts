// The recovery desk on a fresh demo (issue 16 item 9; server/src/demo/seed-recovery.ts): what a
// support user sees before the simulator raises anything. Past chase-ups in their states with
// comments and calls, last week's finished recovery log, the client's emergency contacts by rank,
// a backup unit beside its vehicle and a bus's trip into Zimbabwe on the border crossing page;
// seeded once, never again on a restart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { now } from '../../src/clock';
import { insideSouthAfrica } from '../../src/rules/border';
import { DEMO_UNITS } from '../../src/demo/data';
import { seedDemo } from '../../src/demo/seed';
import { RECOVERY_DEMO_UNITS } from '../../src/demo/seed-recovery';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let support: string;
const db = () => t.running.services.db.db;
const DAY = 86_400_000;

interface Chaseup {
  id: number;
  uid: number;
  unit_name: string;
  client_name: string;
  type_name: string;
  state_name: string;
  locked: boolean;
  assigned_to_username: string | null;
  duplicate_of: number | null;
  time: string;
  created: string;
}

async function chaseups(filter: string): Promise<Chaseup[]> {
  const res = await t.task(support, 'get_chaseup_events', { filter, page_size: 100 });
  expect(res.result, JSON.stringify(res)).toBe(0);
  return res.data.chaseup_events;
}

async function uidOf(index: number): Promise<number> {
  const row = await db()
    .selectFrom('units')
    .select('uid')
    .where('name', '=', DEMO_UNITS[index].name)
    .executeTakeFirstOrThrow();
  return row.uid;
}

async function counts() {
  const n = async (table: 'chaseup_events' | 'recovery_logs' | 'call_logs' | 'chaseup_comments') =>
    Number(
      (
        await db()
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const positions = Number(
    (
      await db()
        .selectFrom('positions')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  return {
    chaseups: await n('chaseup_events'),
    logs: await n('recovery_logs'),
    calls: await n('call_logs'),
    comments: await n('chaseup_comments'),
    positions,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  support = await t.login('support');
}, 120_000);
afterAll(() => t.close());

describe('the demo recovery desk', () => {
  it('shows past chase-ups in their states, all of Demo Fleet, none of them waiting', async () => {
    const closed = await chaseups('closed');
    expect(closed.map((c) => `${c.type_name}: ${c.state_name} (${c.unit_name})`)).toEqual([
      `Power loss: Cancelled (${DEMO_UNITS[RECOVERY_DEMO_UNITS.workshop].name})`,
      `Panic wired: Resolved (${DEMO_UNITS[RECOVERY_DEMO_UNITS.panic].name})`,
      `Towing: Resolved (${DEMO_UNITS[RECOVERY_DEMO_UNITS.towed].name})`,
    ]);
    for (const c of closed) {
      expect(c).toMatchObject({ client_name: 'Demo Fleet', locked: true });
      expect(c.assigned_to_username).toBe('support');
    }
    const internal = await chaseups('internal');
    const panic = closed.find((c) => c.type_name === 'Panic wired')!;
    expect(internal.map((c) => `${c.type_name}: ${c.state_name}`)).toEqual([
      'Flat battery: Too late',
      'Panic wired: Duplicate',
    ]);
    expect(internal[1].duplicate_of).toBe(panic.id);
    // The flat battery reached the desk a day after it happened.
    const late = internal[0];
    expect(Date.parse(late.created) - Date.parse(late.time)).toBeGreaterThan(DAY);
    const open = await chaseups('open');
    const seeded = new Set([...closed, ...internal].map((c) => c.id));
    expect(open.filter((c) => seeded.has(c.id))).toEqual([]);
  });

  it("shows the tow's calls, comments and timeline, and the recovery log it started", async () => {
    const tow = (await chaseups('closed')).find((c) => c.type_name === 'Towing')!;
    const detail = await t.task(support, 'get_chaseup_event', { id: tow.id });
    expect(detail.result, JSON.stringify(detail).slice(0, 300)).toBe(0);
    const d = detail.data;
    expect(d.evidence.device_event).toMatchObject({ type: 'towing', label: 'Towing' });
    // The emergency contacts first, by rank; Dr Steyn is not to be called after hours.
    const names = d.contacts.map(
      (c: { first_name: string; surname: string }) => `${c.first_name} ${c.surname}`,
    );
    expect(names.slice(0, 2)).toEqual(['Anita Naidoo', 'Kobus Steyn']);
    const steyn = d.contacts[1];
    expect(steyn.callable_now).toBe(!d.after_hours);
    const kinds = d.timeline.map((i: { kind: string }) => i.kind);
    for (const kind of ['event', 'state', 'call', 'comment']) expect(kinds, kind).toContain(kind);
    expect(d.recovery_log_id).toEqual(expect.any(Number));

    const calls = await t.task(support, 'get_call_log_list', { chaseup_id: tow.id });
    expect(
      calls.data.call_log_list.map(
        (c: { name: string; outcome: string }) => `${c.name}: ${c.outcome}`,
      ),
    ).toEqual(['Anita Naidoo: answered', 'Anita Naidoo: no_answer']);
    const comments = await t.task(support, 'get_comments', { chaseup_id: tow.id });
    expect(comments.data.comments).toHaveLength(3);
    expect(comments.data.comments[0].text).toMatch(/^Vehicle recovered in Tembisa/);

    const logs = await t.task(support, 'get_recovery_logs', {});
    expect(logs.data.recovery_logs).toHaveLength(1);
    const log = logs.data.recovery_logs[0];
    expect(log).toMatchObject({
      id: d.recovery_log_id,
      uid: tow.uid,
      client_name: 'Demo Fleet',
      state: 1,
      state_name: 'Vehicle recovered',
      initiated_by: 2,
      chaseup_id: tow.id,
      recovery_team: expect.stringContaining('Response Team Bravo'),
      police_case_number: expect.stringMatching(/^CAS \d+\/\d\d\/\d{4}$/),
      location_recovered: expect.stringContaining('Tembisa'),
    });
    expect(log.notes.length).toBeGreaterThan(20);
    // Last week: finished, between 5 and 8 days ago.
    const ago = (now() - Date.parse(log.end_time)) / DAY;
    expect(ago).toBeGreaterThan(5);
    expect(ago).toBeLessThan(8);
  });

  it('logs every seeded support action in the change log as the support user', async () => {
    const rows = await db()
      .selectFrom('change_logs')
      .select(['entity_type', 'username'])
      .where('entity_type', 'in', ['Chase-up', 'Comment', 'Call Log', 'Recovery Log'])
      .execute();
    expect(new Set(rows.map((r) => r.entity_type))).toEqual(
      new Set(['Chase-up', 'Comment', 'Call Log', 'Recovery Log']),
    );
    expect(new Set(rows.map((r) => r.username))).toEqual(new Set(['support']));
  });

  it('shows the backup unit beside its vehicle', async () => {
    const main = await uidOf(RECOVERY_DEMO_UNITS.main);
    const backup = await uidOf(RECOVERY_DEMO_UNITS.backup);
    const res = await t.task(support, 'get_backup_unit_data', { uids: [main] });
    expect(res.result).toBe(0);
    expect(res.data.backup_units).toHaveLength(1);
    const b = res.data.backup_units[0];
    expect(b).toMatchObject({
      uid: backup,
      service_type: 'backup',
      backup_of: main,
      main_name: DEMO_UNITS[RECOVERY_DEMO_UNITS.main].name,
    });
    expect(b.distance_from_main).toBeLessThan(100);
    const unit = await t.task(support, 'get_recovery_unit', { uid: main });
    expect(unit.data.backup_units.map((u: { uid: number }) => u.uid)).toEqual([backup]);
    // Its fixes are next to the vehicle's.
    const fixes = await db()
      .selectFrom('positions')
      .select(['unit_id', 'lat', 'lon'])
      .where('unit_id', 'in', [main, backup])
      .execute();
    expect(fixes.filter((f) => f.unit_id === backup).length).toBeGreaterThan(5);
    const [m] = fixes.filter((f) => f.unit_id === main);
    for (const f of fixes.filter((x) => x.unit_id === backup)) {
      expect(Math.abs(f.lat - m.lat)).toBeLessThan(0.001);
      expect(Math.abs(f.lon - m.lon)).toBeLessThan(0.001);
    }
  });

  it("shows the bus's trip into Zimbabwe last month on the border crossing page", async () => {
    const bus = await uidOf(RECOVERY_DEMO_UNITS.bus);
    const to = now();
    const res = await t.task(support, 'get_cross_border_data', {
      uid: bus,
      from: new Date(to - 31 * DAY).toISOString(),
      to: new Date(to).toISOString(),
    });
    expect(res.result, JSON.stringify(res).slice(0, 300)).toBe(0);
    const data = res.data.cross_border_data;
    expect(data.crossings).toHaveLength(1);
    expect(data.outside_now).toBe(false);
    const [stay] = data.crossings;
    expect(stay.entry_time).not.toBeNull();
    // Out at Beitbridge and back the same way, about three days later.
    for (const [lat, lon] of [
      [stay.exit_lat, stay.exit_lon],
      [stay.entry_lat, stay.entry_lon],
    ]) {
      expect(Math.abs(lat - -22.22)).toBeLessThan(0.05);
      expect(Math.abs(lon - 30.0)).toBeLessThan(0.05);
    }
    expect(stay.seconds_outside / 86_400).toBeGreaterThan(2);
    expect(stay.seconds_outside / 86_400).toBeLessThan(4);
    expect(stay.track.length).toBeGreaterThan(100);
    expect(stay.track.length).toBeLessThanOrEqual(2000);
    for (const f of stay.track) expect(insideSouthAfrica(f.lat, f.lon)).toBe(false);
    // Masvingo is on the track.
    expect(stay.track.some((f: { lat: number }) => f.lat > -20.1)).toBe(true);
  });

  it('is seeded once: a restart adds nothing', async () => {
    const before = await counts();
    await seedDemo(db());
    expect(await counts()).toEqual(before);
  });
});
