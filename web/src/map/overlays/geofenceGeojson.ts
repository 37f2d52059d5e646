import type { Feature, FeatureCollection, Geometry, Position } from 'geojson';
import { EARTH_RADIUS_M, LOCATION_OPACITY } from '@fleet/common';

/** A geofence location (SPEC §3): a point with a radius, or a polygon. Either lon or lng is read. */
export interface GeofenceItem {
  lid: number;
  name: string;
  type: 'point' | 'polygon';
  geofence: { lat: number; lon?: number; lng?: number }[];
  /** Circle radius in metres for point locations (default 100). */
  radius?: number;
  colour?: string;
}

export interface GeofenceProps {
  kind: 'area' | 'centre' | 'label';
  lid: number;
  name: string;
  colour: string;
}

export const DEFAULT_GEOFENCE_RADIUS_M = 100;
const DEFAULT_COLOUR = '#7b1fa2';

/** Fill opacity for the location opacity setting of SPEC §4 (Normal, Clear, Custom). */
export function locationFillOpacity(
  setting: (typeof LOCATION_OPACITY)[number],
  custom = 0.25,
): number {
  if (setting === 'Clear') return 0;
  if (setting === 'Custom') return Math.min(1, Math.max(0, custom));
  return 0.22;
}

const rad = (d: number) => (d * Math.PI) / 180;
const deg = (r: number) => (r * 180) / Math.PI;

/** A closed ring approximating a circle of `radius` metres on the sphere of SPEC §9. */
export function circleRing(lat: number, lon: number, radius: number, steps = 64): Position[] {
  const d = radius / EARTH_RADIUS_M;
  const φ1 = rad(lat);
  const λ1 = rad(lon);
  const ring: Position[] = [];
  for (let i = 0; i <= steps; i++) {
    const θ = (2 * Math.PI * (i % steps)) / steps;
    const φ2 = Math.asin(Math.sin(φ1) * Math.cos(d) + Math.cos(φ1) * Math.sin(d) * Math.cos(θ));
    const λ2 =
      λ1 +
      Math.atan2(
        Math.sin(θ) * Math.sin(d) * Math.cos(φ1),
        Math.cos(d) - Math.sin(φ1) * Math.sin(φ2),
      );
    ring.push([deg(λ2), deg(φ2)]);
  }
  return ring;
}

function lonOf(p: { lon?: number; lng?: number }): number {
  return Number(p.lon ?? p.lng);
}

/**
 * Shapes, centres and labels of the locations. With `showPolygons` off (SPEC §4 toggle) no area is
 * drawn, only each location's centre and label.
 */
export function buildGeofenceCollection(
  items: readonly GeofenceItem[],
  options: { showPolygons: boolean; showLabels: boolean },
): FeatureCollection<Geometry, GeofenceProps> {
  const features: Feature<Geometry, GeofenceProps>[] = [];
  for (const item of items) {
    const pts = item.geofence
      .map((p) => [lonOf(p), Number(p.lat)] as Position)
      .filter(([x, y]) => Number.isFinite(x) && Number.isFinite(y));
    if (pts.length === 0) continue;
    const props = { lid: item.lid, name: item.name, colour: item.colour ?? DEFAULT_COLOUR };
    let centre: Position;
    if (item.type === 'polygon' && pts.length >= 3) {
      centre = [
        pts.reduce((s, p) => s + p[0], 0) / pts.length,
        pts.reduce((s, p) => s + p[1], 0) / pts.length,
      ];
      if (options.showPolygons) {
        const ring = [...pts];
        const [first, last] = [ring[0], ring[ring.length - 1]];
        if (first[0] !== last[0] || first[1] !== last[1]) ring.push(first);
        features.push({
          type: 'Feature',
          geometry: { type: 'Polygon', coordinates: [ring] },
          properties: { ...props, kind: 'area' },
        });
      }
    } else {
      centre = pts[0];
      if (options.showPolygons) {
        const ring = circleRing(centre[1], centre[0], item.radius ?? DEFAULT_GEOFENCE_RADIUS_M);
        features.push({
          type: 'Feature',
          geometry: { type: 'Polygon', coordinates: [ring] },
          properties: { ...props, kind: 'area' },
        });
      }
    }
    features.push({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: centre },
      properties: { ...props, kind: 'centre' },
    });
    if (options.showLabels) {
      features.push({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: centre },
        properties: { ...props, kind: 'label' },
      });
    }
  }
  return { type: 'FeatureCollection', features };
}
