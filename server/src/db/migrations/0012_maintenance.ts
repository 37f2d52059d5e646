import type { Kysely } from 'kysely';
import { withId, type Dialect, type Migration } from './helpers';

/**
 * Keeping vehicles running (issue 13 items 1-3): service logs and odometer logs per vehicle
 * (SPEC §3, sorted by datetimestamp) and the reminders of SPEC §3 with the due cycle whose e-mail
 * has gone out (notified_due), so that one cycle is mailed exactly once.
 */
export function maintenance(dialect: Dialect): Migration {
  const real = 'double precision';
  return {
    async up(db: Kysely<any>) {
      await withId(db.schema.createTable('service_logs'), dialect, 'id')
        .addColumn('client_id', 'integer', (c) => c.notNull())
        .addColumn('unit_id', 'integer', (c) =>
          c.notNull().references('units.uid').onDelete('cascade'),
        )
        .addColumn('datetimestamp', 'bigint', (c) => c.notNull())
        .addColumn('odometer', real)
        .addColumn('engine_hours', real)
        .addColumn('work_type', 'text', (c) => c.notNull())
        .addColumn('cost_cents', 'bigint')
        .addColumn('workshop', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('attachments', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('created_by', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created', 'bigint', (c) => c.notNull())
        .addColumn('updated', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('service_logs_unit_time')
        .on('service_logs')
        .columns(['unit_id', 'datetimestamp'])
        .execute();
      await db.schema
        .createIndex('service_logs_client')
        .on('service_logs')
        .column('client_id')
        .execute();

      await withId(db.schema.createTable('odometer_logs'), dialect, 'id')
        .addColumn('client_id', 'integer', (c) => c.notNull())
        .addColumn('unit_id', 'integer', (c) =>
          c.notNull().references('units.uid').onDelete('cascade'),
        )
        .addColumn('datetimestamp', 'bigint', (c) => c.notNull())
        .addColumn('odometer', real, (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull().defaultTo('reading'))
        .addColumn('tracked', real)
        .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_by', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('odometer_logs_unit_time')
        .on('odometer_logs')
        .columns(['unit_id', 'datetimestamp'])
        .execute();

      await withId(db.schema.createTable('reminders'), dialect, 'id')
        .addColumn('client_id', 'integer', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('unit_id', 'integer', (c) => c.references('units.uid').onDelete('cascade'))
        .addColumn('person_id', 'integer', (c) => c.references('people.pid').onDelete('cascade'))
        .addColumn('interval', real)
        .addColumn('last_done', real)
        // vehicle_licence: the due day as UTC midnight of that calendar day (like people's expiries)
        .addColumn('due_date', 'bigint')
        .addColumn('advance', real, (c) => c.notNull())
        .addColumn('recipients', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
        // the due cycle (common/src/reminders.ts dueCycle) whose e-mail was queued, and when
        .addColumn('notified_due', 'text')
        .addColumn('notified_at', 'bigint')
        .addColumn('created', 'bigint', (c) => c.notNull())
        .addColumn('updated', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('reminders_client').on('reminders').column('client_id').execute();

      // One row per e-mailed due cycle: the outbox rows' ref (the outbox is unique per ref and
      // recipient), and a second guard against mailing a cycle twice.
      await withId(db.schema.createTable('reminder_mails'), dialect, 'id')
        .addColumn('client_id', 'integer', (c) => c.notNull())
        .addColumn('reminder_id', 'integer', (c) =>
          c.notNull().references('reminders.id').onDelete('cascade'),
        )
        .addColumn('cycle', 'text', (c) => c.notNull())
        .addColumn('created', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('reminder_mails_cycle', ['reminder_id', 'cycle'])
        .execute();
    },
  };
}
