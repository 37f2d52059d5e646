// Following a vehicle (issue 16 items 6 and 7): backup units (a second, hidden tracker of service
// type Backup paired with the vehicle's main unit; get_backup_unit_data, set_backup_unit), stealth
// units as before (get_stealth_unit_data, for any client's by support staff), and border crossings
// (get_cross_border_data: stays outside South Africa by the Border crossing rule's polygon, from
// positions written here around the Beitbridge and Lebombo border posts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haversineMeters } from '@fleet/common';
import { now } from '../../src/clock';
import { addHandClient, addHandUnit } from '../support/hand-fleet';
import { positionRow } from '../support/raw-rows';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let support: string;
let demo: string;
let cid: number;
let otherCid: number;
let main: number;
let backup: number;
let spare: number;
let plain: number;
let foreignMain: number;
let stealth: number;
const db = () => t.running.services.db.db;

const MAIN_FIX = { lat: -26.1, lon: 28.05 };
const BACKUP_FIX = { lat: -26.1009, lon: 28.0512 };

async function changeLogs(entityId: number) {
  return db()
    .selectFrom('change_logs')
    .select(['action', 'entity_type', 'username', 'description'])
    .where('entity_type', '=', 'Backup Unit')
    .where('entity_id', '=', String(entityId))
    .orderBy('id')
    .execute();
}

async function backupOf(uid: number) {
  const row = await db()
    .selectFrom('units')
    .select('backup_of')
    .where('uid', '=', uid)
    .executeTakeFirstOrThrow();
  return row.backup_of;
}

beforeAll(async () => {
  t = await createTestApp();
  support = await t.login('support');
  demo = await t.login('demo');
  const at = now();
  cid = await addHandClient(db(), 'Backup Haulage', [], at);
  otherCid = await addHandClient(db(), 'Elsewhere Transport', [], at);
  main = await addHandUnit(db(), cid, { name: 'Main Truck', state: MAIN_FIX }, at);
  backup = await addHandUnit(db(), cid, { name: 'Hidden Tracker', state: BACKUP_FIX }, at);
  spare = await addHandUnit(db(), cid, { name: 'Spare Tracker', state: null }, at);
  plain = await addHandUnit(db(), cid, { name: 'Plain Car' }, at);
  foreignMain = await addHandUnit(db(), otherCid, { name: 'Foreign Truck' }, at);
  stealth = await addHandUnit(db(), otherCid, { name: 'Quiet One' }, at);
  for (const uid of [backup, spare])
    await db()
      .updateTable('units')
      .set({ service_type: 'backup' })
      .where('uid', '=', uid)
      .execute();
  await db()
    .updateTable('units')
    .set({ service_type: 'stealth' })
    .where('uid', '=', stealth)
    .execute();
}, 120_000);
afterAll(() => t.close());

