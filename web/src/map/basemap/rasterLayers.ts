import type { Map as MapLibreMap } from 'maplibre-gl';
import { MAP_TYPES, type MapType, type ThemeMapSource } from '@fleet/common';
import { rasterSourceId } from './baseStyle';

/** The first layer drawn over the base map: raster tiles go just beneath it. */
function firstOverlayLayer(map: MapLibreMap): string | undefined {
  const layers = map.getStyle().layers ?? [];
  return layers.find((l) => !l.id.startsWith('offline-') && !l.id.startsWith('tiles-'))?.id;
}

function signature(source: ThemeMapSource): string {
  return JSON.stringify([source.tiles, source.maxzoom, source.attribution]);
}

const added = new WeakMap<MapLibreMap, Map<MapType, string>>();

/**
 * Brings the map's raster layers in line with the theme's sources (which may arrive after the map
 * was created) and shows only the chosen map type, keeping the tiles above the offline basemap and
 * below every overlay layer.
 */
export function syncRasterLayers(
  map: MapLibreMap,
  mapSources: readonly ThemeMapSource[],
  mapType: MapType,
): void {
  let known = added.get(map);
  if (!known) {
    known = new Map();
    for (const type of MAP_TYPES) {
      const source = mapSources.find((s) => s.id === type && s.tiles.length > 0);
      if (source && map.getSource(rasterSourceId(type))) known.set(type, signature(source));
    }
    added.set(map, known);
  }
  for (const type of MAP_TYPES) {
    const id = rasterSourceId(type);
    const source = mapSources.find((s) => s.id === type && s.tiles.length > 0);
    const wanted = source ? signature(source) : undefined;
    if (known.get(type) !== wanted) {
      if (map.getLayer(id)) map.removeLayer(id);
      if (map.getSource(id)) map.removeSource(id);
      known.delete(type);
      if (source && wanted) {
        map.addSource(id, {
          type: 'raster',
          tiles: source.tiles,
          tileSize: 256,
          maxzoom: source.maxzoom ?? 19,
          attribution: source.attribution,
        });
        map.addLayer({ id, type: 'raster', source: id }, firstOverlayLayer(map));
        known.set(type, wanted);
      }
    }
    if (map.getLayer(id)) {
      map.setLayoutProperty(id, 'visibility', type === mapType ? 'visible' : 'none');
    }
  }
}
