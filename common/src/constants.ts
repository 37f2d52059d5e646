// Business constants and limits, SPEC.md section 9 (and section 3's map state defaults).

export const CLIENT_VERSION = '1.4.15';
export const API_TIMEOUT_MS = 300000;
export const DEFAULT_MAX_SPEED = 120;
/** A trip-type unit is disconnected after this long without data (SPEC §4, §9). */
export const TRIP_UNIT_DISCONNECT_S = 300;
/** Other units are disconnected when last_disconnect is older than this (SPEC §4, §9). */
export const OTHER_UNIT_DISCONNECT_S = 86400;
/** A trip-type unit standing still this long is stopped (parked): SPEC §9 stop threshold. */
export const STOP_THRESHOLD_S = 300;
export const EARTH_RADIUS_M = 6378137;
export const DISTANCE_DECIMALS = 2;
export const AFFECTED_UNITS_SHOWN = 3;
export const TIME_ROUNDING_MINUTES = 15;
export const BLINK_MS = 5000;
export const PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 500;

/**
 * The largest /api/call body in bytes: room for a KML file of MAX_KML_CHARS once escaped as JSON.
 * Every other request is far smaller; the rest of the server keeps 1 MB.
 */
export const CALL_BODY_LIMIT = 8 * 1024 * 1024;
/** The largest KML file import_kml takes, in characters (the web checks the file's size first). */
export const MAX_KML_CHARS = 5 * 1024 * 1024;
export const MAX_TRIP_MARKERS = 1000;
export const MAX_REALTIME_MARKERS = 500;
export const UNIT_TRIP_SIZE = 500;
export const TABLE_LINE_HEIGHT = 62;
export const RULES_FILTER_SIZE = 20;
export const DASHBOARD_UNIT_LIST_MIN = 5;
export const REALTIME_TRIP_DEPTH_MIN = 10;
export const REALTIME_TRIP_DEPTH_MAX = 30;
/** The maximum depth is used when fewer than this many items are present. */
export const REALTIME_TRIP_DEPTH_FEW_ITEMS = 5;
export const ROUTE_LOCATION_ACCURACY = 2;
export const SIDE_MENU_WIDTH = 210;
export const MOBILE_BREAKPOINT = 992;
export const COPYRIGHT_START_YEAR = 2005;
export const CHASEUP_POLL_MS = 15000;
export const RULE_ALERT_POLL_MS = 60000;
export const MAX_BATCH_REQUESTS = 50;

/** Maximum speed options: 5 to 155 in steps of 5, plus Off (SPEC §9). */
export const MAX_SPEED_OPTIONS: (number | 'Off')[] = [
  ...Array.from({ length: 31 }, (_, i) => 5 + i * 5),
  'Off',
];
/** The cache variant runs 40 to 155, plus Off. */
export const MAX_SPEED_OPTIONS_CACHE: (number | 'Off')[] = [
  ...Array.from({ length: 24 }, (_, i) => 40 + i * 5),
  'Off',
];
export const RULE_TIME_RANGES_MIN = [5, 10, 20, 30, 60, 90, 120, 180, 240];
export const DASHBOARD_DAY_OPTIONS = [1, 7, 14, 30];

/** GPS satellite strength bands (SPEC §9). */
export function gpsStrengthLabel(value: number): 'very bad' | 'bad' | 'average' | 'good' {
  if (value <= 24) return 'very bad';
  if (value <= 34) return 'bad';
  if (value <= 44) return 'average';
  return 'good';
}

export const DEFAULT_RULE_WINDOW = { start: '0:00', end: '24:00' };
export const DEFAULT_SELECTED_TRIP_ID = 10000;

/** Map state defaults (SPEC §3). */
export const MAP_DEFAULTS = {
  lat: -28.4972,
  lng: 24.2199,
  zoom: 5,
  mapType: 'roadmap' as MapType,
  selectedTripId: DEFAULT_SELECTED_TRIP_ID,
  showGhostUnits: true,
  showDisabledUnits: true,
  showBackupStatus: true,
  showRecoveryStatus: false,
};
export const MAP_TYPES = ['roadmap', 'satellite', 'hybrid', 'terrain'] as const;
export type MapType = (typeof MAP_TYPES)[number];

/** Layout settings of SPEC §9. The page title setting, when not empty, replaces the theme's title in
 * the browser tab ('Trips - <setting>'); empty, the theme's title is used. */
export const PAGE_TITLE_SETTING = '';
/** The top bar stays at the top of the window while the page scrolls. */
export const FIXED_HEADER = true;
/** The theme's logo heads the side menu. */
export const SIDEBAR_LOGO = true;
