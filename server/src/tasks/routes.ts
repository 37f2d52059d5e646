// Routes (issue 10, SPEC §3): origin, destination, waypoints, the path and its legs, a corridor and
// the units assigned. The path comes from a line drawn on the map, a recorded trip, or straight
// legs between the points (no online directions service is reachable); common/src/routeLegs.ts
// builds the legs, steps and overview from it.
import { sql, type Selectable } from 'kysely';
import {
  MAX_ROUTE_POINTS,
  boxOf,
  buildRoute,
  compilePath,
  projectOnPath,
  routePointChanged,
  ROUTE_LOCATION_ACCURACY,
  type LatLon,
  type Role,
  type Route,
  type RouteLeg,
  type RoutePoint,
  type RouteSource,
  type RouteSummary,
  type TaskMap,
} from '@fleet/common';
import { json } from '../db';
import type { RoutesTable } from '../db/types';
import { now } from '../clock';
import type { TaskContext } from './context';
import { defineTask } from './registry';
import { TaskError } from './errors';
import { countRows, iso, listAnswer, pageOf } from './paging';

/** Who may read routes: the route pages, route progress, and the live map's routes toggle. */
export const ROUTE_READ_ROLES: Role[] = [
  'user_old',
  'feature_routes_view',
  'feature_routes_edit',
  'feature_route_progress',
  'feature_realtime',
  'user_support',
];
export const ROUTE_WRITE_ROLES: Role[] = ['user_old', 'feature_routes_edit'];

/** A new route's colour when none is given: one of these, by roid, so neighbours differ. */
export const ROUTE_PALETTE = [
  '#1565c0',
  '#2e7d32',
  '#c62828',
  '#6a1b9a',
  '#ef6c00',
  '#00838f',
  '#ad1457',
  '#4e342e',
];

export type RouteRow = Selectable<RoutesTable>;

/** Another client's roid answers exactly like one that does not exist. */
export const routeNotFound = () => new TaskError('roid: route not found');

/** The route (tenant-scoped) or 'roid: route not found'. */
export async function loadRoute(ctx: TaskContext, roid: number): Promise<RouteRow> {
  const row = await ctx.tenant
    .selectFrom('routes')
    .selectAll()
    .where('roid', '=', roid)
    .executeTakeFirst();
  if (!row) throw routeNotFound();
  return row;
}

/** The path of a stored route. */
export function routePath(row: Pick<RouteRow, 'polyline'>): LatLon[] {
  return json.parse<LatLon[]>(row.polyline, []);
}

/** Assigned units of the routes that the user may see, by roid. */
export async function routeUnits(
  ctx: TaskContext,
  roids: readonly number[],
): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>(roids.map((r) => [r, []]));
  if (!roids.length) return out;
  const rows = await ctx.tenant
    .selectFrom('route_units')
    .select(['route_id', 'unit_id'])
    .where('route_id', 'in', [...roids])
    .where('unit_id', 'in', ctx.tenant.units().select('units.uid'))
    .orderBy('unit_id')
    .execute();
  for (const r of rows) out.get(r.route_id)?.push(r.unit_id);
  return out;
}

type SummaryRow = Pick<RouteRow, (typeof SUMMARY_COLUMNS)[number]>;

function summaryOf(r: SummaryRow, uids: number[]): RouteSummary {
  return {
    roid: r.roid,
    name: r.name,
    display: r.display === 1,
    colour: r.colour,
    source: r.source as RouteSource,
    origin: json.parse<RoutePoint>(r.origin, { lat: 0, lon: 0 }),
    destination: json.parse<RoutePoint>(r.destination, { lat: 0, lon: 0 }),
    waypoints: json.parse<RoutePoint[]>(r.waypoints, []),
    polyline_overview: json.parse<LatLon[]>(r.polyline_overview, []),
    distance: r.distance,
    corridor: r.corridor,
    uids,
    datetime: iso(r.datetime),
    updated: iso(r.updated),
  };
}

export function routeOf(r: RouteRow, uids: number[]): Route {
  return {
    ...summaryOf(r, uids),
    polyline: routePath(r),
    legs: json.parse<RouteLeg[]>(r.legs, []),
  };
}

const SUMMARY_COLUMNS = [
  'roid',
  'name',
  'display',
  'colour',
  'source',
  'origin',
  'destination',
  'waypoints',
  'polyline_overview',
  'distance',
  'corridor',
  'datetime',
  'updated',
] as const;

