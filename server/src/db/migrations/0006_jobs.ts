import type { Kysely } from 'kysely';
import type { Dialect, Migration } from './helpers';

/**
 * One row per periodic job (jobs/runner.ts): whichever server process holds the lease runs it,
 * so with several processes each scheduled run happens once.
 */
export function jobs(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('job_leases')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('holder', 'text', (c) => c.notNull())
        .addColumn('leased_until', 'bigint', (c) => c.notNull())
        .addColumn('last_run_at', 'bigint')
        .addColumn('last_error', 'text')
        .execute();
    },
  };
}
