// Stage 6b: places (issue 10). For each accepted new fix, the locations of the unit's client that
// contain it and the routes assigned to the unit:
// - location_enter when the fix is inside a location the unit was not inside; location_exit when
//   the unit was inside and the fix is outside by more than PLACE_MARGIN_M (beyond a circle's
//   radius plus the margin, or outside a polygon and farther than the margin from its border).
//   Jitter across a border therefore raises one enter and, when the unit really leaves, one exit.
// - route_violation when the fix is farther from the route's path than its corridor plus the
//   margin; route_return when it is back within the corridor. Once each per excursion.
// Events carry ref = the lid or roid and attributes {"derived":true,"lid"|"roid":N,"name":...}.
//
// Memory and restarts: the runtime keeps the lids the unit is inside and, per assigned route, the
// previous distance along it (the hint that keeps loops and out-and-back roads apart) and whether
// it is off. A runtime that comes without this memory (a start, a runtime reloaded after a failed
// write, a unit's very first fix) sets it silently from the unit's last stored position (its first
// fix when it has none): no event, so a restart neither repeats nor invents a crossing. A route
// newly assigned to the unit starts the same way. Locations and routes deleted or unassigned since
// the memory was set are dropped from it silently when the client's index is rebuilt.
//
// Cost: a client without places costs one flag test per fix. Otherwise: the locations the unit is
// inside are checked for an exit; the candidates for an enter are the locations whose boxes meet a
// 2 km square around the unit, found by one flatbush search when the unit leaves the square it
// had (so not on every fix), each box compared with the fix and the few that contain it tested
// exactly. No JSON is parsed and nothing is allocated per fix, but the events' rows.
import {
  EARTH_RADIUS_M,
  haversineMeters,
  distanceToRing,
  pointInRing,
  projectOnPath,
} from '@fleet/common';
import type { DeviceEventType } from '../ingest/types';
import {
  PLACE_MARGIN_M,
  type ClientPlaces,
  type CompiledLocation,
  type Neighbourhood,
} from './places-index';
import type { UnitRuntime } from './runtime';

const RAD = Math.PI / 180;
const M_PER_DEG = EARTH_RADIUS_M * RAD;

function inside(loc: CompiledLocation, lat: number, lon: number): boolean {
  if (loc.ring === null) return haversineMeters(lat, lon, loc.lat, loc.lon) <= loc.radius;
  return pointInRing(lat, lon, loc.ring);
}

/** Outside by more than the hysteresis margin: the unit has really left. */
export function farOutside(loc: CompiledLocation, lat: number, lon: number): boolean {
  if (loc.ring === null)
    return haversineMeters(lat, lon, loc.lat, loc.lon) > loc.radius + PLACE_MARGIN_M;
  return !pointInRing(lat, lon, loc.ring) && distanceToRing(lat, lon, loc.ring) > PLACE_MARGIN_M;
}

/** The locations of `places` containing a point (one index search). */
export function locationsAt(places: ClientPlaces, lat: number, lon: number): CompiledLocation[] {
  const out: CompiledLocation[] = [];
  if (!places.index) return out;
  for (const i of places.index.search(lon, lat, lon, lat)) {
    const loc = places.locations[i];
    if (inside(loc, lat, lon)) out.push(loc);
  }
  return out;
}

const NEAR_M = 1000;

function neighbourhood(
  places: ClientPlaces,
  lat: number,
  lon: number,
  reuse: Neighbourhood | null,
): Neighbourhood {
  const dLat = NEAR_M / M_PER_DEG;
  const dLon = NEAR_M / Math.max(1, M_PER_DEG * Math.cos(lat * RAD));
  const n = reuse ?? { places, minX: 0, minY: 0, maxX: 0, maxY: 0, hits: [] };
  n.places = places;
  n.minX = lon - dLon;
  n.maxX = lon + dLon;
  n.minY = lat - dLat;
  n.maxY = lat + dLat;
  n.hits = places.index!.search(n.minX, n.minY, n.maxX, n.maxY);
  return n;
}

