// Road-like paths: the national-road graph between towns, great-circle legs densified with small
// lateral wiggles, and L-shaped street paths for local trips.
import { bearingDegrees, haversineMeters, type Random } from '@fleet/common';
import { between } from './random';
import { ROADS, TOWNS, townByName, type Town } from './towns';

export interface Point {
  lat: number;
  lon: number;
}

const RAD = Math.PI / 180;
const EARTH_M = 6378137;

/** The point `distance` metres from `p` on the initial bearing `bearing` (degrees). */
export function offsetPoint(p: Point, distance: number, bearing: number): Point {
  const d = distance / EARTH_M;
  const b = bearing * RAD;
  const lat1 = p.lat * RAD;
  const lon1 = p.lon * RAD;
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(b));
  const lon2 =
    lon1 +
    Math.atan2(
      Math.sin(b) * Math.sin(d) * Math.cos(lat1),
      Math.cos(d) - Math.sin(lat1) * Math.sin(lat2),
    );
  return { lat: lat2 / RAD, lon: ((lon2 / RAD + 540) % 360) - 180 };
}

/** The point a fraction `f` of the way along the great circle from a to b. */
function interpolate(a: Point, b: Point, f: number): Point {
  const [la1, lo1, la2, lo2] = [a.lat * RAD, a.lon * RAD, b.lat * RAD, b.lon * RAD];
  const d = haversineMeters(a.lat, a.lon, b.lat, b.lon) / EARTH_M;
  if (d < 1e-9) return { ...a };
  const A = Math.sin((1 - f) * d) / Math.sin(d);
  const B = Math.sin(f * d) / Math.sin(d);
  const x = A * Math.cos(la1) * Math.cos(lo1) + B * Math.cos(la2) * Math.cos(lo2);
  const y = A * Math.cos(la1) * Math.sin(lo1) + B * Math.cos(la2) * Math.sin(lo2);
  const z = A * Math.sin(la1) + B * Math.sin(la2);
  return { lat: Math.atan2(z, Math.hypot(x, y)) / RAD, lon: Math.atan2(y, x) / RAD };
}

/** A polyline with cumulative distances, walked by distance from its start. */
export class Path {
  readonly cum: number[];
  readonly length: number;

  constructor(readonly points: Point[]) {
    this.cum = [0];
    for (let i = 1; i < points.length; i++) {
      const a = points[i - 1];
      const b = points[i];
      this.cum.push(this.cum[i - 1] + haversineMeters(a.lat, a.lon, b.lat, b.lon));
    }
    this.length = this.cum[this.cum.length - 1];
  }

  /** Position `d` metres along the path and the course of the segment there. */
  at(d: number): Point & { course: number } {
    const dist = Math.max(0, Math.min(this.length, d));
    let lo = 0;
    let hi = this.cum.length - 1;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (this.cum[mid] <= dist) lo = mid;
      else hi = mid;
    }
    const a = this.points[lo];
    const b = this.points[Math.min(hi, this.points.length - 1)];
    const seg = this.cum[hi] - this.cum[lo];
    const f = seg > 0 ? (dist - this.cum[lo]) / seg : 0;
    return {
      lat: a.lat + (b.lat - a.lat) * f,
      lon: a.lon + (b.lon - a.lon) * f,
      course: seg > 0 ? bearingDegrees(a.lat, a.lon, b.lat, b.lon) : 0,
    };
  }
}

/** Legs a to b densified every `step` metres, each point pushed sideways by a smooth wiggle. */
function wiggle(a: Point, b: Point, step: number, amplitude: number, rand: Random): Point[] {
  const length = haversineMeters(a.lat, a.lon, b.lat, b.lon);
  const n = Math.max(1, Math.ceil(length / step));
  const bearing = bearingDegrees(a.lat, a.lon, b.lat, b.lon);
  const [w1, w2] = [between(rand, 4000, 12000), between(rand, 900, 2500)];
  const [p1, p2] = [rand() * 2 * Math.PI, rand() * 2 * Math.PI];
  const out: Point[] = [];
  for (let i = 1; i <= n; i++) {
    const f = i / n;
    const base = interpolate(a, b, f);
    const d = f * length;
    // Zero at both ends so legs join at the towns.
    const side =
      Math.sin(Math.PI * f) *
      amplitude *
      (Math.sin((2 * Math.PI * d) / w1 + p1) + 0.35 * Math.sin((2 * Math.PI * d) / w2 + p2));
    out.push(i === n ? base : offsetPoint(base, side, bearing + 90));
  }
  return out;
}

