import type { Feature, FeatureCollection, Point } from 'geojson';
import { ICON_STYLES_HIDING_TAGS, MAX_REALTIME_MARKERS, type UnitListItem } from '@fleet/common';
import { normaliseColour } from '../colours';
import {
  headingPointerName,
  unitSpriteName,
  vehicleClassOf,
  type RealtimeIconStyle,
  type UnitIconState,
} from '../sprites/spriteNames';

export interface UnitFeatureOptions {
  iconStyle: RealtimeIconStyle;
  selectedUid?: number | null;
  /** The user's name-tag toggle; icon styles 1 and 2 hide tags whatever it says (SPEC §4). */
  showTags: boolean;
}

/** Properties every unit feature carries; the layers style themselves from these alone. */
export interface UnitFeatureProps {
  uid: number;
  /** Sprite name for `icon-image`. */
  icon: string;
  /** Heading pointer sprite, '' when none is drawn (stopped, disconnected or the Arrows style). */
  pointer: string;
  /** Heading in degrees, for the pointer. */
  dir: number;
  /** Rotation of the icon itself: the heading for the Arrows style when moving, else 0. */
  rot: number;
  /** Name tag text, '' when tags are hidden. */
  tag: string;
  sel: 0 | 1;
  /** The icon style, so layer expressions can size halos and tag offsets. */
  st: RealtimeIconStyle;
}

export type UnitCollection = FeatureCollection<Point, UnitFeatureProps>;

/**
 * SPEC §4: a disconnected unit shows grey and hollow; otherwise an arrow shows direction when the
 * speed is above zero and stopped units show the parked icon. `connected` is decided by the server
 * from the 300 s / 86400 s thresholds of SPEC §9.
 */
export function unitIconState(unit: Pick<UnitListItem, 'connected' | 'position'>): UnitIconState {
  if (!unit.connected) return 'offline';
  return (unit.position?.speed ?? 0) > 0 ? 'moving' : 'parked';
}

export function tagsVisible(iconStyle: RealtimeIconStyle, showTags: boolean): boolean {
  return showTags && !ICON_STYLES_HIDING_TAGS.includes(iconStyle);
}

/** Above MAX_REALTIME_MARKERS units the map clusters them (SPEC §9). */
export function shouldCluster(unitCount: number): boolean {
  return unitCount > MAX_REALTIME_MARKERS;
}

/** Longitude/latitude to draw a unit at; animation may override the unit's own position. */
export type PositionOf = (uid: number) => [number, number] | undefined;

export function unitFeature(
  unit: UnitListItem,
  options: UnitFeatureOptions,
  positionOf?: PositionOf,
): Feature<Point, UnitFeatureProps> | null {
  const p = unit.position;
  if (!p || !Number.isFinite(p.lat) || !Number.isFinite(p.lon)) return null;
  const state = unitIconState(unit);
  const colour = normaliseColour(unit.icon_colour);
  const style = options.iconStyle;
  const dir = Number.isFinite(p.direction) ? p.direction : 0;
  const moving = state === 'moving';
  return {
    type: 'Feature',
    id: unit.uid,
    geometry: { type: 'Point', coordinates: positionOf?.(unit.uid) ?? [p.lon, p.lat] },
    properties: {
      uid: unit.uid,
      icon: unitSpriteName({
        style,
        vehicleClass: vehicleClassOf(unit.vehicle_class_ref),
        colour,
        state,
      }),
      pointer: moving && style !== 0 ? headingPointerName(style, colour) : '',
      dir,
      rot: moving && style === 0 ? dir : 0,
      tag: tagsVisible(style, options.showTags) ? unit.name || unit.reg || String(unit.uid) : '',
      sel: unit.uid === options.selectedUid ? 1 : 0,
      st: style,
    },
  };
}

/**
 * Features of unit objects seen before, so that a flush builds features only for the units it
 * changed (the live merge gives a changed unit a new object and keeps the others). A feature is
 * kept only while the options it was built with stay the same, and never when drawn mid-glide.
 */
export class UnitFeatureCache {
  private features = new WeakMap<UnitListItem, Feature<Point, UnitFeatureProps> | null>();
  private optionsKey = '';

  /** Forgets every feature if the options differ from those of the last build. */
  use(options: UnitFeatureOptions): void {
    const key = `${options.iconStyle}|${options.selectedUid ?? ''}|${options.showTags}`;
    if (key === this.optionsKey) return;
    this.optionsKey = key;
    this.features = new WeakMap();
  }

  featureOf(unit: UnitListItem, options: UnitFeatureOptions) {
    let feature = this.features.get(unit);
    if (feature === undefined) {
      feature = unitFeature(unit, options);
      this.features.set(unit, feature);
    }
    return feature;
  }
}

/**
 * Splits units into the (possibly clustered) fleet and the selected unit, which lives in a source
 * of its own so that it is never swallowed by a cluster bubble.
 */
export function buildUnitCollections(
  units: readonly UnitListItem[],
  options: UnitFeatureOptions,
  positionOf?: PositionOf,
  cache?: UnitFeatureCache,
): { others: UnitCollection; selected: UnitCollection } {
  cache?.use(options);
  const others: Feature<Point, UnitFeatureProps>[] = [];
  const selected: Feature<Point, UnitFeatureProps>[] = [];
  for (const unit of units) {
    const glide = positionOf?.(unit.uid);
    const feature =
      glide || !cache ? unitFeature(unit, options, () => glide) : cache.featureOf(unit, options);
    if (!feature) continue;
    if (feature.properties.sel) selected.push(feature);
    else others.push(feature);
  }
  return {
    others: { type: 'FeatureCollection', features: others },
    selected: { type: 'FeatureCollection', features: selected },
  };
}
