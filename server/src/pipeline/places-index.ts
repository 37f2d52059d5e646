// The pipeline's place index (issue 10): per client, its locations compiled once into shapes a
// fix is tested against without parsing anything (a circle's centre and radius, a polygon's flat
// ring), with a flatbush spatial index over their bounding boxes (widened by the hysteresis
// margin), so that a fix's candidate locations are one index search whatever the number of
// locations; and its routes compiled into paths with their corridor, by assigned unit.
//
// Built lazily, the first time a unit of the client is processed (PlaceCache.load, before the
// batch's synchronous stages), and dropped when the bus says the client's places changed.
import Flatbush from 'flatbush';
import type { Kysely } from 'kysely';
import {
  EARTH_RADIUS_M,
  compilePath,
  dropClosingPoint,
  flatRing,
  metresPerDegreeLon,
  type CompiledPath,
  type FlatRing,
  type LatLon,
} from '@fleet/common';
import type { Database } from '../db';

/**
 * The hysteresis of location and corridor events, in metres: a unit inside a location leaves it
 * only once it is this far outside the border, and a unit on a route leaves it only once it is
 * this far beyond the corridor; so GPS jitter on a border raises one event, not one per fix.
 */
export const PLACE_MARGIN_M = 30;

export interface CompiledLocation {
  lid: number;
  name: string;
  /** A circle's centre; a polygon's ring is `ring`. */
  lat: number;
  lon: number;
  /** metres; circles only */
  radius: number;
  /** The polygon's vertices (not closed); null for a circle. */
  ring: FlatRing | null;
  /** The events' attributes JSON, built once. */
  attributes: string;
  /** The bounding box widened by PLACE_MARGIN_M (x = longitude, y = latitude), as indexed. */
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export interface CompiledRoute {
  roid: number;
  name: string;
  path: CompiledPath;
  /** metres */
  corridor: number;
  /** The start of the events' attributes JSON (off_route and the closing brace follow). */
  attributesHead: string;
}

export interface ClientPlaces {
  clientId: number;
  /** No location and no assigned route: the per-fix stage stops at this flag. */
  empty: boolean;
  /** In index order: the flatbush search answers positions in this list. */
  locations: CompiledLocation[];
  byLid: Map<number, CompiledLocation>;
  /** Over the locations' boxes widened by PLACE_MARGIN_M (x = longitude, y = latitude). */
  index: Flatbush | null;
  /** The routes assigned to each unit. */
  routesByUnit: Map<number, CompiledRoute[]>;
}

const M_PER_DEG = (EARTH_RADIUS_M * Math.PI) / 180;

/** What the index is built from: the locations table's columns. */
export interface LocationRow {
  lid: number;
  name: string;
  type: string;
  geofence: string;
  lat: number;
  lon: number;
  radius: number | null;
  min_lat: number;
  min_lon: number;
  max_lat: number;
  max_lon: number;
}

export interface RouteRow {
  roid: number;
  name: string;
  polyline: string;
  corridor: number;
}

function parsePoints(json: string): LatLon[] | null {
  try {
    const v = JSON.parse(json) as unknown;
    if (!Array.isArray(v)) return null;
    const out: LatLon[] = [];
    for (const p of v as { lat?: unknown; lon?: unknown }[]) {
      if (typeof p?.lat !== 'number' || typeof p?.lon !== 'number') return null;
      out.push({ lat: p.lat, lon: p.lon });
    }
    return out;
  } catch {
    return null;
  }
}

/** A location row as the per-fix test reads it, or null when its shape cannot be used. */
function widenedBox(b: LocationRow) {
  const dLat = PLACE_MARGIN_M / M_PER_DEG;
  const widest = Math.min(89.9, Math.max(Math.abs(b.min_lat), Math.abs(b.max_lat)));
  const dLon = PLACE_MARGIN_M / Math.max(1, metresPerDegreeLon(widest));
  return {
    minX: b.min_lon - dLon,
    minY: b.min_lat - dLat,
    maxX: b.max_lon + dLon,
    maxY: b.max_lat + dLat,
  };
}

export function compileLocation(row: LocationRow): CompiledLocation | null {
  const attributes = JSON.stringify({ derived: true, lid: row.lid, name: row.name });
  if (row.type === 'point') {
    if (row.radius === null || !(row.radius > 0)) return null;
    return {
      lid: row.lid,
      name: row.name,
      lat: row.lat,
      lon: row.lon,
      radius: row.radius,
      ring: null,
      attributes,
      ...widenedBox(row),
    };
  }
  const points = parsePoints(row.geofence);
  if (!points) return null;
  const ring = dropClosingPoint(points);
  if (ring.length < 3) return null;
  return {
    lid: row.lid,
    name: row.name,
    lat: row.lat,
    lon: row.lon,
    radius: 0,
    ring: flatRing(ring),
    attributes,
    ...widenedBox(row),
  };
}

export function compileRoute(row: RouteRow): CompiledRoute | null {
  const points = parsePoints(row.polyline);
  if (!points || points.length < 2) return null;
  const head = JSON.stringify({ derived: true, roid: row.roid, name: row.name });
  return {
    roid: row.roid,
    name: row.name,
    path: compilePath(points),
    corridor: row.corridor,
    attributesHead: head.slice(0, -1),
  };
}

/**
 * The index of one client's places. `boxes` are the locations' stored bounding boxes (radius
 * included); each is widened here by the hysteresis margin, so that a fix just outside a border
 * still finds the location it may have to leave.
 */
export function buildPlaces(
  clientId: number,
  locations: LocationRow[],
  routes: RouteRow[],
  assignments: { route_id: number; unit_id: number }[],
): ClientPlaces {
  const compiled: CompiledLocation[] = [];
  for (const row of locations) {
    const loc = compileLocation(row);
    if (loc) compiled.push(loc);
  }
  let index: Flatbush | null = null;
  if (compiled.length) {
    index = new Flatbush(compiled.length);
    for (const l of compiled) index.add(l.minX, l.minY, l.maxX, l.maxY);
    index.finish();
  }
  const byRoid = new Map<number, CompiledRoute>();
  for (const row of routes) {
    const r = compileRoute(row);
    if (r) byRoid.set(r.roid, r);
  }
  const routesByUnit = new Map<number, CompiledRoute[]>();
  for (const a of assignments) {
    const r = byRoid.get(a.route_id);
    if (!r) continue;
    const list = routesByUnit.get(a.unit_id);
    if (list) list.push(r);
    else routesByUnit.set(a.unit_id, [r]);
  }
  return {
    clientId,
    empty: compiled.length === 0 && routesByUnit.size === 0,
    locations: compiled,
    byLid: new Map(compiled.map((l) => [l.lid, l])),
    index,
    routesByUnit,
  };
}

/** Reads and compiles one client's places. */
export async function loadClientPlaces(
  db: Kysely<Database>,
  clientId: number,
): Promise<ClientPlaces> {
  const locations = await db
    .selectFrom('locations')
    .select([
      'lid',
      'name',
      'type',
      'geofence',
      'lat',
      'lon',
      'radius',
      'min_lat',
      'min_lon',
      'max_lat',
      'max_lon',
    ])
    .where('client_id', '=', clientId)
    .orderBy('lid')
    .execute();
  const assignments = await db
    .selectFrom('route_units')
    .innerJoin('routes', 'routes.roid', 'route_units.route_id')
    .select(['route_units.route_id', 'route_units.unit_id'])
    .where('routes.client_id', '=', clientId)
    .execute();
  const routes = assignments.length
    ? await db
        .selectFrom('routes')
        .select(['roid', 'name', 'polyline', 'corridor'])
        .where('client_id', '=', clientId)
        .where('roid', 'in', [...new Set(assignments.map((a) => a.route_id))])
        .execute()
    : [];
  return buildPlaces(
    clientId,
    locations.map((l) => ({ ...l, lid: Number(l.lid) })),
    routes.map((r) => ({ ...r, roid: Number(r.roid), corridor: Number(r.corridor) })),
    assignments.map((a) => ({ route_id: Number(a.route_id), unit_id: Number(a.unit_id) })),
  );
}

/**
 * The compiled places of the clients whose units the pipeline has seen. `load` is called before a
 * batch's synchronous stages and answers the batch's own snapshot; `invalidate` (the bus topic
 * places_changed) drops a client's index so the next batch of that client loads it again. A
 * change announced while a load is under way makes that load start over, so a stale read never
 * stays cached.
 */
export class PlaceCache {
  private readonly cache = new Map<number, ClientPlaces>();
  private readonly generation = new Map<number, number>();

