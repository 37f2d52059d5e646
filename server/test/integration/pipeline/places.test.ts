// Location enter/exit and route corridor events at ingest (issue 10), from recorded drives fed
// through a real pipeline and database: what the rules and the event lists will read.
import { afterEach, describe, expect, it } from 'vitest';
import type { LatLon } from '@fleet/common';
import { createHarness, fix, T0, type Harness, MODES } from './harness';

const DEV = '356307042441090';
const LAT = -25.75;
const LON = 28.19;
const M_PER_DEG = 6378137 * (Math.PI / 180);
/** ~50 km/h: the distance between fixes 10 s apart. */
const STEP = 139;
const SPEED = 50;

let h: Harness;

afterEach(async () => {
  await h?.close();
});

/** The point `east` and `north` metres from the test area's origin. */
function at(east: number, north = 0): LatLon {
  return {
    lat: LAT + north / M_PER_DEG,
    lon: LON + east / (M_PER_DEG * Math.cos((LAT * Math.PI) / 180)),
  };
}

/** Points every STEP metres on the straight line from a to b (a included, b not). */
function leg(a: [number, number], b: [number, number]): [number, number][] {
  const d = Math.hypot(b[0] - a[0], b[1] - a[1]);
  const n = Math.max(1, Math.round(d / STEP));
  return Array.from({ length: n }, (_, i) => [
    a[0] + ((b[0] - a[0]) * i) / n,
    a[1] + ((b[1] - a[1]) * i) / n,
  ]);
}

async function addCircle(name: string, centre: LatLon, radius: number): Promise<number> {
  const dLat = radius / M_PER_DEG;
  const dLon = radius / (M_PER_DEG * Math.cos((centre.lat * Math.PI) / 180));
  return addLocation({
    name,
    type: 'point',
    geofence: JSON.stringify([centre]),
    lat: centre.lat,
    lon: centre.lon,
    radius,
    min_lat: centre.lat - dLat,
    min_lon: centre.lon - dLon,
    max_lat: centre.lat + dLat,
    max_lon: centre.lon + dLon,
  });
}

async function addPolygon(name: string, ring: LatLon[]): Promise<number> {
  const lats = ring.map((p) => p.lat);
  const lons = ring.map((p) => p.lon);
  return addLocation({
    name,
    type: 'polygon',
    geofence: JSON.stringify(ring),
    lat: lats.reduce((a, b) => a + b) / ring.length,
    lon: lons.reduce((a, b) => a + b) / ring.length,
    radius: null,
    min_lat: Math.min(...lats),
    min_lon: Math.min(...lons),
    max_lat: Math.max(...lats),
    max_lon: Math.max(...lons),
  });
}

async function addLocation(shape: {
  name: string;
  type: string;
  geofence: string;
  lat: number;
  lon: number;
  radius: number | null;
  min_lat: number;
  min_lon: number;
  max_lat: number;
  max_lon: number;
}): Promise<number> {
  const row = await h.handle.db
    .insertInto('locations')
    .values({
      client_id: h.clientId,
      colour: '#1677ff',
      address: '',
      notes: '',
      created: T0,
      updated: T0,
      ...shape,
    })
    .returning('lid')
    .executeTakeFirstOrThrow();
  return Number(row.lid);
}

async function addRoute(name: string, path: LatLon[], corridor: number, uid: number) {
  const p = (q: LatLon) => JSON.stringify({ lat: q.lat, lon: q.lon, address: '' });
  const row = await h.handle.db
    .insertInto('routes')
    .values({
      client_id: h.clientId,
      name,
      display: 1,
      colour: '#fa541c',
      source: 'drawn',
      origin: p(path[0]),
      destination: p(path[path.length - 1]),
      waypoints: '[]',
      legs: '[]',
      polyline: JSON.stringify(path),
      polyline_overview: JSON.stringify(path),
      distance: 0,
      corridor,
      min_lat: Math.min(...path.map((q) => q.lat)),
      min_lon: Math.min(...path.map((q) => q.lon)),
      max_lat: Math.max(...path.map((q) => q.lat)),
      max_lon: Math.max(...path.map((q) => q.lon)),
      datetime: T0,
      updated: T0,
    })
    .returning('roid')
    .executeTakeFirstOrThrow();
  const roid = Number(row.roid);
  await h.handle.db
    .insertInto('route_units')
    .values({ route_id: roid, unit_id: uid, client_id: h.clientId })
    .execute();
  return roid;
}

/** Submits one fix per point (metres east, north), 10 s apart from `start`, a packet of 5 at a time. */
async function drive(points: [number, number][], start: number): Promise<number> {
  const recs = points.map(([x, y], i) => {
    const p = at(x, y);
    return fix(DEV, start + i * 10_000, p.lat, p.lon, SPEED, { ignition: true });
  });
  for (let i = 0; i < recs.length; i += 5) await h.pipeline.submit(recs.slice(i, i + 5));
  return start + points.length * 10_000;
}

