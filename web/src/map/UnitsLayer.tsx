import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { FeatureCollection, Point } from 'geojson';
import type {
  ExpressionSpecification,
  GeoJSONSource,
  Map as MapLibreMap,
  MapLayerMouseEvent,
} from 'maplibre-gl';
import type { UnitListItem } from '@fleet/common';
import { FONT_BOLD, FONT_MEDIUM } from './fonts';
import { PositionAnimator } from './live/positionAnimator';
import { useMap } from './MapContext';
import { SPRITES, type RealtimeIconStyle } from './sprites/spriteNames';
import { ensureSprite } from './sprites/unitSprites';
import { visibleDiff, type UnitFeature } from './units/visibleDiff';
import {
  buildUnitCollections,
  shouldCluster,
  UnitFeatureCache,
  tagsVisible,
  type UnitCollection,
} from './units/unitFeatures';
import {
  useGeoJsonLayers,
  useLayerClick,
  useLayerPrefix,
  type LayerDraft,
} from './useGeoJsonLayers';

export interface UnitsLayerProps {
  /** Units to draw (get_unit_list_full items with live updates merged); units without a position are skipped. */
  units: readonly UnitListItem[];
  /** Drawn on top with a halo, never clustered, always animated. */
  selectedUid?: number | null;
  /** Realtime icon style of SPEC §4 (0 Arrows, 1 to 4 Icon Styles); default 3. */
  iconStyle?: RealtimeIconStyle;
  /** The unit-tags toggle; styles 1 and 2 hide tags regardless. Default true. */
  showTags?: boolean;
  /** Click on a unit icon. */
  onSelect?: (uid: number) => void;
  /**
   * Glide units to their new fixes over ~1 s (default true). The selected unit always glides; the
   * others only while at most ANIMATED_FLEET_MAX units are drawn, since every glide frame sends
   * the whole source to MapLibre's worker again.
   */
  animate?: boolean;
  visible?: boolean;
}

/** Above this many units only the selected unit glides; the rest jump to their new fixes. */
export const ANIMATED_FLEET_MAX = 100;

const IS_CLUSTER: ExpressionSpecification = ['has', 'point_count'];
const NOT_CLUSTER: ExpressionSpecification = ['!', IS_CLUSTER];

// Tags sit under the badge; bigger badges push them further down.
const TAG_OFFSET: ExpressionSpecification = [
  'match',
  ['get', 'st'],
  0,
  ['literal', [0, 1.15]],
  1,
  ['literal', [0, 0.8]],
  4,
  ['literal', [0, 1.75]],
  ['literal', [0, 1.35]],
];

/** The bubble image of a cluster by its size (sprites/unitSprites.ts draws them). */
const CLUSTER_ICON: ExpressionSpecification = [
  'step',
  ['get', 'point_count'],
  SPRITES.clusterSmall,
  50,
  SPRITES.clusterMedium,
  250,
  SPRITES.clusterLarge,
];

/** Either a cluster's value or a unit's: bubbles and units share one symbol layer. */
const clusterOr = (
  cluster: ExpressionSpecification | string | number,
  unit: ExpressionSpecification | string | number,
): ExpressionSpecification => ['case', IS_CLUSTER, cluster, unit];

/**
 * A unit source's layers: heading pointers; one symbol layer for unit icons and, in a clustered
 * fleet, the cluster bubbles with their counts; and the name tags. Every layer is drawn for every
 * tile on every frame, so bubbles are images in the icon layer rather than a circle layer and a
 * count layer of their own, and only the tags, which need it, get the halo pass that draws each
 * glyph twice (docs/performance.md, Map).
 */
function unitLayers(prefix: string, filter?: ExpressionSpecification): LayerDraft[] {
  return [
    {
      id: `${prefix}-pointer`,
      type: 'symbol',
      filter: ['all', filter ?? NOT_CLUSTER, ['!=', ['get', 'pointer'], '']],
      layout: {
        'icon-image': ['get', 'pointer'],
        'icon-rotate': ['get', 'dir'],
        'icon-rotation-alignment': 'map',
        'icon-allow-overlap': true,
        'icon-ignore-placement': true,
      },
    },
    {
      id: `${prefix}-icon`,
      type: 'symbol',
      ...(filter ? { filter } : {}),
      layout: {
        'icon-image': clusterOr(CLUSTER_ICON, ['get', 'icon']),
        'icon-rotate': clusterOr(0, ['get', 'rot']),
        'icon-rotation-alignment': 'map',
        'icon-allow-overlap': true,
        'text-field': clusterOr(['get', 'point_count_abbreviated'], ''),
        'text-font': FONT_BOLD,
        'text-size': 12,
        'text-allow-overlap': true,
        'text-ignore-placement': true,
      },
      paint: { 'text-color': '#ffffff' },
    },
    {
      // Name tags in a layer of their own: only they need the halo pass, which draws every glyph
      // of the layer a second time.
      id: `${prefix}-tag`,
      type: 'symbol',
      filter: ['all', filter ?? NOT_CLUSTER, ['!=', ['get', 'tag'], '']],
      layout: {
        'text-field': ['get', 'tag'],
        'text-font': FONT_MEDIUM,
        'text-size': 12,
        'text-anchor': 'top',
        'text-offset': TAG_OFFSET,
        'text-max-width': 12,
      },
      paint: {
        'text-color': '#1d1d1d',
        'text-halo-color': 'rgba(255,255,255,0.95)',
        'text-halo-width': 1.6,
      },
    },
  ];
}

