import type { Kysely } from 'kysely';
import { withId, type Dialect, type Migration } from './helpers';

/**
 * The fleet's records (issue 12): the vehicle's own details on units (make, model, year, VIN,
 * colour, fuel type and tank size), the odometer and engine-hour corrections (offsets added to the
 * pipeline's running values, so that a reading typed by a user takes effect at once without racing
 * the pipeline's writes of unit_state), the people's identity and licence details and photo, label
 * colours, and the panic remotes paired to units.
 */
export function fleetRecords(dialect: Dialect): Migration {
  const real = 'double precision';
  return {
    async up(db: Kysely<any>) {
      for (const [name, type] of [
        ['make', 'text'],
        ['model', 'text'],
        ['vin', 'text'],
        ['colour', 'text'],
        ['fuel_type', 'text'],
      ] as const) {
        await db.schema
          .alterTable('units')
          .addColumn(name, type, (c) => c.notNull().defaultTo(''))
          .execute();
      }
      await db.schema.alterTable('units').addColumn('year', 'integer').execute();
      await db.schema.alterTable('units').addColumn('tank_size', real).execute();
      await db.schema
        .alterTable('units')
        .addColumn('odometer_offset', real, (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('units')
        .addColumn('engine_hours_offset', real, (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('units')
        .addColumn('updated', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();

      for (const name of ['id_number', 'licence_number']) {
        await db.schema
          .alterTable('people')
          .addColumn(name, 'text', (c) => c.notNull().defaultTo(''))
          .execute();
      }
      await db.schema.alterTable('people').addColumn('photo', 'text').execute();
      await db.schema
        .alterTable('people')
        .addColumn('updated', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex('people_client_driver_tag')
        .on('people')
        .columns(['client_id', 'driver_tag'])
        .execute();

      await db.schema
        .alterTable('tags')
        .addColumn('colour', 'text', (c) => c.notNull().defaultTo('#1677ff'))
        .execute();

      await withId(db.schema.createTable('remotes'), dialect, 'id')
        .addColumn('client_id', 'integer', (c) => c.notNull())
        .addColumn('remote_id', 'text', (c) => c.notNull())
        .addColumn('unit_id', 'integer', (c) =>
          c.notNull().references('units.uid').onDelete('cascade'),
        )
        .addColumn('holder_pid', 'integer')
        .addColumn('holder_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('battery_state', 'text', (c) => c.notNull().defaultTo('unknown'))
        .addColumn('last_press', 'bigint')
        .addColumn('created', 'bigint', (c) => c.notNull())
        .addColumn('updated', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('remotes_client_remote')
        .on('remotes')
        .columns(['client_id', 'remote_id'])
        .unique()
        .execute();
      await db.schema.createIndex('remotes_unit').on('remotes').column('unit_id').execute();
    },
  };
}
