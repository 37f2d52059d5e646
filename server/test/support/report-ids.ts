// A scheduled report of a client for the tenant-isolation walk and the fuzzer (issue 14): its first
// one, made here when it has none yet (the demo seeds two on Demo Fleet).
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db';

export async function scheduledReportId(db: Kysely<Database>, clientId: number): Promise<number> {
  const first = await db
    .selectFrom('scheduled_reports')
    .select('srid')
    .where('client_id', '=', clientId)
    .orderBy('srid')
    .executeTakeFirst();
  if (first) return first.srid;
  const user = await db
    .selectFrom('users')
    .select(['nid', 'username'])
    .where('client_id', '=', clientId)
    .orderBy('nid')
    .executeTakeFirstOrThrow();
  const unit = await db
    .selectFrom('units')
    .select('uid')
    .where('client_id', '=', clientId)
    .orderBy('uid')
    .executeTakeFirst();
  const now = Date.now();
  const row = await db
    .insertInto('scheduled_reports')
    .values({
      client_id: clientId,
      name: 'Isolation fleet summary',
      type: 'fleet_summary',
      schedule: 'weekly',
      format: 'csv',
      email: JSON.stringify(['isolation@example.com']),
      ids: JSON.stringify(unit ? [unit.uid] : []),
      ids_type: 'units',
      parameters: '{}',
      created_by: user.nid,
      created_by_name: user.username,
      created: now,
      begins: now,
      updated: now,
    })
    .returning('srid')
    .executeTakeFirstOrThrow();
  return row.srid;
}
