import type { LayerSpecification, SourceSpecification, StyleSpecification } from 'maplibre-gl';
import { MAP_TYPES, type MapType, type ThemeMapSource } from '@fleet/common';
import { EMPTY_COLLECTION } from '../useGeoJsonLayers';
import { FONT_BOLD, FONT_MEDIUM, FONT_REGULAR } from '../fonts';
import { SPRITES } from '../sprites/spriteNames';
import { countryLabelsGeoJson, townsGeoJson } from './towns';

export const BASEMAP_SOURCES = {
  land: 'offline-land',
  borders: 'offline-borders',
  towns: 'offline-towns',
  countries: 'offline-countries',
} as const;

const SEA = '#aacbe0';
const LAND = '#f3efe6';
const COAST = '#6f9fbf';
const BORDER = '#9a7fae';
const LABEL = '#333333';
const LABEL_HALO = 'rgba(255,255,255,0.9)';

export function rasterSourceId(type: MapType): string {
  return `tiles-${type}`;
}

/** Map types the theme can draw (a source with at least one tile URL), in SPEC §3 order. */
export function availableMapTypes(sources: readonly ThemeMapSource[]): MapType[] {
  return MAP_TYPES.filter((type) => sources.some((s) => s.id === type && s.tiles.length > 0));
}

function townLayer(tier: 1 | 2 | 3, minzoom: number, size: [number, number]): LayerSpecification {
  return {
    id: `offline-towns-${tier}`,
    type: 'symbol',
    source: BASEMAP_SOURCES.towns,
    minzoom,
    filter: ['==', ['get', 'tier'], tier],
    layout: {
      'symbol-sort-key': ['get', 'rank'],
      'icon-image': ['case', ['==', ['get', 'capital'], 1], SPRITES.capitalDot, SPRITES.townDot],
      'text-field': ['get', 'name'],
      'text-font': tier === 1 ? FONT_BOLD : tier === 2 ? FONT_MEDIUM : FONT_REGULAR,
      'text-size': ['interpolate', ['linear'], ['zoom'], minzoom, size[0], 10, size[1]],
      'text-variable-anchor': ['left', 'right', 'top', 'bottom'],
      'text-radial-offset': 0.55,
      'text-justify': 'auto',
      'text-max-width': 8,
    },
    paint: {
      'text-color': LABEL,
      'text-halo-color': LABEL_HALO,
      'text-halo-width': 1.4,
    },
  };
}

/**
 * The style every MapView starts from: an offline basemap (sea, land, coastline, borders, country
 * and town names) under the theme's raster tiles, one raster layer per map type of which only the
 * chosen one is visible. With no tile sources (offline) the basemap alone shows. No `glyphs` URL:
 * see fonts.ts.
 */
export function buildBaseStyle(
  mapSources: readonly ThemeMapSource[],
  mapType: MapType,
): StyleSpecification {
  const sources: Record<string, SourceSpecification> = {
    [BASEMAP_SOURCES.land]: {
      type: 'geojson',
      data: EMPTY_COLLECTION,
      attribution: 'Natural Earth',
    },
    [BASEMAP_SOURCES.borders]: { type: 'geojson', data: EMPTY_COLLECTION },
    [BASEMAP_SOURCES.towns]: { type: 'geojson', data: townsGeoJson() },
    [BASEMAP_SOURCES.countries]: { type: 'geojson', data: countryLabelsGeoJson() },
  };
  const layers: LayerSpecification[] = [
    { id: 'offline-sea', type: 'background', paint: { 'background-color': SEA } },
    {
      id: 'offline-land',
      type: 'fill',
      source: BASEMAP_SOURCES.land,
      paint: { 'fill-color': LAND },
    },
    {
      id: 'offline-coast',
      type: 'line',
      source: BASEMAP_SOURCES.land,
      paint: {
        'line-color': COAST,
        'line-width': ['interpolate', ['linear'], ['zoom'], 2, 0.6, 8, 1.6],
      },
    },
    {
      id: 'offline-borders',
      type: 'line',
      source: BASEMAP_SOURCES.borders,
      layout: { 'line-join': 'round' },
      paint: {
        'line-color': BORDER,
        'line-width': ['interpolate', ['linear'], ['zoom'], 2, 0.8, 8, 2],
        'line-dasharray': [3, 1.5],
      },
    },
    {
      id: 'offline-countries',
      type: 'symbol',
      source: BASEMAP_SOURCES.countries,
      minzoom: 3,
      maxzoom: 7.5,
      layout: {
        'text-field': ['get', 'name'],
        'text-font': FONT_MEDIUM,
        'text-size': ['interpolate', ['linear'], ['zoom'], 3, 10, 7, 15],
        'text-letter-spacing': 0.15,
        'text-allow-overlap': false,
      },
      paint: { 'text-color': '#8c7a9b', 'text-halo-color': LABEL_HALO, 'text-halo-width': 1 },
    },
    townLayer(3, 6.5, [10, 12]),
    townLayer(2, 5, [11, 13]),
    townLayer(1, 3, [11.5, 15]),
  ];

  for (const type of MAP_TYPES) {
    const source = mapSources.find((s) => s.id === type && s.tiles.length > 0);
    if (!source) continue;
    sources[rasterSourceId(type)] = {
      type: 'raster',
      tiles: source.tiles,
      tileSize: 256,
      maxzoom: source.maxzoom ?? 19,
      attribution: source.attribution,
    };
    layers.push({
      id: rasterSourceId(type),
      type: 'raster',
      source: rasterSourceId(type),
      layout: { visibility: type === mapType ? 'visible' : 'none' },
    });
  }

  return { version: 8, sources, layers };
}
