// The origin (A), waypoints (1, 2, ...) and destination (B) of a route as round signs with their
// names beside them. Renderless, like the map library's layers (web/src/map/README.md).
import { useMemo } from 'react';
import type { FeatureCollection, Point } from 'geojson';
import { useMap } from '../../../map';
import { FONT_BOLD, FONT_MEDIUM } from '../../../map/fonts';
import { useGeoJsonLayers, useLayerPrefix, type LayerDraft } from '../../../map/useGeoJsonLayers';

export type RoutePointKind = 'origin' | 'waypoint' | 'destination';

export interface RouteMarker {
  lat: number;
  lon: number;
  kind: RoutePointKind;
  /** Shown beside the sign (the point's name). */
  name?: string;
}

// Dark enough for white letters at AA contrast.
export const MARKER_COLOURS: Record<RoutePointKind, string> = {
  origin: '#1b5e20',
  waypoint: '#37474f',
  destination: '#b71c1c',
};

/** GeoJSON of the markers: letters A and B at the ends, numbers for the waypoints in order. */
export function markerCollection(
  markers: readonly RouteMarker[],
): FeatureCollection<Point, { sign: string; colour: string; name: string }> {
  let n = 0;
  return {
    type: 'FeatureCollection',
    features: markers
      .filter((m) => Number.isFinite(m.lat) && Number.isFinite(m.lon))
      .map((m) => ({
        type: 'Feature' as const,
        geometry: { type: 'Point' as const, coordinates: [m.lon, m.lat] },
        properties: {
          sign: m.kind === 'origin' ? 'A' : m.kind === 'destination' ? 'B' : String(++n),
          colour: MARKER_COLOURS[m.kind],
          name: m.name ?? '',
        },
      })),
  };
}

export default function RoutePointsLayer({
  markers,
  visible = true,
}: {
  markers: readonly RouteMarker[];
  visible?: boolean;
}) {
  const map = useMap();
  const id = useLayerPrefix('route-points');
  const data = useMemo(() => markerCollection(markers), [markers]);
  const layers = useMemo<LayerDraft[]>(
    () => [
      {
        id: `${id}-sign`,
        type: 'circle',
        paint: {
          'circle-radius': 10,
          'circle-color': ['get', 'colour'],
          'circle-stroke-color': '#ffffff',
          'circle-stroke-width': 2,
        },
      },
      {
        id: `${id}-letter`,
        type: 'symbol',
        layout: {
          'text-field': ['get', 'sign'],
          'text-font': FONT_BOLD,
          'text-size': 12,
          'text-allow-overlap': true,
          'text-ignore-placement': true,
        },
        paint: { 'text-color': '#ffffff' },
      },
      {
        id: `${id}-name`,
        type: 'symbol',
        layout: {
          'text-field': ['get', 'name'],
          'text-font': FONT_MEDIUM,
          'text-size': 12,
          'text-anchor': 'left',
          'text-offset': [1.2, 0],
          'text-optional': true,
        },
        paint: {
          'text-color': '#1f2937',
          'text-halo-color': 'rgba(255,255,255,0.95)',
          'text-halo-width': 1.5,
        },
      },
    ],
    [id],
  );
  useGeoJsonLayers(map, id, data, layers, { visible });
  return null;
}
