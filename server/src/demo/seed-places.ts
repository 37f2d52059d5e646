// The demo clients' places and routes in the database (issue 10): on the first start with the
// rest of the demo, and once on a later start of a demo that predates them. Never twice: a client
// that has any location or route, or whose users ever changed one, is left as it is.
import type { Kysely } from 'kysely';
import type { Database } from '../db';
import { now } from '../clock';
import { DEMO_UNITS, OTHER_UNITS, demoDeviceId } from './data';
import { DEMO_CLIENT_PLACES, placeRow, type DemoClientKey } from './places';
import { demoRoutes, routeRow } from './routes';

/** How long before the first start a fresh demo's route units last reported. */
export const PARKED_BEFORE_HISTORY_MS = 8 * 86_400_000;

export const DEMO_PLACE_CLIENTS: { name: string; key: DemoClientKey }[] = [
  { name: 'Demo Fleet', key: 'demo' },
  { name: 'Other Fleet', key: 'other' },
];

async function hasPlaces(db: Kysely<Database>, clientId: number): Promise<boolean> {
  const location = await db
    .selectFrom('locations')
    .select('lid')
    .where('client_id', '=', clientId)
    .limit(1)
    .executeTakeFirst();
  if (location) return true;
  const route = await db
    .selectFrom('routes')
    .select('roid')
    .where('client_id', '=', clientId)
    .limit(1)
    .executeTakeFirst();
  return !!route;
}

/**
 * Stores a client's demo places and routes, the routes' units assigned (`uids[i]`: the uid of
 * the client's demo unit i, if it exists). Nothing when the client has any place already.
 * `parkAtDepot`: a fresh demo's route units start at their route's depot.
 */
export async function seedPlaces(
  db: Kysely<Database>,
  clientId: number,
  key: DemoClientKey,
  uids: (number | undefined)[],
  parkAtDepot: boolean,
): Promise<boolean> {
  if (await hasPlaces(db, clientId)) return false;
  const at = now();
  for (const place of DEMO_CLIENT_PLACES[key]) {
    await db
      .insertInto('locations')
      .values(placeRow(clientId, place, at))
      .execute();
  }
  for (const route of demoRoutes(key)) {
    const row = await db
      .insertInto('routes')
      .values(routeRow(clientId, route, at))
      .returning('roid')
      .executeTakeFirstOrThrow();
    for (const index of route.units) {
      const uid = uids[index];
      if (uid === undefined) continue;
      await db
        .insertInto('route_units')
        .values({ route_id: row.roid, unit_id: uid, client_id: clientId })
        .execute();
      if (parkAtDepot) {
        // Parked at the depot since before the simulator's history (a week by default), so the
        // pipeline takes every fix of it as new and derives its place and corridor events too.
        const since = at - PARKED_BEFORE_HISTORY_MS;
        await db
          .updateTable('unit_state')
          .set({
            lat: route.origin.lat,
            lon: route.origin.lon,
            fix_time: since,
            server_time: since,
            park_since: since,
          })
          .where('unit_id', '=', uid)
          .execute();
      }
    }
  }
  return true;
}

/**
 * A demo started before places existed gets them once: for each demo client still named as the
 * seed named it, with no place and no change log entry of one (a user who deleted them all keeps
 * it that way). The route units are found by their demo device ids.
 */
export async function addMissingDemoPlaces(db: Kysely<Database>): Promise<number> {
  let added = 0;
  for (const { cid, key, uids } of await demoClientUnits(db)) {
    const touched = await db
      .selectFrom('change_logs')
      .select('id')
      .where('client_id', '=', cid)
      .where('entity_type', 'in', ['Location', 'Route'])
      .limit(1)
      .executeTakeFirst();
    if (touched) continue;
    if (await seedPlaces(db, cid, key, uids, false)) added++;
  }
  return added;
}

/**
 * The demo clients still named as the seed named them, each with the uid of its demo unit i at
 * index i (undefined where that unit is gone), found by their demo device ids.
 */
export async function demoClientUnits(
  db: Kysely<Database>,
): Promise<{ cid: number; key: DemoClientKey; uids: (number | undefined)[] }[]> {
  const out: { cid: number; key: DemoClientKey; uids: (number | undefined)[] }[] = [];
  for (const { name, key } of DEMO_PLACE_CLIENTS) {
    const client = await db
      .selectFrom('clients')
      .select('cid')
      .where('name', '=', name)
      .orderBy('cid')
      .executeTakeFirst();
    if (!client) continue;
    const planned = (key === 'demo' ? DEMO_UNITS : OTHER_UNITS).map((u, i) =>
      demoDeviceId(key, i, u.protocol),
    );
    const rows = await db
      .selectFrom('units')
      .select(['uid', 'device_id'])
      .where('client_id', '=', client.cid)
      .where('device_id', 'in', planned)
      .execute();
    const byDevice = new Map(rows.map((r) => [r.device_id, r.uid]));
    out.push({ cid: client.cid, key, uids: planned.map((id) => byDevice.get(id)) });
  }
  return out;
}
