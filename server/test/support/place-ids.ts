// A location and a route of a client for the tenant-isolation walk and the fuzzer: the client's
// first ones, made here when it has none yet, so the walk always aims at rows that exist. With
// them the rule-side ids (ruleIds): a rule, a rule alert, a label, a fleet and a notice, and the
// business-side ones (commercialIds): a quote, a job, a work approval, an account entry, a survey.
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db';
import { ruleIds, type RuleIds } from './rule-ids';
import { commercialIds, type CommercialIds } from './commercial-ids';
import { scheduledReportId } from './report-ids';

export async function placeIds(
  db: Kysely<Database>,
  clientId: number,
): Promise<{ lid: number; roid: number; srid: number } & RuleIds & CommercialIds> {
  const now = Date.now();
  let location = await db
    .selectFrom('locations')
    .select('lid')
    .where('client_id', '=', clientId)
    .orderBy('lid')
    .executeTakeFirst();
  location ??= await db
    .insertInto('locations')
    .values({
      client_id: clientId,
      name: 'Isolation Depot',
      type: 'point',
      geofence: JSON.stringify([{ lat: -26.2, lon: 28.05 }]),
      lat: -26.2,
      lon: 28.05,
      radius: 200,
      min_lat: -26.202,
      min_lon: 28.048,
      max_lat: -26.198,
      max_lon: 28.052,
      colour: '#7b1fa2',
      address: '',
      notes: '',
      created: now,
      updated: now,
    })
    .returning('lid')
    .executeTakeFirstOrThrow();
  let route = await db
    .selectFrom('routes')
    .select('roid')
    .where('client_id', '=', clientId)
    .orderBy('roid')
    .executeTakeFirst();
  if (!route) {
    const a = { lat: -26.2, lon: 28.05, name: 'Isolation Depot' };
    const b = { lat: -26.1, lon: 28.1, name: 'Isolation Customer' };
    route = await db
      .insertInto('routes')
      .values({
        client_id: clientId,
        name: 'Isolation Run',
        colour: '#1565c0',
        display: 1,
        waypoints: '[]',
        legs: '[]',
        corridor: 500,
        source: 'waypoints',
        origin: JSON.stringify(a),
        destination: JSON.stringify(b),
        polyline: JSON.stringify([a, b]),
        polyline_overview: JSON.stringify([a, b]),
        distance: 12_000,
        min_lat: -26.2,
        min_lon: 28.05,
        max_lat: -26.1,
        max_lon: 28.1,
        datetime: now,
        updated: now,
      })
      .returning('roid')
      .executeTakeFirstOrThrow();
  }
  return {
    lid: location.lid,
    roid: route.roid,
    ...(await ruleIds(db, clientId)),
    ...(await commercialIds(db, clientId)),
    srid: await scheduledReportId(db, clientId),
  };
}
