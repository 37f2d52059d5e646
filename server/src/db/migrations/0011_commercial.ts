import type { Kysely } from 'kysely';
import { withId, type Dialect, type Migration } from './helpers';

/**
 * The business side (issue 15): the client's registered details and bank details, the account
 * ledger (invoices, payments and credit notes, in integer cents), quotes that become orders, the
 * installation, repair, removal and transfer jobs, the work approvals a client decides, the
 * provider's monthly deals and the surveys a client is asked to answer.
 */
export function commercial(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      const text = (t: any, name: string) =>
        t.addColumn(name, 'text', (c: any) => c.notNull().defaultTo(''));

      let details = db.schema
        .createTable('client_details')
        .addColumn('client_id', 'integer', (c) =>
          c.primaryKey().references('clients.cid').onDelete('cascade'),
        );
      for (const name of [
        'registered_name',
        'trading_name',
        'registration_number',
        'vat_number',
        'physical_address',
        'postal_address',
        'billing_email',
        'bank_name',
        'bank_account_holder',
        'bank_account_number',
        'bank_branch_code',
        'debit_order_signed_by',
        'updated_by',
      ]) {
        details = text(details, name);
      }
      await details
        .addColumn('billing_method', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('bank_account_type', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('debit_order_signed_at', 'bigint')
        .addColumn('updated', 'bigint', (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable('account_entries'), dialect, 'id')
        .addColumn('client_id', 'integer', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('reference', 'text', (c) => c.notNull())
        .addColumn('entry_date', 'bigint', (c) => c.notNull())
        .addColumn('due_date', 'bigint')
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('amount_cents', 'bigint', (c) => c.notNull())
        .addColumn('created', 'bigint', (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .createIndex('account_entries_client_date')
        .on('account_entries')
        .columns(['client_id', 'entry_date'])
        .execute();

      let quotes = withId(db.schema.createTable('quotes'), dialect, 'id')
        .addColumn('client_id', 'integer', (c) => c.notNull())
        .addColumn('reference', 'text', (c) => c.notNull())
        .addColumn('price_plan', 'integer', (c) => c.notNull())
        .addColumn('service_type', 'text', (c) => c.notNull())
        .addColumn('vehicles', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('requested_by', 'integer')
        .addColumn('requested_at', 'bigint', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('requested'))
        .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('once_off_cents', 'bigint')
        .addColumn('monthly_cents', 'bigint')
        .addColumn('contract_months', 'integer')
        .addColumn('valid_until', 'bigint')
        .addColumn('priced_at', 'bigint')
        .addColumn('decided_at', 'bigint')
        .addColumn('updated', 'bigint', (c) => c.notNull());
      for (const name of [
        'contact_name',
        'contact_email',
        'contact_phone',
        'notes',
        'requested_by_name',
        'priced_by',
        'price_notes',
        'decided_by',
      ]) {
        quotes = text(quotes, name);
      }
      await quotes.execute();
      await db.schema.createIndex('quotes_client').on('quotes').column('client_id').execute();

      let jobs = withId(db.schema.createTable('jobs'), dialect, 'id')
        .addColumn('client_id', 'integer', (c) => c.notNull())
        .addColumn('reference', 'text', (c) => c.notNull())
        .addColumn('quote_id', 'integer')
        .addColumn('job_type', 'text', (c) => c.notNull())
        .addColumn('unit_id', 'integer')
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('requested'))
        .addColumn('scheduled_for', 'bigint')
        // the day the client would like the work done (UTC midnight of that day)
        .addColumn('preferred_date', 'bigint')
        .addColumn('terms_accepted_at', 'bigint', (c) => c.notNull())
        .addColumn('created_by', 'integer')
        .addColumn('created', 'bigint', (c) => c.notNull())
        .addColumn('completed_at', 'bigint')
        .addColumn('updated', 'bigint', (c) => c.notNull());
      for (const name of [
        'vehicle',
        'site_address',
        'contact_name',
        'contact_phone',
        'notes',
        'technician',
        'transfer_to',
        'terms_accepted_by',
        'created_by_name',
      ]) {
        jobs = text(jobs, name);
      }
      await jobs.execute();
      await db.schema.createIndex('jobs_client').on('jobs').column('client_id').execute();

      let approvals = withId(db.schema.createTable('work_approvals'), dialect, 'id')
        .addColumn('client_id', 'integer', (c) => c.notNull())
        .addColumn('reference', 'text', (c) => c.notNull())
        .addColumn('job_id', 'integer')
        .addColumn('unit_id', 'integer')
        .addColumn('amount_cents', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
        .addColumn('requested_at', 'bigint', (c) => c.notNull())
        .addColumn('decided_by', 'integer')
        .addColumn('decided_at', 'bigint');
      for (const name of [
        'title',
        'description',
        'requested_by',
        'decided_by_name',
        'decision_note',
      ]) {
        approvals = text(approvals, name);
      }
      await approvals.execute();
      await db.schema
        .createIndex('work_approvals_client')
        .on('work_approvals')
        .column('client_id')
        .execute();

      await withId(db.schema.createTable('monthly_deals'), dialect, 'id')
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('price_cents', 'bigint')
        .addColumn('valid_from', 'bigint', (c) => c.notNull())
        .addColumn('valid_to', 'bigint', (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created', 'bigint', (c) => c.notNull())
        .addColumn('updated', 'bigint', (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable('surveys'), dialect, 'id')
        .addColumn('client_id', 'integer', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('question', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
        .addColumn('rating', 'integer')
        .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('answered_by', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('answered_at', 'bigint')
        .addColumn('created', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('surveys_client').on('surveys').column('client_id').execute();
    },
  };
}