  constructor(private readonly db: Kysely<Database>) {}

  invalidate(clientId: number): void {
    this.cache.delete(clientId);
    this.generation.set(clientId, (this.generation.get(clientId) ?? 0) + 1);
  }

  async load(clientIds: Iterable<number>): Promise<Map<number, ClientPlaces>> {
    const out = new Map<number, ClientPlaces>();
    for (const cid of clientIds) {
      let places = this.cache.get(cid);
      for (let attempt = 0; !places; attempt++) {
        const gen = this.generation.get(cid) ?? 0;
        const loaded = await loadClientPlaces(this.db, cid);
        // Changed meanwhile: read again (a few times at most; then use the newest read).
        if ((this.generation.get(cid) ?? 0) === gen) this.cache.set(cid, (places = loaded));
        else if (attempt >= 3) places = loaded;
      }
      out.set(cid, places);
    }
    return out;
  }
}

export interface RouteState {
  /** metres along the route at the previous fix */
  along: number;
  off: boolean;
}

/**
 * The locations whose (margin-widened) boxes meet a square of NEAR_M around a fix: one index
 * search, reused by the unit's next fixes while they stay in the square (a parked unit searches
 * once, a unit driving at 50 km/h about every seventh fix).
 */
export interface Neighbourhood {
  places: ClientPlaces;
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  /** positions in places.locations */
  hits: number[];
}
