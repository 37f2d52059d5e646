// Locations and routes behind the live map's display toggles. Both lists are read only while their
// toggle is on; a server without the task yet (its own result 1) simply has nothing to draw.
import { useQuery } from '@tanstack/react-query';
import type { GeofenceItem, RouteItem } from '../../../map';
import { RESULT } from '@fleet/common';
import { callUntyped } from '../../../api/call';
import { isApiError } from '../../../api/errors';

const NONE: never[] = [];

// Not task keys ([task, parameters] holds a task's answer as sent, api/queries.ts): these hold rows.
const OVERLAY_KEYS = {
  locations: ['live_overlay', 'locations'],
  routes: ['live_overlay', 'routes'],
};

async function readList<T>(task: string, key: string): Promise<T[]> {
  try {
    // Not in the TaskMap yet: the rows are whatever the server sends, checked only for being a list.
    const data = await callUntyped(task, { page_size: 500 }, { silent: true });
    return Array.isArray(data[key]) ? (data[key] as T[]) : [];
  } catch (error) {
    if (isApiError(error) && error.result === RESULT.REFUSED) return [];
    throw error;
  }
}

export function useOverlays(showLocations: boolean, showRoutes: boolean) {
  const locations = useQuery({
    queryKey: OVERLAY_KEYS.locations,
    queryFn: () => readList<GeofenceItem>('get_locations', 'locations'),
    enabled: showLocations,
    staleTime: 5 * 60_000,
  });
  const routes = useQuery({
    queryKey: OVERLAY_KEYS.routes,
    queryFn: () => readList<RouteItem>('get_routes', 'routes'),
    enabled: showRoutes,
    staleTime: 5 * 60_000,
  });
  return { locations: locations.data ?? NONE, routes: routes.data ?? NONE };
}
