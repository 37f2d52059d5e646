// The route tasks of the routes pages (common/src/tasks/places.ts), as TanStack Query options and
// the one conversion every writer needs: a stored route back into set_route's input.
import type { Route, RouteInput, RoutePoint } from '@fleet/common';
import { call } from '../../../api/call';
import type { RequestOptions } from '../../../api/client';
import { taskKey, taskQuery } from '../../../api/queries';

export const routeQuery = (roid: number, opts?: RequestOptions) =>
  taskQuery('get_route', { roid }, opts);
export const routeProgressQuery = () => taskQuery('get_route_progress', {});

/** Every query a route change can make stale. */
export const ROUTE_KEYS = [
  taskKey('get_routes'),
  taskKey('get_route'),
  taskKey('get_route_progress'),
  taskKey('get_route_trips'),
];

const point = (p: RoutePoint): RoutePoint =>
  p.name ? { lat: p.lat, lon: p.lon, name: p.name } : { lat: p.lat, lon: p.lon };

/**
 * set_route's input for a stored route with `patch` applied. The full polyline goes back as the
 * path (never the overview, which would coarsen it); straight-leg routes send no path, so the
 * server builds the legs again from the same points.
 */
export function routeToInput(route: Route, patch: Partial<RouteInput> = {}): RouteInput {
  return {
    roid: route.roid,
    name: route.name,
    display: route.display,
    colour: route.colour,
    source: route.source,
    origin: point(route.origin),
    destination: point(route.destination),
    waypoints: route.waypoints.map(point),
    ...(route.source === 'waypoints'
      ? {}
      : { path: route.polyline.map(({ lat, lon }) => ({ lat, lon })) }),
    corridor: route.corridor,
    uids: [...route.uids],
    ...patch,
  };
}

/** Shows or hides a route everywhere (its display flag), keeping the rest as stored. */
export async function setRouteDisplay(roid: number, display: boolean): Promise<Route> {
  const { route } = await call('get_route', { roid });
  const answer = await call('set_route', routeToInput(route, { display }));
  return answer.route;
}
