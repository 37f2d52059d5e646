import { MAP_DEFAULTS, TRIP_DISPLAY } from '@fleet/common';

/** The map display toggles of SPEC §4. */
export interface MapToggleState {
  locations: boolean;
  routes: boolean;
  tripLines: boolean;
  equipmentLines: boolean;
  tripArrows: boolean;
  polygons: boolean;
  unitTags: boolean;
  replay: boolean;
  recoveryStatus: boolean;
  backupStatus: boolean;
}
export type MapToggleKey = keyof MapToggleState;

export const MAP_TOGGLE_KEYS: MapToggleKey[] = [
  'locations',
  'routes',
  'tripLines',
  'equipmentLines',
  'tripArrows',
  'polygons',
  'unitTags',
  'replay',
  'recoveryStatus',
  'backupStatus',
];

/** Trip arrows and polygons start on (SPEC §4); backup status on, recovery status off (SPEC §3). */
export const DEFAULT_MAP_TOGGLES: Readonly<MapToggleState> = Object.freeze({
  locations: false,
  routes: false,
  tripLines: false,
  equipmentLines: false,
  tripArrows: true,
  polygons: true,
  unitTags: false,
  replay: false,
  recoveryStatus: MAP_DEFAULTS.showRecoveryStatus,
  backupStatus: MAP_DEFAULTS.showBackupStatus,
});

export const MAP_TOGGLE_LABELS: Record<MapToggleKey, string> = {
  locations: 'Locations',
  routes: 'Routes',
  tripLines: 'Trip lines',
  equipmentLines: 'Equipment lines',
  tripArrows: 'Trip arrows',
  polygons: 'Polygons',
  unitTags: 'Unit tags',
  replay: 'Replay',
  recoveryStatus: 'Recovery status',
  backupStatus: 'Backup status',
};

/** Where each toggle lives in the user's ui_settings (get/set_user_ui_settings). */
export const MAP_TOGGLE_SETTING_KEYS: Record<MapToggleKey, string> = {
  locations: 'show_locations',
  routes: 'display_routes',
  tripLines: 'trip_lines',
  equipmentLines: 'trip_equipment',
  tripArrows: 'trip_arrows',
  polygons: 'show_polygons',
  unitTags: 'name_tags',
  replay: 'show_replay',
  recoveryStatus: 'recovery_status',
  backupStatus: 'backup_status',
};

/** The location display type the SPEC §4 rule resets to when locations are shown. */
export const LOCATION_DISPLAY_TYPE_KEY = 'location_display_type';

/** Settings arrive as booleans, 0/1 or their string forms; anything else means "not set". */
export function readFlag(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === '1' || value === 'true') return true;
  if (value === 0 || value === '0' || value === 'false') return false;
  return undefined;
}

/**
 * SPEC §4 "trip display": Arrows, Arrows and Lines, Lines, Arrows and Equiment Usage (the spec's
 * spelling), by name or index. Separate flags, when present, win over it.
 */
export function tripDisplayFlags(
  value: unknown,
): Pick<MapToggleState, 'tripArrows' | 'tripLines' | 'equipmentLines'> | undefined {
  const index =
    typeof value === 'number'
      ? value
      : TRIP_DISPLAY.indexOf(value as (typeof TRIP_DISPLAY)[number]);
  switch (index) {
    case 0:
      return { tripArrows: true, tripLines: false, equipmentLines: false };
    case 1:
      return { tripArrows: true, tripLines: true, equipmentLines: false };
    case 2:
      return { tripArrows: false, tripLines: true, equipmentLines: false };
    case 3:
      return { tripArrows: true, tripLines: false, equipmentLines: true };
    default:
      return undefined;
  }
}

/** Toggles from a user's ui_settings, defaults where a setting is missing or unreadable. */
export function togglesFromSettings(
  settings: Record<string, unknown> | null | undefined,
): MapToggleState {
  const state: MapToggleState = { ...DEFAULT_MAP_TOGGLES };
  if (!settings) return state;
  Object.assign(state, tripDisplayFlags(settings.trip_display));
  for (const key of MAP_TOGGLE_KEYS) {
    const flag = readFlag(settings[MAP_TOGGLE_SETTING_KEYS[key]]);
    if (flag !== undefined) state[key] = flag;
  }
  return state;
}

/** The ui_settings fields to send with set_user_ui_settings for the given toggles. */
export function togglesToSettings(state: Partial<MapToggleState>): Record<string, boolean> {
  const out: Record<string, boolean> = {};
  for (const key of MAP_TOGGLE_KEYS) {
    if (state[key] !== undefined) out[MAP_TOGGLE_SETTING_KEYS[key]] = state[key] as boolean;
  }
  return out;
}

/**
 * The settings patch for one toggle change. Showing locations also resets the location display
 * type to 0 (SPEC §4).
 */
export function togglePatch(key: MapToggleKey, value: boolean): Record<string, unknown> {
  const patch: Record<string, unknown> = togglesToSettings({ [key]: value });
  if (key === 'locations' && value) patch[LOCATION_DISPLAY_TYPE_KEY] = 0;
  return patch;
}
