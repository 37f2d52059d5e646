// The recovery desk's client and unit pages (issue 16 item 5): get_recovery_client (the client,
// its units, contacts, open chase-ups and recovery history) and get_recovery_unit (the unit with
// its live state and device, its last 50 device events in words, chase-ups of every state,
// recovery logs, odometer logs newest first and backup units), for any client's data, by support
// staff only. Rows are written here directly; the desk's tasks are tested in recovery-desk.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { now } from '../../src/clock';
import { addHandClient, addHandUnit } from '../support/hand-fleet';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let support: string;
let cid: number;
let otherCid: number;
let bakkie: number;
let sedan: number;
let backup: number;
let foreign: number;
const chaseups: Record<string, number> = {};
const logs: Record<string, number> = {};
const db = () => t.running.services.db.db;
const MIN = 60_000;
let base: number;

async function addChaseup(uid: number, client: number, type: number, state: number, at: number) {
  const { id } = await db()
    .insertInto('chaseup_events')
    .values({
      client_id: client,
      unit_id: uid,
      type,
      state,
      time: at,
      lat: -26.1,
      lon: 28.05,
      rule_alert_id: null,
      device_event_id: null,
      assigned_to_username: state === 0 ? null : 'support',
      created: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

async function addRecoveryLog(uid: number, client: number, state: number, at: number) {
  const { id } = await db()
    .insertInto('recovery_logs')
    .values({
      client_id: client,
      unit_id: uid,
      state,
      initiated_by: 1,
      chaseup_id: null,
      start_time: at,
      end_time: state === 0 ? null : at + 60 * MIN,
      recovery_team: 'Team Bravo',
      lat: null,
      lon: null,
      created_by: 'support',
      created: at,
      updated: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

async function addPerson(client: number, first: string, rank: number, roles: number[]) {
  await db()
    .insertInto('people')
    .values({
      client_id: client,
      first_name: first,
      surname: 'Contact',
      title: 'Ms',
      rank,
      roles: JSON.stringify(roles),
      contact_roles: '[]',
      email: `${first.toLowerCase()}@example.com`,
      cellphone: '0821110000',
      licence_class: 'unknown',
      licence_expiry: null,
      prdp_expiry: null,
      driver_tag: null,
      created: now(),
    })
    .execute();
}

beforeAll(async () => {
  t = await createTestApp();
  support = await t.login('support');
  base = now() - 5 * 86_400_000;
  cid = await addHandClient(db(), 'Views Logistics', [], base);
  otherCid = await addHandClient(db(), 'Views Elsewhere', [], base);
  sedan = await addHandUnit(db(), cid, { name: 'Sedan 2' }, now());
  bakkie = await addHandUnit(db(), cid, { name: 'Bakkie 1' }, now());
  backup = await addHandUnit(db(), cid, { name: 'Bakkie 1 backup' }, base);
  foreign = await addHandUnit(db(), otherCid, { name: 'Elsewhere 1' }, base);
  await db()
    .updateTable('units')
    .set({ service_type: 'backup', backup_of: bakkie })
    .where('uid', '=', backup)
    .execute();
  await db()
    .updateTable('units')
    .set({ vin: 'AHTFR22G600123456', make: 'Toyota', model: 'Hilux', colour: 'White' })
    .where('uid', '=', bakkie)
    .execute();
  // Chase-ups of every kind of state; another client's is never on this client's page.
  chaseups.resolved = await addChaseup(bakkie, cid, 6, 3, base + 1 * MIN);
  chaseups.fresh = await addChaseup(bakkie, cid, 6, 0, base + 2 * MIN);
  chaseups.duplicate = await addChaseup(bakkie, cid, 6, 6, base + 3 * MIN);
  chaseups.contacted = await addChaseup(sedan, cid, 15, 2, base + 4 * MIN);
  chaseups.cancelled = await addChaseup(sedan, cid, 1, 4, base + 5 * MIN);
  chaseups.foreign = await addChaseup(foreign, otherCid, 7, 0, base + 6 * MIN);
  logs.recovered = await addRecoveryLog(bakkie, cid, 1, base + 10 * MIN);
  logs.sedan = await addRecoveryLog(sedan, cid, 3, base + 20 * MIN);
  logs.foreign = await addRecoveryLog(foreign, otherCid, 0, base + 30 * MIN);
  await addPerson(cid, 'Owner', 0, [0, 1]);
  await addPerson(cid, 'Emergency', 3, [0, 8]);
  await addPerson(cid, 'Driver', 1, [0, 6]);
  await addPerson(cid, 'Deleted', 2, [0, 8, 11]);
  // 55 device events of the bakkie, a minute apart, and odometer logs out of order.
  const types = ['ignition_on', 'panic', 'power_cut', 'towing', 'some_new_type'];
  await db()
    .insertInto('device_events')
    .values(
      Array.from({ length: 55 }, (_, i) => ({
        unit_id: bakkie,
        client_id: cid,
        time: base + i * MIN,
        type: types[i % types.length],
        lat: -26.1,
        lon: 28.05,
        speed: 0,
        attributes: '{}',
      })),
    )
    .execute();
  for (const [days, km] of [
    [30, 120_000],
    [2, 121_500],
    [10, 121_000],
  ])
    await db()
      .insertInto('odometer_logs')
      .values({
        client_id: cid,
        unit_id: bakkie,
        datetimestamp: base - days * 86_400_000,
        odometer: km,
        kind: 'reading',
        tracked: null,
        created: base,
      })
      .execute();
}, 120_000);
afterAll(() => t.close());

describe('get_recovery_client', () => {
  it('shows the client, its units, contacts, open chase-ups and recovery history', async () => {
    const res = await t.task(support, 'get_recovery_client', { cid });
    expect(res.result, JSON.stringify(res).slice(0, 300)).toBe(0);
    const v = res.data;
    expect(v.client).toEqual({
      cid,
      name: 'Views Logistics',
      state: 1,
      timezone: 'Africa/Johannesburg',
      chase_up: true,
    });
    expect(v.units.map((u: { name: string }) => u.name)).toEqual([
      'Bakkie 1',
      'Bakkie 1 backup',
      'Sedan 2',
    ]);
    expect(v.units[0]).toMatchObject({ uid: bakkie, connected: true, tags: [] });
    expect(v.units[0]).not.toHaveProperty('client_id');
    // Emergency contacts first, then the other contacts; never a driver only or a deleted person.
    expect(v.contacts.map((c: { first_name: string }) => c.first_name)).toEqual([
      'Emergency',
      'Owner',
    ]);
    // Open (New, Assigned, Customer Contacted) only, newest first.
    expect(v.chaseup_events.map((c: { id: number }) => c.id)).toEqual([
      chaseups.contacted,
      chaseups.fresh,
    ]);
    expect(v.chaseup_events[0]).toMatchObject({
      cid,
      client_name: 'Views Logistics',
      unit_name: 'Sedan 2',
      type_name: 'Towing',
      state_name: 'Customer Contacted',
    });
    expect(v.recovery_logs.map((l: { id: number }) => l.id)).toEqual([logs.sedan, logs.recovered]);
  });

  it('says so for a client that does not exist', async () => {
    const res = await t.task(support, 'get_recovery_client', { cid: 999_999 });
    expect(res).toMatchObject({ result: 1, message: 'Client not found' });
  });
});

describe('get_recovery_unit', () => {
  it('shows the unit, its last 50 events in words, chase-ups, recovery and odometer logs', async () => {
    const res = await t.task(support, 'get_recovery_unit', { uid: bakkie });
    expect(res.result, JSON.stringify(res).slice(0, 300)).toBe(0);
    const v = res.data;
    expect(v.unit).toMatchObject({
      uid: bakkie,
      name: 'Bakkie 1',
      cid,
      client_name: 'Views Logistics',
      vin: 'AHTFR22G600123456',
      make: 'Toyota',
      model: 'Hilux',
      colour: 'White',
      device_id: `HAND-${cid}-Bakkie 1`,
      protocol: 'osmand',
      backup_of: null,
      connected: true,
    });
    expect(v.events).toHaveLength(50);
    expect(v.events[0]).toEqual({
      id: expect.any(Number),
      type: 'some_new_type',
      label: 'Some new type',
      time: new Date(base + 54 * MIN).toISOString(),
      lat: -26.1,
      lon: 28.05,
    });
    expect(v.events[1]).toMatchObject({ type: 'towing', label: 'Towing' });
    expect(v.events[2]).toMatchObject({ type: 'power_cut', label: 'Power cut' });
    expect(v.events[3]).toMatchObject({ type: 'panic', label: 'Panic button' });
    expect(v.events[49].time).toBe(new Date(base + 5 * MIN).toISOString());
    // Every state, the internal ones too, newest first.
    expect(v.chaseup_events.map((c: { id: number }) => c.id)).toEqual([
      chaseups.duplicate,
      chaseups.fresh,
      chaseups.resolved,
    ]);
    expect(v.chaseup_events[0]).toMatchObject({
      state_name: 'Duplicate',
      type_name: 'Panic wired',
    });
    expect(v.recovery_logs.map((l: { id: number }) => l.id)).toEqual([logs.recovered]);
    expect(v.recovery_logs[0]).toMatchObject({
      state_name: 'Vehicle recovered',
      recovery_team: 'Team Bravo',
    });
    expect(v.odometer_logs.map((o: { odometer: number }) => o.odometer)).toEqual([
      121_500, 121_000, 120_000,
    ]);
    expect(v.odometer_logs[0]).toMatchObject({
      kind: 'reading',
      datetimestamp: new Date(base - 2 * 86_400_000).toISOString(),
    });
    expect(v.backup_units.map((b: { uid: number }) => b.uid)).toEqual([backup]);
    expect(v.backup_units[0]).toMatchObject({ main_name: 'Bakkie 1', backup_of: bakkie });
  });

  it("shows a backup unit with its vehicle's backups, and a unit without any", async () => {
    const b = await t.task(support, 'get_recovery_unit', { uid: backup });
    expect(b.data.unit.backup_of).toBe(bakkie);
    expect(b.data.backup_units.map((u: { uid: number }) => u.uid)).toEqual([backup]);
    expect(b.data.events).toEqual([]);
    const s = await t.task(support, 'get_recovery_unit', { uid: sedan });
    expect(s.data.backup_units).toEqual([]);
    expect(s.data.chaseup_events.map((c: { id: number }) => c.id)).toEqual([
      chaseups.cancelled,
      chaseups.contacted,
    ]);
  });

  it("shows any client's unit, and says so for one that does not exist", async () => {
    const f = await t.task(support, 'get_recovery_unit', { uid: foreign });
    expect(f.data.unit).toMatchObject({ cid: otherCid, client_name: 'Views Elsewhere' });
    expect(f.data.chaseup_events.map((c: { id: number }) => c.id)).toEqual([chaseups.foreign]);
    expect(f.data.recovery_logs.map((l: { id: number }) => l.id)).toEqual([logs.foreign]);
    const res = await t.task(support, 'get_recovery_unit', { uid: 999_999 });
    expect(res).toMatchObject({ result: 1, message: 'Unit not found' });
  });
});

describe('access', () => {
  it('answers result 3 to anyone but support staff', async () => {
    const demo = await t.login('demo');
    const demoUnit = (await t.task(demo, 'get_unit_list_full', {})).data.units[0].uid;
    const demoCid = (
      await db()
        .selectFrom('clients')
        .select('cid')
        .where('name', '=', 'Demo Fleet')
        .executeTakeFirstOrThrow()
    ).cid;
    expect((await t.task(demo, 'get_recovery_client', { cid: demoCid })).result).toBe(3);
    expect((await t.task(demo, 'get_recovery_unit', { uid: demoUnit })).result).toBe(3);
  });
});