/** Where a fix's events go: flat EVENT_COLUMNS rows. */
function push(
  out: unknown[],
  rt: UnitRuntime,
  time: number,
  type: DeviceEventType,
  lat: number,
  lon: number,
  speed: number,
  attributes: string,
  ref: number,
): void {
  out.push(rt.uid, rt.clientId, time, type, lat, lon, speed, attributes, ref);
}

/**
 * Brings the runtime's memory in line with `places` (a new index of the client, or the first
 * fix): sets it silently from (lat, lon) where it has none, and drops what no longer exists.
 */
function reconcile(rt: UnitRuntime, places: ClientPlaces, lat: number, lon: number): void {
  rt.placesSeen = places;
  if (rt.insideLids === null) {
    rt.insideLids = new Set();
    for (const loc of locationsAt(places, lat, lon)) rt.insideLids.add(loc.lid);
  } else {
    for (const lid of rt.insideLids) if (!places.byLid.has(lid)) rt.insideLids.delete(lid);
  }
  if (rt.routeState) {
    const mine = places.routesByUnit.get(rt.uid);
    for (const roid of rt.routeState.keys()) {
      if (!mine?.some((r) => r.roid === roid)) rt.routeState.delete(roid);
    }
  }
}

/**
 * Call for a new fix, before the runtime's live position moves to it (rt.lat/lon is then the
 * previous position, which sets a memory that is missing). Pushes the fix's place events.
 */
export function trackPlaces(
  rt: UnitRuntime,
  places: ClientPlaces,
  time: number,
  lat: number,
  lon: number,
  speed: number,
  out: unknown[],
): void {
  if (rt.placesSeen !== places) {
    const known = rt.hasFix;
    reconcile(rt, places, known ? rt.lat : lat, known ? rt.lon : lon);
  }
  if (places.empty) return;

  const set = rt.insideLids!;
  if (set.size) {
    for (const lid of set) {
      const loc = places.byLid.get(lid)!;
      if (farOutside(loc, lat, lon)) {
        set.delete(lid);
        push(out, rt, time, 'location_exit', lat, lon, speed, loc.attributes, lid);
      }
    }
  }
  if (places.index) {
    let near = rt.placesNear;
    if (
      near === null ||
      near.places !== places ||
      lon < near.minX ||
      lon > near.maxX ||
      lat < near.minY ||
      lat > near.maxY
    )
      near = rt.placesNear = neighbourhood(places, lat, lon, near);
    const hits = near.hits;
    const locations = places.locations;
    for (let k = 0; k < hits.length; k++) {
      const loc = locations[hits[k]];
      if (lon < loc.minX || lon > loc.maxX || lat < loc.minY || lat > loc.maxY) continue;
      if (!set.has(loc.lid) && inside(loc, lat, lon)) {
        set.add(loc.lid);
        push(out, rt, time, 'location_enter', lat, lon, speed, loc.attributes, loc.lid);
      }
    }
  }

  const routes = places.routesByUnit.size ? places.routesByUnit.get(rt.uid) : undefined;
  if (!routes) return;
  const states = (rt.routeState ??= new Map());
  for (const r of routes) {
    let s = states.get(r.roid);
    if (!s) {
      // Newly assigned (or no memory): its state comes from the previous position, silently.
      const from = rt.hasFix ? projectOnPath(r.path, rt.lat, rt.lon) : null;
      const first = from ?? projectOnPath(r.path, lat, lon);
      s = { along: first.along, off: first.offset > r.corridor + PLACE_MARGIN_M };
      states.set(r.roid, s);
    }
    const p = projectOnPath(r.path, lat, lon, s.along);
    s.along = p.along;
    if (!s.off && p.offset > r.corridor + PLACE_MARGIN_M) {
      s.off = true;
      const attributes = `${r.attributesHead},"off_route":${Math.round(p.offset)}}`;
      push(out, rt, time, 'route_violation', lat, lon, speed, attributes, r.roid);
    } else if (s.off && p.offset <= r.corridor) {
      s.off = false;
      const attributes = `${r.attributesHead},"off_route":${Math.round(p.offset)}}`;
      push(out, rt, time, 'route_return', lat, lon, speed, attributes, r.roid);
    }
  }
}
