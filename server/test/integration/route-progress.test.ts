// Route progress (issue 10): a recorded drive along an L-shaped route that leaves it by 2 km and
// rejoins it at the corner. Progress is measured along the route (not as the crow flies), the unit
// is off the corridor while away, and the ETA comes from its average speed of the last 15 minutes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haversineMeters, pathLength, type LatLon } from '@fleet/common';
import { resetClock, setClock } from '../../src/clock';
import { createTestApp, type TestApp } from '../support/test-app';
import { positionRow } from '../support/raw-rows';

let t: TestApp;
let demo: string;
let uid: number;
let bystander: number;
let roid: number;

// The route: 5 km east from A to the corner C, then 5.6 km north to B.
const A = { lat: -26.2, lon: 28.0, name: 'Depot' };
const C = { lat: -26.2, lon: 28.05, name: 'Corner' };
const B = { lat: -26.15, lon: 28.05, name: 'Customer' };
const ROUTE_LENGTH = pathLength([A, C, B]);
// The drive: on the route for 2 km, 2 km south, east parallel to the route, back to the corner, north.
const DRIVE: LatLon[] = [
  A,
  { lat: -26.2, lon: 28.02 },
  { lat: -26.218, lon: 28.02 },
  { lat: -26.218, lon: 28.05 },
  C,
  B,
];
const STEP_M = 500;
const STEP_MS = 30_000; // 500 m every 30 s: 60 km/h
const T0 = Date.UTC(2026, 10, 20, 6, 0, 0);

/** Points every `step` metres along a line, the last point included. */
function along(line: readonly LatLon[], step: number): LatLon[] {
  const out: LatLon[] = [line[0]];
  let carry = 0;
  for (let i = 1; i < line.length; i++) {
    const a = line[i - 1];
    const b = line[i];
    const d = haversineMeters(a.lat, a.lon, b.lat, b.lon);
    let s = step - carry;
    while (s <= d) {
      const k = s / d;
      out.push({ lat: a.lat + (b.lat - a.lat) * k, lon: a.lon + (b.lon - a.lon) * k });
      s += step;
    }
    carry = d - (s - step);
  }
  const last = line[line.length - 1];
  const end = out[out.length - 1];
  if (haversineMeters(end.lat, end.lon, last.lat, last.lon) > 1) out.push(last);
  return out;
}

const fixes = along(DRIVE, STEP_M).map((p, i) => ({ ...p, time: T0 + i * STEP_MS, speed: 60 }));

const db = () => t.running.services.db.db;

/** The clock at fix i, the unit's live state at that fix. */
async function at(i: number) {
  const f = fixes[i];
  setClock({ start: f.time + 5_000, rate: 0 });
  await db()
    .updateTable('unit_state')
    .set({ lat: f.lat, lon: f.lon, fix_time: f.time, server_time: f.time, speed: f.speed })
    .where('unit_id', '=', uid)
    .execute();
  const res = await t.task(demo, 'get_route_progress', { roid });
  expect(res.result, res.message).toBe(0);
  return res.data.progress;
}

/** The index of the first fix at least `metres` into the given part of the drive. */
function fixNear(p: LatLon): number {
  let best = 0;
  fixes.forEach((f, i) => {
    const d = haversineMeters(f.lat, f.lon, p.lat, p.lon);
    if (d < haversineMeters(fixes[best].lat, fixes[best].lon, p.lat, p.lon)) best = i;
  });
  return best;
}

beforeAll(async () => {
  t = await createTestApp();
  demo = await t.login('demo');
  const units = (await t.task(demo, 'get_unit_list_full')).data.units;
  uid = units[0].uid;
  bystander = units[1].uid;
  const made = await t.task(demo, 'set_route', {
    name: 'Corner run',
    source: 'waypoints',
    origin: A,
    destination: B,
    waypoints: [C],
    corridor: 300,
    uids: [uid],
  });
  expect(made.result, made.message).toBe(0);
  roid = made.data.route.roid;
  await db()
    .insertInto('positions')
    .values(fixes.map((f) => positionRow(uid, f.time, { lat: f.lat, lon: f.lon, speed: f.speed })))
    .execute();
});
afterAll(async () => {
  resetClock();
  await t.close();
});

