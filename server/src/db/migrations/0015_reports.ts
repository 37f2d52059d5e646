import type { Kysely } from 'kysely';
import { withId, type Dialect, type Migration } from './helpers';

/**
 * Scheduled reports (issue 14; SPEC §3 Report schedule): what to run, how often, in which format
 * and for whom, and every run of it. A run row is the claim on its period: UNIQUE (srid,
 * period_from, period_to) lets exactly one of several server processes insert it, so a period is made and
 * mailed once. The file a run made stays under DATA_DIR/reports until `expires`, found by its
 * random token for the download link.
 */
export function reports(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await withId(db.schema.createTable('scheduled_reports'), dialect, 'srid')
        .addColumn('client_id', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('schedule', 'text', (c) => c.notNull())
        .addColumn('format', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('ids', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('ids_type', 'text', (c) => c.notNull())
        .addColumn('parameters', 'text', (c) => c.notNull().defaultTo('{}'))
        // No foreign key: a schedule outlives its creator, and its runs then say why they failed.
        .addColumn('created_by', 'integer', (c) => c.notNull())
        .addColumn('created_by_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created', 'bigint', (c) => c.notNull())
        // Periods that end after this run: set when made and when its schedule changes.
        .addColumn('begins', 'bigint', (c) => c.notNull())
        .addColumn('updated', 'bigint', (c) => c.notNull())
        .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex('scheduled_reports_client')
        .on('scheduled_reports')
        .columns(['client_id', 'deleted'])
        .execute();

      await withId(db.schema.createTable('report_runs'), dialect, 'id')
        .addColumn('client_id', 'integer', (c) => c.notNull())
        .addColumn('srid', 'integer', (c) =>
          c.notNull().references('scheduled_reports.srid').onDelete('cascade'),
        )
        .addColumn('period_from', 'text', (c) => c.notNull())
        .addColumn('period_to', 'text', (c) => c.notNull())
        .addColumn('started', 'bigint', (c) => c.notNull())
        .addColumn('finished', 'bigint')
        .addColumn('duration_ms', 'integer')
        .addColumn('size', 'bigint')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('delivery', 'text')
        .addColumn('queued', 'bigint')
        .addColumn('file_token', 'text')
        .addColumn('file_name', 'text')
        .addColumn('expires', 'bigint')
        .execute();
      await db.schema
        .createIndex('report_runs_period')
        .on('report_runs')
        .columns(['srid', 'period_from', 'period_to'])
        .unique()
        .execute();
      await db.schema
        .createIndex('report_runs_token')
        .on('report_runs')
        .column('file_token')
        .unique()
        .execute();
      await db.schema
        .createIndex('report_runs_status')
        .on('report_runs')
        .columns(['status', 'started'])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('report_runs').execute();
      await db.schema.dropTable('scheduled_reports').execute();
    },
  };
}
