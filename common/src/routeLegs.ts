// A route's geometry from what the user gave (issue 10): the path (drawn, a trip's points, or
// straight legs between waypoints), its legs split at the waypoints, turn-by-turn steps read from
// the geometry, the overview line, and the link to an external directions service (SPEC §7). No
// online directions service is reachable, so everything here comes from the points alone. One copy
// for the server (set_route) and the web (the editor's preview).
import { bearingDegrees, haversineMeters } from './geo';
import { boxOf, simplifyPath, type Box, type LatLon } from './places';
import type { RouteLeg, RoutePoint, RouteSource, RouteStep } from './tasks/places';

/** The speed a route's durations are planned at (km/h). */
export const ROUTE_PLANNING_SPEED_KMH = 60;
/** Straight legs get a vertex about every this many metres, so the line can be bent later. */
export const ROUTE_DENSIFY_M = 1000;
/** A bearing change above this many degrees at a vertex is a step (a turn). */
export const ROUTE_TURN_DEGREES = 35;
/** Below this a turn is 'Keep left/right'; above ROUTE_SHARP_TURN_DEGREES it is sharp. */
export const ROUTE_KEEP_DEGREES = 60;
export const ROUTE_SHARP_TURN_DEGREES = 120;
/** polyline_overview: Douglas-Peucker at this tolerance (metres), raised until it fits. */
export const ROUTE_OVERVIEW_TOLERANCE_M = 25;
export const ROUTE_OVERVIEW_MAX_POINTS = 500;
/** Google Maps directions URLs take at most this many waypoints. */
export const DIRECTIONS_MAX_WAYPOINTS = 9;

export interface BuildRouteInput {
  origin: RoutePoint;
  destination: RoutePoint;
  waypoints: readonly RoutePoint[];
  /** The whole path origin → destination; absent for straight legs between the points. */
  path?: readonly LatLon[];
  source: RouteSource;
}

export interface BuiltRoute {
  /** The origin and destination with their names, at the first and last points of the path. */
  origin: RoutePoint;
  destination: RoutePoint;
  polyline: LatLon[];
  polyline_overview: LatLon[];
  legs: RouteLeg[];
  /** metres along the polyline */
  distance: number;
  /** the polyline's bounding box, no margin */
  box: Box;
}

const COMPASS = [
  'north',
  'north-east',
  'east',
  'south-east',
  'south',
  'south-west',
  'west',
  'north-west',
];

/** The 8-point compass name of a bearing in degrees. */
export function compassName(bearing: number): string {
  const b = ((bearing % 360) + 360) % 360;
  return COMPASS[Math.round(b / 45) % 8];
}

/** Seconds to drive `metres` at the planning speed. */
export function plannedDuration(metres: number): number {
  return Math.round(metres / ((ROUTE_PLANNING_SPEED_KMH * 1000) / 3600));
}

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;
const at = (p: LatLon): LatLon => ({ lat: round6(p.lat), lon: round6(p.lon) });

function named(point: LatLon, name: string | undefined): RoutePoint {
  return name === undefined ? at(point) : { ...at(point), name };
}

/** Straight line a → b with a vertex about every ROUTE_DENSIFY_M metres (b not included). */
function densify(a: LatLon, b: LatLon, out: LatLon[]): void {
  const pieces = Math.max(
    1,
    Math.ceil(haversineMeters(a.lat, a.lon, b.lat, b.lon) / ROUTE_DENSIFY_M),
  );
  for (let i = 0; i < pieces; i++) {
    const t = i / pieces;
    out.push(at({ lat: a.lat + (b.lat - a.lat) * t, lon: a.lon + (b.lon - a.lon) * t }));
  }
}

/** The path without consecutive repeats (a repeated fix would make a turn with no bearing). */
function withoutRepeats(points: readonly LatLon[]): LatLon[] {
  const out: LatLon[] = [];
  for (const p of points) {
    const q = at(p);
    const last = out[out.length - 1];
    if (!last || last.lat !== q.lat || last.lon !== q.lon) out.push(q);
  }
  // A path of one place still has a start and an end.
  if (out.length === 1) out.push({ ...out[0] });
  return out;
}

/** Metres along the path at each vertex. */
function cumulative(path: readonly LatLon[]): number[] {
  const cum = [0];
  for (let i = 1; i < path.length; i++) {
    const a = path[i - 1];
    const b = path[i];
    cum.push(cum[i - 1] + haversineMeters(a.lat, a.lon, b.lat, b.lon));
  }
  return cum;
}

/**
 * The vertex each waypoint splits the path at: the nearest vertex at or after the previous split,
 * so a waypoint is never matched before the one before it (a path that passes a place twice).
 */
export function waypointIndices(path: readonly LatLon[], waypoints: readonly LatLon[]): number[] {
  const out: number[] = [];
  let from = 0;
  for (const w of waypoints) {
    let best = from;
    let bestD = Infinity;
    for (let i = from; i < path.length; i++) {
      const d = haversineMeters(path[i].lat, path[i].lon, w.lat, w.lon);
      if (d < bestD) {
        bestD = d;
        best = i;
      }
    }
    out.push(best);
    from = best;
  }
  return out;
}

