import type { Feature, FeatureCollection, LineString } from 'geojson';

/** A route (SPEC §3): its polyline, or polyline_overview when that is all there is. */
export interface RouteItem {
  roid: number;
  name: string;
  polyline?: { lat: number; lon: number }[];
  polyline_overview?: { lat: number; lon: number }[];
  /** The per-route display flag; false hides it. */
  display?: boolean;
  colour?: string;
}

export interface RouteProps {
  roid: number;
  name: string;
  colour: string;
  /** Text drawn along the line ('' for none). */
  label: string;
}

// Distinct colours for routes shown together, picked by roid so a route keeps its colour.
const PALETTE = [
  '#1565c0',
  '#00897b',
  '#6a1b9a',
  '#ef6c00',
  '#ad1457',
  '#2e7d32',
  '#4e342e',
  '#283593',
];

export function routeColour(roid: number): string {
  return PALETTE[Math.abs(Math.trunc(roid)) % PALETTE.length];
}

export function buildRouteCollection(
  routes: readonly RouteItem[],
): FeatureCollection<LineString, RouteProps> {
  const features: Feature<LineString, RouteProps>[] = [];
  for (const route of routes) {
    if (route.display === false) continue;
    const line = (route.polyline?.length ? route.polyline : route.polyline_overview) ?? [];
    const coordinates = line
      .filter((p) => Number.isFinite(p.lat) && Number.isFinite(p.lon))
      .map((p) => [p.lon, p.lat]);
    if (coordinates.length < 2) continue;
    features.push({
      type: 'Feature',
      geometry: { type: 'LineString', coordinates },
      properties: {
        roid: route.roid,
        name: route.name,
        colour: route.colour ?? routeColour(route.roid),
        label: route.name,
      },
    });
  }
  return { type: 'FeatureCollection', features };
}
