// Geometry of places (issue 10): point-in-circle and point-in-polygon, a polygon's validity, the
// distance from a point to a shape's border, and a position's progress along a route's path. One
// copy for the server (ingest, tasks) and the web (the editor's checks, the route pages).
//
// Distances are metres. Locations and routes are small next to the earth, so every test works in a
// local equirectangular plane around the point tested (x = east metres, y = north metres): at
// 50 km from the point the error is well under a metre, far below GPS noise. The fleets this serves
// are in the southern hemisphere and never near the antimeridian; a shape crossing it is refused.
import { EARTH_RADIUS_M } from './constants';
import { haversineMeters } from './geo';

export interface LatLon {
  lat: number;
  lon: number;
}

const RAD = Math.PI / 180;
const M_PER_DEG = EARTH_RADIUS_M * RAD;

/** Metres east per degree of longitude at a latitude. */
export function metresPerDegreeLon(lat: number): number {
  return M_PER_DEG * Math.cos(lat * RAD);
}

/** Inside a circle of `radius` metres (the border counts as inside). */
export function pointInCircle(
  lat: number,
  lon: number,
  centreLat: number,
  centreLon: number,
  radius: number,
): boolean {
  return haversineMeters(lat, lon, centreLat, centreLon) <= radius;
}

/**
 * A flat ring of vertices [lat0, lon0, lat1, lon1, ...], not closed (the last vertex joins the
 * first). Built once per shape, so that a test per position reads numbers and parses nothing.
 */
export type FlatRing = Float64Array;

export function flatRing(points: readonly LatLon[]): FlatRing {
  const ring = new Float64Array(points.length * 2);
  for (let i = 0; i < points.length; i++) {
    ring[2 * i] = points[i].lat;
    ring[2 * i + 1] = points[i].lon;
  }
  return ring;
}

/**
 * Even-odd ray casting. A point exactly on an edge may fall either side, as with every such test;
 * the enter/exit hysteresis (distanceToRing) is what keeps a border from flapping.
 */
export function pointInRing(lat: number, lon: number, ring: FlatRing | readonly LatLon[]): boolean {
  const flat = ring instanceof Float64Array ? ring : flatRing(ring);
  const n = flat.length / 2;
  let inside = false;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const yi = flat[2 * i];
    const xi = flat[2 * i + 1];
    const yj = flat[2 * j];
    const xj = flat[2 * j + 1];
    if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Distance in metres from a point to the nearest edge of a ring (inside or outside). */
export function distanceToRing(
  lat: number,
  lon: number,
  ring: FlatRing | readonly LatLon[],
): number {
  const flat = ring instanceof Float64Array ? ring : flatRing(ring);
  const n = flat.length / 2;
  const kx = metresPerDegreeLon(lat);
  let best = Infinity;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const ax = (flat[2 * j + 1] - lon) * kx;
    const ay = (flat[2 * j] - lat) * M_PER_DEG;
    const bx = (flat[2 * i + 1] - lon) * kx;
    const by = (flat[2 * i] - lat) * M_PER_DEG;
    const d = segmentDistance(ax, ay, bx, by);
    if (d < best) best = d;
  }
  return best;
}

/** Distance from the origin to the segment a-b, and where along it the nearest point is (0..1). */
function nearestOnSegment(ax: number, ay: number, bx: number, by: number): [number, number] {
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  let t = len2 > 0 ? -(ax * dx + ay * dy) / len2 : 0;
  if (t < 0) t = 0;
  else if (t > 1) t = 1;
  return [Math.hypot(ax + t * dx, ay + t * dy), t];
}

function segmentDistance(ax: number, ay: number, bx: number, by: number): number {
  return nearestOnSegment(ax, ay, bx, by)[0];
}

/** The polygon limits of issue 10. */
export const POLYGON_MIN_POINTS = 3;
export const POLYGON_MAX_POINTS = 1000;

