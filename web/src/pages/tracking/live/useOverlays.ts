// Locations and routes behind the live map's display toggles. Both lists are read only while their
// toggle is on; a server without the task yet (its own result 1) simply has nothing to draw.
import { useQuery } from '@tanstack/react-query';
import type { GeofenceItem, RouteItem } from '../../../map';
import { RESULT } from '@fleet/common';
import { call } from '../../../api/call';
import { isApiError } from '../../../api/errors';

const NONE: never[] = [];

async function readList<T>(task: string, key: string): Promise<T[]> {
  try {
    const data = await call<Record<string, unknown>>(task, { page_size: 500 }, { silent: true });
    return Array.isArray(data[key]) ? (data[key] as T[]) : [];
  } catch (error) {
    if (isApiError(error) && error.result === RESULT.REFUSED) return [];
    throw error;
  }
}

export function useOverlays(showLocations: boolean, showRoutes: boolean) {
  const locations = useQuery({
    queryKey: ['get_locations', 'live'],
    queryFn: () => readList<GeofenceItem>('get_locations', 'locations'),
    enabled: showLocations,
    staleTime: 5 * 60_000,
  });
  const routes = useQuery({
    queryKey: ['get_routes', 'live'],
    queryFn: () => readList<RouteItem>('get_routes', 'routes'),
    enabled: showRoutes,
    staleTime: 5 * 60_000,
  });
  return { locations: locations.data ?? NONE, routes: routes.data ?? NONE };
}
