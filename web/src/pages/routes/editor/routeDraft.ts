// The route editor's state and the pure steps around it: a stored route or a trip into a draft,
// typed coordinates (decimal or degrees-minutes-seconds, SPEC §5) into points, the live preview
// (buildRoute of @fleet/common, the same code set_route runs) and the draft into set_route's input.
import {
  buildRoute,
  DEFAULT_ROUTE_CORRIDOR_M,
  hasSpecialCharacters,
  parseCoordinates,
  simplifyPath,
  type BuiltRoute,
  type LatLon,
  type Route,
  type RouteInput,
  type RoutePoint,
  type RouteSource,
} from '@fleet/common';
import { formatLatLon } from '../parts/format';

/** A trip made into a route keeps the points more than this many metres off the simplified line. */
export const TRIP_SIMPLIFY_M = 15;

export interface PointDraft {
  /** React key, stable while the list is reordered. */
  key: string;
  name: string;
  /** Coordinates as typed. */
  text: string;
}

export interface RouteDraft {
  roid?: number;
  name: string;
  colour: string;
  corridor: number;
  uids: number[];
  display: boolean;
  source: RouteSource;
  origin: PointDraft;
  destination: PointDraft;
  waypoints: PointDraft[];
  /** The drawn or recorded line, origin to destination; null: straight legs between the points. */
  path: LatLon[] | null;
}

let nextKey = 1;
export const newKey = () => `p${nextKey++}`;

export function pointDraft(point?: RoutePoint | null, name = ''): PointDraft {
  return {
    key: newKey(),
    name: point?.name ?? name,
    text:
      point && Number.isFinite(point.lat) && Number.isFinite(point.lon) ? formatLatLon(point) : '',
  };
}

export const DEFAULT_ROUTE_COLOUR = '#1565c0';

export function emptyDraft(source: RouteSource): RouteDraft {
  return {
    name: '',
    colour: DEFAULT_ROUTE_COLOUR,
    corridor: DEFAULT_ROUTE_CORRIDOR_M,
    uids: [],
    display: true,
    source,
    origin: pointDraft(null, 'Start'),
    destination: pointDraft(null, 'End'),
    waypoints: [],
    path: null,
  };
}

export function draftFromRoute(route: Route): RouteDraft {
  return {
    roid: route.roid,
    name: route.name,
    colour: route.colour,
    corridor: route.corridor,
    uids: [...route.uids],
    display: route.display,
    source: route.source,
    origin: pointDraft(route.origin),
    destination: pointDraft(route.destination),
    waypoints: route.waypoints.map((w) => pointDraft(w)),
    path:
      route.source === 'waypoints' ? null : route.polyline.map(({ lat, lon }) => ({ lat, lon })),
  };
}

/** A recorded trip's fixes as a route's path: simplified to ~15 m, the ends named. */
export function draftFromTrip(
  fixes: readonly LatLon[],
  names: { name?: string; start?: string; end?: string } = {},
): RouteDraft | null {
  const points = fixes
    .filter((p) => Number.isFinite(p.lat) && Number.isFinite(p.lon))
    .map(({ lat, lon }) => ({ lat, lon }));
  if (points.length < 2) return null;
  const path = simplifyPath(points, TRIP_SIMPLIFY_M);
  return {
    ...emptyDraft('trip'),
    name: names.name ?? '',
    origin: pointDraft(path[0], names.start || 'Start'),
    destination: pointDraft(path[path.length - 1], names.end || 'End'),
    path,
  };
}

export const COORDINATE_HINT = 'decimal like -26.2041, 28.0473 or DMS like 26°12\'15"S 28°2\'50"E';

/** A typed point: its position, or why it cannot be read. */
export function readPoint(draft: PointDraft): { point: RoutePoint | null; error: string | null } {
  const text = draft.text.trim();
  const name = draft.name.trim();
  if (name && hasSpecialCharacters(name))
    return { point: null, error: 'The name must not contain special characters' };
  if (!text) return { point: null, error: 'Coordinates are required' };
  const at = parseCoordinates(text);
  if (!at) return { point: null, error: `Coordinates cannot be read: type ${COORDINATE_HINT}` };
  const point: RoutePoint = { lat: round6(at.lat), lon: round6(at.lng) };
  if (name) point.name = name;
  return { point, error: null };
}

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

