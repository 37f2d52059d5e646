// The demo clients' account (issue 15): Demo Fleet has complete client details saved a month ago
// and a signed debit order, six monthly invoices with their payments, except that the latest one
// is unpaid and one payment fell short, so the account shows an overdue amount; Other Fleet's
// details lack the VAT number (its "initial details" alert shows) and its short statement is paid
// up. The provider publishes one current monthly deal and one expired one, and Demo Fleet has an
// open survey. Dates are relative to the clock, so the demo always looks current. Each part is
// added only where its rows are missing, so an existing demo gets them once.
import type { Kysely } from 'kysely';
import type { Database } from '../db';
import { now } from '../clock';

const DAY_MS = 86_400_000;
/** What the demo charges a vehicle a month: R 199.00. */
const PER_VEHICLE_CENTS = 19_900;

const startOfDay = (ms: number) => ms - (ms % DAY_MS);
const monthName = (ms: number) =>
  new Date(ms).toLocaleString('en-ZA', { month: 'long', year: 'numeric', timeZone: 'UTC' });

async function has(
  db: Kysely<Database>,
  table: 'client_details' | 'account_entries' | 'surveys',
  cid: number,
) {
  return !!(await db
    .selectFrom(table)
    .select('client_id')
    .where('client_id', '=', cid)
    .limit(1)
    .executeTakeFirst());
}

async function unitCount(db: Kysely<Database>, cid: number): Promise<number> {
  const { n } = await db
    .selectFrom('units')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('client_id', '=', cid)
    .executeTakeFirstOrThrow();
  return Math.max(1, Number(n));
}

interface Ledger {
  /** invoices, oldest first: days before now */
  invoiceDaysAgo: number[];
  /** what was paid of each invoice (cents), by its index; absent: nothing */
  paid: (cents: number, index: number) => number;
  prefix: string;
}

async function addLedger(db: Kysely<Database>, cid: number, ledger: Ledger): Promise<void> {
  const vehicles = await unitCount(db, cid);
  const amount = vehicles * PER_VEHICLE_CENTS;
  const at = now();
  let n = 0;
  for (const [i, ago] of ledger.invoiceDaysAgo.entries()) {
    const day = startOfDay(at - ago * DAY_MS);
    n++;
    await db
      .insertInto('account_entries')
      .values({
        client_id: cid,
        kind: 'invoice',
        reference: `${ledger.prefix}-INV-${1000 + n}`,
        entry_date: day,
        due_date: day + 7 * DAY_MS,
        description: `Tracking for ${monthName(day)}: ${vehicles} vehicles at R 199.00`,
        amount_cents: amount,
        created: day,
        created_by: 'support',
      })
      .execute();
    const paid = ledger.paid(amount, i);
    if (paid <= 0) continue;
    await db
      .insertInto('account_entries')
      .values({
        client_id: cid,
        kind: 'payment',
        reference: `${ledger.prefix}-PAY-${1000 + n}`,
        entry_date: day + 5 * DAY_MS,
        due_date: null,
        description: 'Debit order',
        amount_cents: paid,
        created: day + 5 * DAY_MS,
        created_by: 'support',
      })
      .execute();
  }
}

const DEMO_DETAILS = {
  registered_name: 'Demo Fleet Logistics (Pty) Ltd',
  trading_name: 'Demo Fleet',
  registration_number: '2015/123456/07',
  vat_number: '4123456789',
  physical_address: '12 Rivonia Road, Sandton, Johannesburg, 2196',
  postal_address: 'PO Box 1234, Sandton, 2146',
  billing_email: 'accounts@demofleet.co.za',
  billing_method: 2,
  bank_name: 'First National Bank',
  bank_account_holder: 'Demo Fleet Logistics (Pty) Ltd',
  bank_account_number: '62123456789',
  bank_branch_code: '250655',
  bank_account_type: 1,
};

const OTHER_DETAILS = {
  registered_name: 'Other Fleet Transport CC',
  trading_name: 'Other Fleet',
  registration_number: '2009/654321/23',
  // No VAT number yet: Other Fleet's "initial details" alert shows.
  vat_number: '',
  physical_address: '8 Voortrekker Road, Bellville, Cape Town, 7530',
  postal_address: '8 Voortrekker Road, Bellville, 7530',
  billing_email: 'admin@otherfleet.co.za',
  billing_method: 3,
  bank_name: '',
  bank_account_holder: '',
  bank_account_number: '',
  bank_branch_code: '',
  bank_account_type: 0,
};

