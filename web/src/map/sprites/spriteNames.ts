import { VEHICLE_CLASSES, type VehicleClass } from '@fleet/common';
import { normaliseColour } from '../colours';

/** What a unit icon shows: moving (with a direction arrow), parked, or disconnected (grey, hollow). */
export type UnitIconState = 'moving' | 'parked' | 'offline';
export const UNIT_ICON_STATES: readonly UnitIconState[] = ['moving', 'parked', 'offline'];

/**
 * Realtime icon styles of SPEC §4: 0 Arrows, 1 to 4 Icon Styles. Here 0 draws a heading arrow (a
 * parked disc when stopped), 1 a small dot, 2 and 3 vehicle-class badges, 4 large badges.
 * Styles 1 and 2 hide name tags (ICON_STYLES_HIDING_TAGS).
 */
export type RealtimeIconStyle = 0 | 1 | 2 | 3 | 4;

export interface UnitSpriteSpec {
  style: RealtimeIconStyle;
  vehicleClass: VehicleClass | 'default';
  /** Six hex digits, lower case, no '#'. */
  colour: string;
  state: UnitIconState;
}

const PREFIX = 'unit';

/** The class a unit is drawn as; an unknown vehicle_class_ref falls back to a generic badge. */
export function vehicleClassOf(ref: string | null | undefined): VehicleClass | 'default' {
  const value = (ref ?? '').trim().toLowerCase();
  return (VEHICLE_CLASSES as readonly string[]).includes(value)
    ? (value as VehicleClass)
    : 'default';
}

/**
 * One image per (style, class, colour, state): the map asks for it by name through `icon-image`
 * and the sprite factory draws it the first time it is missing. Styles that do not show the class
 * (0 and 1) collapse the class to 'default', and offline icons are grey whatever the colour, so
 * those share images.
 */
export function unitSpriteName(spec: UnitSpriteSpec): string {
  const showsClass = spec.style >= 2;
  const cls = showsClass ? spec.vehicleClass : 'default';
  const colour = spec.state === 'offline' ? 'grey' : normaliseColour(spec.colour);
  return `${PREFIX}:${spec.style}:${cls}:${colour}:${spec.state}`;
}

/** Reverses unitSpriteName; null for names that are not unit sprites. */
export function parseUnitSpriteName(name: string): UnitSpriteSpec | null {
  const parts = name.split(':');
  if (parts.length !== 5 || parts[0] !== PREFIX) return null;
  const style = Number(parts[1]);
  if (![0, 1, 2, 3, 4].includes(style)) return null;
  const cls = parts[2] === 'default' ? 'default' : vehicleClassOf(parts[2]);
  if (cls === 'default' && parts[2] !== 'default') return null;
  const state = parts[4] as UnitIconState;
  if (!UNIT_ICON_STATES.includes(state)) return null;
  const colour = parts[3] === 'grey' ? 'grey' : parts[3];
  if (colour !== 'grey' && !/^[0-9a-f]{6}$/.test(colour)) return null;
  return { style: style as RealtimeIconStyle, vehicleClass: cls, colour, state };
}

/**
 * The pointer that orbits a badge on the side the unit is heading to (rotated by `icon-rotate`),
 * one per icon style (badge size) and colour. Style 0 rotates the arrow sprite itself instead.
 */
export function headingPointerName(style: RealtimeIconStyle, colour: string): string {
  return `pointer:${style}:${normaliseColour(colour)}`;
}

export function parseHeadingPointerName(
  name: string,
): { style: RealtimeIconStyle; colour: string } | null {
  const m = /^pointer:([1-4]):([0-9a-f]{6})$/.exec(name);
  return m ? { style: Number(m[1]) as RealtimeIconStyle, colour: m[2] } : null;
}

/** Fixed images shared by all layers. */
export const SPRITES = {
  /** Chevron placed along trip lines, drawn pointing along the line. */
  tripArrow: 'trip-arrow',
  tripStart: 'trip-start',
  tripEnd: 'trip-end',
  tripStop: 'trip-stop',
  /** Town and capital dots of the offline basemap. */
  townDot: 'town-dot',
  capitalDot: 'capital-dot',
  /** Moving replay marker: a navigation arrow pointing north, rotated by heading. */
  replayMarker: 'replay-marker',
  /** Cluster bubbles of a large fleet, by size: under 50, under 250, and more units. */
  clusterSmall: 'cluster-s',
  clusterMedium: 'cluster-m',
  clusterLarge: 'cluster-l',
} as const;

/** Special trip events of SPEC §3 that a trip marks on the map (`normal` is not marked). */
export const TRIP_EVENT_SIGNS = {
  brake: { letter: 'B', colour: '#e65100' },
  accelerate: { letter: 'A', colour: '#6a1b9a' },
  corner: { letter: 'C', colour: '#0277bd' },
  crash: { letter: '!', colour: '#b71c1c' },
  gps: { letter: 'G', colour: '#546e7a' },
} as const;
export type TripEventSign = keyof typeof TRIP_EVENT_SIGNS;

/** The image of a special trip event's sign: `trip-event-brake` and so on. */
export function tripEventSpriteName(event: string): string {
  return `trip-event-${event}`;
}
