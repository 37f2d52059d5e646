import { useMemo } from 'react';
import type { MapLayerMouseEvent } from 'maplibre-gl';
import { FONT_MEDIUM } from './fonts';
import { useMap } from './MapContext';
import { buildRouteCollection, type RouteItem } from './overlays/routeGeojson';
import {
  useGeoJsonLayers,
  useLayerClick,
  useLayerPrefix,
  type LayerDraft,
} from './useGeoJsonLayers';

export interface RouteLayerProps {
  /** Routes whose `display` flag is not false are drawn. */
  routes: readonly RouteItem[];
  /** Route names along the lines (default true). */
  showLabels?: boolean;
  onClick?: (roid: number) => void;
  visible?: boolean;
}

/** Planned routes as coloured polylines with their names along the line. */
export function RouteLayer({
  routes,
  showLabels = true,
  onClick,
  visible = true,
}: RouteLayerProps) {
  const map = useMap();
  const id = useLayerPrefix('routes');
  const data = useMemo(() => {
    const collection = buildRouteCollection(routes);
    for (const f of collection.features) f.properties.label = showLabels ? f.properties.name : '';
    return collection;
  }, [routes, showLabels]);
  const layers = useMemo<LayerDraft[]>(
    () => [
      {
        id: `${id}-casing`,
        type: 'line',
        layout: { 'line-join': 'round', 'line-cap': 'round' },
        paint: { 'line-color': '#ffffff', 'line-width': 7, 'line-opacity': 0.8 },
      },
      {
        id: `${id}-line`,
        type: 'line',
        layout: { 'line-join': 'round', 'line-cap': 'round' },
        paint: { 'line-color': ['get', 'colour'], 'line-width': 4, 'line-dasharray': [2, 1] },
      },
      {
        id: `${id}-label`,
        type: 'symbol',
        layout: {
          'symbol-placement': 'line',
          'text-field': ['get', 'label'],
          'text-font': FONT_MEDIUM,
          'text-size': 12,
          'text-offset': [0, -1],
        },
        paint: {
          'text-color': ['get', 'colour'],
          'text-halo-color': 'rgba(255,255,255,0.95)',
          'text-halo-width': 1.5,
        },
      },
    ],
    [id],
  );
  useGeoJsonLayers(map, id, data, layers, { visible });
  useLayerClick(
    map,
    [`${id}-line`],
    onClick &&
      ((event: MapLayerMouseEvent) => {
        const roid = Number(event.features?.[0]?.properties?.roid);
        if (Number.isFinite(roid)) onClick(roid);
      }),
  );
  return null;
}
