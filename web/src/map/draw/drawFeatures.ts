// The GeoJSON features the drawing hook works with, and the conversions between them and the
// app's shapes: a circle (centre + radius in metres), a ring of vertices, a line, a point.
// Pure: no map, no terra-draw instance (ids are supplied by the caller or made here).
import type { Feature, LineString, Point, Polygon } from 'geojson';
import { circleRing as geodesicCircle } from '../overlays/geofenceGeojson';
import { dropClosingPoint, haversineMeters, type LatLon } from '@fleet/common';

/** The shapes a drawing can hold; a circle is a polygon with `mode: 'circle'`. */
export type DrawShapeMode = 'polygon' | 'circle' | 'linestring' | 'point';

export type DrawGeometry = Polygon | LineString | Point;

/** A finished shape as terra-draw stores it: `properties.mode` says how it was drawn. */
export type DrawFeature = Feature<DrawGeometry, { mode: string; [key: string]: unknown }> & {
  id?: string | number;
};

export interface Circle {
  lat: number;
  lon: number;
  /** metres */
  radius: number;
}

/**
 * Vertices of a geodesic circle (64 by default), closed (first repeated last), as [lng, lat]: the
 * ring the map draws for a point location (overlays/geofenceGeojson.ts), at terra-draw's precision.
 */
export function circleRing(centre: LatLon, radiusM: number, steps = 64): [number, number][] {
  return geodesicCircle(centre.lat, centre.lon, radiusM, steps).map(
    ([lon, lat]) => [round7(lon), round7(lat)] as [number, number],
  );
}

/** terra-draw refuses coordinates finer than its precision (7 decimals here: about 1 cm). */
export const DRAW_COORDINATE_PRECISION = 7;
const round7 = (n: number) => Math.round(n * 1e7) / 1e7;
const lngLat = (p: LatLon) => [round7(p.lon), round7(p.lat)];

export function circleFeature(centre: LatLon, radiusM: number, id?: string | number): DrawFeature {
  return {
    type: 'Feature',
    ...(id === undefined ? {} : { id }),
    geometry: { type: 'Polygon', coordinates: [circleRing(centre, radiusM)] },
    properties: { mode: 'circle', radiusKilometers: radiusM / 1000 },
  };
}

export function polygonFeature(points: readonly LatLon[], id?: string | number): DrawFeature {
  const ring = dropClosingPoint(points).map(lngLat);
  if (ring.length > 0) ring.push([...ring[0]!]);
  return {
    type: 'Feature',
    ...(id === undefined ? {} : { id }),
    geometry: { type: 'Polygon', coordinates: [ring] },
    properties: { mode: 'polygon' },
  };
}

export function lineFeature(points: readonly LatLon[], id?: string | number): DrawFeature {
  return {
    type: 'Feature',
    ...(id === undefined ? {} : { id }),
    geometry: { type: 'LineString', coordinates: points.map(lngLat) },
    properties: { mode: 'linestring' },
  };
}

export function pointFeature(point: LatLon, id?: string | number): DrawFeature {
  return {
    type: 'Feature',
    ...(id === undefined ? {} : { id }),
    geometry: { type: 'Point', coordinates: lngLat(point) },
    properties: { mode: 'point' },
  };
}

const toLatLon = (c: readonly number[]): LatLon => ({ lat: c[1]!, lon: c[0]! });

/** A polygon's vertices without the closing repeat (empty for other geometries). */
export function ringOf(feature: DrawFeature): LatLon[] {
  if (feature.geometry.type !== 'Polygon') return [];
  return dropClosingPoint((feature.geometry.coordinates[0] ?? []).map(toLatLon));
}

/** A line's points (empty for other geometries). */
export function lineOf(feature: DrawFeature): LatLon[] {
  return feature.geometry.type === 'LineString' ? feature.geometry.coordinates.map(toLatLon) : [];
}

/** A point feature's position, or null. */
export function pointOf(feature: DrawFeature): LatLon | null {
  return feature.geometry.type === 'Point' ? toLatLon(feature.geometry.coordinates) : null;
}

/**
 * Centre and radius of a drawn circle: the centre is the middle of the ring's extent (exact for a
 * geodesic circle: its northmost and southmost vertices lie on the centre's meridian, its east and
 * west ones mirror each other), the radius the mean haversine distance from it to the vertices,
 * rounded to the metre. Null when the feature is not a polygon ring.
 */
export function circleOf(feature: DrawFeature): Circle | null {
  const ring = ringOf(feature);
  if (ring.length < 3) return null;
  let north = -Infinity;
  let south = Infinity;
  let east = -Infinity;
  let west = Infinity;
  for (const p of ring) {
    north = Math.max(north, p.lat);
    south = Math.min(south, p.lat);
    east = Math.max(east, p.lon);
    west = Math.min(west, p.lon);
  }
  const lat = (north + south) / 2;
  const lon = (east + west) / 2;
  let total = 0;
  for (const p of ring) total += haversineMeters(lat, lon, p.lat, p.lon);
  return { lat, lon, radius: Math.max(1, Math.round(total / ring.length)) };
}

/** Which drawing mode a finished feature belongs to (`properties.mode`), if one of ours. */
export function shapeModeOf(feature: DrawFeature): DrawShapeMode | null {
  const mode = feature.properties?.mode;
  const type = feature.geometry?.type;
  if ((mode === 'polygon' || mode === 'circle') && type === 'Polygon') return mode;
  if (mode === 'linestring' && type === 'LineString') return mode;
  if (mode === 'point' && type === 'Point') return mode;
  return null;
}