describe('backup units', () => {
  it('pairs a Backup service type unit with its main unit, in the change log', async () => {
    const res = await t.task(support, 'set_backup_unit', { uid: backup, backup_of: main });
    expect(res.result, JSON.stringify(res)).toBe(0);
    expect(res.data.unit).toMatchObject({
      uid: backup,
      cid,
      backup_of: main,
      name: 'Hidden Tracker',
    });
    expect(await changeLogs(backup)).toEqual([
      {
        action: 'E',
        entity_type: 'Backup Unit',
        username: 'support',
        description: 'Hidden Tracker is the backup unit of Main Truck',
      },
    ]);
    expect((await t.task(support, 'set_backup_unit', { uid: spare, backup_of: main })).result).toBe(
      0,
    );
  });

  it('refuses a unit that is not a backup, a main unit of another client or one that is a backup', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ uid: plain, backup_of: main }, 'uid: Plain Car is not a Backup service type unit'],
      [
        { uid: backup, backup_of: foreignMain },
        'backup_of: Foreign Truck is a unit of another client',
      ],
      [{ uid: backup, backup_of: spare }, 'backup_of: Spare Tracker is itself a backup unit'],
      [{ uid: backup, backup_of: backup }, 'backup_of: a unit cannot back itself up'],
      [{ uid: backup, backup_of: 999_999 }, 'backup_of: Unit not found'],
      [{ uid: 999_999, backup_of: main }, 'Unit not found'],
    ];
    for (const [params, message] of cases) {
      const res = await t.task(support, 'set_backup_unit', params);
      expect(res, JSON.stringify(params)).toMatchObject({ result: 1, message });
    }
    expect(await backupOf(backup)).toBe(main);
    expect(await backupOf(plain)).toBeNull();
    expect(await changeLogs(plain)).toEqual([]);
  });

  it("answers a main unit's backups, or a backup unit itself, with state and distance", async () => {
    const res = await t.task(support, 'get_backup_unit_data', { uids: [main] });
    expect(res.result).toBe(0);
    const list = res.data.backup_units;
    expect(list.map((b: { name: string }) => b.name)).toEqual(['Hidden Tracker', 'Spare Tracker']);
    const [hidden, sp] = list;
    expect(hidden).toMatchObject({
      uid: backup,
      cid,
      backup_of: main,
      main_name: 'Main Truck',
      service_type: 'backup',
      connected: true,
      battery: 4.1,
      power: 12.8,
      position: { lat: BACKUP_FIX.lat, lon: BACKUP_FIX.lon },
    });
    expect(typeof hidden.last_data).toBe('string');
    const metres = haversineMeters(MAIN_FIX.lat, MAIN_FIX.lon, BACKUP_FIX.lat, BACKUP_FIX.lon);
    expect(hidden.distance_from_main).toBe(Math.round(metres));
    // A backup unit that never reported: no state, no distance.
    expect(sp).toMatchObject({
      uid: spare,
      last_data: null,
      distance_from_main: null,
      position: null,
    });

    const itself = await t.task(support, 'get_backup_unit_data', { uids: [backup] });
    expect(itself.data.backup_units.map((b: { uid: number }) => b.uid)).toEqual([backup]);
    expect(itself.data.backup_units[0].main_name).toBe('Main Truck');
    const both = await t.task(support, 'get_backup_unit_data', { uids: [backup, main, 999_999] });
    expect(both.data.backup_units.map((b: { uid: number }) => b.uid)).toEqual([backup, spare]);
    const none = await t.task(support, 'get_backup_unit_data', { uids: [plain] });
    expect(none.data.backup_units).toEqual([]);
  });

  it('unpairs a backup unit', async () => {
    const res = await t.task(support, 'set_backup_unit', { uid: spare, backup_of: null });
    expect(res.result).toBe(0);
    expect(res.data.unit.backup_of).toBeNull();
    const list = await t.task(support, 'get_backup_unit_data', { uids: [main] });
    expect(list.data.backup_units.map((b: { uid: number }) => b.uid)).toEqual([backup]);
    expect((await changeLogs(spare)).map((c) => c.description)).toEqual([
      'Spare Tracker is the backup unit of Main Truck',
      'Spare Tracker is no longer the backup unit of Main Truck',
    ]);
  });

  it('answers result 3 to anyone but support staff, and stores nothing', async () => {
    expect((await t.task(demo, 'get_backup_unit_data', { uids: [main] })).result).toBe(3);
    expect((await t.task(demo, 'set_backup_unit', { uid: backup, backup_of: null })).result).toBe(
      3,
    );
    expect(await backupOf(backup)).toBe(main);
  });
});

describe('stealth units', () => {
  it('are listed for support staff of any client, as before', async () => {
    const res = await t.task(support, 'get_stealth_unit_data', { uids: [stealth] });
    expect(res.result).toBe(0);
    expect(res.data.stealth_units).toHaveLength(1);
    expect(res.data.stealth_units[0]).toMatchObject({
      uid: stealth,
      name: 'Quiet One',
      service_type: 'stealth',
      battery: 4.1,
      power: 12.8,
    });
    const all = await t.task(support, 'get_stealth_unit_data', {});
    const names = all.data.stealth_units.map((u: { name: string }) => u.name);
    expect(names).toContain('Quiet One');
    // Demo Fleet's stealth units too.
    expect(names).toContain('Toyota Fortuner PRE-10');
    // A client user sees only its own client's.
    const own = await t.task(demo, 'get_stealth_unit_data', { uids: [stealth] });
    expect(own.data.stealth_units).toEqual([]);
  });
});

