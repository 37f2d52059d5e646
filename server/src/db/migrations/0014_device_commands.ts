import type { Kysely } from 'kysely';
import { withId, type Dialect, type Migration } from './helpers';

/**
 * Device commands (issue 13): the immobiliser and speed-buzzer commands a user asks for, each with
 * its steps (asked, waiting, sent, confirmed, failed, superseded), and per unit what the device
 * confirmed. The rows are the truth the dispatcher works from (ingest/commands.ts), so a command
 * outlives a restart and a dropped connection.
 */
export function deviceCommands(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await withId(db.schema.createTable('device_commands'), dialect, 'id')
        .addColumn('client_id', 'integer', (c) => c.notNull())
        .addColumn('unit_id', 'integer', (c) =>
          c.notNull().references('units.uid').onDelete('cascade'),
        )
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('reason', 'text')
        .addColumn('speed', 'real')
        .addColumn('wire', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('reply', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('asked_by', 'integer')
        .addColumn('asked_by_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('asked_at', 'bigint', (c) => c.notNull())
        .addColumn('sent_at', 'bigint')
        .addColumn('done_at', 'bigint')
        .addColumn('updated', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('device_commands_unit')
        .on('device_commands')
        .columns(['unit_id', 'kind', 'status'])
        .execute();

      await withId(db.schema.createTable('device_command_steps'), dialect, 'id')
        .addColumn('client_id', 'integer', (c) => c.notNull())
        .addColumn('unit_id', 'integer', (c) =>
          c.notNull().references('units.uid').onDelete('cascade'),
        )
        .addColumn('command_id', 'integer', (c) =>
          c.notNull().references('device_commands.id').onDelete('cascade'),
        )
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('step', 'text', (c) => c.notNull())
        .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('by_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('device_command_steps_unit')
        .on('device_command_steps')
        .columns(['unit_id', 'kind', 'at'])
        .execute();

      await db.schema
        .createTable('unit_controls')
        .addColumn('unit_id', 'integer', (c) =>
          c.primaryKey().references('units.uid').onDelete('cascade'),
        )
        .addColumn('client_id', 'integer', (c) => c.notNull())
        .addColumn('immobiliser_mode', 'text', (c) => c.notNull().defaultTo('normal'))
        .addColumn('immobiliser_at', 'bigint')
        .addColumn('buzzer_limit', 'integer')
        .addColumn('buzzer_confirmed', 'integer')
        .addColumn('buzzer_at', 'bigint')
        .addColumn('dout1', 'integer')
        .addColumn('dout1_at', 'bigint')
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('unit_controls').execute();
      await db.schema.dropTable('device_command_steps').execute();
      await db.schema.dropTable('device_commands').execute();
    },
  };
}
