// How the live map draws locations and routes (SPEC §4 UI settings), kept in the user's
// ui_settings next to the display toggles:
// - location_display_type, an index into LOCATION_DISPLAY_TYPES: 0 'Hide' hides the names (shapes
//   only), 1 'Show All' draws shapes and names, 2 'Labels' draws names at the centres without the
//   shapes. Turning the Locations toggle on resets it to 0 (SPEC §4, mapToggles.togglePatch), so
//   a map that shows locations starts uncluttered.
// - location_opacity, an index into LOCATION_OPACITY (Normal, Clear, Custom), with
//   location_opacity_custom (0..1) for Custom; the Polygons toggle switches the fill off altogether.
// - route_display: the routes this user hid or showed on the live map, by roid, over each route's
//   own display flag (SPEC §3). "Show alone" is for the visit only and is not saved.
import { LOCATION_DISPLAY_TYPES, LOCATION_OPACITY } from '@fleet/common';
import { LOCATION_DISPLAY_TYPE_KEY } from '../../../map/toggles/mapToggles';

export { LOCATION_DISPLAY_TYPE_KEY };
export const LOCATION_OPACITY_KEY = 'location_opacity';
export const LOCATION_OPACITY_CUSTOM_KEY = 'location_opacity_custom';
export const ROUTE_DISPLAY_KEY = 'route_display';
export const DEFAULT_CUSTOM_OPACITY = 0.4;

export type LocationDisplayType = 0 | 1 | 2;
export type LocationOpacity = (typeof LOCATION_OPACITY)[number];

function readIndex(value: unknown, names: readonly string[]): number | null {
  const byName = names.indexOf(value as string);
  if (byName >= 0) return byName;
  if (typeof value !== 'number' && (typeof value !== 'string' || value === '')) return null;
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 && n < names.length ? n : null;
}

export function readLocationDisplayType(value: unknown): LocationDisplayType {
  return (readIndex(value, LOCATION_DISPLAY_TYPES) ?? 0) as LocationDisplayType;
}

export function readLocationOpacity(value: unknown): LocationOpacity {
  return LOCATION_OPACITY[readIndex(value, LOCATION_OPACITY) ?? 0];
}

export function readCustomOpacity(value: unknown): number {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value !== ''
        ? Number(value)
        : NaN;
  return Number.isFinite(n) && n >= 0 && n <= 1 ? n : DEFAULT_CUSTOM_OPACITY;
}

/** roid → shown, from the saved object; junk entries are ignored. */
export function readRouteDisplay(value: unknown): Record<number, boolean> {
  const out: Record<number, boolean> = {};
  if (!value || typeof value !== 'object' || Array.isArray(value)) return out;
  for (const [key, shown] of Object.entries(value)) {
    const roid = Number(key);
    if (Number.isInteger(roid) && roid > 0 && typeof shown === 'boolean') out[roid] = shown;
  }
  return out;
}

/** What GeofenceLayer draws for a display type. */
export function locationLayerFlags(type: LocationDisplayType): {
  showPolygons: boolean;
  showLabels: boolean;
} {
  if (type === 2) return { showPolygons: false, showLabels: true };
  return { showPolygons: true, showLabels: type === 1 };
}

/** Whether a route is drawn: shown alone wins, then the user's choice, then the route's flag. */
export function routeShown(
  route: { roid: number; display?: boolean },
  choices: Record<number, boolean>,
  alone: number | null,
): boolean {
  if (alone !== null) return route.roid === alone;
  return choices[route.roid] ?? route.display !== false;
}