function turnInstruction(delta: number): string {
  const side = delta > 0 ? 'right' : 'left';
  const size = Math.abs(delta);
  if (size > ROUTE_SHARP_TURN_DEGREES) return `Turn sharp ${side}`;
  if (size < ROUTE_KEEP_DEGREES) return `Keep ${side}`;
  return `Turn ${side}`;
}

/**
 * Steps of one leg from its geometry: 'Head <compass>' at the start, a turn at every vertex where
 * the bearing changes by more than ROUTE_TURN_DEGREES, and 'Arrive at <end>' at the last vertex.
 * Each step's distance and duration run to the next step.
 */
export function stepsOf(path: readonly LatLon[], endName?: string): RouteStep[] {
  const cum = cumulative(path);
  const n = path.length;
  const bearing = (i: number) =>
    bearingDegrees(path[i].lat, path[i].lon, path[i + 1].lat, path[i + 1].lon);
  const marks: { instruction: string; index: number }[] = [];
  marks.push({ instruction: `Head ${compassName(n > 1 ? bearing(0) : 0)}`, index: 0 });
  for (let k = 1; k < n - 1; k++) {
    if (cum[k] === cum[k - 1] || cum[k + 1] === cum[k]) continue;
    const delta = ((bearing(k) - bearing(k - 1) + 540) % 360) - 180;
    if (Math.abs(delta) > ROUTE_TURN_DEGREES) {
      marks.push({ instruction: turnInstruction(delta), index: k });
    }
  }
  marks.push({ instruction: `Arrive at ${endName || 'destination'}`, index: Math.max(0, n - 1) });
  return marks.map((m, i) => {
    const next = marks[i + 1];
    const distance = next ? Math.round(cum[next.index] - cum[m.index]) : 0;
    return {
      instruction: m.instruction,
      distance,
      duration: plannedDuration(distance),
      start_index: m.index,
    };
  });
}

/** The overview line: simplified at 25 m, the tolerance raised until it has at most 500 points. */
export function overviewOf(polyline: readonly LatLon[]): LatLon[] {
  let tolerance = ROUTE_OVERVIEW_TOLERANCE_M;
  let out = simplifyPath(polyline, tolerance);
  while (out.length > ROUTE_OVERVIEW_MAX_POINTS) {
    tolerance *= 1.5;
    out = simplifyPath(polyline, tolerance);
  }
  return out;
}

/**
 * A route's geometry. Without `path` (source 'waypoints') the path is straight legs origin →
 * waypoints → destination, densified; otherwise it is `path` as given, whose first and last points
 * become the origin's and destination's positions (they keep their names). Legs split the path at
 * each waypoint.
 */
export function buildRoute(input: BuildRouteInput): BuiltRoute {
  const { waypoints } = input;
  let raw: LatLon[];
  if (!input.path) {
    const stops = [input.origin, ...waypoints, input.destination];
    raw = [];
    for (let i = 0; i < stops.length - 1; i++) densify(stops[i], stops[i + 1], raw);
    raw.push(at(input.destination));
  } else {
    raw = input.path.map(at);
  }
  const polyline = withoutRepeats(raw);
  const origin = named(polyline[0], input.origin.name);
  const destination = named(polyline[polyline.length - 1], input.destination.name);
  const splits = [0, ...waypointIndices(polyline, waypoints), polyline.length - 1];
  const ends: RoutePoint[] = [origin, ...waypoints.map((w) => named(w, w.name)), destination];
  const legs: RouteLeg[] = [];
  for (let i = 0; i < splits.length - 1; i++) {
    const path = polyline.slice(splits[i], splits[i + 1] + 1);
    const end = ends[i + 1];
    const steps = stepsOf(path, end.name);
    const distance = Math.round(cumulative(path)[path.length - 1]);
    legs.push({
      start: ends[i],
      end,
      path,
      steps,
      via_waypoints: [],
      values: { distance, duration: plannedDuration(distance) },
    });
  }
  const total = cumulative(polyline);
  return {
    origin,
    destination,
    polyline,
    polyline_overview: overviewOf(polyline),
    legs,
    distance: Math.round(total[total.length - 1]),
    box: boxOf(polyline),
  };
}

const coord = (p: LatLon) => `${p.lat.toFixed(6)},${p.lon.toFixed(6)}`;

/** At most `max` of the points, evenly spread, in order. */
function thin<T>(points: readonly T[], max: number): T[] {
  if (points.length <= max) return points.slice();
  return Array.from(
    { length: max },
    (_, i) => points[Math.round(((i + 1) * (points.length + 1)) / (max + 1)) - 1],
  );
}

/**
 * The external directions link of SPEC §7 (Google Maps directions URL, driving). Google takes at
 * most 9 waypoints in such a link; a route with more passes 9 of them, evenly spread.
 */
export function directionsUrl(
  origin: LatLon,
  waypoints: readonly LatLon[],
  destination: LatLon,
): string {
  const parts = ['api=1', `origin=${coord(origin)}`, `destination=${coord(destination)}`];
  const via = thin(waypoints, DIRECTIONS_MAX_WAYPOINTS);
  if (via.length) parts.push(`waypoints=${encodeURIComponent(via.map(coord).join('|'))}`);
  parts.push('travelmode=driving');
  return `https://www.google.com/maps/dir/?${parts.join('&')}`;
}
