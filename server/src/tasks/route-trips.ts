// Route trips (issue 10, routes/trips and routes/map/{uid}/{roid}): which stored trips of which
// units followed a route in a date range, and how much of each was inside the route's corridor.
import { compilePath, haversineMeters, projectOnPath, type RouteTrip } from '@fleet/common';
import type { TaskContext } from './context';
import { defineTask } from './registry';
import { TaskError } from './errors';
import { iso } from './paging';
import { rangeOf } from './trips';
import { ROUTE_READ_ROLES, loadRoute, routePath, routeUnits } from './routes';

/**
 * A trip counts as having followed the route when at least this share (percent) of its distance
 * was driven inside the corridor: below it, a trip that only crossed the route or shared a short
 * stretch of road with it would be listed too.
 */
export const ROUTE_TRIP_MIN_INSIDE_PERCENT = 30;
/** At most this many trips are answered (the newest). */
export const ROUTE_TRIPS_MAX = 500;

interface Fix {
  fix_time: number;
  lat: number;
  lon: number;
}

/**
 * A trip's fixes against the route: `inside` is the metres between consecutive fixes that are both
 * within the corridor; `route_percent` is how much of the route those fixes span (the largest
 * minus the smallest `along` of the inside fixes, over the route's length).
 */
export function tripOnRoute(
  path: ReturnType<typeof compilePath>,
  corridor: number,
  fixes: readonly Fix[],
): { inside: number; driven: number; minAlong: number; maxAlong: number } {
  let inside = 0;
  let driven = 0;
  let minAlong = Infinity;
  let maxAlong = -Infinity;
  let hint: number | undefined;
  let prev: { fix: Fix; in: boolean } | null = null;
  for (const fix of fixes) {
    const pr = projectOnPath(path, fix.lat, fix.lon, hint);
    const isIn = pr.offset <= corridor;
    if (isIn) {
      hint = pr.along;
      minAlong = Math.min(minAlong, pr.along);
      maxAlong = Math.max(maxAlong, pr.along);
    }
    if (prev) {
      const d = haversineMeters(prev.fix.lat, prev.fix.lon, fix.lat, fix.lon);
      driven += d;
      if (prev.in && isIn) inside += d;
    }
    prev = { fix, in: isIn };
  }
  return { inside, driven, minAlong, maxAlong };
}

async function unitsOf(ctx: TaskContext, roid: number, uids: number[] | undefined) {
  const ids = uids ? [...new Set(uids)] : ((await routeUnits(ctx, [roid])).get(roid) ?? []);
  if (!ids.length) return [];
  const rows = await ctx.tenant
    .units()
    .select(['units.uid', 'units.name'])
    .where('units.uid', 'in', ids)
    .execute();
  const seen = new Set(rows.map((r) => r.uid));
  const missing = ids.find((u) => !seen.has(u));
  if (missing !== undefined) throw new TaskError(`uids: unit ${missing} was not found`);
  return rows;
}

const getRouteTrips = defineTask({
  name: 'get_route_trips',
  roles: ROUTE_READ_ROLES,
  probe: (f) => ({
    roid: f.roid,
    from: '2000-01-01T00:00:00Z',
    to: '2000-02-01T00:00:00Z',
    uids: [f.uid],
  }),
  async handler(ctx, p) {
    const route = await loadRoute(ctx, p.roid);
    const { from, to } = rangeOf(p);
    const units = await unitsOf(ctx, route.roid, p.uids);
    if (!units.length) return { trips: [] };
    const names = new Map(units.map((u) => [u.uid, u.name]));
    const path = compilePath(routePath(route));
    const candidates = await ctx.tenant
      .selectFrom('trips')
      .select(['id', 'unit_id', 'start_time', 'end_time', 'distance'])
      .where('type', '=', 0)
      .where(
        'unit_id',
        'in',
        units.map((u) => u.uid),
      )
      .where('start_time', '<', to)
      .where('end_time', '>', from)
      // The trip's box (its fixes', kept by the pipeline) meets the route's box (corridor
      // included): otherwise it never came near. A trip without a box is read to be sure.
      .where((eb) =>
        eb.or([
          eb('min_lat', 'is', null),
          eb.and([
            eb('min_lat', '<=', route.max_lat),
            eb('max_lat', '>=', route.min_lat),
            eb('min_lon', '<=', route.max_lon),
            eb('max_lon', '>=', route.min_lon),
          ]),
        ]),
      )
      .orderBy('start_time', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const trips: RouteTrip[] = [];
    for (const trip of candidates) {
      const fixes = await ctx.tenant
        .positionsOf([trip.unit_id])
        .select(['fix_time', 'lat', 'lon'])
        .where('unit_id', '=', trip.unit_id)
        .where('fix_time', '>=', trip.start_time)
        .where('fix_time', '<=', trip.end_time)
        .orderBy('fix_time')
        .execute();
      const on = tripOnRoute(path, route.corridor, fixes);
      const distance = trip.distance > 0 ? trip.distance : on.driven;
      if (distance <= 0) continue;
      const insidePercent = Math.min(100, (on.inside / distance) * 100);
      if (insidePercent < ROUTE_TRIP_MIN_INSIDE_PERCENT) continue;
      const span = on.maxAlong > on.minAlong ? on.maxAlong - on.minAlong : 0;
      trips.push({
        route_roid: route.roid,
        uid: trip.unit_id,
        name: names.get(trip.unit_id) ?? '',
        id: trip.id,
        start: iso(trip.start_time),
        end: iso(trip.end_time),
        distance: Math.round(distance),
        inside: Math.round(on.inside),
        inside_percent: Math.round(insidePercent * 10) / 10,
        route_percent:
          path.length > 0 ? Math.round(Math.min(100, (span / path.length) * 100) * 10) / 10 : 0,
      });
      if (trips.length >= ROUTE_TRIPS_MAX) break;
    }
    return { trips };
  },
});

export const routeTripTasks = [getRouteTrips];