/**
 * Why a ring cannot be a location's polygon, or null when it can: 3 to 1,000 distinct vertices,
 * coordinates in range, not crossing the antimeridian, no two edges crossing, some area.
 */
export function polygonProblem(points: readonly LatLon[]): string | null {
  const ring = dropClosingPoint(points);
  if (ring.length < POLYGON_MIN_POINTS) return `needs at least ${POLYGON_MIN_POINTS} points`;
  if (ring.length > POLYGON_MAX_POINTS) return `may have at most ${POLYGON_MAX_POINTS} points`;
  for (const p of ring) {
    if (!coordinatesInRange(p.lat, p.lon)) return 'has a point out of range';
  }
  let minLon = Infinity;
  let maxLon = -Infinity;
  for (const p of ring) {
    minLon = Math.min(minLon, p.lon);
    maxLon = Math.max(maxLon, p.lon);
  }
  if (maxLon - minLon > 180) return 'must not cross the 180th meridian';
  if (selfIntersects(ring)) return 'must not cross itself';
  if (Math.abs(ringAreaM2(ring)) < 1) return 'has no area';
  return null;
}

/** The ring without a last vertex that repeats the first (GeoJSON and KML close their rings). */
export function dropClosingPoint<T extends LatLon>(points: readonly T[]): T[] {
  const n = points.length;
  if (n > 1 && points[0].lat === points[n - 1].lat && points[0].lon === points[n - 1].lon) {
    return points.slice(0, n - 1);
  }
  return points.slice();
}

export function coordinatesInRange(lat: number, lon: number): boolean {
  return (
    Number.isFinite(lat) &&
    Number.isFinite(lon) &&
    lat >= -90 &&
    lat <= 90 &&
    lon >= -180 &&
    lon <= 180
  );
}

function orientation(ax: number, ay: number, bx: number, by: number, cx: number, cy: number) {
  const v = (by - ay) * (cx - bx) - (bx - ax) * (cy - by);
  return v > 0 ? 1 : v < 0 ? -1 : 0;
}

function onSegment(ax: number, ay: number, bx: number, by: number, cx: number, cy: number) {
  return (
    Math.min(ax, cx) <= bx &&
    bx <= Math.max(ax, cx) &&
    Math.min(ay, cy) <= by &&
    by <= Math.max(ay, cy)
  );
}

function segmentsCross(p: LatLon, q: LatLon, r: LatLon, s: LatLon): boolean {
  const o1 = orientation(p.lon, p.lat, q.lon, q.lat, r.lon, r.lat);
  const o2 = orientation(p.lon, p.lat, q.lon, q.lat, s.lon, s.lat);
  const o3 = orientation(r.lon, r.lat, s.lon, s.lat, p.lon, p.lat);
  const o4 = orientation(r.lon, r.lat, s.lon, s.lat, q.lon, q.lat);
  if (o1 !== o2 && o3 !== o4) return true;
  if (o1 === 0 && onSegment(p.lon, p.lat, r.lon, r.lat, q.lon, q.lat)) return true;
  if (o2 === 0 && onSegment(p.lon, p.lat, s.lon, s.lat, q.lon, q.lat)) return true;
  if (o3 === 0 && onSegment(r.lon, r.lat, p.lon, p.lat, s.lon, s.lat)) return true;
  if (o4 === 0 && onSegment(r.lon, r.lat, q.lon, q.lat, s.lon, s.lat)) return true;
  return false;
}

/**
 * True when two edges of the ring (not closed) cross or touch, other than neighbours meeting at
 * their shared vertex. A sweep over edges sorted by their lowest longitude keeps 1,000 vertices
 * far below the quadratic worst case for ordinary shapes.
 */