const getRoutes = defineTask({
  name: 'get_routes',
  roles: ROUTE_READ_ROLES,
  probe: () => ({ search: 'Isolation' }),
  async handler(ctx, p) {
    let q = ctx.tenant.selectFrom('routes');
    if (p.search) q = q.where(sql`lower(name)`, 'like', `%${p.search.toLowerCase()}%`);
    const count = await countRows(q);
    const { limit, offset } = pageOf(p);
    const rows = await q
      .select(SUMMARY_COLUMNS)
      .orderBy(sql`lower(name)`)
      .orderBy('name')
      .orderBy('roid')
      .limit(limit)
      .offset(offset)
      .execute();
    const units = await routeUnits(
      ctx,
      rows.map((r) => r.roid),
    );
    const routes = rows.map((r) => summaryOf(r, units.get(r.roid) ?? []));
    return listAnswer('routes', routes, count, p.page_size);
  },
});

const getRoute = defineTask({
  name: 'get_route',
  roles: ROUTE_READ_ROLES,
  probe: (f) => ({ roid: f.roid }),
  async handler(ctx, p) {
    const row = await loadRoute(ctx, p.roid);
    const units = await routeUnits(ctx, [row.roid]);
    return { route: routeOf(row, units.get(row.roid) ?? []) };
  },
});

type RouteParams = TaskMap['set_route']['parsed'];

/** The first uid that is not a unit of the route's client the user may see, or null. */
async function missingUnit(
  ctx: TaskContext,
  clientId: number,
  uids: readonly number[],
): Promise<number | null> {
  if (!uids.length) return null;
  const seen = await ctx.tenant
    .units()
    .select('units.uid')
    .where('units.uid', 'in', [...uids])
    .where('units.client_id', '=', clientId)
    .execute();
  const ok = new Set(seen.map((r) => r.uid));
  return uids.find((u) => !ok.has(u)) ?? null;
}

/** What an edit changed, as the change log says it (route points per SPEC §5, accuracy 2). */
export function routeChanges(
  before: RouteRow,
  after: {
    name: string;
    origin: RoutePoint;
    destination: RoutePoint;
    waypoints: RoutePoint[];
    polyline: LatLon[];
    source: RouteSource;
    corridor: number;
    colour: string;
    display: boolean;
  },
  unitsChanged: boolean,
): string {
  const changed = (a: RoutePoint, b: RoutePoint) =>
    routePointChanged(a, b, ROUTE_LOCATION_ACCURACY);
  const oldOrigin = json.parse<RoutePoint>(before.origin, { lat: 0, lon: 0 });
  const oldDestination = json.parse<RoutePoint>(before.destination, { lat: 0, lon: 0 });
  const oldWaypoints = json.parse<RoutePoint[]>(before.waypoints, []);
  const parts: string[] = [];
  if (before.name !== after.name) parts.push('name');
  if (changed(oldOrigin, after.origin)) parts.push('origin');
  const common = Math.min(oldWaypoints.length, after.waypoints.length);
  for (let i = 0; i < common; i++) {
    if (changed(oldWaypoints[i], after.waypoints[i])) parts.push(`waypoint ${i + 1}`);
  }
  if (changed(oldDestination, after.destination)) parts.push('destination');
  // Straight legs follow the points: their path changes with them and goes unsaid.
  if (after.source !== 'waypoints' && before.polyline !== JSON.stringify(after.polyline)) {
    parts.push('path');
  }
  if (before.corridor !== after.corridor) parts.push('corridor');
  if (before.colour !== after.colour || (before.display === 1) !== after.display) {
    parts.push('display');
  }
  if (unitsChanged) parts.push('units');
  const sentences: string[] = [];
  if (parts.length) sentences.push(`${parts.join(', ')} changed`);
  for (let i = common; i < after.waypoints.length; i++) sentences.push(`waypoint ${i + 1} added`);
  for (let i = common; i < oldWaypoints.length; i++) sentences.push(`waypoint ${i + 1} removed`);
  return sentences.length ? sentences.join('; ') : 'no changes';
}

/** Builds the route's geometry, refusing what cannot be a route with the field named. */
function geometryOf(p: RouteParams) {
  if (p.source !== 'waypoints' && !p.path) {
    throw new TaskError(`path: is required for a ${p.source} route`);
  }
  const built = buildRoute({
    origin: p.origin,
    destination: p.destination,
    waypoints: p.waypoints,
    path: p.source === 'waypoints' ? undefined : p.path,
    source: p.source,
  });
  if (built.distance < 1) throw new TaskError('path: the route has no length');
  if (built.polyline.length > MAX_ROUTE_POINTS) {
    throw new TaskError(`path: a route may have at most ${MAX_ROUTE_POINTS} points`);
  }
  // A waypoint splits the path where it passes: one off the path would split it somewhere else.
  if (p.source !== 'waypoints' && p.waypoints.length) {
    const compiled = compilePath(built.polyline);
    p.waypoints.forEach((w, i) => {
      const { offset } = projectOnPath(compiled, w.lat, w.lon);
      if (offset > p.corridor) {
        throw new TaskError(
          `waypoints.${i}: is ${Math.round(offset)} m from the path, more than the corridor`,
        );
      }
    });
  }
  return built;
}

