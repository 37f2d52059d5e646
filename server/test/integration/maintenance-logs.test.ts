// Service and odometer logs (issue 13 items 1-2) on a hand-made fleet at a pinned instant: newest
// first, a reading below the last one logged needs confirmation, a date in the future is refused,
// an odometer correction sets the running odometer from its time on while stored trips keep their
// distances, another client's ids answer like missing ones, and the roles of SPEC §6.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetClock } from '../../src/clock';
import type { TestApp } from '../support/test-app';
import { addHandTrip, addHandUnit } from '../support/hand-fleet';
import { maintenanceScene, type MaintenanceScene } from '../support/maintenance';

const NOW = Date.parse('2026-03-10T10:00:00+02:00');
const HOUR = 3600_000;

let s: MaintenanceScene;
let t: TestApp;
let token: string;
let lite: string;
let other: string;
let cid: number;
let car = 0;
let van = 0;
const db = () => s.db();
const ok = (tok: string, task: string, params?: Record<string, unknown>) => s.ok(tok, task, params);

const serviceCount = async () =>
  Number(
    (
      await db()
        .selectFrom('service_logs')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('client_id', '=', cid)
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  // The tracker says 1,000 km now.
  s = await maintenanceScene(NOW, 'Logs Fleet', 'logs', 'logslite', async (scene) => {
    car = await addHandUnit(scene.db(), scene.cid, { name: 'Car' }, NOW);
    van = await addHandUnit(scene.db(), scene.cid, { name: 'Van' }, NOW);
  });
  ({ t, token, lite, other, cid } = s);
});
afterAll(async () => {
  resetClock();
  await t.close();
});

describe('service logs', () => {
  it('stores an entry with its cost in cents and lists the newest first', async () => {
    const first = await ok(token, 'set_service_log', {
      vid: car,
      datetimestamp: '2026-01-15T08:00:00+02:00',
      odometer: 40_000,
      work_type: 'service',
      cost: 189_900,
      workshop: 'Midas Centurion',
      notes: 'Oil and filters',
      attachments: ['invoice 4411.pdf'],
    });
    expect(first.service_log).toMatchObject({
      vid: car,
      vehicle: 'Car',
      datetimestamp: '2026-01-15T06:00:00.000Z',
      odometer: 40_000,
      engine_hours: null,
      cost: 189_900,
      workshop: 'Midas Centurion',
      attachments: ['invoice 4411.pdf'],
      created_by: 'logs',
    });
    await ok(token, 'set_service_log', {
      vid: car,
      datetimestamp: '2026-02-20T08:00:00+02:00',
      odometer: 45_000,
      work_type: 'brakes',
    });
    await ok(token, 'set_service_log', {
      vid: van,
      datetimestamp: '2026-02-01T08:00:00+02:00',
      odometer: 12_000,
      work_type: 'tyres',
    });
    const { service_logs, count } = await ok(token, 'get_service_logs', { vid: car });
    expect(count).toBe(2);
    expect(service_logs.map((l: any) => l.work_type)).toEqual(['brakes', 'service']);
    const all = await ok(token, 'get_service_logs');
    expect(all.service_logs.map((l: any) => l.datetimestamp)).toEqual([
      '2026-02-20T06:00:00.000Z',
      '2026-02-01T06:00:00.000Z',
      '2026-01-15T06:00:00.000Z',
    ]);
    const { vehicles } = await ok(token, 'get_service_vehicles');
    expect(vehicles.find((v: any) => v.vid === car)).toMatchObject({
      service_count: 2,
      last_service: { work_type: 'brakes', reading: 45_000 },
    });
    const logged = await db()
      .selectFrom('change_logs')
      .select(['entity_type', 'action', 'description'])
      .where('client_id', '=', cid)
      .where('entity_type', '=', 'Service Log')
      .execute();
    expect(logged.length).toBe(3);
  });

  it('asks for confirmation of a reading below the last one logged, and stores nothing until then', async () => {
    const before = await serviceCount();
    const entry = {
      vid: car,
      datetimestamp: '2026-03-01T08:00:00+02:00',
      odometer: 44_000,
      work_type: 'repair',
    };
    const res = await t.task(token, 'set_service_log', entry);
    expect(res.result).toBe(1);
    expect(res.message).toMatch(
      /^confirm_lower: 44,000 km is below the last logged reading of 45,000 km \(Fri 20 Feb 2026 08:00 SAST\)/,
    );
    expect(await serviceCount()).toBe(before);
    // An older entry below a later one is not "lower": only what was logged before it counts.
    await ok(token, 'set_service_log', { ...entry, datetimestamp: '2026-02-01T08:00:00+02:00' });
    const confirmed = await ok(token, 'set_service_log', { ...entry, confirm_lower: true });
    expect(confirmed.service_log.odometer).toBe(44_000);
    expect(await serviceCount()).toBe(before + 2);
  });

  it('refuses a date in the future and a missing reading', async () => {
    const before = await serviceCount();
    const future = await t.task(token, 'set_service_log', {
      vid: car,
      datetimestamp: '2026-03-10T12:00:00+02:00',
      odometer: 50_000,
      work_type: 'service',
    });
    expect(future.message).toBe('datetimestamp: the date is in the future');
    const hours = await t.task(token, 'set_service_log', {
      vid: car,
      datetimestamp: '2026-03-09T12:00:00+02:00',
      display_hours: 1,
      odometer: 50_000,
      work_type: 'service',
    });
    expect(hours.message).toBe('engine_hours: enter the engine hours');
    expect(await serviceCount()).toBe(before);
  });

  it('edits and deletes an entry with change-log rows', async () => {
    const { service_log } = await ok(token, 'set_service_log', {
      vid: van,
      datetimestamp: '2026-03-05T08:00:00+02:00',
      odometer: 13_000,
      work_type: 'other',
      notes: 'Wipers',
    });
    const edited = await ok(token, 'set_service_log', {
      id: service_log.id,
      vid: van,
      datetimestamp: '2026-03-05T08:00:00+02:00',
      odometer: 13_100,
      work_type: 'other',
      notes: 'Wipers and bulbs',
    });
    expect(edited.service_log).toMatchObject({ id: service_log.id, odometer: 13_100 });
    await ok(token, 'delete_service_log', { id: service_log.id });
    const gone = await t.task(token, 'delete_service_log', { id: service_log.id });
    expect(gone.message).toBe('Service log not found');
  });
});