export function selfIntersects(ring: readonly LatLon[]): boolean {
  const n = ring.length;
  if (n < 4) {
    // A triangle cannot cross itself; it can only be degenerate (a repeated vertex).
    for (let i = 0; i < n; i++) {
      const a = ring[i];
      const b = ring[(i + 1) % n];
      if (a.lat === b.lat && a.lon === b.lon) return true;
    }
    return false;
  }
  const edges = Array.from({ length: n }, (_, i) => {
    const a = ring[i];
    const b = ring[(i + 1) % n];
    return { i, a, b, lo: Math.min(a.lon, b.lon), hi: Math.max(a.lon, b.lon) };
  });
  edges.sort((x, y) => x.lo - y.lo);
  for (let k = 0; k < n; k++) {
    const e = edges[k];
    if (e.a.lat === e.b.lat && e.a.lon === e.b.lon) return true;
    for (let m = k + 1; m < n && edges[m].lo <= e.hi; m++) {
      const f = edges[m];
      const gap = Math.abs(e.i - f.i);
      if (gap === 1 || gap === n - 1) {
        // Neighbours share one vertex; they only intersect badly when they overlap (fold back).
        const shared = gap === 1 ? (e.i < f.i ? e.b : f.b) : e.i === 0 ? e.a : f.a;
        const eOther = shared === e.a ? e.b : e.a;
        const fOther = shared === f.a ? f.b : f.a;
        if (
          orientation(eOther.lon, eOther.lat, shared.lon, shared.lat, fOther.lon, fOther.lat) ===
            0 &&
          (eOther.lon - shared.lon) * (fOther.lon - shared.lon) +
            (eOther.lat - shared.lat) * (fOther.lat - shared.lat) >
            0
        )
          return true;
        continue;
      }
      if (segmentsCross(e.a, e.b, f.a, f.b)) return true;
    }
  }
  return false;
}

/** Signed area of a ring in square metres (shoelace in the local plane of its first vertex). */
export function ringAreaM2(ring: readonly LatLon[]): number {
  if (ring.length < 3) return 0;
  const lat0 = ring[0].lat;
  const lon0 = ring[0].lon;
  const kx = metresPerDegreeLon(lat0);
  let sum = 0;
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i];
    const b = ring[(i + 1) % ring.length];
    const ax = (a.lon - lon0) * kx;
    const ay = (a.lat - lat0) * M_PER_DEG;
    const bx = (b.lon - lon0) * kx;
    const by = (b.lat - lat0) * M_PER_DEG;
    sum += ax * by - bx * ay;
  }
  return sum / 2;
}

/** The average of a ring's vertices: where a polygon location's centre and label go. */
export function ringCentre(ring: readonly LatLon[]): LatLon {
  let lat = 0;
  let lon = 0;
  for (const p of ring) {
    lat += p.lat;
    lon += p.lon;
  }
  return { lat: lat / ring.length, lon: lon / ring.length };
}

export interface Box {
  minLat: number;
  minLon: number;
  maxLat: number;
  maxLon: number;
}

/** The bounding box of points, widened by `margin` metres on every side. */
export function boxOf(points: readonly LatLon[], margin = 0): Box {
  let minLat = Infinity;
  let minLon = Infinity;
  let maxLat = -Infinity;
  let maxLon = -Infinity;
  for (const p of points) {
    if (p.lat < minLat) minLat = p.lat;
    if (p.lat > maxLat) maxLat = p.lat;
    if (p.lon < minLon) minLon = p.lon;
    if (p.lon > maxLon) maxLon = p.lon;
  }
  if (margin > 0) {
    const dLat = margin / M_PER_DEG;
    const widest = Math.max(Math.abs(minLat), Math.abs(maxLat));
    const dLon = margin / Math.max(1, metresPerDegreeLon(Math.min(89.9, widest)));
    minLat -= dLat;
    maxLat += dLat;
    minLon -= dLon;
    maxLon += dLon;
  }
  return { minLat, minLon, maxLat, maxLon };
}

/**
 * A route's path prepared for projections: vertices flat, and the distance along the path at
 * each vertex. Built once per route.
 */
export interface CompiledPath {
  /** [lat0, lon0, lat1, lon1, ...] */
  flat: Float64Array;
  /** metres along the path at each vertex; cum[0] = 0 */
  cum: Float64Array;
  length: number;
}

