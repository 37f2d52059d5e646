import type { Map as MapLibreMap } from 'maplibre-gl';

export interface LatLon {
  lat: number;
  lon: number;
}

/** [[west, south], [east, north]] of the finite points, or null when there are none. */
export function boundsOf(points: Iterable<LatLon>): [[number, number], [number, number]] | null {
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const { lat, lon } of points) {
    if (!Number.isFinite(lat) || !Number.isFinite(lon)) continue;
    west = Math.min(west, lon);
    east = Math.max(east, lon);
    south = Math.min(south, lat);
    north = Math.max(north, lat);
  }
  return west === Infinity
    ? null
    : [
        [west, south],
        [east, north],
      ];
}

export interface FitOptions {
  /** Pixels kept free around the points (default 48; smaller screens get less). */
  padding?: number;
  /** Closest zoom, so a single point or a short trip does not fill the screen (default 16). */
  maxZoom?: number;
  animate?: boolean;
}

/** Moves the map so every point shows; returns false when there was nothing to fit. */
export function fitToPoints(
  map: MapLibreMap,
  points: Iterable<LatLon>,
  options: FitOptions = {},
): boolean {
  const bounds = boundsOf(points);
  if (!bounds) return false;
  const canvas = map.getCanvas();
  const room = Math.min(canvas.clientWidth || 400, canvas.clientHeight || 400);
  const padding = Math.min(options.padding ?? 48, Math.floor(room / 4));
  map.fitBounds(bounds, {
    padding,
    maxZoom: options.maxZoom ?? 16,
    animate: options.animate ?? false,
  });
  return true;
}