async function placeEvents() {
  const rows = await h.handle.db
    .selectFrom('device_events')
    .select(['type', 'ref', 'time', 'lat', 'attributes'])
    .where('unit_id', '=', h.units[DEV])
    .where('type', 'in', ['location_enter', 'location_exit', 'route_violation', 'route_return'])
    .orderBy('time')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    type: r.type,
    ref: Number(r.ref),
    time: Number(r.time),
    attributes: JSON.parse(r.attributes) as Record<string, unknown>,
  }));
}

describe.each(MODES)('places at ingest (%s)', (mode) => {
  it('stores one enter and one exit per location on a drive through two overlapping ones, jitter included', async () => {
    h = await createHarness([DEV], mode);
    h.now = T0 + 86_400_000;
    const depot = await addCircle('Depot', at(0), 300);
    // A yard overlapping the depot's east half, its east border at 900 m.
    const yard = await addPolygon('Yard', [
      at(100, -250),
      at(900, -250),
      at(900, 250),
      at(500, 350),
      at(100, 250),
    ]);
    // West to east at 50 km/h; a minute of GPS jitter (±15 m) across the yard's east border.
    const jitter: [number, number][] = [885, 915, 887, 912, 889, 914, 886].map((x) => [x, 0]);
    const path = [...leg([-1500, 0], [880, 0]), ...jitter, ...leg([960, 0], [2500, 0])];
    await drive(path, T0);
    const evs = await placeEvents();
    expect(evs.map((e) => [e.type, e.ref])).toEqual([
      ['location_enter', depot],
      ['location_enter', yard],
      ['location_exit', depot],
      ['location_exit', yard],
    ]);
    expect(evs[1].attributes).toEqual({ derived: true, lid: yard, name: 'Yard' });
    // The yard is left only after the jitter, on the first fix beyond the margin.
    const jitterEnd = T0 + (path.length - leg([960, 0], [2500, 0]).length) * 10_000;
    expect(evs[3].time).toBe(jitterEnd);
    expect(h.published.device_event.filter((m) => m.type.startsWith('location_'))).toHaveLength(4);
  });

  it('stores one violation and one return when a drive leaves its route by 2 km and rejoins', async () => {
    h = await createHarness([DEV], mode);
    h.now = T0 + 86_400_000;
    const roid = await addRoute('N4 run', [at(0), at(6000), at(6000, 4000)], 200, h.units[DEV]);
    const path = [
      ...leg([0, 0], [1500, 0]),
      // A detour: 2 km south, parallel, and back north onto the route.
      ...leg([1500, 0], [1800, -2000]),
      ...leg([1800, -2000], [3500, -2000]),
      ...leg([3500, -2000], [3800, 0]),
      ...leg([3800, 0], [6000, 0]),
      ...leg([6000, 0], [6000, 4000]),
    ];
    await drive(path, T0);
    const evs = await placeEvents();
    expect(evs.map((e) => [e.type, e.ref])).toEqual([
      ['route_violation', roid],
      ['route_return', roid],
    ]);
    expect(evs[0].attributes).toMatchObject({ derived: true, roid, name: 'N4 run' });
    expect(evs[0].attributes.off_route).toBeGreaterThan(230);
    expect(evs[0].attributes.off_route).toBeLessThan(230 + STEP * 1.1);
  });

  it('uses a location added while it runs from the fix after places_changed', async () => {
    h = await createHarness([DEV], mode);
    h.now = T0 + 86_400_000;
    let t = await drive(leg([-2000, 0], [-1000, 0]), T0);
    const depot = await addCircle('New depot', at(0), 400);
    // The index is kept until the change is announced (it is not read again per batch).
    t = await drive([[-300, 0]], t);
    expect(await placeEvents()).toEqual([]);
    h.bus.publish('places_changed', { client_id: h.clientId });
    t = await drive([[-200, 0]], t);
    expect((await placeEvents()).map((e) => [e.type, e.ref, e.time])).toEqual([
      ['location_enter', depot, t - 10_000],
    ]);
  });

  it('after a restart inside a location, repeats no enter and stores the later exit', async () => {
    h = await createHarness([DEV], mode);
    h.now = T0 + 86_400_000;
    const depot = await addCircle('Depot', at(0), 300);
    let t = await drive(leg([-1000, 0], [0, 0]), T0);
    expect((await placeEvents()).map((e) => e.type)).toEqual(['location_enter']);
    await h.restart();
    t = await drive(
      [
        [50, 0],
        [100, 0],
        [150, 0],
      ],
      t + 60_000,
    );
    expect((await placeEvents()).map((e) => e.type)).toEqual(['location_enter']);
    await drive(leg([200, 0], [1000, 0]), t);
    expect((await placeEvents()).map((e) => [e.type, e.ref])).toEqual([
      ['location_enter', depot],
      ['location_exit', depot],
    ]);
  });
});
