import type { FeatureCollection, Geometry } from 'geojson';
import type {
  ExpressionSpecification,
  LayerSpecification,
  SourceSpecification,
  StyleSpecification,
} from 'maplibre-gl';
import { MAP_TYPES, type MapType, type ThemeMapSource } from '@fleet/common';
import { EMPTY_COLLECTION } from '../useGeoJsonLayers';
import { FONT_BOLD, FONT_MEDIUM, FONT_REGULAR } from '../fonts';
import { SPRITES } from '../sprites/spriteNames';
import { countryLabelsGeoJson, townsGeoJson } from './towns';
import type { WorldGeometry } from './worldAtlas';

export const BASEMAP_SOURCES = {
  /** Land polygons and border lines in one source, told apart by their `kind`. */
  world: 'offline-world',
  towns: 'offline-towns',
  countries: 'offline-countries',
} as const;

/**
 * The atlas as the world source's data. Land and borders share a source so that one line layer
 * draws both coastlines and borders: every layer is a draw call per tile on every frame, which
 * software WebGL (remote desktops, virtual machines) pays for dearly.
 */
export function worldCollection(world: WorldGeometry): FeatureCollection<Geometry> {
  return {
    type: 'FeatureCollection',
    features: [
      ...world.land.features.map((f) => ({ ...f, properties: { kind: 'land' } })),
      ...world.borders.features.map((f) => ({ ...f, properties: { kind: 'border' } })),
    ],
  };
}

const IS_BORDER: ExpressionSpecification = ['==', ['get', 'kind'], 'border'];

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

/** The zoom from which each town tier shows (filters see whole tile zooms). */
const TIER_MINZOOM = { 1: 3, 2: 5, 3: 7 } as const;

/** Town names, all tiers in one layer: bigger tiers first in collisions, and from lower zooms. */
function townLayer(): LayerSpecification {
  const tier = ['get', 'tier'] as ExpressionSpecification;
  const bySize = (big: number, medium: number, small: number): ExpressionSpecification => [
    'match',
    tier,
    1,
    big,
    2,
    medium,
    small,
  ];
  return {
    id: 'offline-towns',
    type: 'symbol',
    source: BASEMAP_SOURCES.towns,
    minzoom: TIER_MINZOOM[1],
    filter: ['>=', ['zoom'], bySize(TIER_MINZOOM[1], TIER_MINZOOM[2], TIER_MINZOOM[3])],
    layout: {
      'symbol-sort-key': ['+', ['*', tier, 1000], ['get', 'rank']],
      'icon-image': ['case', ['==', ['get', 'capital'], 1], SPRITES.capitalDot, SPRITES.townDot],
      'text-field': ['get', 'name'],
      'text-font': [
        'match',
        tier,
        1,
        ['literal', FONT_BOLD],
        2,
        ['literal', FONT_MEDIUM],
        ['literal', FONT_REGULAR],
      ],
      'text-size': [
        'interpolate',
        ['linear'],
        ['zoom'],
        3,
        bySize(11.5, 11, 10),
        10,
        bySize(15, 13, 12),
      ],
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
    [BASEMAP_SOURCES.world]: {
      type: 'geojson',
      data: EMPTY_COLLECTION,
      attribution: 'Natural Earth',
    },
    [BASEMAP_SOURCES.towns]: { type: 'geojson', data: townsGeoJson() },
    [BASEMAP_SOURCES.countries]: { type: 'geojson', data: countryLabelsGeoJson() },
  };
  const layers: LayerSpecification[] = [
    { id: 'offline-sea', type: 'background', paint: { 'background-color': SEA } },
    {
      id: 'offline-land',
      type: 'fill',
      source: BASEMAP_SOURCES.world,
      filter: ['==', ['get', 'kind'], 'land'],
      // The coastline layer draws the edge; the fill's own outline would be one more draw call.
      paint: { 'fill-color': LAND, 'fill-antialias': false },
    },
    {
      // Coastlines (the land polygons' outlines) and dashed borders between countries.
      id: 'offline-lines',
      type: 'line',
      source: BASEMAP_SOURCES.world,
      layout: { 'line-join': 'round' },
      paint: {
        'line-color': ['case', IS_BORDER, BORDER, COAST],
        'line-width': [
          'interpolate',
          ['linear'],
          ['zoom'],
          2,
          ['case', IS_BORDER, 0.8, 0.6],
          8,
          ['case', IS_BORDER, 2, 1.6],
        ],
        'line-dasharray': ['case', IS_BORDER, ['literal', [3, 1.5]], ['literal', [1, 0]]],
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
    townLayer(),
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