describe('border crossings', () => {
  const S = 1000;
  const DAY = 86_400_000;
  // Beitbridge: Musina and the South African post are inside, Beitbridge town is in Zimbabwe.
  const MUSINA = { lat: -22.3526, lon: 30.0405 };
  const SA_POST = { lat: -22.225, lon: 29.9917 };
  const ZIMBABWE = { lat: -22.2167, lon: 30.0 };
  // Lebombo: Komatipoort is inside, Ressano Garcia in Mozambique.
  const KOMATIPOORT = { lat: -25.4333, lon: 31.95 };
  const MOZAMBIQUE = { lat: -25.442, lon: 32.003 };
  let uid: number;
  let start: number;

  beforeAll(async () => {
    uid = await addHandUnit(db(), cid, { name: 'Cross Border Bus' }, now());
    start = Math.floor((now() - 20 * DAY) / 1000) * 1000;
    const rows: ReturnType<typeof positionRow>[] = [];
    const at = (s: number, p: { lat: number; lon: number }, fields = {}) =>
      rows.push(positionRow(uid, start + s * S, { ...p, speed: 60, ...fields }));
    at(0, MUSINA);
    at(10, SA_POST);
    // A fix outside that the tracker itself marked invalid does not count.
    at(15, ZIMBABWE, { valid: 0 });
    at(20, SA_POST);
    // Out into Zimbabwe at 30 s, 6,000 fixes (more than a page read at once), back at 60,030 s.
    for (let k = 0; k < 6000; k++)
      at(30 + k * 10, { lat: ZIMBABWE.lat + k * 1e-6, lon: ZIMBABWE.lon + k * 1e-6 });
    at(60_030, SA_POST);
    at(60_040, MUSINA);
    // Later into Mozambique at Lebombo, and still there at the end of the period.
    at(70_000, KOMATIPOORT);
    at(70_010, MOZAMBIQUE);
    at(70_020, MOZAMBIQUE, { speed: 0 });
    for (let i = 0; i < rows.length; i += 500)
      await db()
        .insertInto('positions')
        .values(rows.slice(i, i + 500))
        .execute();
    await db()
      .updateTable('unit_state')
      .set({ ...MOZAMBIQUE, fix_time: start + 70_020 * S, server_time: start + 70_020 * S })
      .where('unit_id', '=', uid)
      .execute();
  });

  const iso = (s: number) => new Date(start + s * S).toISOString();

  it('finds each stay outside: exit, entry, seconds outside and the track abroad', async () => {
    const to = start + 80_000 * S;
    const res = await t.task(support, 'get_cross_border_data', {
      uid,
      from: iso(-60),
      to: new Date(to).toISOString(),
    });
    expect(res.result, JSON.stringify(res).slice(0, 300)).toBe(0);
    const data = res.data.cross_border_data;
    expect(data).toMatchObject({ uid, from: iso(-60), to: iso(80_000), outside_now: true });
    expect(data.crossings).toHaveLength(2);
    const [zw, mz] = data.crossings;
    expect(zw).toMatchObject({
      exit_time: iso(30),
      exit_lat: ZIMBABWE.lat,
      exit_lon: ZIMBABWE.lon,
      entry_time: iso(60_030),
      entry_lat: SA_POST.lat,
      entry_lon: SA_POST.lon,
      country: '',
      seconds_outside: 60_000,
    });
    // 6,000 fixes abroad, thinned evenly to 2,000: the first and the last kept, in time order.
    expect(zw.track).toHaveLength(2000);
    expect(zw.track[0]).toEqual({ ...ZIMBABWE, speed: 60, datetime: iso(30) });
    expect(zw.track[1999].datetime).toBe(iso(30 + 5999 * 10));
    const times = zw.track.map((f: { datetime: string }) => Date.parse(f.datetime));
    expect(times.every((x: number, i: number) => i === 0 || x > times[i - 1])).toBe(true);
    const gaps = times.slice(1).map((x: number, i: number) => (x - times[i]) / S);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(40);
    // Still outside at the end: no entry, counted up to the end of the period.
    expect(mz).toMatchObject({
      exit_time: iso(70_010),
      entry_time: null,
      entry_lat: null,
      entry_lon: null,
      seconds_outside: 10_000 - 10,
    });
    expect(mz.track.map((f: { speed: number }) => f.speed)).toEqual([60, 0]);
    expect(data.seconds_outside).toBe(60_000 + 9_990);
  });

  it('answers a period without crossings, and one that starts outside', async () => {
    const calm = await t.task(support, 'get_cross_border_data', {
      uid,
      from: iso(-3600),
      to: iso(25),
    });
    expect(calm.data.cross_border_data.crossings).toEqual([]);
    expect(calm.data.cross_border_data.seconds_outside).toBe(0);
    const midway = await t.task(support, 'get_cross_border_data', {
      uid,
      from: iso(1_000),
      to: iso(65_000),
    });
    expect(midway.data.cross_border_data.crossings).toHaveLength(1);
    expect(midway.data.cross_border_data.crossings[0]).toMatchObject({
      exit_time: iso(1_000),
      entry_time: iso(60_030),
      seconds_outside: 59_030,
    });
  });

  it('refuses a period over 92 days and one that ends before it starts', async () => {
    const long = await t.task(support, 'get_cross_border_data', {
      uid,
      from: iso(0),
      to: new Date(start + 93 * DAY).toISOString(),
    });
    expect(long).toMatchObject({ result: 1, message: 'date range: at most 92 days' });
    const ok = await t.task(support, 'get_cross_border_data', {
      uid,
      from: iso(0),
      to: new Date(start + 92 * DAY).toISOString(),
    });
    expect(ok.result).toBe(0);
    const backwards = await t.task(support, 'get_cross_border_data', {
      uid,
      from: iso(10),
      to: iso(0),
    });
    expect(backwards).toMatchObject({ result: 1, message: 'to: must be after from' });
  });

  it('answers result 3 to anyone but support staff', async () => {
    const res = await t.task(demo, 'get_cross_border_data', { uid, from: iso(0), to: iso(100) });
    expect(res.result).toBe(3);
  });
});
