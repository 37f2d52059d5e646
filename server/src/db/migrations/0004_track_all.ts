import type { Kysely } from 'kysely';
import { withId, type Dialect, type Migration } from './helpers';

/** Share links for a whole client's fleet (/track_all/{send_token}/...). */
export function trackAll(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await withId(db.schema.createTable('track_all_links'), dialect, 'id')
        .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.cid'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created', 'bigint', (c) => c.notNull())
        .addColumn('expires', 'bigint', (c) => c.notNull())
        .addColumn('revoked', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_by', 'integer', (c) => c.notNull())
        .execute();
    },
  };
}