export async function seedBilling(
  db: Kysely<Database>,
  clients: { provider: number; demo: number; other: number },
): Promise<boolean> {
  const at = now();
  let added = false;
  if (!(await has(db, 'client_details', clients.demo))) {
    const saved = at - 30 * DAY_MS;
    await db
      .insertInto('client_details')
      .values({
        client_id: clients.demo,
        ...DEMO_DETAILS,
        debit_order_signed_by: 'Pieter Botha',
        debit_order_signed_at: saved,
        updated: saved,
        updated_by: 'demo',
      })
      .execute();
    added = true;
  }
  if (!(await has(db, 'client_details', clients.other))) {
    await db
      .insertInto('client_details')
      .values({
        client_id: clients.other,
        ...OTHER_DETAILS,
        debit_order_signed_by: '',
        debit_order_signed_at: null,
        updated: at - 10 * DAY_MS,
        updated_by: 'other',
      })
      .execute();
    added = true;
  }
  if (!(await has(db, 'account_entries', clients.demo))) {
    // Monthly for six months; the latest (20 days ago, due 13 days ago) is unpaid and one
    // payment three months back fell R 1 785.00 short: together they are overdue.
    await addLedger(db, clients.demo, {
      invoiceDaysAgo: [170, 140, 110, 80, 50, 20],
      paid: (cents, i) => (i === 5 ? 0 : i === 2 ? cents - 178_500 : cents),
      prefix: 'DF',
    });
    added = true;
  }
  if (!(await has(db, 'account_entries', clients.other))) {
    await addLedger(db, clients.other, {
      invoiceDaysAgo: [45, 15],
      paid: (cents) => cents,
      prefix: 'OF',
    });
    added = true;
  }
  const deal = await db.selectFrom('monthly_deals').select('id').limit(1).executeTakeFirst();
  if (!deal) {
    const today = startOfDay(at);
    await db
      .insertInto('monthly_deals')
      .values([
        {
          title: 'Winter special: backup unit at half price',
          description:
            'Add a hidden backup tracker to any vehicle this month and pay half the fitting fee. ' +
            'The backup unit reports when the main tracker is cut, so stolen vehicles are found faster.',
          price_cents: 89_900,
          valid_from: today - 10 * DAY_MS,
          valid_to: today + 20 * DAY_MS - 1,
          created_by: 'support',
          created: at,
          updated: at,
        },
        {
          title: 'Summer dash-cam bundle',
          description: 'A forward-facing dash camera fitted with every new Full tracking unit.',
          price_cents: 149_900,
          valid_from: today - 70 * DAY_MS,
          valid_to: today - 40 * DAY_MS - 1,
          created_by: 'support',
          created: at,
          updated: at,
        },
      ])
      .execute();
    added = true;
  }
  if (!(await has(db, 'surveys', clients.demo))) {
    await db
      .insertInto('surveys')
      .values({
        client_id: clients.demo,
        title: 'How are we doing?',
        question: 'How happy are you with your tracking service this month?',
        status: 'open',
        rating: null,
        comment: '',
        answered_by: '',
        answered_at: null,
        created: at - 2 * DAY_MS,
      })
      .execute();
    added = true;
  }
  return added;
}

/** A demo started before the account pages existed gets their data once. */
export async function addMissingDemoBilling(db: Kysely<Database>): Promise<boolean> {
  const ids: Record<string, number> = {};
  for (const name of ['Tracking Provider', 'Demo Fleet', 'Other Fleet']) {
    const row = await db
      .selectFrom('clients')
      .select('cid')
      .where('name', '=', name)
      .orderBy('cid')
      .executeTakeFirst();
    if (!row) return false;
    ids[name] = row.cid;
  }
  return seedBilling(db, {
    provider: ids['Tracking Provider'],
    demo: ids['Demo Fleet'],
    other: ids['Other Fleet'],
  });
}
