// The places stage (issue 10): the per-client index, enter/exit with hysteresis, and the route
// corridor, through processRecords as the pipeline runs it.
import { describe, expect, it } from 'vitest';
import type { LatLon } from '@fleet/common';
import {
  PLACE_MARGIN_M,
  buildPlaces,
  type LocationRow,
  type RouteRow,
} from '../../../src/pipeline/places-index';
import { locationsAt } from '../../../src/pipeline/places';
import { EVENT_COLUMNS, type Batch } from '../../../src/pipeline/process';
import { INFO, Runner, T0, fix } from './records';

const LAT = -26.1;
const LON = 28.05;
const M_PER_DEG_LAT = 6378137 * (Math.PI / 180);
/** The point `east` and `north` metres from (LAT, LON). */
function at(east: number, north = 0): LatLon {
  return {
    lat: LAT + north / M_PER_DEG_LAT,
    lon: LON + east / (M_PER_DEG_LAT * Math.cos((LAT * Math.PI) / 180)),
  };
}

function circle(lid: number, centre: LatLon, radius: number, name = `Circle ${lid}`): LocationRow {
  const dLat = radius / M_PER_DEG_LAT;
  const dLon = radius / (M_PER_DEG_LAT * Math.cos((centre.lat * Math.PI) / 180));
  return {
    lid,
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
  };
}

function polygon(lid: number, ring: LatLon[], name = `Polygon ${lid}`): LocationRow {
  const lats = ring.map((p) => p.lat);
  const lons = ring.map((p) => p.lon);
  return {
    lid,
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
  };
}

interface Ev {
  type: string;
  ref: number;
  attributes: Record<string, unknown>;
}
function events(batch: Batch): Ev[] {
  const n = EVENT_COLUMNS.length;
  const out: Ev[] = [];
  for (let i = 0; i < batch.events.length; i += n) {
    out.push({
      type: batch.events[i + 3] as string,
      ref: batch.events[i + 8] as number,
      attributes: JSON.parse(batch.events[i + 7] as string) as Record<string, unknown>,
    });
  }
  return out;
}

/** One fix per point, every 10 s from `start`, each point its own batch; the events of all. */
function drive(r: Runner, points: LatLon[], start: number): Ev[] {
  const out: Ev[] = [];
  points.forEach((p, i) => out.push(...events(r.run([fix(start + i * 10_000, p.lat, p.lon, 40)]))));
  return out;
}

describe('place index', () => {
  it('finds overlapping locations with one search, and not the far ones', () => {
    const far = Array.from({ length: 200 }, (_, i) =>
      circle(100 + i, at(5000 + i * 300, 4000), 100),
    );
    const square = polygon(2, [at(-100, -100), at(300, -100), at(300, 300), at(-100, 300)]);
    const places = buildPlaces(3, [circle(1, at(0), 200), square, ...far], [], []);
    const hits = places.index!.search(at(150).lon, at(150).lat, at(150).lon, at(150).lat);
    expect(hits.map((i) => places.locations[i].lid).sort()).toEqual([1, 2]);
    expect(locationsAt(places, at(150).lat, at(150).lon).map((l) => l.lid)).toEqual([1, 2]);
    // In the circle only; in the square only; in neither (though inside both boxes' margins).
    expect(locationsAt(places, at(-150).lat, at(-150).lon).map((l) => l.lid)).toEqual([1]);
    expect(locationsAt(places, at(250, 250).lat, at(250, 250).lon).map((l) => l.lid)).toEqual([2]);
    expect(locationsAt(places, at(-190, 190).lat, at(-190, 190).lon)).toEqual([]);
    // The boxes are widened by the margin: a fix just outside still finds the location to leave.
    const justOut = at(300 + PLACE_MARGIN_M - 5, 0);
    expect(places.index!.search(justOut.lon, justOut.lat, justOut.lon, justOut.lat)).toContain(
      places.locations.findIndex((l) => l.lid === 2),
    );
    expect(places.empty).toBe(false);
    expect(buildPlaces(3, [], [], []).empty).toBe(true);
  });

  it('skips a shape it cannot use instead of failing the client', () => {
    const broken = { ...polygon(5, [at(0), at(100), at(0, 100)]), geofence: 'not json' };
    const places = buildPlaces(3, [broken, circle(6, at(0), 0), circle(7, at(0), 50)], [], []);
    expect(places.locations.map((l) => l.lid)).toEqual([7]);
  });
});

