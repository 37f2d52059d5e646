// Lookups the fleet-records tests share (vehicles, fleets and labels, remotes and mobile units):
// a client's id and units, the change-log rows of an entity, and the messages a bus topic carried.
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db';
import type { BusMessages, BusTopic } from '../../src/live/bus';
import type { TestApp } from './test-app';

export async function clientIdOf(db: Kysely<Database>, name: string): Promise<number> {
  const row = await db
    .selectFrom('clients')
    .select('cid')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.cid;
}

/** The client's units in uid order. */
export async function unitsOf(db: Kysely<Database>, clientId: number) {
  return db
    .selectFrom('units')
    .selectAll()
    .where('client_id', '=', clientId)
    .orderBy('uid')
    .execute();
}

/** Change-log rows of one entity type (and id), oldest first. */
export async function changeLogsOf(db: Kysely<Database>, entityType: string, entityId?: number) {
  let q = db.selectFrom('change_logs').selectAll().where('entity_type', '=', entityType);
  if (entityId !== undefined) q = q.where('entity_id', '=', String(entityId));
  return q.orderBy('id').execute();
}

/** Records what a topic carries until `stop()`. */
export function listen<K extends BusTopic>(t: TestApp, topic: K) {
  const messages: BusMessages[K][] = [];
  const stop = t.running.services.bus.subscribe(topic, (m) => messages.push(m));
  return { messages, stop };
}

/** How many rows a table has. */
export async function rowCount(db: Kysely<Database>, table: keyof Database): Promise<number> {
  const { n } = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}