const setRoute = defineTask({
  name: 'set_route',
  roles: ROUTE_WRITE_ROLES,
  entityType: 'Route',
  probe: (f) => ({
    roid: f.roid,
    name: 'Probe run',
    source: 'waypoints',
    origin: { lat: -26.2, lon: 28.05 },
    destination: { lat: -26.1, lon: 28.1 },
    uids: [f.uid],
  }),
  async handler(ctx, p) {
    const before = p.roid === undefined ? null : await loadRoute(ctx, p.roid);
    const clientId = before?.client_id ?? ctx.tenant.ownerClient();
    const missing = await missingUnit(ctx, clientId, p.uids);
    if (missing !== null) throw new TaskError(`uids: unit ${missing} was not found`);
    const duplicate = await ctx.tenant
      .selectFrom('routes')
      .select('roid')
      .where('client_id', '=', clientId)
      .where(sql`lower(name)`, '=', p.name.toLowerCase())
      .$if(before !== null, (q) => q.where('roid', '!=', before!.roid))
      .executeTakeFirst();
    if (duplicate) throw new TaskError('name: a route with this name already exists');

    const built = geometryOf(p);
    const box = boxOf(built.polyline, p.corridor);
    const at = now();
    const colour = p.colour ?? before?.colour ?? ROUTE_PALETTE[0];
    const columns = {
      name: p.name,
      display: p.display ? 1 : 0,
      colour,
      source: p.source,
      origin: JSON.stringify(built.origin),
      destination: JSON.stringify(built.destination),
      waypoints: JSON.stringify(p.waypoints),
      legs: JSON.stringify(built.legs),
      polyline: JSON.stringify(built.polyline),
      polyline_overview: JSON.stringify(built.polyline_overview),
      distance: built.distance,
      corridor: p.corridor,
      min_lat: box.minLat,
      min_lon: box.minLon,
      max_lat: box.maxLat,
      max_lon: box.maxLon,
      updated: at,
    };

    let roid: number;
    let unitsChanged = false;
    if (before) {
      roid = before.roid;
      await ctx.tenant.updateTable('routes').set(columns).where('roid', '=', roid).execute();
      const old = await ctx.tenant
        .selectFrom('route_units')
        .select('unit_id')
        .where('route_id', '=', roid)
        .execute();
      const oldIds = old.map((r) => r.unit_id).sort((a, b) => a - b);
      const newIds = [...new Set(p.uids)].sort((a, b) => a - b);
      unitsChanged = oldIds.join() !== newIds.join();
    } else {
      const row = await ctx.tenant
        .insertInto('routes', clientId)
        .values({ ...columns, datetime: at })
        .returning('roid')
        .executeTakeFirstOrThrow();
      roid = row.roid;
      if (!p.colour) {
        await ctx.tenant
          .updateTable('routes')
          .set({ colour: ROUTE_PALETTE[(roid - 1) % ROUTE_PALETTE.length] })
          .where('roid', '=', roid)
          .execute();
      }
    }
    await ctx.tenant.deleteFrom('route_units').where('route_id', '=', roid).execute();
    const uids = [...new Set(p.uids)];
    if (uids.length) {
      await ctx.tenant
        .insertInto('route_units', clientId)
        .values(uids.map((uid) => ({ route_id: roid, unit_id: uid })))
        .execute();
    }
    const description = before
      ? `Edited route ${p.name}: ${routeChanges(before, { ...p, ...built, colour }, unitsChanged)}`
      : `Added route ${p.name}`;
    ctx.changeLog({ action: before ? 'E' : 'I', entityType: 'Route', entityId: roid, description });
    ctx.afterCommit(() => ctx.services.bus.publish('places_changed', { client_id: clientId }));
    const saved = await loadRoute(ctx, roid);
    const units = await routeUnits(ctx, [roid]);
    return { route: routeOf(saved, units.get(roid) ?? []) };
  },
});

const deleteRoute = defineTask({
  name: 'delete_route',
  roles: ROUTE_WRITE_ROLES,
  entityType: 'Route',
  probe: (f) => ({ roid: f.roid }),
  async handler(ctx, p) {
    const route = await loadRoute(ctx, p.roid);
    await ctx.tenant.deleteFrom('route_units').where('route_id', '=', route.roid).execute();
    await ctx.tenant.deleteFrom('routes').where('roid', '=', route.roid).execute();
    ctx.changeLog({
      action: 'D',
      entityType: 'Route',
      entityId: route.roid,
      description: `Deleted route ${route.name}`,
    });
    ctx.afterCommit(() =>
      ctx.services.bus.publish('places_changed', { client_id: route.client_id }),
    );
    return {};
  },
});

export const routeTasks = [getRoutes, getRoute, setRoute, deleteRoute];
