// The area search (issue 10): which units were inside an area in a time range, with arrival and
// departure. Recorded drives in 2021 (before any demo data), so only these fixes can match.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LatLon } from '@fleet/common';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let demo: string;
let passer: number;
let stranger: number;
let clientId: number;
let otherClientId: number;

const T0 = Date.UTC(2021, 2, 1, 6, 0, 0);
const MIN = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

// A depot yard: 2 km by 2 km around (-26.2, 28.05), its sides away from the fixes' longitudes.
const WEST = 28.0412;
const EAST = 28.0612;
const YARD: LatLon[] = [
  { lat: -26.209, lon: WEST },
  { lat: -26.209, lon: EAST },
  { lat: -26.191, lon: EAST },
  { lat: -26.191, lon: WEST },
];
const inYard = (f: { lon: number }) => f.lon >= WEST && f.lon <= EAST;

interface Fix {
  time: number;
  lat: number;
  lon: number;
}

/** East or west along a latitude, a fix every 30 s, 0.0025° (250 m) apart. */
function pass(start: number, lat: number, fromLon: number, toLon: number): Fix[] {
  const n = Math.round(Math.abs(toLon - fromLon) / 0.0025);
  const dir = toLon > fromLon ? 1 : -1;
  return Array.from({ length: n + 1 }, (_, i) => ({
    time: start + i * 30_000,
    lat,
    lon: fromLon + dir * i * 0.0025,
  }));
}

const db = () => t.running.services.db.db;

async function store(uid: number, fixes: Fix[]) {
  await db()
    .insertInto('positions')
    .values(
      fixes.map((f) => ({
        unit_id: uid,
        fix_time: f.time,
        server_time: f.time,
        lat: f.lat,
        lon: f.lon,
        speed: 30,
        course: 90,
        altitude: null,
        satellites: 9,
        valid: 1,
        ignition: 1,
        odometer: 0,
        attributes: '{}',
      })),
    )
    .execute();
}

async function addLocation(client: number, name: string, centre: LatLon, radius: number) {
  const row = await db()
    .insertInto('locations')
    .values({
      client_id: client,
      name,
      type: 'point',
      geofence: JSON.stringify([centre]),
      lat: centre.lat,
      lon: centre.lon,
      radius,
      min_lat: centre.lat - 0.01,
      min_lon: centre.lon - 0.01,
      max_lat: centre.lat + 0.01,
      max_lon: centre.lon + 0.01,
      colour: '#7b1fa2',
      address: '',
      notes: '',
      created: T0,
      updated: T0,
    })
    .returning('lid')
    .executeTakeFirstOrThrow();
  return row.lid;
}

// Pass 1 (east) 06:00: through the yard and on.
const pass1 = pass(T0, -26.2, 28.0, 28.1);
// Parked east of the yard for an hour, a fix every 2 minutes (outside the box).
const parked = Array.from({ length: 30 }, (_, i) => ({
  time: T0 + 30 * MIN + i * 2 * MIN,
  lat: -26.2,
  lon: 28.1,
}));
// Pass 2 (west) 07:40, with the tracker silent for 10 minutes in the middle of the yard.
const pass2 = pass(T0 + 100 * MIN, -26.2, 28.1, 28.05).concat(
  pass(T0 + 100 * MIN + 10 * 30_000 + 10 * MIN, -26.2, 28.0475, 28.0),
);

beforeAll(async () => {
  t = await createTestApp();
  demo = await t.login('demo');
  const units = (await t.task(demo, 'get_unit_list_full')).data.units;
  passer = units[0].uid;
  stranger = units[1].uid;
  clientId = (
    await db()
      .selectFrom('units')
      .select('client_id')
      .where('uid', '=', passer)
      .executeTakeFirstOrThrow()
  ).client_id;
  otherClientId = (
    await db()
      .selectFrom('clients')
      .select('cid')
      .where('name', '=', 'Other Fleet')
      .executeTakeFirstOrThrow()
  ).cid;
  await store(passer, [...pass1, ...parked, ...pass2]);
  // The stranger drives the same hours 10 km south: never near the yard.
  await store(stranger, pass(T0, -26.29, 28.0, 28.1));
});
afterAll(() => t.close());

const range = { from: iso(T0 - 60 * MIN), to: iso(T0 + 6 * 60 * MIN) };

