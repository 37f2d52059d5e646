// The area search (issue 10): which units were inside an area in a time range, with arrival and
// departure. Recorded drives in 2021 (before any demo data), so only these fixes can match.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LatLon } from '@fleet/common';
import { createMemoryBus } from '../../src/live/bus';
import { createPipeline, type Pipeline } from '../../src/pipeline';
import { createTestApp, type TestApp } from '../support/test-app';
import { unitRow } from '../support/raw-rows';

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

// Through the pipeline, so that trips and stops with their boxes are stored as in production: a
// unit of the demo client of its own, on a day of its own (2 March 2021).
describe('get_area_visits over stored trips and stops', () => {
  const DAY2 = T0 + 86400_000;
  const DEVICE = '356307049990001';
  let uid: number;
  let pipeline: Pipeline;
  let clock = DAY2;

  /** Sends fixes as the tracker would, 5 at a time. */
  async function send(fixes: (Fix & { speed: number })[]) {
    for (let i = 0; i < fixes.length; i += 5) {
      const packet = fixes.slice(i, i + 5);
      clock = packet.at(-1)!.time + 1000;
      await pipeline.submit(
        packet.map((f) => ({
          deviceId: DEVICE,
          protocol: 'teltonika' as const,
          fixTime: f.time,
          hasLocation: true,
          valid: true,
          lat: f.lat,
          lon: f.lon,
          speed: f.speed,
          course: 90,
          events: [],
          attributes: {},
        })),
      );
    }
    await pipeline.flush();
  }

  const parkAt = (start: number, lat: number, lon: number, n: number) =>
    Array.from({ length: n }, (_, i) => ({ time: start + i * MIN, lat, lon, speed: 0 }));
  const driveFrom = (start: number, lat: number, fromLon: number, toLon: number) =>
    pass(start, lat, fromLon, toLon).map((f) => ({ ...f, speed: 30 }));

  beforeAll(async () => {
    const row = await db()
      .insertInto('units')
      .values(
        unitRow(clientId, DEVICE, T0, {
          name: 'Area test truck',
          reg: 'AREA 1 GP',
          vehicle_class_ref: 'truck_trailer',
        }),
      )
      .returning('uid')
      .executeTakeFirstOrThrow();
    uid = row.uid;
    pipeline = createPipeline({
      db: db(),
      dialect: t.running.services.db.dialect,
      bus: createMemoryBus(),
      config: { expireIntervalMs: 0 },
      clock: () => clock,
    });
  });
  afterAll(() => pipeline?.close());

  const visitsOf = async (from: number, to: number) => {
    const res = await t.task(demo, 'get_area_visits', {
      polygon: YARD,
      from: iso(from),
      to: iso(to),
    });
    expect(res.result, res.message).toBe(0);
    return res.data.visits.filter((v: any) => v.uid === uid);
  };

  it('finds a unit whose only inside fixes are in a trip that starts and ends outside', async () => {
    // Parked 2 km west of the yard, drives east through it, parks 4 km east of it.
    const t1 = DAY2;
    const before = parkAt(t1, -26.2, 28.02, 10);
    const through = driveFrom(t1 + 10 * MIN, -26.2, 28.02, 28.1);
    const after = parkAt(through.at(-1)!.time + MIN, -26.2, 28.1, 10);
    await send([...before, ...through, ...after]);
    const trips = await db()
      .selectFrom('trips')
      .selectAll()
      .where('unit_id', '=', uid)
      .orderBy('start_time')
      .execute();
    const trip = trips.find((r) => r.type === 0)!;
    // The trip's ends are outside the yard; only its box, which the pipeline keeps, reaches in.
    expect(inYard({ lon: trip.start_lon }) || inYard({ lon: trip.end_lon })).toBe(false);
    expect(trip.min_lon).toBeLessThan(WEST);
    expect(trip.max_lon).toBeGreaterThan(EAST);
    const inside = through.filter(inYard);
    expect(await visitsOf(t1, t1 + 3 * 3600_000)).toEqual([
      expect.objectContaining({
        arrived: iso(inside[0].time),
        left: iso(inside.at(-1)!.time),
        fixes: inside.length,
      }),
    ]);
  });

  it('keeps one visit over a stop in the area and the trip that leaves it', async () => {
    // Drives into the yard, stands there 20 minutes (a stop), drives out east.
    const t2 = DAY2 + 4 * 3600_000;
    const start = parkAt(t2, -26.2, 28.02, 10);
    const inbound = driveFrom(t2 + 10 * MIN, -26.2, 28.02, 28.05);
    const stand = parkAt(inbound.at(-1)!.time + MIN, -26.2, 28.05, 20);
    const outbound = driveFrom(stand.at(-1)!.time + MIN, -26.2, 28.0525, 28.1);
    const end = parkAt(outbound.at(-1)!.time + MIN, -26.2, 28.1, 10);
    await send([...start, ...inbound, ...stand, ...outbound, ...end]);
    const segments = await db()
      .selectFrom('trips')
      .select(['type', 'start_time', 'start_lon'])
      .where('unit_id', '=', uid)
      .where('start_time', '>=', t2)
      .orderBy('start_time')
      .execute();
    // The stop in the yard is a segment of its own between the two trips.
    expect(segments.map((s) => s.type)).toEqual([0, 1, 0, 1]);
    expect(inYard({ lon: segments[1].start_lon })).toBe(true);
    const inside = [...inbound, ...stand, ...outbound].filter(inYard);
    expect(await visitsOf(t2, t2 + 3 * 3600_000)).toEqual([
      expect.objectContaining({
        arrived: iso(inside[0].time),
        left: iso(inside.at(-1)!.time),
        fixes: inside.length,
      }),
    ]);
  });

  it('finds fixes no stored segment holds yet: a trip that is still only a candidate', async () => {
    // Parked just west of the yard, then it rolls into it: 45 s, not a trip yet.
    const t3 = DAY2 + 8 * 3600_000;
    const parked = parkAt(t3, -26.2, 28.0395, 10);
    const rolling = [1, 2, 3].map((i) => ({
      time: parked.at(-1)!.time + i * 15_000,
      lat: -26.2,
      lon: 28.0395 + i * 0.002,
      speed: 25,
    }));
    await send([...parked, ...rolling]);
    const last = await db()
      .selectFrom('trips')
      .select(['type', 'end_time'])
      .where('unit_id', '=', uid)
      .orderBy('start_time', 'desc')
      .executeTakeFirstOrThrow();
    expect(last).toEqual({ type: 1, end_time: parked.at(-1)!.time });
    const inside = rolling.filter(inYard);
    expect(inside.length).toBeGreaterThan(0);
    expect(await visitsOf(t3, t3 + 3600_000)).toEqual([
      expect.objectContaining({ arrived: iso(inside[0].time), fixes: inside.length }),
    ]);
  });
});
