// Route-following vehicles (issue 10 demo): a vehicle assigned to a route drives its path from
// origin to destination, waits there (loading), drives it back, waits at the depot, and repeats
// during working hours. A straying vehicle now and then leaves the path for a few kilometres and
// rejoins it later, so the corridor events of ingest have something to report.
import { bearingDegrees, haversineMeters, type Random } from '@fleet/common';
import { between } from './random';
import { localPath, offsetPoint, Path, type Point } from './route';

export interface SimRoutePlan {
  /** The route's path, origin first and destination last, exactly as the route stores it. */
  path: Point[];
  /** Waypoints on the path (towns, customers) where traffic slows. */
  waypoints?: Point[];
  /** Now and then (about one run in three) leaves the path for a few km and rejoins it. */
  strays?: boolean;
}

/** A run starts from the depot only before this local hour, so the vehicle is back by evening. */
export const LAST_RUN_HOUR = 15.5;
/** Closer than this to an end of the route is being there. */
const AT_END_M = 1_000;
/** Odds that one run of a straying vehicle takes a detour. */
export const DETOUR_ODDS = 1 / 3;
/** A detour goes this far from the path (metres). */
export const DETOUR_OFFSET_M: [number, number] = [2_500, 4_500];
/** Only paths longer than this get detours, so one fits with path before and after it. */
const DETOUR_MIN_PATH_M = 15_000;

export interface RouteRun {
  path: Path;
  /** Distances along `path` of the waypoints, where speed drops. */
  slowAt: number[];
  /** Along `path`: where the detour leaves the route and where it is back on it; or null. */
  detour: [number, number] | null;
  /** Where the run ends. */
  to: 'origin' | 'destination';
  /** Across town to the route's depot rather than along the route. */
  local: boolean;
}

/** The points of `path` between distances `from` and `to` along it (both ends included). */
export function slicePath(path: Path, from: number, to: number): Point[] {
  const start = path.at(from);
  const out: Point[] = [{ lat: start.lat, lon: start.lon }];
  for (let i = 0; i < path.points.length; i++) {
    if (path.cum[i] > from && path.cum[i] < to) out.push(path.points[i]);
  }
  const end = path.at(to);
  out.push({ lat: end.lat, lon: end.lon });
  return out;
}

/** Straight line a → b as points every ~300 m (b included, a not). */
function line(a: Point, b: Point): Point[] {
  const n = Math.max(1, Math.ceil(haversineMeters(a.lat, a.lon, b.lat, b.lon) / 300));
  return Array.from({ length: n }, (_, i) => ({
    lat: a.lat + ((b.lat - a.lat) * (i + 1)) / n,
    lon: a.lon + ((b.lon - a.lon) * (i + 1)) / n,
  }));
}

/**
 * `path` with a detour: it leaves the path a third to half of the way along, runs 2.5 to 4.5 km
 * to one side for a few km, and comes back onto the path further on.
 */
export function detourPath(path: Path, rand: Random): { points: Point[]; span: [number, number] } {
  const leave = between(rand, 0.3, 0.5) * path.length;
  const rejoin = Math.min(leave + between(rand, 5_000, 10_000), path.length - 3_000);
  const offset = between(rand, DETOUR_OFFSET_M[0], DETOUR_OFFSET_M[1]);
  const side = rand() < 0.5 ? 90 : -90;
  const a = path.at(leave);
  const b = path.at(rejoin);
  const bearing = bearingDegrees(a.lat, a.lon, b.lat, b.lon);
  const out1 = offsetPoint(path.at(leave + (rejoin - leave) * 0.25), offset, bearing + side);
  const out2 = offsetPoint(path.at(leave + (rejoin - leave) * 0.75), offset, bearing + side);
  const points = [
    ...slicePath(path, 0, leave),
    ...line(a, out1),
    ...line(out1, out2),
    ...line(out2, b),
    ...slicePath(path, rejoin, path.length).slice(1),
  ];
  return { points, span: [leave, rejoin] };
}

/** Where a route vehicle is on its route and which run it drives next. */
export class RouteRunner {
  readonly outbound: Path;
  readonly back: Path;
  private readonly waypoints: Point[];

  constructor(private readonly plan: SimRoutePlan) {
    this.outbound = new Path(plan.path);
    this.back = new Path(plan.path.slice().reverse());
    this.waypoints = plan.waypoints ?? [];
  }

  get origin(): Point {
    return this.plan.path[0];
  }

  get destination(): Point {
    return this.plan.path[this.plan.path.length - 1];
  }

  /** Where a vehicle standing at `p` is: at the depot, at the destination, or elsewhere. */
  whereIs(p: Point): 'origin' | 'destination' | 'away' {
    const o = this.origin;
    const d = this.destination;
    if (haversineMeters(p.lat, p.lon, o.lat, o.lon) < AT_END_M) return 'origin';
    if (haversineMeters(p.lat, p.lon, d.lat, d.lon) < AT_END_M) return 'destination';
    return 'away';
  }

  /** May a run start now (local hour)? From the depot only early enough to be back by evening. */
  mayStart(p: Point, hour: number): boolean {
    return this.whereIs(p) !== 'origin' || hour < LAST_RUN_HOUR;
  }

  /** The next run from `p`: out from the depot, back from the destination, or to the depot. */
  next(p: Point, rand: Random): RouteRun {
    const where = this.whereIs(p);
    if (where === 'away') {
      // Somewhere else (a restart found the vehicle off its route): across town to the depot.
      const path = localPath(p, this.origin, rand);
      return { path, slowAt: [], detour: null, to: 'origin', local: true };
    }
    const base = where === 'origin' ? this.outbound : this.back;
    const to = where === 'origin' ? 'destination' : 'origin';
    let points = base.points;
    let detour: [number, number] | null = null;
    if (this.plan.strays && base.length > DETOUR_MIN_PATH_M && rand() < DETOUR_ODDS) {
      const d = detourPath(base, rand);
      points = d.points;
      detour = d.span;
    }
    // Parked a few metres off the path's end (a restart): join it without a jump.
    const first = points[0];
    if (haversineMeters(p.lat, p.lon, first.lat, first.lon) > 5) points = [p, ...points];
    const path = new Path(points);
    const slowAt = this.waypoints.map((w) => alongOf(path, w));
    return { path, slowAt, detour, to, local: false };
  }
}

/** Distance along `path` of its vertex nearest to `p`. */
function alongOf(path: Path, p: Point): number {
  let best = 0;
  let bestD = Infinity;
  for (let i = 0; i < path.points.length; i++) {
    const q = path.points[i];
    const d = haversineMeters(q.lat, q.lon, p.lat, p.lon);
    if (d < bestD) [best, bestD] = [path.cum[i], d];
  }
  return best;
}
