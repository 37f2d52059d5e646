// Geofence locations (issue 10): a point with a radius, or a polygon. The shape is stored as the
// API sends it (geofence JSON) and, for readers that test many positions, as its centre and its
// bounding box in columns (with the radius for points), so that nothing parses JSON per position.
import { sql, type Selectable } from 'kysely';
import {
  boxOf,
  dropClosingPoint,
  ringCentre,
  type LatLon,
  type Location,
  type Role,
} from '@fleet/common';
import { json } from '../db';
import type { LocationsTable } from '../db/types';
import { now } from '../clock';
import type { TaskContext } from './context';
import { TaskError, notFound } from './errors';
import { defineTask } from './registry';
import { countRows, iso, listAnswer, pageOf } from './paging';

/** Who may read locations: the list, the locations pages, the live map's locations toggle, support. */
export const LOCATION_READ_ROLES: readonly Role[] = [
  'general_locations_list',
  'feature_locations_view',
  'feature_locations_edit',
  'feature_realtime',
  'user_support',
];
export const LOCATION_WRITE_ROLES: readonly Role[] = ['feature_locations_edit'];

export const DEFAULT_LOCATION_COLOUR = '#7b1fa2';
export const NAME_TAKEN = 'name: a location with this name already exists';

export type LocationRow = Selectable<LocationsTable>;

/** A stored row as the API answers it. */
export function locationFromRow(r: LocationRow): Location {
  const type = r.type === 'polygon' ? 'polygon' : 'point';
  return {
    lid: r.lid,
    name: r.name,
    type,
    geofence: json.parse<LatLon[]>(r.geofence, []),
    lat: r.lat,
    lon: r.lon,
    lng: r.lon,
    radius: type === 'point' && r.radius !== null ? Number(r.radius) : null,
    colour: r.colour,
    address: r.address,
    notes: r.notes,
    updated: iso(Number(r.updated)),
  };
}

/** The shape columns of a location: geofence JSON, centre, radius and bounding box. */
export function shapeColumns(
  type: 'point' | 'polygon',
  points: readonly LatLon[],
  radius: number | undefined,
) {
  // Only lat/lon are kept: a client may send more keys with each point.
  const ring = (type === 'point' ? points.slice(0, 1) : dropClosingPoint(points)).map((p) => ({
    lat: p.lat,
    lon: p.lon,
  }));
  const centre = type === 'point' ? ring[0] : ringCentre(ring);
  const r = type === 'point' ? (radius ?? null) : null;
  const box = boxOf(ring, r ?? 0);
  return {
    type,
    geofence: JSON.stringify(ring),
    lat: centre.lat,
    lon: centre.lon,
    radius: r,
    min_lat: box.minLat,
    min_lon: box.minLon,
    max_lat: box.maxLat,
    max_lon: box.maxLon,
  };
}

/** Lower-cased names of a client's locations (duplicate checks of an import). */
export async function locationNames(ctx: TaskContext, clientId: number): Promise<Set<string>> {
  const rows = await ctx.tenant
    .selectFrom('locations')
    .select('name')
    .where('client_id', '=', clientId)
    .execute();
  return new Set(rows.map((r) => r.name.toLowerCase()));
}

/** Whether another location of the client has this name (case-insensitively). */
async function nameTaken(
  ctx: TaskContext,
  clientId: number,
  name: string,
  exceptLid?: number,
): Promise<boolean> {
  let q = ctx.tenant
    .selectFrom('locations')
    .select('lid')
    .where('client_id', '=', clientId)
    .where(sql`lower(name)`, '=', name.toLowerCase());
  if (exceptLid !== undefined) q = q.where('lid', '!=', exceptLid);
  return !!(await q.executeTakeFirst());
}

/** A location the user may see, or 'Location not found' (another client's lid answers the same). */
async function findLocation(ctx: TaskContext, lid: number): Promise<LocationRow> {
  const row = await ctx.tenant
    .selectFrom('locations')
    .selectAll()
    .where('lid', '=', lid)
    .executeTakeFirst();
  if (!row) throw notFound('Location');
  return row;
}