export interface DraftPoints {
  origin: RoutePoint | null;
  destination: RoutePoint | null;
  waypoints: (RoutePoint | null)[];
  /** Field label → message, e.g. 'Origin' → 'Coordinates are required'. */
  errors: Record<string, string>;
}

export function waypointLabel(index: number) {
  return `Waypoint ${index + 1}`;
}

export function readPoints(draft: RouteDraft): DraftPoints {
  const errors: Record<string, string> = {};
  const one = (label: string, p: PointDraft) => {
    const { point, error } = readPoint(p);
    if (error) errors[label] = error;
    return point;
  };
  return {
    origin: one('Origin', draft.origin),
    destination: one('Destination', draft.destination),
    waypoints: draft.waypoints.map((w, i) => one(waypointLabel(i), w)),
    errors,
  };
}

/**
 * The route as set_route would build it, or the reason there is none. A polyline that cannot be
 * built is logged and the page goes on (SPEC §8).
 */
export function previewRoute(draft: RouteDraft): {
  built: BuiltRoute | null;
  problem: string | null;
} {
  const points = readPoints(draft);
  const usable = points.waypoints.filter((w): w is RoutePoint => w !== null);
  if (draft.path && draft.path.length < 2)
    return { built: null, problem: 'The line needs at least two points' };
  if (!draft.path && (!points.origin || !points.destination))
    return { built: null, problem: 'Give the origin and destination to see the route' };
  const isNumber = (x: unknown) => typeof x === 'number' && Number.isFinite(x);
  try {
    if (draft.path?.some((p) => !isNumber(p?.lat) || !isNumber(p?.lon)))
      throw new Error('the line has points that are not numbers');
    const built = buildRoute({
      origin: points.origin ?? { ...draft.path![0] },
      destination: points.destination ?? { ...draft.path![draft.path!.length - 1] },
      waypoints: usable,
      path: draft.path ?? undefined,
      source: draft.source,
    });
    const bad = built.polyline.some((p) => !Number.isFinite(p.lat) || !Number.isFinite(p.lon));
    if (bad || built.polyline.length < 2)
      throw new Error('the line has points that are not numbers');
    return { built, problem: null };
  } catch (error) {
    console.warn('Route polyline could not be built', error);
    return { built: null, problem: 'The route line cannot be drawn from these points' };
  }
}

/** The draft as set_route's input, or the messages naming what is wrong. */
export function draftToInput(
  draft: RouteDraft,
): { input: RouteInput; errors: null } | { input: null; errors: Record<string, string> } {
  const points = readPoints(draft);
  const errors = { ...points.errors };
  if (draft.path && draft.path.length < 2) errors.Line = 'Draw a line of at least two points';
  if (!draft.path && draft.source !== 'waypoints') errors.Line = 'Draw the route on the map first';
  if (Object.keys(errors).length) return { input: null, errors };
  const input: RouteInput = {
    name: draft.name.trim(),
    display: draft.display,
    colour: draft.colour,
    source: draft.path ? draft.source : 'waypoints',
    origin: points.origin!,
    destination: points.destination!,
    waypoints: points.waypoints as RoutePoint[],
    corridor: draft.corridor,
    uids: draft.uids,
  };
  if (draft.roid !== undefined) input.roid = draft.roid;
  if (draft.path)
    input.path = draft.path.map(({ lat, lon }) => ({ lat: round6(lat), lon: round6(lon) }));
  return { input, errors: null };
}

/**
 * A new position typed for the origin or destination of a route with a line: the line's end moves
 * there too, so the two never disagree (set_route puts them at the line's ends).
 */
export function withEndMoved(
  draft: RouteDraft,
  end: 'origin' | 'destination',
  text: string,
): RouteDraft {
  const next = { ...draft, [end]: { ...draft[end], text } };
  const at = parseCoordinates(text.trim());
  if (!draft.path || !at) return next;
  const path = draft.path.slice();
  path[end === 'origin' ? 0 : path.length - 1] = { lat: round6(at.lat), lon: round6(at.lng) };
  return { ...next, path };
}

/** A new line from the map: its ends become the origin's and destination's positions. */
export function withPath(draft: RouteDraft, path: LatLon[]): RouteDraft {
  if (path.length < 2) return { ...draft, path };
  return {
    ...draft,
    path,
    origin: { ...draft.origin, text: formatLatLon(path[0]) },
    destination: { ...draft.destination, text: formatLatLon(path[path.length - 1]) },
  };
}

export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length) return list.slice();
  const next = list.slice();
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}
