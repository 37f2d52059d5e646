// The live map's own ui_settings (SPEC §4): map type and realtime icon style, next to the display
// toggles that useMapToggles reads and writes.
import { MAP_DEFAULTS, MAP_TYPES, REALTIME_ICON_STYLES, type MapType } from '@fleet/common';
import type { RealtimeIconStyle } from '../../../map';

export const MAP_TYPE_KEY = 'map_type';
export const ICON_STYLE_KEY = 'realtime_icon_style';
/** Icon Style 3: vehicle-class badges with name tags. */
export const DEFAULT_ICON_STYLE: RealtimeIconStyle = 3;

export function readMapType(value: unknown): MapType {
  return (MAP_TYPES as readonly unknown[]).includes(value)
    ? (value as MapType)
    : MAP_DEFAULTS.mapType;
}

/** Stored as the index 0..4; the style's name ('Icon Style 2') is read too. */
export function readIconStyle(value: unknown): RealtimeIconStyle {
  const byName = REALTIME_ICON_STYLES.indexOf(value as (typeof REALTIME_ICON_STYLES)[number]);
  const index = byName >= 0 ? byName : Number(value);
  return Number.isInteger(index) &&
    index >= 0 &&
    index < REALTIME_ICON_STYLES.length &&
    value !== ''
    ? (index as RealtimeIconStyle)
    : DEFAULT_ICON_STYLE;
}
