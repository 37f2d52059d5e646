import type { Kysely } from 'kysely';
import { withId, type Dialect, type Migration } from './helpers';

/** Positions, live state, trips and stops, device events, unknown devices, share links. */
export function ingest(dialect: Dialect): Migration {
  const real = 'double precision';
  return {
    async up(db: Kysely<any>) {
      await withId(db.schema.createTable('positions'), dialect, 'id', true)
        .addColumn('unit_id', 'integer', (c) => c.notNull())
        .addColumn('fix_time', 'bigint', (c) => c.notNull())
        .addColumn('server_time', 'bigint', (c) => c.notNull())
        .addColumn('lat', real, (c) => c.notNull())
        .addColumn('lon', real, (c) => c.notNull())
        .addColumn('speed', real, (c) => c.notNull())
        .addColumn('course', real, (c) => c.notNull())
        .addColumn('altitude', real)
        .addColumn('satellites', 'integer')
        .addColumn('valid', 'integer', (c) => c.notNull())
        .addColumn('ignition', 'integer')
        .addColumn('odometer', real, (c) => c.notNull())
        .addColumn('attributes', 'text', (c) => c.notNull().defaultTo('{}'))
        .execute();
      // One fix per unit and time: the index serves both range reads and duplicate suppression.
      await db.schema
        .createIndex('positions_unit_time')
        .on('positions')
        .columns(['unit_id', 'fix_time'])
        .unique()
        .execute();

      await db.schema
        .createTable('unit_state')
        .addColumn('unit_id', 'integer', (c) => c.primaryKey())
        .addColumn('client_id', 'integer', (c) => c.notNull())
        .addColumn('fix_time', 'bigint', (c) => c.notNull())
        .addColumn('server_time', 'bigint', (c) => c.notNull())
        .addColumn('lat', real, (c) => c.notNull())
        .addColumn('lon', real, (c) => c.notNull())
        .addColumn('speed', real, (c) => c.notNull())
        .addColumn('course', real, (c) => c.notNull())
        .addColumn('ignition', 'integer')
        .addColumn('motion', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('park_state', 'integer', (c) => c.notNull().defaultTo(2))
        .addColumn('park_since', 'bigint')
        .addColumn('odometer', real, (c) => c.notNull().defaultTo(0))
        .addColumn('engine_hours', real, (c) => c.notNull().defaultTo(0))
        .addColumn('power', real)
        .addColumn('battery', real)
        .addColumn('gsm', 'integer')
        .addColumn('driver_id', 'integer')
        .addColumn('attributes', 'text', (c) => c.notNull().defaultTo('{}'))
        .execute();
      await db.schema
        .createIndex('unit_state_client')
        .on('unit_state')
        .column('client_id')
        .execute();

      await withId(db.schema.createTable('trips'), dialect, 'id', true)
        .addColumn('unit_id', 'integer', (c) => c.notNull())
        .addColumn('client_id', 'integer', (c) => c.notNull())
        .addColumn('type', 'integer', (c) => c.notNull())
        .addColumn('start_time', 'bigint', (c) => c.notNull())
        .addColumn('end_time', 'bigint', (c) => c.notNull())
        .addColumn('start_lat', real, (c) => c.notNull())
        .addColumn('start_lon', real, (c) => c.notNull())
        .addColumn('end_lat', real, (c) => c.notNull())
        .addColumn('end_lon', real, (c) => c.notNull())
        .addColumn('distance', real, (c) => c.notNull().defaultTo(0))
        .addColumn('max_speed', real, (c) => c.notNull().defaultTo(0))
        .addColumn('duration', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('driver_id', 'integer')
        .addColumn('label', 'text', (c) => c.notNull().defaultTo('unlabeled'))
        .addColumn('speed_histogram', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('open', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex('trips_unit_start')
        .on('trips')
        .columns(['unit_id', 'start_time'])
        .execute();
      await db.schema
        .createIndex('trips_client_start')
        .on('trips')
        .columns(['client_id', 'start_time'])
        .execute();

      await withId(db.schema.createTable('device_events'), dialect, 'id', true)
        .addColumn('unit_id', 'integer', (c) => c.notNull())
        .addColumn('client_id', 'integer', (c) => c.notNull())
        .addColumn('time', 'bigint', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('lat', real)
        .addColumn('lon', real)
        .addColumn('speed', real)
        .addColumn('attributes', 'text', (c) => c.notNull().defaultTo('{}'))
        .execute();
      await db.schema
        .createIndex('device_events_unit_time')
        .on('device_events')
        .columns(['unit_id', 'time'])
        .execute();
      await db.schema
        .createIndex('device_events_client_time')
        .on('device_events')
        .columns(['client_id', 'time'])
        .execute();

      await withId(db.schema.createTable('unit_issues'), dialect, 'id')
        .addColumn('device_id', 'text', (c) => c.notNull())
        .addColumn('protocol', 'text', (c) => c.notNull())
        .addColumn('remote_address', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('first_seen', 'bigint', (c) => c.notNull())
        .addColumn('last_seen', 'bigint', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull().defaultTo(1))
        .addUniqueConstraint('unit_issues_device', ['device_id', 'protocol'])
        .execute();

      await withId(db.schema.createTable('track_links'), dialect, 'id')
        .addColumn('unit_id', 'integer', (c) =>
          c.notNull().references('units.uid').onDelete('cascade'),
        )
        .addColumn('client_id', 'integer', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created', 'bigint', (c) => c.notNull())
        .addColumn('expires', 'bigint', (c) => c.notNull())
        .addColumn('revoked', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_by', 'integer', (c) => c.notNull())
        .execute();
    },
  };
}