describe('get_area_visits', () => {
  it('finds the unit that passed through a drawn area twice, with arrival and departure', async () => {
    const res = await t.task(demo, 'get_area_visits', { polygon: YARD, ...range });
    expect(res.result, res.message).toBe(0);
    expect(res.data.truncated).toBe(false);
    const visits = res.data.visits;
    expect(visits.map((v: any) => v.uid)).toEqual([passer, passer]);
    const inside1 = pass1.filter(inYard);
    expect(visits[0]).toMatchObject({
      arrived: iso(inside1[0].time),
      left: iso(inside1.at(-1)!.time),
      fixes: inside1.length,
    });
    // The 10-minute silence inside the yard did not split the second visit: no fix lies between.
    const inside2 = pass2.filter(inYard);
    expect(visits[1]).toMatchObject({
      arrived: iso(inside2[0].time),
      left: iso(inside2.at(-1)!.time),
      fixes: inside2.length,
    });
    expect(visits[0].name).toEqual(expect.any(String));
    expect(visits.some((v: any) => v.uid === stranger)).toBe(false);
  });

  it('splits a stay when the unit left the box between two inside fixes', async () => {
    // No fix between the passes was in the yard's box, so the box query returns the last inside
    // fix of pass 1 and then the first of pass 2: the fixes stored between them split the visits.
    const res = await t.task(demo, 'get_area_visits', {
      polygon: YARD,
      from: iso(pass1[0].time),
      to: iso(pass2.at(-1)!.time),
    });
    expect(res.data.visits).toHaveLength(2);
    // A range that cuts the first visit short starts it at the first fix in range.
    const cut = await t.task(demo, 'get_area_visits', {
      polygon: YARD,
      from: iso(pass1[20].time),
      to: iso(pass1[22].time),
    });
    expect(cut.data.visits).toEqual([
      expect.objectContaining({
        arrived: iso(pass1[20].time),
        left: iso(pass1[22].time),
        fixes: 3,
      }),
    ]);
  });

  it('searches a point location as a circle', async () => {
    // 300 m around the yard's middle: the passes go straight through it.
    const lid = await addLocation(clientId, 'Yard gate', { lat: -26.2, lon: 28.05 }, 300);
    const res = await t.task(demo, 'get_area_visits', { lid, ...range });
    expect(res.result, res.message).toBe(0);
    const visits = res.data.visits;
    expect(visits).toHaveLength(2);
    // 300 m either side at 250 m spacing: 28.0475, 28.05, 28.0525 on the first pass.
    expect(visits[0]).toMatchObject({ uid: passer, fixes: 3 });
    const first = pass1.find((f) => f.lon >= 28.047)!;
    expect(visits[0].arrived).toBe(iso(first.time));
  });

  it("answers another client's lid like a missing one", async () => {
    const theirs = await addLocation(otherClientId, 'Their yard', { lat: -26.2, lon: 28.05 }, 300);
    const foreign = await t.task(demo, 'get_area_visits', { lid: theirs, ...range });
    const missing = await t.task(demo, 'get_area_visits', { lid: 987654, ...range });
    expect(foreign.message).toBe('lid: location not found');
    expect(foreign).toEqual({ ...missing, ref: foreign.ref });
  });

  it('refuses a range over 31 days, a range that ends before it starts, and a bad area', async () => {
    const long = await t.task(demo, 'get_area_visits', {
      polygon: YARD,
      from: iso(T0),
      to: iso(T0 + 32 * 86400_000),
    });
    expect(long).toMatchObject({ result: 1, message: 'to: the range may be at most 31 days' });
    const backwards = await t.task(demo, 'get_area_visits', {
      polygon: YARD,
      from: iso(T0),
      to: iso(T0 - MIN),
    });
    expect(backwards).toMatchObject({ result: 1, message: 'to: must be after from' });
    const both = await t.task(demo, 'get_area_visits', { ...range });
    expect(both.message).toContain('polygon: give either polygon or lid');
    const crossing = await t.task(demo, 'get_area_visits', {
      polygon: [YARD[0], YARD[2], YARD[1], YARD[3]],
      ...range,
    });
    expect(crossing.message).toContain('polygon:');
  });

  it('does not show units the user may not see', async () => {
    const other = await t.login('other');
    const res = await t.task(other, 'get_area_visits', { polygon: YARD, ...range });
    expect(res.result).toBe(0);
    expect(res.data.visits).toEqual([]);
  });
});