describe('enter and exit', () => {
  it('raises one enter and one exit per crossing of a circle, jitter on the border included', () => {
    const r = new Runner();
    r.places = buildPlaces(INFO.clientId, [circle(1, at(0), 200, 'Depot')], [], []);
    // From 600 m west, to 195 m (inside), jittering ±15 m around the border, then away east.
    const path = [-600, -450, -300, -195, -215, -190, -212, -188, -214, 0, 190, 214, 186, 212]
      .map((x) => at(x))
      .concat([at(260), at(400), at(200), at(100)]);
    const evs = drive(r, path, T0);
    expect(evs.map((e) => [e.type, e.ref])).toEqual([
      ['location_enter', 1],
      ['location_exit', 1],
      ['location_enter', 1],
    ]);
    expect(evs[0].attributes).toEqual({ derived: true, lid: 1, name: 'Depot' });
    expect(r.rt.insideLids).toEqual(new Set([1]));
  });

  it('leaves a polygon only when farther than the margin from its border', () => {
    const r = new Runner();
    const square = polygon(2, [at(0, -200), at(400, -200), at(400, 200), at(0, 200)]);
    r.places = buildPlaces(INFO.clientId, [square], [], []);
    const evs = drive(r, [at(-200), at(-100), at(10), at(-20), at(5), at(-25), at(200)], T0);
    expect(evs.map((e) => e.type)).toEqual(['location_enter']);
    const out = drive(r, [at(-20), at(-35)], T0 + 600_000);
    expect(out.map((e) => [e.type, e.ref])).toEqual([['location_exit', 2]]);
  });

  it('sets its memory silently from the last known position (a restart inside)', () => {
    const r = new Runner();
    r.rt.hasFix = true;
    r.rt.fixTime = T0 - 10_000;
    r.rt.lat = at(0).lat;
    r.rt.lon = at(0).lon;
    r.places = buildPlaces(INFO.clientId, [circle(1, at(0), 200)], [], []);
    expect(drive(r, [at(50), at(100)], T0)).toEqual([]);
    expect(drive(r, [at(250)], T0 + 20_000).map((e) => e.type)).toEqual(['location_exit']);
  });

  it('uses a location added later on the next fix, and forgets a deleted one silently', () => {
    const r = new Runner();
    r.places = buildPlaces(INFO.clientId, [], [], []);
    expect(drive(r, [at(-400), at(-300)], T0)).toEqual([]);
    r.places = buildPlaces(INFO.clientId, [circle(9, at(0), 200)], [], []);
    expect(drive(r, [at(-150)], T0 + 20_000).map((e) => e.type)).toEqual(['location_enter']);
    r.places = buildPlaces(INFO.clientId, [], [], []);
    expect(drive(r, [at(-600)], T0 + 30_000)).toEqual([]);
    expect(r.rt.insideLids).toEqual(new Set());
  });
});

describe('candidates along a drive', () => {
  it('finds every location of a long row, far beyond the first search around the unit', () => {
    const r = new Runner();
    // 20 circles of 60 m every 400 m east, up to 8 km; a drive along them, a fix every 100 m.
    const row = Array.from({ length: 20 }, (_, i) => circle(i + 1, at(400 * (i + 1)), 60));
    r.places = buildPlaces(INFO.clientId, row, [], []);
    const path = Array.from({ length: 85 }, (_, i) => at(i * 100));
    const evs = drive(r, path, T0);
    expect(evs.filter((e) => e.type === 'location_enter').map((e) => e.ref)).toEqual(
      row.map((l) => l.lid),
    );
    expect(evs.filter((e) => e.type === 'location_exit').map((e) => e.ref)).toEqual(
      row.map((l) => l.lid),
    );
  });
});

describe('route corridor', () => {
  // A loop: 2 km east, 1 km north, back west, and south to the start.
  const loop = [at(0), at(2000), at(2000, 1000), at(0, 1000), at(0)];
  const route: RouteRow = { roid: 4, name: 'Loop', polyline: JSON.stringify(loop), corridor: 100 };

  it('raises one violation on leaving and one return on coming back, with a loop', () => {
    const r = new Runner();
    r.places = buildPlaces(INFO.clientId, [], [route], [{ route_id: 4, unit_id: INFO.uid }]);
    // Along the first leg, then off north-east of the corner, back, and round the loop.
    const out: LatLon[] = [];
    for (let x = 0; x <= 1600; x += 200) out.push(at(x));
    out.push(at(1700, -60), at(1800, -125), at(1800, -160), at(1900, -300), at(2000, -200));
    out.push(at(2000, -110), at(2000, -90), at(2000, 200));
    for (let y = 400; y <= 1000; y += 200) out.push(at(2000, y));
    for (let x = 1800; x >= 0; x -= 200) out.push(at(x, 1000));
    for (let y = 800; y >= 0; y -= 200) out.push(at(0, y));
    const evs = drive(r, out, T0);
    expect(evs.map((e) => [e.type, e.ref])).toEqual([
      ['route_violation', 4],
      ['route_return', 4],
    ]);
    expect(evs[0].attributes).toEqual({ derived: true, roid: 4, name: 'Loop', off_route: 160 });
    // Back at the start after the whole loop: progress is at the end, not at 0.
    expect(r.rt.routeState!.get(4)!.along).toBeGreaterThan(5900);
  });

  it('starts silent when assigned off the route, and drops the state when unassigned', () => {
    const r = new Runner();
    r.places = buildPlaces(INFO.clientId, [], [], []);
    drive(r, [at(0, -3000), at(100, -3000)], T0);
    r.places = buildPlaces(INFO.clientId, [], [route], [{ route_id: 4, unit_id: INFO.uid }]);
    expect(drive(r, [at(200, -2900)], T0 + 20_000)).toEqual([]);
    expect(drive(r, [at(200, -50)], T0 + 600_000).map((e) => e.type)).toEqual(['route_return']);
    r.places = buildPlaces(INFO.clientId, [], [route], []);
    expect(drive(r, [at(200, -2000)], T0 + 1_200_000)).toEqual([]);
    expect(r.rt.routeState!.size).toBe(0);
  });
});