describe('get_route_progress on a recorded drive', () => {
  it('on the first leg: done and left along the route, on the corridor, ETA at 60 km/h', async () => {
    const i = fixNear({ lat: -26.2, lon: 28.015 });
    const [p] = await at(i);
    expect(p).toMatchObject({ route_roid: roid, route_name: 'Corner run', uid, on_corridor: true });
    const crow = haversineMeters(A.lat, A.lon, fixes[i].lat, fixes[i].lon);
    expect(Math.abs(p.done - crow)).toBeLessThan(5);
    expect(Math.abs(p.left - (ROUTE_LENGTH - crow))).toBeLessThan(10);
    expect(p.percent).toBeCloseTo((p.done / ROUTE_LENGTH) * 100, 0);
    expect(p.off_route).toBeLessThan(3);
    expect(p.average_speed).toBe(60);
    // 60 km/h is 1,000 m a minute.
    const etaMs = Date.parse(p.eta) - (fixes[i].time + 5_000);
    expect(Math.abs(etaMs - (p.left / 1000) * 60_000)).toBeLessThan(1000);
    expect(p.fix_time).toBe(new Date(fixes[i].time).toISOString());
  });

  it('2 km away from the route: off the corridor by 2 km, no ETA', async () => {
    const i = fixNear({ lat: -26.218, lon: 28.035 });
    const [p] = await at(i);
    expect(p.on_corridor).toBe(false);
    expect(Math.abs(p.off_route - 2000)).toBeLessThan(20);
    expect(p.eta).toBeNull();
    expect(p.average_speed).toBe(60);
    // Its nearest point is on the first leg, 3.5 km along.
    expect(Math.abs(p.done - 3500)).toBeLessThan(20);
  });

  it('back on the second leg: progress counts the whole first leg, not the straight line', async () => {
    const i = fixNear({ lat: -26.182, lon: 28.05 });
    const [p] = await at(i);
    expect(p.on_corridor).toBe(true);
    expect(p.off_route).toBeLessThan(3);
    const firstLeg = haversineMeters(A.lat, A.lon, C.lat, C.lon);
    const up = haversineMeters(C.lat, C.lon, fixes[i].lat, fixes[i].lon);
    expect(Math.abs(p.done - (firstLeg + up))).toBeLessThan(10);
    const crow = haversineMeters(A.lat, A.lon, fixes[i].lat, fixes[i].lon);
    expect(p.done - crow).toBeGreaterThan(1500);
    expect(p.left).toBeLessThan(ROUTE_LENGTH - p.done + 10);
    expect(p.eta).not.toBeNull();
  });

  it('arrived and standing for 15 minutes: 100 percent, nothing left, no ETA', async () => {
    const last = fixes[fixes.length - 1];
    const parked = [1, 2, 3, 4, 5, 6].map((k) => ({
      ...last,
      time: last.time + k * 180_000,
      speed: 0,
    }));
    await db()
      .insertInto('positions')
      .values(
        parked.map((f) => ({
          unit_id: uid,
          fix_time: f.time,
          server_time: f.time,
          lat: f.lat,
          lon: f.lon,
          speed: 0,
          course: 0,
          altitude: null,
          satellites: 9,
          valid: 1,
          ignition: 0,
          odometer: 0,
          attributes: '{}',
        })),
      )
      .execute();
    fixes.push(...parked);
    const [p] = await at(fixes.length - 1);
    expect(p.percent).toBe(100);
    expect(p.left).toBe(0);
    expect(p.on_corridor).toBe(true);
    expect(p.average_speed).toBe(0);
    expect(p.eta).toBeNull();
  });

  it('lists only assigned units, on every route when no roid is given', async () => {
    const all = await t.task(demo, 'get_route_progress', {});
    expect(all.result).toBe(0);
    const mine = all.data.progress.filter((p: any) => p.route_roid === roid);
    expect(mine.map((p: any) => p.uid)).toEqual([uid]);
    expect(all.data.progress.some((p: any) => p.uid === bystander)).toBe(false);
    const other = await t.login('other');
    const theirs = (await t.task(other, 'get_route_progress', {})).data.progress;
    expect(theirs.filter((p: any) => p.route_roid === roid || p.uid === uid)).toEqual([]);
  });
});
