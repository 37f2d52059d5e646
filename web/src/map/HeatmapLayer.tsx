import { useEffect, useMemo } from 'react';
import type { FeatureCollection, Point } from 'geojson';
import { useMap } from './MapContext';
import { useGeoJsonLayers, useLayerPrefix, type LayerDraft } from './useGeoJsonLayers';

export interface HeatPoint {
  lat: number;
  lon: number;
  /** Relative weight, e.g. minutes spent there (default 1). */
  weight?: number;
}

export interface HeatmapLayerProps {
  /** Fixes of the fleet coverage area (SPEC §2 fleet_coverage_area). */
  points: readonly HeatPoint[];
  /** Blur radius in pixels at zoom 5; it grows with zoom (default 12). */
  radius?: number;
  visible?: boolean;
}

export function heatmapCollection(
  points: readonly HeatPoint[],
): FeatureCollection<Point, { w: number }> {
  const max = points.reduce((m, p) => Math.max(m, p.weight ?? 1), 0) || 1;
  return {
    type: 'FeatureCollection',
    features: points
      .filter((p) => Number.isFinite(p.lat) && Number.isFinite(p.lon))
      .map((p) => ({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [p.lon, p.lat] },
        properties: { w: (p.weight ?? 1) / max },
      })),
  };
}

/** Coverage heat map: where the fleet has been, dense places hot. */
export function HeatmapLayer({ points, radius = 12, visible = true }: HeatmapLayerProps) {
  const map = useMap();
  const id = useLayerPrefix('heatmap');
  const data = useMemo(() => heatmapCollection(points), [points]);
  const layers = useMemo<LayerDraft[]>(
    () => [
      {
        id: `${id}-heat`,
        type: 'heatmap',
        paint: {
          'heatmap-weight': ['get', 'w'],
          'heatmap-intensity': ['interpolate', ['linear'], ['zoom'], 3, 0.6, 12, 2],
          'heatmap-radius': ['interpolate', ['exponential', 2], ['zoom'], 5, 12, 15, 96],
          'heatmap-opacity': 0.8,
          'heatmap-color': [
            'interpolate',
            ['linear'],
            ['heatmap-density'],
            0,
            'rgba(33,102,172,0)',
            0.2,
            'rgb(103,169,207)',
            0.4,
            'rgb(209,229,240)',
            0.6,
            'rgb(253,219,199)',
            0.8,
            'rgb(239,138,98)',
            1,
            'rgb(178,24,43)',
          ],
        },
      },
    ],
    [id],
  );
  useGeoJsonLayers(map, id, data, layers, { visible });
  useEffect(() => {
    if (!map.getLayer(`${id}-heat`)) return;
    map.setPaintProperty(`${id}-heat`, 'heatmap-radius', [
      'interpolate',
      ['exponential', 2],
      ['zoom'],
      5,
      radius,
      15,
      radius * 8,
    ]);
  }, [map, id, radius]);
  return null;
}
