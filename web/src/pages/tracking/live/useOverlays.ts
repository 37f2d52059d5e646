// Locations and routes behind the live map's display toggles. Both lists are read only while their
// toggle is on, every page of them (a client may have more than one page's worth), and kept for
// five minutes. A user without the roles to read them (result 3) simply has nothing to draw.
import { useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE, RESULT, type Location, type RouteSummary } from '@fleet/common';
import type { GeofenceItem, RouteItem } from '../../../map';
import { call } from '../../../api/call';
import { isApiError } from '../../../api/errors';

const NONE: never[] = [];
/** 20 pages of 500: far beyond any client's places, and a bound on a runaway read. */
const MAX_PAGES = 20;

// Not task keys ([task, parameters] holds a task's answer as sent, api/queries.ts): these hold rows.
export const OVERLAY_KEYS = {
  locations: ['live_overlay', 'locations'],
  routes: ['live_overlay', 'routes'],
};

async function readAll<T>(read: (page: number) => Promise<{ rows: T[]; pages: number }>) {
  const rows: T[] = [];
  try {
    for (let page = 1; page <= MAX_PAGES; page++) {
      const answer = await read(page);
      rows.push(...answer.rows);
      if (page >= answer.pages) break;
    }
  } catch (error) {
    if (isApiError(error) && (error.result === RESULT.REFUSED || error.result === RESULT.FORBIDDEN))
      return [];
    throw error;
  }
  return rows;
}

export function toGeofenceItem(location: Location): GeofenceItem {
  return {
    lid: location.lid,
    name: location.name,
    type: location.type,
    geofence: location.geofence,
    radius: location.radius ?? undefined,
    colour: location.colour,
  };
}

export function toRouteItem(route: RouteSummary): RouteItem {
  return {
    roid: route.roid,
    name: route.name,
    polyline_overview: route.polyline_overview,
    display: route.display,
    colour: route.colour,
  };
}

export function useOverlays(showLocations: boolean, showRoutes: boolean) {
  const locations = useQuery({
    queryKey: OVERLAY_KEYS.locations,
    queryFn: () =>
      readAll(async (page) => {
        const data = await call(
          'get_locations',
          { page, page_size: MAX_PAGE_SIZE },
          { silent: true },
        );
        return { rows: data.locations.map(toGeofenceItem), pages: data.page_count };
      }),
    enabled: showLocations,
    staleTime: 5 * 60_000,
  });
  const routes = useQuery({
    queryKey: OVERLAY_KEYS.routes,
    queryFn: () =>
      readAll(async (page) => {
        const data = await call('get_routes', { page, page_size: MAX_PAGE_SIZE }, { silent: true });
        return { rows: data.routes.map(toRouteItem), pages: data.page_count };
      }),
    enabled: showRoutes,
    staleTime: 5 * 60_000,
  });
  return { locations: locations.data ?? NONE, routes: routes.data ?? NONE };
}