/** Longest time a held-back change of a clustered fleet waits for a full update. */
const FULL_SYNC_MS = 10000;

/** Units the map draws on their own (not inside a cluster bubble) in the tiles it has loaded. */
function isolatedUnits(map: MapLibreMap, sourceId: string): Set<number> {
  const uids = new Set<number>();
  if (typeof map.querySourceFeatures !== 'function') return uids;
  for (const f of map.querySourceFeatures(sourceId, { filter: NOT_CLUSTER })) {
    const uid = Number(f.properties?.uid);
    if (Number.isFinite(uid)) uids.add(uid);
  }
  return uids;
}

function ensureUnitSprites(map: MapLibreMap, collection: UnitCollection): void {
  const names = new Set<string>();
  for (const { properties } of collection.features) {
    names.add(properties.icon);
    if (properties.pointer) names.add(properties.pointer);
  }
  for (const name of names) ensureSprite(map, name);
}

/**
 * Realtime units as pre-rendered sprites (class × colour × state) with a rotated heading pointer,
 * name tags, and clustering above MAX_REALTIME_MARKERS units (the selected unit stays out).
 */
export function UnitsLayer({
  units,
  selectedUid = null,
  iconStyle = 3,
  showTags = true,
  onSelect,
  animate = true,
  visible = true,
}: UnitsLayerProps) {
  const map = useMap();
  const prefix = useLayerPrefix('units');
  const fleetId = `${prefix}-fleet`;
  const selectedId = `${prefix}-selected`;
  const clustered = shouldCluster(units.length);
  const fleetGlides = units.length <= ANIMATED_FLEET_MAX;
  const animatorRef = useRef<PositionAnimator | null>(null);
  animatorRef.current ??= new PositionAnimator();
  const animator = animatorRef.current;
  const cacheRef = useRef<UnitFeatureCache | null>(null);
  cacheRef.current ??= new UnitFeatureCache();
  const cache = cacheRef.current;
  const withTags = tagsVisible(iconStyle, showTags);

  const collections = useMemo(() => {
    const now = performance.now();
    if (animate) {
      const glide = units.filter((u) => u.position && (fleetGlides || u.uid === selectedUid));
      animator.update(
        glide.map((u) => ({ uid: u.uid, lon: u.position!.lon, lat: u.position!.lat })),
        now,
      );
      animator.retain(new Set(glide.map((u) => u.uid)));
    }
    const options = { iconStyle, selectedUid, showTags: withTags };
    return buildUnitCollections(units, options, (uid) => animator.positionAt(uid, now), cache);
  }, [units, iconStyle, selectedUid, withTags, animate, fleetGlides, animator, cache]);

  // Clustering is switched on the live source before the new data reaches it.
  const clusteredRef = useRef(clustered);
  useEffect(() => {
    if (clusteredRef.current === clustered) return;
    clusteredRef.current = clustered;
    (map.getSource(fleetId) as GeoJSONSource | undefined)?.setClusterOptions({
      cluster: clustered,
    });
  }, [map, fleetId, clustered]);

  const fleetLayers = useMemo<LayerDraft[]>(() => unitLayers(fleetId), [fleetId]);
  const selectedLayers = useMemo<LayerDraft[]>(
    () => [
      {
        id: `${selectedId}-halo`,
        type: 'circle',
        paint: {
          'circle-radius': ['match', ['get', 'st'], 4, 27, 1, 15, 22],
          'circle-color': 'rgba(22,119,255,0.22)',
          'circle-stroke-color': '#1677ff',
          'circle-stroke-width': 2,
        },
      },
      ...unitLayers(selectedId, ['==', ['get', 'sel'], 1]),
    ],
    [selectedId],
  );

  // Draw missing sprites before the data reaches the worker: an image added while the worker lays
  // out a tile makes MapLibre lay that tile out again, which costs seconds for a large fleet.
  useEffect(() => {
    ensureUnitSprites(map, collections.others);
    ensureUnitSprites(map, collections.selected);
    if (clustered) {
      for (const name of [SPRITES.clusterSmall, SPRITES.clusterMedium, SPRITES.clusterLarge]) {
        ensureSprite(map, name);
      }
    }
  }, [map, collections, clustered]);

  // A clustered fleet gets only what changed visibly, as an updateData diff (units/visibleDiff.ts);
  // held-back changes (headings inside clusters, sub-pixel drift) go out in full when the view
  // moves, since a zoom can make them visible, and at least every FULL_SYNC_MS.
  const sentRef = useRef<Map<number, UnitFeature> | null>(null);
  const pendingRef = useRef<{ data: UnitCollection; since: number } | null>(null);
  const latestRef = useRef(collections.others);
  latestRef.current = collections.others;
  const syncFleet = useCallback(
    (source: GeoJSONSource, data: FeatureCollection) => {
      const next = data as UnitCollection;
      const full = () => {
        source.setData(next);
        sentRef.current = new Map(next.features.map((f) => [f.properties.uid, f]));
        pendingRef.current = null;
      };
      const sent = sentRef.current;
      const now = performance.now();
      if (
        !clusteredRef.current ||
        !sent ||
        typeof source.updateData !== 'function' ||
        (pendingRef.current && now - pendingRef.current.since > FULL_SYNC_MS)
      ) {
        full();
        return;
      }
      const isolated = isolatedUnits(map, fleetId);
      const diff = visibleDiff(sent, next.features, map.getZoom(), (uid) => isolated.has(uid));
      if (diff.add.length + diff.update.length + diff.remove.length > 0) {
        source.updateData({
          add: diff.add,
          update: diff.update.map((f) => ({
            id: f.properties.uid,
            newGeometry: f.geometry,
            addOrUpdateProperties: Object.entries(f.properties).map(([key, value]) => ({
              key,
              value,
            })),
          })),
          remove: diff.remove,
        });
        for (const f of [...diff.add, ...diff.update]) sent.set(f.properties.uid, f);
        for (const uid of diff.remove) sent.delete(uid);
      }
      if (diff.deferred) pendingRef.current ??= { data: next, since: now };
      else pendingRef.current = null;
    },
    [map, fleetId],
  );
  useEffect(() => {
    const onMoveEnd = () => {
      if (!pendingRef.current) return;
      const source = map.getSource(fleetId) as GeoJSONSource | undefined;
      if (!source) return;
      source.setData(latestRef.current);
      sentRef.current = new Map(latestRef.current.features.map((f) => [f.properties.uid, f]));
      pendingRef.current = null;
    };
    map.on('moveend', onMoveEnd);
    return () => {
      map.off('moveend', onMoveEnd);
    };
  }, [map, fleetId]);

  useGeoJsonLayers(map, fleetId, collections.others, fleetLayers, {
    source: { cluster: clustered, clusterRadius: 50, clusterMaxZoom: 14, maxzoom: 18 },
    visible,
    sync: syncFleet,
  });
  useGeoJsonLayers(map, selectedId, collections.selected, selectedLayers, { visible });

  // Frames between data updates while units glide to their new fixes.
  useEffect(() => {
    if (!animate || !animator.isAnimating(performance.now())) return;
    const options = { iconStyle, selectedUid, showTags: withTags };
    let handle = requestAnimationFrame(function frame() {
      const now = performance.now();
      const next = buildUnitCollections(
        units,
        options,
        (uid) => animator.positionAt(uid, now),
        cache,
      );
      (map.getSource(selectedId) as GeoJSONSource | undefined)?.setData(next.selected);
      if (fleetGlides) (map.getSource(fleetId) as GeoJSONSource | undefined)?.setData(next.others);
      if (animator.isAnimating(now)) handle = requestAnimationFrame(frame);
    });
    return () => cancelAnimationFrame(handle);
  }, [
    map,
    collections,
    units,
    iconStyle,
    selectedUid,
    withTags,
    animate,
    fleetGlides,
    animator,
    fleetId,
    selectedId,
    cache,
  ]);

  // A click on a unit selects it; a click on a cluster bubble zooms in until the bubble splits.
  useLayerClick(map, [`${fleetId}-icon`, `${selectedId}-icon`], (event: MapLayerMouseEvent) => {
    const feature = event.features?.[0];
    const clusterId = Number(feature?.properties?.cluster_id);
    if (feature && Number.isFinite(clusterId)) {
      const source = map.getSource(fleetId) as GeoJSONSource | undefined;
      const [lng, lat] = (feature.geometry as Point).coordinates;
      source
        ?.getClusterExpansionZoom(clusterId)
        .then((zoom) => map.easeTo({ center: [lng, lat], zoom }))
        .catch(() => undefined);
      return;
    }
    const uid = Number(feature?.properties?.uid);
    if (Number.isFinite(uid)) onSelect?.(uid);
  });

  return null;
}
