import type { Kysely } from 'kysely';
import { withId, type Dialect, type Migration } from './helpers';

/**
 * The record stream's bookkeeping (issue 17, stream/): partition leases and committed sequences,
 * the live pipeline processes, and the dead letters. Used with NATS_URL only; empty otherwise.
 */
export function stream(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('stream_partitions')
        .addColumn('stream', 'text', (c) => c.notNull())
        .addColumn('partition', 'integer', (c) => c.notNull())
        .addColumn('holder', 'text')
        .addColumn('leased_until', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('committed_seq', 'bigint', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('stream_partitions_pk', ['stream', 'partition'])
        .execute();
      await db.schema
        .createTable('stream_members')
        .addColumn('stream', 'text', (c) => c.notNull())
        .addColumn('holder', 'text', (c) => c.notNull())
        .addColumn('seen_until', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('stream_members_pk', ['stream', 'holder'])
        .execute();
      await withId(db.schema.createTable('dead_letters'), dialect, 'id', true)
        .addColumn('stream', 'text', (c) => c.notNull())
        .addColumn('partition', 'integer', (c) => c.notNull())
        .addColumn('seq', 'bigint', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('time', 'bigint', (c) => c.notNull())
        .execute();
    },
  };
}