describe('odometer logs', () => {
  it('a correction sets the running odometer from its time on; stored trips keep their distances', async () => {
    // The tracker's stored positions: 990 km two hours ago, 1,000 km now (unit_state).
    await db()
      .insertInto('positions')
      .values(
        [
          { t: NOW - 5 * HOUR, m: 950_000 },
          { t: NOW - 2 * HOUR, m: 990_000 },
        ].map((p) => ({
          unit_id: car,
          fix_time: p.t,
          server_time: p.t,
          lat: -26.1,
          lon: 28.05,
          speed: 0,
          course: 0,
          altitude: null,
          satellites: 9,
          valid: 1,
          ignition: 0,
          odometer: p.m,
          attributes: '{}',
        })),
      )
      .execute();
    await addHandTrip(db(), cid, car, NOW - 3 * HOUR, 12_345);
    const trips = () =>
      db().selectFrom('trips').select(['id', 'distance']).where('unit_id', '=', car).execute();
    const tripsBefore = await trips();

    const reading = await ok(token, 'set_odometer_log', {
      vid: car,
      datetimestamp: new Date(NOW - 4 * HOUR).toISOString(),
      odometer: 80_000,
      notes: 'From the dashboard',
    });
    // A reading is noted beside what the tracker said, and changes nothing.
    expect(reading.odometer_log).toMatchObject({ kind: 'reading', odometer: 80_000, tracked: 950 });
    expect(reading.odometer).toBe(1000);

    const fix = await ok(token, 'set_odometer_log', {
      vid: car,
      datetimestamp: new Date(NOW - 2 * HOUR).toISOString(),
      odometer: 81_234.5,
      kind: 'correction',
    });
    // At the correction's time the unit read 990 km; it now reads 81,234.5 km there, so 81,244.5 now.
    expect(fix.odometer_log).toMatchObject({ kind: 'correction', tracked: 990 });
    expect(fix.odometer).toBe(81_244.5);
    const { vehicle } = await ok(token, 'get_vehicle', { uid: car });
    expect(vehicle.odometer).toBe(81_244.5);
    expect(await trips()).toEqual(tripsBefore);

    const { odometer_logs } = await ok(token, 'get_odometer_logs', { vid: car });
    expect(odometer_logs.map((l: any) => l.kind)).toEqual(['correction', 'reading']);
    const future = await t.task(token, 'set_odometer_log', {
      vid: car,
      datetimestamp: new Date(NOW + HOUR).toISOString(),
      odometer: 90_000,
      kind: 'correction',
    });
    expect(future.message).toBe('datetimestamp: the date is in the future');
    expect((await ok(token, 'get_vehicle', { uid: car })).vehicle.odometer).toBe(81_244.5);
  });
});

describe('tenancy and roles', () => {
  it("answers another client's vehicle and entry like missing ones", async () => {
    const { service_logs } = await ok(token, 'get_service_logs', { vid: car });
    const id = service_logs[0].id;
    expect((await t.task(other, 'get_service_logs', { vid: car })).message).toBe('Unit not found');
    const foreign = await t.task(other, 'delete_service_log', { id });
    const missing = await t.task(other, 'delete_service_log', { id: 987654 });
    expect(foreign).toEqual({ ...missing, ref: foreign.ref });
    expect(
      (
        await t.task(other, 'set_service_log', {
          id,
          vid: car,
          datetimestamp: '2026-03-01T08:00:00Z',
          odometer: 1,
          work_type: 'other',
        })
      ).message,
    ).toBe('Unit not found');
    expect((await t.task(other, 'get_odometer_logs', { vid: car })).message).toBe('Unit not found');
    expect(
      (
        await t.task(other, 'set_odometer_log', {
          vid: car,
          datetimestamp: '2026-03-01T08:00:00Z',
          odometer: 1,
          kind: 'correction',
        })
      ).message,
    ).toBe('Unit not found');
    expect((await ok(token, 'get_service_logs', { vid: car })).service_logs[0].id).toBe(id);
  });

  it('refuses users without the service roles (SPEC §6)', async () => {
    expect((await t.task(lite, 'get_service_logs')).result).toBe(3);
    expect((await t.task(lite, 'get_odometer_logs', { vid: car })).result).toBe(3);
    expect(
      (
        await t.task(lite, 'set_service_log', {
          vid: car,
          datetimestamp: '2026-03-01T08:00:00Z',
          odometer: 1,
          work_type: 'other',
        })
      ).result,
    ).toBe(3);
  });
});
