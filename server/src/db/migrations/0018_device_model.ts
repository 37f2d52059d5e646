import type { Kysely } from 'kysely';
import type { Dialect, Migration } from './helpers';

/**
 * The tracker model of a unit's device (issue 18): some GT06 clones put different values in the same
 * bytes (a Concox LW's status voltage, SeeWorld's, an R11's), so the gateway decodes by the model
 * support staff set with set_unit_device. Null: the protocol's standard layout.
 */
export function deviceModel(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('units').addColumn('device_model', 'text').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('units').dropColumn('device_model').execute();
    },
  };
}
