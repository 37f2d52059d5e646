// Route trips (issue 10): the stored trips that followed a route in a range, with how much of each
// was inside the corridor and how much of the route it covered. Recorded trips of 2021.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haversineMeters, pathLength, type LatLon } from '@fleet/common';
import { createTestApp, type TestApp } from '../support/test-app';
import { positionRow } from '../support/raw-rows';

let t: TestApp;
let demo: string;
let driver: number;
let helper: number;
let clientId: number;
let roid: number;

const T0 = Date.UTC(2021, 5, 1, 6, 0, 0);
const HOUR = 3600_000;
const iso = (ms: number) => new Date(ms).toISOString();

// The route: 5 km east, then 5.6 km north.
const A = { lat: -26.2, lon: 28.0, name: 'Depot' };
const C = { lat: -26.2, lon: 28.05 };
const B = { lat: -26.15, lon: 28.05, name: 'Customer' };

/** Points every 250 m along a line. */
function along(line: readonly LatLon[], step = 250): LatLon[] {
  const out: LatLon[] = [line[0]];
  for (let i = 1; i < line.length; i++) {
    const a = line[i - 1];
    const b = line[i];
    const n = Math.max(1, Math.round(haversineMeters(a.lat, a.lon, b.lat, b.lon) / step));
    for (let k = 1; k <= n; k++) {
      out.push({ lat: a.lat + ((b.lat - a.lat) * k) / n, lon: a.lon + ((b.lon - a.lon) * k) / n });
    }
  }
  return out;
}

const db = () => t.running.services.db.db;

/** A stored trip (type 0) of the unit over these points, a fix every 15 s from `start`. */
async function trip(uid: number, start: number, line: LatLon[]): Promise<number> {
  const points = along(line);
  const end = start + (points.length - 1) * 15_000;
  await db()
    .insertInto('positions')
    .values(
      points.map((p, i) =>
        positionRow(uid, start + i * 15_000, { lat: p.lat, lon: p.lon, speed: 60 }),
      ),
    )
    .execute();
  const row = await db()
    .insertInto('trips')
    .values({
      unit_id: uid,
      client_id: clientId,
      type: 0,
      start_time: start,
      end_time: end,
      start_lat: points[0].lat,
      start_lon: points[0].lon,
      end_lat: points.at(-1)!.lat,
      end_lon: points.at(-1)!.lon,
      distance: pathLength(points),
      max_speed: 60,
      duration: (end - start) / 1000,
      driver_id: null,
      label: 'unlabeled',
      speed_histogram: '{}',
      open: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

let whole: number;
let half: number;
let crossing: number;
let helpers: number;

beforeAll(async () => {
  t = await createTestApp();
  demo = await t.login('demo');
  const units = (await t.task(demo, 'get_unit_list_full')).data.units;
  driver = units[0].uid;
  helper = units[1].uid;
  clientId = (
    await db()
      .selectFrom('units')
      .select('client_id')
      .where('uid', '=', driver)
      .executeTakeFirstOrThrow()
  ).client_id;
  const made = await t.task(demo, 'set_route', {
    name: 'Customer run',
    source: 'waypoints',
    origin: A,
    destination: B,
    waypoints: [C],
    corridor: 300,
    uids: [driver],
  });
  expect(made.result, made.message).toBe(0);
  roid = made.data.route.roid;
  // The whole route; then half of it and home by another road; then only across it.
  whole = await trip(driver, T0, [A, C, B]);
  half = await trip(driver, T0 + 2 * HOUR, [A, { lat: -26.2, lon: 28.025 }]);
  crossing = await trip(driver, T0 + 4 * HOUR, [
    { lat: -26.25, lon: 28.03 },
    { lat: -26.15, lon: 28.03 },
  ]);
  // Far away, another day: out of range below.
  await trip(driver, T0 + 72 * HOUR, [A, C, B]);
  // The unassigned helper drove the route too.
  helpers = await trip(helper, T0 + HOUR, [A, C, B]);
});
afterAll(() => t.close());

const range = { from: iso(T0 - HOUR), to: iso(T0 + 24 * HOUR) };

describe('get_route_trips', () => {
  it("lists the assigned units' trips that followed the route, newest first", async () => {
    const res = await t.task(demo, 'get_route_trips', { roid, ...range });
    expect(res.result, res.message).toBe(0);
    const trips = res.data.trips;
    // The crossing trip drove 10 km of which about 600 m in the corridor: below 30 %, left out.
    expect(trips.map((x: any) => x.id)).toEqual([half, whole]);
    const [h, w] = trips;
    expect(w).toMatchObject({ route_roid: roid, uid: driver, start: iso(T0) });
    expect(w.inside_percent).toBeGreaterThan(99);
    expect(w.route_percent).toBeGreaterThan(99);
    expect(Math.abs(w.inside - w.distance)).toBeLessThan(5);
    // Half the first leg is about a quarter of the route, all of it in the corridor.
    expect(h.inside_percent).toBeGreaterThan(99);
    expect(h.route_percent).toBeGreaterThan(22);
    expect(h.route_percent).toBeLessThan(26);
    expect(trips.some((x: any) => x.id === crossing)).toBe(false);
  });

  it('takes the units given instead of the assigned ones', async () => {
    const res = await t.task(demo, 'get_route_trips', { roid, ...range, uids: [helper] });
    expect(res.result, res.message).toBe(0);
    expect(res.data.trips.map((x: any) => [x.id, x.uid])).toEqual([[helpers, helper]]);
  });

  it("refuses another client's unit, another client's route and a bad range", async () => {
    const other = await t.login('other');
    const otherUid = (await t.task(other, 'get_unit_list_full')).data.units[0].uid;
    const foreignUnit = await t.task(demo, 'get_route_trips', { roid, ...range, uids: [otherUid] });
    expect(foreignUnit).toMatchObject({
      result: 1,
      message: `uids: unit ${otherUid} was not found`,
    });
    const foreignRoute = await t.task(other, 'get_route_trips', { roid, ...range });
    expect(foreignRoute).toMatchObject({ result: 1, message: 'roid: route not found' });
    const backwards = await t.task(demo, 'get_route_trips', {
      roid,
      from: range.to,
      to: range.from,
    });
    expect(backwards.result).toBe(1);
  });
});