export function compilePath(points: readonly LatLon[]): CompiledPath {
  const flat = flatRing(points);
  const cum = new Float64Array(points.length);
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1];
    const b = points[i];
    cum[i] = cum[i - 1] + haversineMeters(a.lat, a.lon, b.lat, b.lon);
  }
  return { flat, cum, length: points.length ? cum[points.length - 1] : 0 };
}

export interface PathProjection {
  /** metres along the path to the nearest point on it */
  along: number;
  /** metres from the position to that point */
  offset: number;
}

/**
 * The nearest point of the path to a position. When a path passes the same place twice (a loop,
 * or out and back on one road), several points are nearly as near: `hint` (the previous `along` of
 * the same unit) picks the one closest to where the unit was, so progress does not jump to the
 * other pass. Points within `tieMetres` of the nearest distance count as equally near.
 */
export function projectOnPath(
  path: CompiledPath,
  lat: number,
  lon: number,
  hint?: number,
  tieMetres = 25,
): PathProjection {
  const { flat, cum } = path;
  const n = flat.length / 2;
  if (n === 0) return { along: 0, offset: Infinity };
  const kx = metresPerDegreeLon(lat);
  if (n === 1) {
    return { along: 0, offset: haversineMeters(lat, lon, flat[0], flat[1]) };
  }
  let best = { along: 0, offset: Infinity };
  let candidates: PathProjection[] | null = hint === undefined ? null : [];
  for (let i = 1; i < n; i++) {
    const ax = (flat[2 * i - 1] - lon) * kx;
    const ay = (flat[2 * i - 2] - lat) * M_PER_DEG;
    const bx = (flat[2 * i + 1] - lon) * kx;
    const by = (flat[2 * i] - lat) * M_PER_DEG;
    const [d, t] = nearestOnSegment(ax, ay, bx, by);
    const along = cum[i - 1] + t * (cum[i] - cum[i - 1]);
    if (candidates && d <= best.offset + tieMetres) candidates.push({ along, offset: d });
    if (d < best.offset) best = { along, offset: d };
  }
  if (candidates && hint !== undefined && candidates.length > 1) {
    candidates = candidates.filter((c) => c.offset <= best.offset + tieMetres);
    let pick = best;
    for (const c of candidates) {
      if (Math.abs(c.along - hint) < Math.abs(pick.along - hint)) pick = c;
    }
    return pick;
  }
  return best;
}

/** The length of a path in metres. */
export function pathLength(points: readonly LatLon[]): number {
  let sum = 0;
  for (let i = 1; i < points.length; i++) {
    sum += haversineMeters(points[i - 1].lat, points[i - 1].lon, points[i].lat, points[i].lon);
  }
  return sum;
}

/**
 * Douglas-Peucker simplification keeping every point that is more than `tolerance` metres off the
 * simplified line (a route's polyline_overview; a trip made into a route).
 */
export function simplifyPath<T extends LatLon>(points: readonly T[], tolerance: number): T[] {
  const n = points.length;
  if (n <= 2) return points.slice();
  const keep = new Uint8Array(n);
  keep[0] = keep[n - 1] = 1;
  const stack: [number, number][] = [[0, n - 1]];
  while (stack.length) {
    const [first, last] = stack.pop()!;
    const a = points[first];
    const b = points[last];
    const kx = metresPerDegreeLon(a.lat);
    let worst = -1;
    let at = -1;
    for (let i = first + 1; i < last; i++) {
      const p = points[i];
      const d = segmentDistance(
        (a.lon - p.lon) * kx,
        (a.lat - p.lat) * M_PER_DEG,
        (b.lon - p.lon) * kx,
        (b.lat - p.lat) * M_PER_DEG,
      );
      if (d > worst) {
        worst = d;
        at = i;
      }
    }
    if (worst > tolerance && at > 0) {
      keep[at] = 1;
      stack.push([first, at], [at, last]);
    }
  }
  return points.filter((_, i) => keep[i] === 1);
}
