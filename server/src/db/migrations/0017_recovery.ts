import type { Kysely } from 'kysely';
import { withId, type Dialect, type Migration } from './helpers';

/**
 * The recovery desk (issue 16; SPEC §3 Chase-up event, Comment, Recovery log, call logs, backup
 * units). chaseup_events (0009) gains what working a chase-up records: when it was taken and closed,
 * and the chase-up a duplicate (state 6) belongs to; a device event raises at most one chase-up.
 * A client may opt out of being chased (state 7 "don't chase up"); a Backup service type unit names
 * the vehicle's main unit. Comments, call logs and recovery logs are the desk's own records.
 */
export function recovery(dialect: Dialect): Migration {
  const real = 'double precision';
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('chaseup_events').addColumn('taken_at', 'bigint').execute();
      await db.schema.alterTable('chaseup_events').addColumn('closed_at', 'bigint').execute();
      await db.schema.alterTable('chaseup_events').addColumn('duplicate_of', 'bigint').execute();
      await db.schema.alterTable('chaseup_events').addColumn('updated', 'bigint').execute();
      await db.schema
        .createIndex('chaseup_events_device_event')
        .on('chaseup_events')
        .column('device_event_id')
        .unique()
        .execute();
      // The duplicate window: the same unit's chase-ups of a type, by time.
      await db.schema
        .createIndex('chaseup_events_unit_type')
        .on('chaseup_events')
        .columns(['unit_id', 'type', 'time'])
        .execute();
      await db.schema
        .alterTable('clients')
        .addColumn('chase_up', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema.alterTable('units').addColumn('backup_of', 'integer').execute();
      await db.schema.createIndex('units_backup_of').on('units').column('backup_of').execute();

      // A chase-up's timeline reads its change-log rows (state changes, hand-overs) by entity.
      await db.schema
        .createIndex('change_logs_entity')
        .on('change_logs')
        .columns(['entity_type', 'entity_id'])
        .execute();

      await withId(db.schema.createTable('chaseup_comments'), dialect, 'id')
        .addColumn('client_id', 'integer', (c) => c.notNull())
        .addColumn('unit_id', 'integer', (c) => c.notNull())
        .addColumn('chaseup_id', 'bigint')
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('created', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('chaseup_comments_unit')
        .on('chaseup_comments')
        .columns(['unit_id', 'id'])
        .execute();
      await db.schema
        .createIndex('chaseup_comments_chaseup')
        .on('chaseup_comments')
        .columns(['chaseup_id', 'id'])
        .execute();

      await withId(db.schema.createTable('call_logs'), dialect, 'id')
        .addColumn('client_id', 'integer', (c) => c.notNull())
        .addColumn('unit_id', 'integer', (c) => c.notNull())
        .addColumn('chaseup_id', 'bigint')
        .addColumn('pid', 'integer')
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('number', 'text', (c) => c.notNull())
        .addColumn('outcome', 'text', (c) => c.notNull())
        .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('created', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('call_logs_unit')
        .on('call_logs')
        .columns(['unit_id', 'id'])
        .execute();
      await db.schema
        .createIndex('call_logs_chaseup')
        .on('call_logs')
        .columns(['chaseup_id', 'id'])
        .execute();

      await withId(db.schema.createTable('recovery_logs'), dialect, 'id')
        .addColumn('client_id', 'integer', (c) => c.notNull())
        .addColumn('unit_id', 'integer', (c) => c.notNull())
        .addColumn('state', 'integer', (c) => c.notNull())
        .addColumn('initiated_by', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('chaseup_id', 'bigint')
        .addColumn('start_time', 'bigint', (c) => c.notNull())
        .addColumn('end_time', 'bigint')
        .addColumn('recovery_team', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('police_case_number', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('location_recovered', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('lat', real)
        .addColumn('lon', real)
        .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('created', 'bigint', (c) => c.notNull())
        .addColumn('updated', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('recovery_logs_unit')
        .on('recovery_logs')
        .columns(['unit_id', 'id'])
        .execute();
      await db.schema
        .createIndex('recovery_logs_client')
        .on('recovery_logs')
        .columns(['client_id', 'id'])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('recovery_logs').execute();
      await db.schema.dropTable('call_logs').execute();
      await db.schema.dropTable('chaseup_comments').execute();
      await db.schema.dropIndex('change_logs_entity').execute();
      await db.schema.dropIndex('units_backup_of').execute();
      await db.schema.alterTable('units').dropColumn('backup_of').execute();
      await db.schema.alterTable('clients').dropColumn('chase_up').execute();
      await db.schema.dropIndex('chaseup_events_unit_type').execute();
      await db.schema.dropIndex('chaseup_events_device_event').execute();
      for (const c of ['updated', 'duplicate_of', 'closed_at', 'taken_at'])
        await db.schema.alterTable('chaseup_events').dropColumn(c).execute();
    },
  };
}
