import type { Kysely } from 'kysely';
import { withId, type Dialect, type Migration } from './helpers';

/**
 * Rules and alerts (issue 11): rules, the alerts they raise (one row per incident, keyed by rule,
 * unit and start so that a resend cannot double it), each unit's rule memory (unit_rule_memory:
 * a table of its own, not a unit_state column, because the state row is rewritten by every batch
 * while the memory changes seldom; written in the ingest transaction only when it changed), the outbox that delivers e-mail and SMS
 * after the commit, the recovery desk's chase-up queue (call-me rule types), panic notification
 * settings, notices, and the labels and fleets that rules pick units by (the fleet records issue
 * adds their pages). Also the client's time zone, which rule windows are read in.
 */
export function rules(dialect: Dialect): Migration {
  const real = 'double precision';
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('clients')
        .addColumn('timezone', 'text', (c) => c.notNull().defaultTo('Africa/Johannesburg'))
        .execute();
      await db.schema
        .createTable('unit_rule_memory')
        .addColumn('unit_id', 'integer', (c) =>
          c.primaryKey().references('units.uid').onDelete('cascade'),
        )
        .addColumn('client_id', 'integer', (c) => c.notNull())
        .addColumn('memory', 'text', (c) => c.notNull())
        .addColumn('updated', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('unit_rule_memory_client')
        .on('unit_rule_memory')
        .column('client_id')
        .execute();

      await withId(db.schema.createTable('tags'), dialect, 'tgid')
        .addColumn('client_id', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('is_global', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created', 'bigint', (c) => c.notNull())
        .addColumn('updated', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('tags_client_name')
        .on('tags')
        .columns(['client_id', 'name'])
        .execute();
      await db.schema
        .createTable('unit_tags')
        .addColumn('tag_id', 'integer', (c) =>
          c.notNull().references('tags.tgid').onDelete('cascade'),
        )
        .addColumn('unit_id', 'integer', (c) =>
          c.notNull().references('units.uid').onDelete('cascade'),
        )
        .addColumn('client_id', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('unit_tags_pk', ['tag_id', 'unit_id'])
        .execute();
      await db.schema.createIndex('unit_tags_unit').on('unit_tags').column('unit_id').execute();

      await withId(db.schema.createTable('fleets'), dialect, 'fid')
        .addColumn('client_id', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('created', 'bigint', (c) => c.notNull())
        .addColumn('updated', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('fleets_client_name')
        .on('fleets')
        .columns(['client_id', 'name'])
        .execute();
      await db.schema
        .createTable('fleet_units')
        .addColumn('fleet_id', 'integer', (c) =>
          c.notNull().references('fleets.fid').onDelete('cascade'),
        )
        .addColumn('unit_id', 'integer', (c) =>
          c.notNull().references('units.uid').onDelete('cascade'),
        )
        .addColumn('client_id', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('fleet_units_pk', ['fleet_id', 'unit_id'])
        .execute();
      await db.schema.createIndex('fleet_units_unit').on('fleet_units').column('unit_id').execute();

      await withId(db.schema.createTable('rules'), dialect, 'rid')
        .addColumn('client_id', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('apply_type', 'text', (c) => c.notNull())
        .addColumn('apply_to', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('fid', 'integer')
        .addColumn('param', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('emails', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('sms', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('phones', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('days', 'text', (c) => c.notNull().defaultTo('[1,2,3,4,5,6,7]'))
        .addColumn('start_min', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('end_min', 'integer', (c) => c.notNull().defaultTo(1440))
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created', 'bigint', (c) => c.notNull())
        .addColumn('updated', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('rules_client_name')
        .on('rules')
        .columns(['client_id', 'name'])
        .execute();

      // One row per incident. The rule's name and type are copied so that an alert still reads
      // well after its rule is deleted.
      await withId(db.schema.createTable('rule_alerts'), dialect, 'raid')
        .addColumn('client_id', 'integer', (c) => c.notNull())
        .addColumn('rule_id', 'integer', (c) => c.notNull())
        .addColumn('rule_name', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('unit_id', 'integer', (c) => c.notNull())
        .addColumn('time', 'bigint', (c) => c.notNull())
        .addColumn('end_time', 'bigint')
        .addColumn('open', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('lat', real)
        .addColumn('lon', real)
        .addColumn('speed', real)
        .addColumn('evidence', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('created', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('rule_alerts_incident')
        .on('rule_alerts')
        .columns(['rule_id', 'unit_id', 'time'])
        .unique()
        .execute();
      await db.schema
        .createIndex('rule_alerts_client')
        .on('rule_alerts')
        .columns(['client_id', 'raid'])
        .execute();
      await db.schema
        .createIndex('rule_alerts_unit_time')
        .on('rule_alerts')
        .columns(['unit_id', 'time'])
        .execute();

      // The highest raid each user has seen (opening the icon); newer ones count as new.
      await db.schema
        .createTable('rule_alert_marks')
        .addColumn('user_id', 'integer', (c) =>
          c.primaryKey().references('users.nid').onDelete('cascade'),
        )
        .addColumn('client_id', 'integer', (c) => c.notNull())
        .addColumn('seen_raid', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();

      // Messages to deliver after the commit that created them. (topic, ref, kind, recipient) is
      // unique, so enqueueing twice is harmless; a row is claimed with a lease before it is sent.
      await withId(db.schema.createTable('outbox'), dialect, 'id', true)
        .addColumn('client_id', 'integer', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('recipient', 'text', (c) => c.notNull())
        .addColumn('topic', 'text', (c) => c.notNull())
        .addColumn('ref', 'bigint', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_at', 'bigint', (c) => c.notNull())
        .addColumn('lease_until', 'bigint')
        .addColumn('sent_at', 'bigint')
        .addColumn('last_error', 'text')
        .addColumn('created', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('outbox_message')
        .on('outbox')
        .columns(['topic', 'ref', 'kind', 'recipient'])
        .unique()
        .execute();
      await db.schema
        .createIndex('outbox_due')
        .on('outbox')
        .columns(['status', 'next_at'])
        .execute();

      // The recovery desk's queue (SPEC §4 chase-up states; the recovery issue adds the desk).
      await withId(db.schema.createTable('chaseup_events'), dialect, 'id', true)
        .addColumn('client_id', 'integer', (c) => c.notNull())
        .addColumn('unit_id', 'integer', (c) => c.notNull())
        .addColumn('type', 'integer', (c) => c.notNull())
        .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('time', 'bigint', (c) => c.notNull())
        .addColumn('lat', real)
        .addColumn('lon', real)
        .addColumn('rule_alert_id', 'bigint')
        .addColumn('device_event_id', 'bigint')
        .addColumn('phones', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('assigned_to_username', 'text')
        .addColumn('created', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('chaseup_events_rule_alert')
        .on('chaseup_events')
        .column('rule_alert_id')
        .unique()
        .execute();
      await db.schema
        .createIndex('chaseup_events_state')
        .on('chaseup_events')
        .columns(['state', 'id'])
        .execute();

      await db.schema
        .createTable('panic_notification_settings')
        .addColumn('client_id', 'integer', (c) => c.primaryKey())
        .addColumn('emails', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('sms', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('updated', 'bigint', (c) => c.notNull())
        .execute();

      // Notices are written by support users for all clients or chosen ones (notice_clients);
      // each user's read state is a notice_reads row (none: unread).
      await withId(db.schema.createTable('notices'), dialect, 'tid')
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('type', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('all_clients', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('author_id', 'integer')
        .addColumn('created', 'bigint', (c) => c.notNull())
        .addColumn('updated', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('notice_clients')
        .addColumn('notice_id', 'integer', (c) =>
          c.notNull().references('notices.tid').onDelete('cascade'),
        )
        .addColumn('client_id', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('notice_clients_pk', ['notice_id', 'client_id'])
        .execute();
      await db.schema
        .createTable('notice_reads')
        .addColumn('notice_id', 'integer', (c) =>
          c.notNull().references('notices.tid').onDelete('cascade'),
        )
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.nid').onDelete('cascade'),
        )
        .addColumn('client_id', 'integer', (c) => c.notNull())
        .addColumn('unread', 'integer', (c) => c.notNull())
        .addColumn('updated', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('notice_reads_pk', ['notice_id', 'user_id'])
        .execute();
    },
  };
}
