// Route progress (issue 10, routes/realtime): for each unit assigned to a route, where it is along
// the route now — distance done and left along the path (not as the crow flies), how far it is off
// the path, whether it is inside the corridor, and an ETA at its recent average speed.
import {
  compilePath,
  projectOnPath,
  type CompiledPath,
  type Role,
  type RouteProgress,
} from '@fleet/common';
import { now } from '../clock';
import type { TaskContext } from './context';
import { defineTask } from './registry';
import { iso } from './paging';
import { loadRoute, routePath, routeUnits, type RouteRow } from './routes';

export const ROUTE_PROGRESS_ROLES: Role[] = [
  'feature_route_progress',
  'feature_routes_view',
  'feature_routes_edit',
  'user_old',
  'user_support',
];

/** The window whose positions give the hint along the path and the average speed. */
export const PROGRESS_WINDOW_MS = 15 * 60_000;
/** Below this average (km/h) a unit is as good as standing: no ETA. */
export const ETA_MIN_SPEED_KMH = 5;

interface Fix {
  fix_time: number;
  lat: number;
  lon: number;
  speed: number;
}

const round1 = (x: number) => Math.round(x * 10) / 10;

/**
 * One unit on one route. The window's fixes are projected in time order, each with the previous
 * `along` as the hint, so that on a path that passes a place twice progress follows the unit
 * instead of jumping to the other pass; the live position is projected last, with the same hint.
 * average_speed is the mean of the speeds the unit reported in the window (km/h).
 */
export function progressOf(
  route: Pick<RouteRow, 'roid' | 'name' | 'corridor'>,
  path: CompiledPath,
  unit: { uid: number; name: string; reg: string },
  live: Fix | null,
  recent: readonly Fix[],
  at: number,
): RouteProgress {
  const base = {
    route_roid: route.roid,
    route_name: route.name,
    uid: unit.uid,
    name: unit.name,
    reg: unit.reg,
  };
  const average =
    recent.length > 0 ? recent.reduce((s, f) => s + f.speed, 0) / recent.length : null;
  if (!live) {
    return {
      ...base,
      done: 0,
      left: Math.round(path.length),
      percent: 0,
      off_route: 0,
      on_corridor: false,
      average_speed: average === null ? null : round1(average),
      eta: null,
      fix_time: null,
      lat: null,
      lon: null,
    };
  }
  let hint: number | undefined;
  for (const f of recent) hint = projectOnPath(path, f.lat, f.lon, hint).along;
  const { along, offset } = projectOnPath(path, live.lat, live.lon, hint);
  const left = Math.max(0, path.length - along);
  const onCorridor = offset <= route.corridor;
  const eta =
    onCorridor && average !== null && average > ETA_MIN_SPEED_KMH
      ? iso(at + (left / ((average * 1000) / 3600)) * 1000)
      : null;
  return {
    ...base,
    done: Math.round(along),
    left: Math.round(left),
    percent: path.length > 0 ? round1((along / path.length) * 100) : 0,
    off_route: Math.round(offset),
    on_corridor: onCorridor,
    average_speed: average === null ? null : round1(average),
    eta,
    fix_time: iso(live.fix_time),
    lat: live.lat,
    lon: live.lon,
  };
}

async function routesOf(ctx: TaskContext, roid: number | undefined): Promise<RouteRow[]> {
  if (roid !== undefined) return [await loadRoute(ctx, roid)];
  return ctx.tenant.selectFrom('routes').selectAll().orderBy('name').orderBy('roid').execute();
}

const getRouteProgress = defineTask({
  name: 'get_route_progress',
  roles: ROUTE_PROGRESS_ROLES,
  probe: (f) => ({ roid: f.roid }),
  async handler(ctx, p) {
    const routes = await routesOf(ctx, p.roid);
    const assigned = await routeUnits(
      ctx,
      routes.map((r) => r.roid),
    );
    const uids = [...new Set([...assigned.values()].flat())];
    if (!uids.length) return { progress: [] };
    const at = now();
    const [units, states, fixes] = await Promise.all([
      ctx.tenant
        .units()
        .select(['units.uid', 'units.name', 'units.reg'])
        .where('units.uid', 'in', uids)
        .execute(),
      ctx.tenant
        .selectFrom('unit_state')
        .select(['unit_id', 'fix_time', 'lat', 'lon', 'speed'])
        .where('unit_id', 'in', uids)
        .execute(),
      ctx.tenant
        .positionsOf(uids)
        .select(['unit_id', 'fix_time', 'lat', 'lon', 'speed'])
        .where('fix_time', '>', at - PROGRESS_WINDOW_MS)
        .where('fix_time', '<=', at)
        .orderBy('unit_id')
        .orderBy('fix_time')
        .execute(),
    ]);
    const unitById = new Map(units.map((u) => [u.uid, u]));
    const stateById = new Map(states.map((s) => [s.unit_id, s]));
    const recentById = new Map<number, Fix[]>();
    for (const f of fixes) {
      const list = recentById.get(f.unit_id) ?? [];
      list.push(f);
      recentById.set(f.unit_id, list);
    }
    const progress: RouteProgress[] = [];
    for (const route of routes) {
      const path = compilePath(routePath(route));
      for (const uid of assigned.get(route.roid) ?? []) {
        const unit = unitById.get(uid);
        if (!unit) continue;
        const recent = recentById.get(uid) ?? [];
        const state = stateById.get(uid);
        // The live position: the unit's state, or its last fix of the window when it has none.
        const live = state ?? recent[recent.length - 1] ?? null;
        progress.push(progressOf(route, path, unit, live, recent, at));
      }
    }
    return { progress };
  },
});

export const routeProgressTasks = [getRouteProgress];
