// The live map's own ui_settings (SPEC §4): map type, realtime icon style, which units show and
// the unit list panel, next to the display toggles that useMapToggles reads and writes.
import { MAP_DEFAULTS, MAP_TYPES, REALTIME_ICON_STYLES, type MapType } from '@fleet/common';
import type { RealtimeIconStyle } from '../../../map';
import { readFlag } from '../../../map/toggles/mapToggles';

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

// SPEC §3 "Map state defaults" and §4 "UI settings enumerations": which units the live page shows,
// and whether its unit list ("realtime menu") is open. Each is read as readFlag reads the display
// toggles (a boolean, 0/1 or their strings); anything else (missing, junk) is the default.
//
// - show_disabled_units (default on): a unit whose `active` is not 1 is Disabled (SPEC §4 "Unit
//   active state (client view)"). Off leaves disabled units off the map, out of the unit list and
//   out of its status counts.
// - ghost_units (default on): a disconnected unit (`connected` false) is drawn grey and hollow at
//   its last known position, the "ghost". Off leaves disconnected units off the map, though they
//   stay in the list, and the one the user selects is still drawn.
// - realtime_menu (default on): the unit list panel beside the map on a desktop. Off gives the map
//   the full width, with a "Show unit list" button; a phone keeps its list/map switch regardless.
export const SHOW_DISABLED_KEY = 'show_disabled_units';
export const GHOST_UNITS_KEY = 'ghost_units';
export const REALTIME_MENU_KEY = 'realtime_menu';
export const DEFAULT_REALTIME_MENU = true;

function readSetting(value: unknown, fallback: boolean): boolean {
  return readFlag(value) ?? fallback;
}
export const readShowDisabled = (value: unknown): boolean =>
  readSetting(value, MAP_DEFAULTS.showDisabledUnits);
export const readGhostUnits = (value: unknown): boolean =>
  readSetting(value, MAP_DEFAULTS.showGhostUnits);
export const readRealtimeMenu = (value: unknown): boolean =>
  readSetting(value, DEFAULT_REALTIME_MENU);
