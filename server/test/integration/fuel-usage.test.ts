// Fuel usage (issue 13 item 5): distance between fills from the tracker's odometer when it has
// positions at both fill times (else the fuel card's readings), L/100 km, a fill far above the
// vehicle's usual consumption, and the two fraud flags: away from any stop at the fill time, and
// more litres than the tank. The demo's one suspicious fill is found and counted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { now } from '../../src/clock';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let demo: string;
let unit: { uid: number; reg: string; client_id: number; tank_size: number | null };

const db = () => t.running.services.db.db;
const DAY = 86_400_000;
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();
const card = (ms: number) => iso(ms); // with Z: taken as written

/** Johannesburg and a point 40 km north of it. */
const HOME = { lat: -26.2041, lon: 28.0473 };
const AWAY = { lat: -25.8441, lon: 28.0473 };

async function position(at: number, where: { lat: number; lon: number }, odometerKm: number) {
  await db()
    .insertInto('positions')
    .values({
      unit_id: unit.uid,
      fix_time: at,
      server_time: at,
      ...where,
      speed: 0,
      course: 0,
      altitude: null,
      satellites: 9,
      valid: 1,
      ignition: 0,
      odometer: odometerKm * 1000,
      attributes: '{}',
    })
    .execute();
}

async function stop(from: number, to: number, where: { lat: number; lon: number }) {
  await db()
    .insertInto('trips')
    .values({
      unit_id: unit.uid,
      client_id: unit.client_id,
      type: 1,
      start_time: from,
      end_time: to,
      start_lat: where.lat,
      start_lon: where.lon,
      end_lat: where.lat,
      end_lon: where.lon,
      distance: 0,
      max_speed: 0,
      duration: (to - from) / 1000,
      driver_id: null,
      label: '',
      speed_histogram: '{}',
      open: 0,
      min_lat: where.lat,
      min_lon: where.lon,
      max_lat: where.lat,
      max_lon: where.lon,
    })
    .execute();
}

beforeAll(async () => {
  t = await createTestApp();
  demo = await t.login('demo');
  unit = await db()
    .selectFrom('units')
    .innerJoin('clients', 'clients.cid', 'units.client_id')
    .select(['units.uid', 'units.reg', 'units.client_id', 'units.tank_size'])
    .where('clients.name', '=', 'Demo Fleet')
    .where('units.model', 'like', 'Hilux%')
    .orderBy('units.uid')
    .executeTakeFirstOrThrow();
});
afterAll(() => t.close());

describe('fuel usage', () => {
  it("shows the demo's three months with exactly one suspicious fill: more than the tank", async () => {
    const res = await t.task(demo, 'get_fuel_usage', {
      from: iso(now() - 100 * DAY),
      to: iso(now()),
    });
    expect(res.result).toBe(0);
    expect(res.data.vehicles.length).toBeGreaterThan(20);
    expect(res.data.flagged_count).toBe(1);
    const [flagged] = res.data.fills.filter((f: any) => f.flags.length);
    expect(flagged).toMatchObject({ uid: unit.uid, litres: 142, flags: ['tank'], tracked: false });
    // It also stands far above the bakkie's usual consumption, from the card's odometer.
    expect(flagged.used_source).toBe('card');
    expect(flagged.above_usual).toBe(true);
    expect(flagged.consumption).toBeGreaterThan(flagged.usual * 1.25);
    const hilux = res.data.vehicles.find((v: any) => v.uid === unit.uid);
    expect(hilux).toMatchObject({ basis: 'km', tank_size: 80, fills: 13, flagged: 1 });
    // Machines are measured in litres per engine hour.
    const tractor = res.data.vehicles.find((v: any) => v.name.startsWith('John Deere'));
    expect(tractor.basis).toBe('hours');
    expect(tractor.consumption).toBeGreaterThan(5);
    expect(tractor.consumption).toBeLessThan(20);
  });

  it('measures the distance with the tracker and flags a fill away from any stop', async () => {
    const first = now() - 3 * DAY;
    const second = now() - 1 * DAY;
    // First fill: parked at a stop at home. Second: 500 km later, 40 km from the only stop near it.
    await position(first - 5 * 60_000, HOME, 100_000);
    await stop(first - 20 * 60_000, first + 15 * 60_000, HOME);
    await position(second + 2 * 60_000, AWAY, 100_500);
    await stop(second - 50 * 60_000, second - 40 * 60_000, HOME);
    const up = await t.task(demo, 'set_fuel_batch', {
      file_name: 'tracked.csv',
      rows: [
        { line: 2, reg: unit.reg, datetimestamp: card(first), litres: '60', odometer: '1' },
        { line: 3, reg: unit.reg, datetimestamp: card(second), litres: '50', odometer: '2' },
      ],
      finish: true,
    });
    expect(up.data.fuel_batch.valid_count).toBe(2);
    const res = await t.task(demo, 'get_fuel_usage', {
      from: iso(now() - 4 * DAY),
      to: iso(now()),
      uids: [unit.uid],
    });
    const [newest, older] = res.data.fills;
    expect(older).toMatchObject({ tracked: true, flags: [] });
    expect(newest).toMatchObject({
      tracked: true,
      used: 500,
      used_source: 'tracker',
      consumption: 10,
      flags: ['away'],
    });
    expect(res.data.flagged_count).toBe(1);
    const [vehicle] = res.data.vehicles;
    expect(vehicle).toMatchObject({ uid: unit.uid, fills: 2, litres: 110, flagged: 1 });
    // A position with no stop within ±1 h is away too; a stop within 5 km is not.
    await stop(second - 30 * 60_000, second + 30 * 60_000, { lat: AWAY.lat + 0.03, lon: AWAY.lon });
    const again = await t.task(demo, 'get_fuel_usage', {
      from: iso(now() - 4 * DAY),
      to: iso(now()),
      uids: [unit.uid],
    });
    expect(again.data.fills[0].flags).toEqual([]);
    expect(again.data.flagged_count).toBe(0);
  });

  it('refuses a period that ends before it starts', async () => {
    const res = await t.task(demo, 'get_fuel_usage', {
      from: iso(now()),
      to: iso(now() - HOUR),
    });
    expect(res.result).toBe(1);
    expect(res.message).toBe('The period must end after it starts');
  });
});