/** Tells the pipeline (place index) and live readers that a client's locations changed. */
export function placesChanged(ctx: TaskContext, clientId: number): void {
  ctx.afterCommit(() => ctx.services.bus.publish('places_changed', { client_id: clientId }));
}

/** `like` pattern matching `text` anywhere, with the wildcards in it taken literally. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const getLocations = defineTask({
  name: 'get_locations',
  roles: LOCATION_READ_ROLES,
  probe: () => ({ page_size: 500 }),
  async handler(ctx, p) {
    let q = ctx.tenant.selectFrom('locations');
    const search = p.search?.trim();
    if (search) q = q.where(sql<boolean>`lower(name) like ${containsPattern(search)} escape '\\'`);
    const count = await countRows(q);
    const { limit, offset } = pageOf(p);
    const rows = await q
      .selectAll()
      // lower(): the same order on SQLite (binary) and PostgreSQL (its collation).
      .orderBy(sql`lower(name)`)
      .orderBy('name')
      .orderBy('lid')
      .limit(limit)
      .offset(offset)
      .execute();
    return listAnswer('locations', rows.map(locationFromRow), count, p.page_size);
  },
});

const getLocation = defineTask({
  name: 'get_location',
  roles: LOCATION_READ_ROLES,
  probe: (f) => ({ lid: f.lid }),
  async handler(ctx, p) {
    return { location: locationFromRow(await findLocation(ctx, p.lid)) };
  },
});

const setLocation = defineTask({
  name: 'set_location',
  roles: LOCATION_WRITE_ROLES,
  entityType: 'Location',
  probe: (f) => ({
    lid: f.lid,
    name: 'Probe',
    type: 'point',
    geofence: [{ lat: -26.2, lon: 28.05 }],
    radius: 100,
  }),
  async handler(ctx, p) {
    const existing = p.lid !== undefined ? await findLocation(ctx, p.lid) : undefined;
    const clientId = existing?.client_id ?? ctx.tenant.ownerClient();
    if (await nameTaken(ctx, clientId, p.name, existing?.lid)) throw new TaskError(NAME_TAKEN);
    const time = now();
    const fields = {
      name: p.name,
      ...shapeColumns(p.type, p.geofence, p.radius),
      colour: p.colour ?? existing?.colour ?? DEFAULT_LOCATION_COLOUR,
      address: p.address ?? existing?.address ?? '',
      notes: p.notes ?? existing?.notes ?? '',
      updated: time,
    };
    let lid: number;
    if (existing) {
      await ctx.tenant
        .updateTable('locations')
        .set(fields)
        .where('lid', '=', existing.lid)
        .execute();
      lid = existing.lid;
      const renamed = existing.name !== p.name ? ` (was ${existing.name})` : '';
      ctx.changeLog({
        action: 'E',
        entityType: 'Location',
        entityId: lid,
        description: `Location ${p.name} edited${renamed}`,
      });
    } else {
      const row = await ctx.tenant
        .insertInto('locations', clientId)
        .values({ ...fields, created: time })
        .returning('lid')
        .executeTakeFirstOrThrow();
      lid = row.lid;
      ctx.changeLog({
        action: 'I',
        entityType: 'Location',
        entityId: lid,
        description: `Location ${p.name} added (${p.type})`,
      });
    }
    placesChanged(ctx, clientId);
    return { location: locationFromRow(await findLocation(ctx, lid)) };
  },
});

const deleteLocation = defineTask({
  name: 'delete_location',
  roles: LOCATION_WRITE_ROLES,
  entityType: 'Location',
  probe: (f) => ({ lid: f.lid }),
  async handler(ctx, p) {
    const row = await findLocation(ctx, p.lid);
    await ctx.tenant.deleteFrom('locations').where('lid', '=', row.lid).execute();
    ctx.changeLog({
      action: 'D',
      entityType: 'Location',
      entityId: row.lid,
      description: `Location ${row.name} deleted`,
    });
    placesChanged(ctx, row.client_id);
    return {};
  },
});

export const locationTasks = [getLocations, getLocation, setLocation, deleteLocation];