interface Edge {
  to: string;
  distance: number;
}

const GRAPH = new Map<string, Edge[]>();
for (const road of ROADS) {
  for (let i = 1; i < road.via.length; i++) {
    const a = townByName(road.via[i - 1])!;
    const b = townByName(road.via[i])!;
    const distance = haversineMeters(a.lat, a.lon, b.lat, b.lon);
    for (const [x, y] of [
      [a, b],
      [b, a],
    ] as const) {
      const edges = GRAPH.get(x.name) ?? [];
      if (!edges.some((e) => e.to === y.name)) edges.push({ to: y.name, distance });
      GRAPH.set(x.name, edges);
    }
  }
}

export function nearestTown(p: Point): Town {
  let best = TOWNS[0];
  let bestD = Infinity;
  for (const t of TOWNS) {
    const d = haversineMeters(p.lat, p.lon, t.lat, t.lon);
    if (d < bestD) [best, bestD] = [t, d];
  }
  return best;
}

const ROUTES = new Map<string, Town[] | null>();

/** Towns on the shortest road route from one town to another (both included). */
export function roadRoute(from: string, to: string): Town[] | null {
  const key = `${from}|${to}`;
  if (!ROUTES.has(key)) ROUTES.set(key, dijkstra(from, to));
  return ROUTES.get(key)!;
}

function dijkstra(from: string, to: string): Town[] | null {
  const dist = new Map<string, number>([[from, 0]]);
  const prev = new Map<string, string>();
  const open = new Set([from]);
  while (open.size) {
    let cur = '';
    let curD = Infinity;
    for (const n of open) if (dist.get(n)! < curD) [cur, curD] = [n, dist.get(n)!];
    open.delete(cur);
    if (cur === to) break;
    for (const e of GRAPH.get(cur) ?? []) {
      const nd = curD + e.distance;
      if (nd < (dist.get(e.to) ?? Infinity)) {
        dist.set(e.to, nd);
        prev.set(e.to, cur);
        open.add(e.to);
      }
    }
  }
  if (!dist.has(to)) return null;
  const names = [to];
  while (names[0] !== from) names.unshift(prev.get(names[0])!);
  return names.map((n) => townByName(n)!);
}

/** Towns reachable from `from` whose road distance lies in [min, max] metres. */
export function townsWithin(from: string, min: number, max: number): Town[] {
  return TOWNS.filter((t) => {
    if (t.name === from) return false;
    const route = roadRoute(from, t.name);
    if (!route) return false;
    const length = new Path(route).length;
    return length >= min && length <= max;
  });
}

/** A long trip: from where the vehicle stands, along the road towns, to the last one. */
export function roadPath(start: Point, towns: Town[], rand: Random): Path {
  const points: Point[] = [start];
  let prev: Point = start;
  for (const t of towns) {
    const rural = haversineMeters(prev.lat, prev.lon, t.lat, t.lon) > 20000;
    points.push(...wiggle(prev, t, rural ? 1500 : 400, rural ? 180 : 60, rand));
    prev = t;
  }
  return new Path(points);
}

/** A trip across town: two street-like legs via a corner, with short wiggles. */
export function localPath(from: Point, to: Point, rand: Random): Path {
  const corner = rand() < 0.5 ? { lat: from.lat, lon: to.lon } : { lat: to.lat, lon: from.lon };
  const points: Point[] = [
    from,
    ...wiggle(from, corner, 300, 40, rand),
    ...wiggle(corner, to, 300, 40, rand),
  ];
  return new Path(points);
}

const COAST: Point[] = [
  { lat: -33.92, lon: 18.42 },
  { lat: -34.18, lon: 22.15 },
  { lat: -33.96, lon: 25.6 },
  { lat: -33.02, lon: 27.91 },
  { lat: -29.86, lon: 31.02 },
  { lat: -28.8, lon: 32.05 },
];

/** A crude elevation: the coast near sea level rising to the Highveld plateau inland. */
export function altitudeAt(p: Point): number {
  let d = Infinity;
  for (const c of COAST) d = Math.min(d, haversineMeters(p.lat, p.lon, c.lat, c.lon));
  return Math.round(20 + 1480 * Math.min(1, d / 250_000));
}
