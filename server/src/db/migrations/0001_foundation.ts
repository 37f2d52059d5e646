import type { Kysely } from 'kysely';
import { withId, type Dialect, type Migration } from './helpers';

export function foundation(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await withId(db.schema.createTable('clients'), dialect, 'cid')
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('state', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created', 'bigint', (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable('users'), dialect, 'nid')
        .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.cid'))
        .addColumn('username', 'text', (c) => c.notNull().unique())
        .addColumn('display_name', 'text', (c) => c.notNull())
        .addColumn('email', 'text')
        .addColumn('user_type', 'text', (c) => c.notNull())
        .addColumn('roles', 'text', (c) => c.notNull())
        .addColumn('settings', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('ui_settings', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('password_hash', 'text')
        .addColumn('all_units', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created', 'bigint', (c) => c.notNull())
        .addColumn('last_login', 'bigint')
        .execute();
      await db.schema.createIndex('users_client').on('users').column('client_id').execute();

      await withId(db.schema.createTable('sessions'), dialect, 'id')
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.nid').onDelete('cascade'),
        )
        .addColumn('client_id', 'integer', (c) => c.notNull())
        .addColumn('created', 'bigint', (c) => c.notNull())
        .addColumn('last_seen', 'bigint', (c) => c.notNull())
        .addColumn('expires', 'bigint', (c) => c.notNull())
        .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('channel', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('revoked', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

      await withId(db.schema.createTable('connection_logs'), dialect, 'id')
        .addColumn('client_id', 'integer')
        .addColumn('user_id', 'integer')
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('datetimestamp', 'bigint', (c) => c.notNull())
        .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('channel', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('success', 'integer', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .createIndex('connection_logs_user')
        .on('connection_logs')
        .columns(['user_id', 'datetimestamp'])
        .execute();

      await withId(db.schema.createTable('change_logs'), dialect, 'id')
        .addColumn('client_id', 'integer', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('datetimestamp', 'bigint', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('entity_type', 'text', (c) => c.notNull())
        .addColumn('entity_id', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .createIndex('change_logs_user')
        .on('change_logs')
        .columns(['user_id', 'datetimestamp'])
        .execute();

      await withId(db.schema.createTable('tickets'), dialect, 'id')
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.nid').onDelete('cascade'),
        )
        .addColumn('created', 'bigint', (c) => c.notNull())
        .addColumn('expires', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
        .execute();

      await withId(db.schema.createTable('people'), dialect, 'pid')
        .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.cid'))
        .addColumn('first_name', 'text', (c) => c.notNull())
        .addColumn('surname', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('rank', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('roles', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('contact_roles', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('email', 'text')
        .addColumn('cellphone', 'text')
        .addColumn('licence_class', 'text', (c) => c.notNull().defaultTo('unknown'))
        .addColumn('licence_expiry', 'bigint')
        .addColumn('prdp_expiry', 'bigint')
        .addColumn('driver_tag', 'text')
        .addColumn('created', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('people_client').on('people').column('client_id').execute();

      await withId(db.schema.createTable('units'), dialect, 'uid')
        .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.cid'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('reg', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('icon_colour', 'text', (c) => c.notNull().defaultTo('blue'))
        .addColumn('icon_type', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('vehicle_class_ref', 'text', (c) => c.notNull().defaultTo('sedan'))
        .addColumn('service_type', 'text', (c) => c.notNull().defaultTo('full'))
        .addColumn('unit_type', 'text', (c) => c.notNull().defaultTo('Wired'))
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('display', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('driver_id', 'integer', (c) => c.references('people.pid').onDelete('set null'))
        .addColumn('last_disconnect', 'bigint')
        .addColumn('device_id', 'text', (c) => c.unique())
        .addColumn('protocol', 'text')
        .addColumn('stock_status', 'integer', (c) => c.notNull().defaultTo(5))
        .addColumn('created', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('units_client').on('units').column('client_id').execute();

      await db.schema
        .createTable('user_units')
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.nid').onDelete('cascade'),
        )
        .addColumn('unit_id', 'integer', (c) =>
          c.notNull().references('units.uid').onDelete('cascade'),
        )
        .addPrimaryKeyConstraint('user_units_pk', ['user_id', 'unit_id'])
        .execute();
    },
  };
}
