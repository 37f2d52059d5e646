// An existing demo database gets an area's demo records once: when Demo Fleet has none of them yet
// (seed.ts's addMissing path), so a restart never adds them twice.
import type { Kysely } from 'kysely';
import type { Database } from '../db';

/** Tables of per-client rows whose presence says an area's demo records are there. */
type AreaTable = 'reminders' | 'device_commands' | 'scheduled_reports';

export async function addMissingToDemoFleet(
  db: Kysely<Database>,
  table: AreaTable,
  seed: (db: Kysely<Database>, clientId: number) => Promise<void>,
): Promise<void> {
  const demo = await db
    .selectFrom('clients')
    .select('cid')
    .where('name', '=', 'Demo Fleet')
    .executeTakeFirst();
  if (!demo) return;
  const any = await db
    .selectFrom(table)
    .select('client_id')
    .where('client_id', '=', demo.cid)
    .limit(1)
    .executeTakeFirst();
  if (!any) await seed(db, demo.cid);
}
