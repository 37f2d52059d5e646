// Positions upkeep (issue 17), hourly under the job's lease. On PostgreSQL it keeps the day
// partitions (db/partitions.ts): the days ahead made before their first fix, rows that landed in
// the default partition moved to their day's, and with POSITIONS_RETENTION_DAYS whole days past
// it dropped. SQLite has no partitions: there the retention deletes the old rows unit by unit
// along the (unit_id, fix_time) index, a few thousand at a time so ingest never waits long.
import type { Kysely } from 'kysely';
import { now } from '../clock';
import type { Database, Dialect } from '../db';
import { DAY_MS, upkeepPartitions } from '../db/partitions';
import { defineJob, type JobDefinition } from './define';

const SQLITE_DELETE_CHUNK = 5000;

export function positionsUpkeepJob(dialect: Dialect, retentionDays: number | null): JobDefinition {
  return defineJob({
    name: 'positions-upkeep',
    schedule: '5 * * * *',
    leaseMs: 30 * 60_000,
    async run({ db, log, runId }) {
      if (dialect === 'postgres') {
        const { created, dropped } = await upkeepPartitions(db, now(), retentionDays);
        if (created.length || dropped.length)
          log.info({ runId, created, dropped }, 'positions partitions made and dropped');
        return;
      }
      if (retentionDays === null) return;
      const removed = await deleteOldPositions(db, now() - retentionDays * DAY_MS);
      if (removed)
        log.info({ runId, removed }, `positions older than ${retentionDays} days removed`);
    },
  });
}

/** SQLite: deletes positions before `cutoff`, unit by unit; answers how many. */
export async function deleteOldPositions(db: Kysely<Database>, cutoff: number): Promise<number> {
  let removed = 0;
  // Unit by unit along the index, including units deleted since (their positions stay).
  for (let id = await nextUnit(db, -1); id !== null; id = await nextUnit(db, id)) {
    for (;;) {
      const res = await db
        .deleteFrom('positions')
        .where('fix_time', 'in', (qb) =>
          qb
            .selectFrom('positions')
            .select('fix_time')
            .where('unit_id', '=', id)
            .where('fix_time', '<', cutoff)
            .limit(SQLITE_DELETE_CHUNK),
        )
        .where('unit_id', '=', id)
        .executeTakeFirst();
      const n = Number(res.numDeletedRows);
      removed += n;
      if (n < SQLITE_DELETE_CHUNK) break;
    }
  }
  return removed;
}

async function nextUnit(db: Kysely<Database>, after: number): Promise<number | null> {
  const row = await db
    .selectFrom('positions')
    .select((eb) => eb.fn.min('unit_id').as('id'))
    .where('unit_id', '>', after)
    .executeTakeFirst();
  return row?.id ?? null;
}
