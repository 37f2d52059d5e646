import type { Kysely } from 'kysely';
import { withId, type Dialect, type Migration } from './helpers';

/**
 * Fuel import (issue 13): a batch per uploaded file and its rows, valid ones matched to a vehicle
 * and failing ones kept with their error (SPEC §5). A batch is written in chunks and is listed
 * only once `finished` (an upload that stops half-way is never shown or counted).
 */
export function fuel(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await withId(db.schema.createTable('fuel_batches'), dialect, 'id')
        .addColumn('client_id', 'integer', (c) => c.notNull())
        .addColumn('file_name', 'text', (c) => c.notNull())
        .addColumn('uploaded_by', 'integer')
        .addColumn('uploaded_by_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created', 'bigint', (c) => c.notNull())
        .addColumn('uploaded_datetime', 'bigint')
        .addColumn('finished', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('row_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('valid_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('litres', 'double precision', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex('fuel_batches_client_uploaded')
        .on('fuel_batches')
        .columns(['client_id', 'finished', 'uploaded_datetime'])
        .execute();

      await withId(db.schema.createTable('fuel_rows'), dialect, 'id', true)
        .addColumn('batch_id', 'integer', (c) =>
          c.notNull().references('fuel_batches.id').onDelete('cascade'),
        )
        .addColumn('client_id', 'integer', (c) => c.notNull())
        .addColumn('line', 'integer', (c) => c.notNull())
        .addColumn('unit_id', 'integer')
        .addColumn('reg', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('datetimestamp', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('fill_time', 'bigint')
        .addColumn('litres', 'double precision')
        .addColumn('hours', 'double precision')
        .addColumn('odometer', 'double precision')
        .addColumn('error', 'text')
        .execute();
      await db.schema
        .createIndex('fuel_rows_batch_line')
        .on('fuel_rows')
        .columns(['batch_id', 'line'])
        .execute();
      await db.schema
        .createIndex('fuel_rows_unit_time')
        .on('fuel_rows')
        .columns(['unit_id', 'fill_time'])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('fuel_rows').execute();
      await db.schema.dropTable('fuel_batches').execute();
    },
  };
}
