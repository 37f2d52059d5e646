import type { Kysely } from 'kysely';
import { withId, type Dialect, type Migration } from './helpers';

/**
 * Failed attempts counted by the login limiter (auth/rate-limit.ts), one row per attempt, so every
 * process behind a load balancer sees the same counts.
 */
export function loginLimits(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await withId(db.schema.createTable('login_limits'), dialect, 'id', true)
        .addColumn('limit_key', 'text', (c) => c.notNull())
        .addColumn('expires', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('login_limits_key_expires')
        .on('login_limits')
        .columns(['limit_key', 'expires'])
        .execute();
      await db.schema
        .createIndex('login_limits_expires')
        .on('login_limits')
        .column('expires')
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('login_limits').execute();
    },
  };
}
