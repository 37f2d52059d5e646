import type { Kysely } from 'kysely';
import type { Dialect, Migration } from './helpers';

/**
 * The position pipeline's addition: one device event per unit, time and type, so that data a
 * device resends after a lost ack stores its events once.
 */
export function pipeline(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createIndex('device_events_unique')
        .on('device_events')
        .columns(['unit_id', 'time', 'type'])
        .unique()
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('device_events_unique').execute();
    },
  };
}
