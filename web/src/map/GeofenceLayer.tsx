import { useEffect, useMemo } from 'react';
import type { MapLayerMouseEvent } from 'maplibre-gl';
import { FONT_MEDIUM } from './fonts';
import { useMap } from './MapContext';
import { buildGeofenceCollection, type GeofenceItem } from './overlays/geofenceGeojson';
import {
  useGeoJsonLayers,
  useLayerClick,
  useLayerPrefix,
  type LayerDraft,
} from './useGeoJsonLayers';

export interface GeofenceLayerProps {
  locations: readonly GeofenceItem[];
  /** Polygons toggle (SPEC §4, default on): off draws only centres and labels. */
  showPolygons?: boolean;
  /** Location names (default on). */
  showLabels?: boolean;
  /** Area fill opacity 0..1 (see locationFillOpacity for the SPEC §4 settings). Default 0.22. */
  fillOpacity?: number;
  onClick?: (lid: number) => void;
  visible?: boolean;
}

/** Geofence locations: radius circles for points, polygons, centres and names. */
export function GeofenceLayer({
  locations,
  showPolygons = true,
  showLabels = true,
  fillOpacity = 0.22,
  onClick,
  visible = true,
}: GeofenceLayerProps) {
  const map = useMap();
  const id = useLayerPrefix('geofences');
  const data = useMemo(
    () => buildGeofenceCollection(locations, { showPolygons, showLabels }),
    [locations, showPolygons, showLabels],
  );
  const layers = useMemo<LayerDraft[]>(
    () => [
      {
        id: `${id}-fill`,
        type: 'fill',
        filter: ['==', ['get', 'kind'], 'area'],
        paint: { 'fill-color': ['get', 'colour'], 'fill-opacity': 0.22 },
      },
      {
        id: `${id}-outline`,
        type: 'line',
        filter: ['==', ['get', 'kind'], 'area'],
        paint: { 'line-color': ['get', 'colour'], 'line-width': 2 },
      },
      {
        id: `${id}-centre`,
        type: 'circle',
        filter: ['==', ['get', 'kind'], 'centre'],
        paint: {
          'circle-radius': 4,
          'circle-color': ['get', 'colour'],
          'circle-stroke-color': '#ffffff',
          'circle-stroke-width': 1.5,
        },
      },
      {
        id: `${id}-label`,
        type: 'symbol',
        filter: ['==', ['get', 'kind'], 'label'],
        layout: {
          'text-field': ['get', 'name'],
          'text-font': FONT_MEDIUM,
          'text-size': 12,
          'text-anchor': 'top',
          'text-offset': [0, 0.6],
          'text-max-width': 10,
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

  useEffect(() => {
    if (map.getLayer(`${id}-fill`)) map.setPaintProperty(`${id}-fill`, 'fill-opacity', fillOpacity);
  }, [map, id, fillOpacity]);

  useLayerClick(
    map,
    [`${id}-fill`, `${id}-centre`],
    onClick &&
      ((event: MapLayerMouseEvent) => {
        const lid = Number(event.features?.[0]?.properties?.lid);
        if (Number.isFinite(lid)) onClick(lid);
      }),
  );
  return null;
}
