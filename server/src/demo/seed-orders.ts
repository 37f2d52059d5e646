// The demo's quotes, orders, jobs and work approvals (issue 15), so the account pages and the
// dashboard's cards have something to show: Demo Fleet has a quote waiting for a price, a priced
// quote to decide on, an order being installed (its job scheduled a few days ahead), a repair
// requested on one of its vehicles, a work approval waiting for it (R 1 250.00, a damaged harness)
// and an older job done. Seeded once, with the rest of the demo or on the first start of a demo
// that predates them: a client with any quote, job or work approval is left as it is.
import type { Insertable, Kysely } from 'kysely';
import type { QuoteVehicle } from '@fleet/common';
import type { Database } from '../db';
import { now } from '../clock';
import { referenceOf } from '../tasks/order-rows';
import { DEMO_UNITS } from './data';
import { demoClientUnits } from './seed-places';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** UTC midnight of the calendar day `days` from `at` (how quote validity days are stored). */
function dayFrom(at: number, days: number): number {
  const d = new Date(at + days * DAY_MS);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
}

/** 09:00 SAST (07:00 UTC) of the day `days` from `at`: when a technician comes. */
const morningOf = (at: number, days: number) => dayFrom(at, days) + 7 * HOUR_MS;

async function hasOrders(db: Kysely<Database>, clientId: number): Promise<boolean> {
  for (const table of ['quotes', 'jobs', 'work_approvals'] as const) {
    const row = await db
      .selectFrom(table)
      .select('id')
      .where('client_id', '=', clientId)
      .limit(1)
      .executeTakeFirst();
    if (row) return true;
  }
  return false;
}

/** A row's reference from its id, set once it is inserted. */
async function name(
  db: Kysely<Database>,
  table: 'quotes' | 'jobs' | 'work_approvals',
  prefix: 'Q' | 'J' | 'WA',
  id: number,
  at: number,
) {
  await db
    .updateTable(table)
    .set({ reference: referenceOf(prefix, id, at) })
    .where('id', '=', id)
    .execute();
}

const CONTACT = { contact_name: 'Thandi Nkosi', contact_phone: '082 555 0142' };

/**
 * Demo Fleet's orders; `demoUids` are its units in DEMO_UNITS order. Answers whether it seeded
 * (false when the client already has orders or jobs).
 */
export async function seedOrders(
  db: Kysely<Database>,
  clients: { provider: number; demo: number; other: number },
  demoUids: (number | undefined)[],
): Promise<boolean> {
  const cid = clients.demo;
  if (await hasOrders(db, cid)) return false;
  const at = now();
  const user = await db
    .selectFrom('users')
    .select(['nid', 'display_name'])
    .where('client_id', '=', cid)
    .where('username', '=', 'demo')
    .executeTakeFirst();
  const who = { nid: user?.nid ?? null, name: user?.display_name ?? 'Demo' };

  const quote = async (
    ago: number,
    fields: Omit<Partial<Insertable<Database['quotes']>>, 'vehicles'> & {
      vehicles: QuoteVehicle[];
      price_plan: number;
    },
  ) => {
    const requested = at - ago;
    const { id } = await db
      .insertInto('quotes')
      .values({
        client_id: cid,
        reference: '',
        service_type: 'full',
        contact_email: 'thandi.nkosi@demofleet.co.za',
        notes: '',
        requested_by: who.nid,
        requested_by_name: who.name,
        requested_at: requested,
        status: 'requested',
        progress: 0,
        once_off_cents: null,
        monthly_cents: null,
        contract_months: null,
        valid_until: null,
        priced_by: '',
        priced_at: null,
        price_notes: '',
        decided_by: '',
        decided_at: null,
        updated: requested,
        ...CONTACT,
        ...fields,
        vehicles: JSON.stringify(fields.vehicles),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await name(db, 'quotes', 'Q', id, requested);
    return id;
  };
  const job = async (
    fields: Partial<Insertable<Database['jobs']>> & { job_type: string; created: number },
  ) => {
    const { id } = await db
      .insertInto('jobs')
      .values({
        client_id: cid,
        reference: '',
        quote_id: null,
        unit_id: null,
        vehicle: '',
        transfer_to: '',
        status: 'requested',
        scheduled_for: null,
        preferred_date: null,
        site_address: '14 Electron Avenue, Isando, Kempton Park',
        notes: '',
        technician: '',
        terms_accepted_by: who.name,
        terms_accepted_at: fields.created,
        created_by: who.nid,
        created_by_name: who.name,
        completed_at: null,
        updated: fields.created,
        ...CONTACT,
        ...fields,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await name(db, 'jobs', 'J', id, fields.created);
    return id;
  };
  const unitName = (i: number) => `${DEMO_UNITS[i].name} (${DEMO_UNITS[i].reg})`;

  await quote(2 * DAY_MS, {
    price_plan: 1,
    notes: 'Two new delivery vehicles arriving next month.',
    vehicles: [
      { description: 'Toyota Quantum panel van', reg: '', vehicle_class: 'van', value_band: 3 },
      { description: 'Hino 300 truck', reg: '', vehicle_class: 'small_truck', value_band: 5 },
    ],
  });
  await quote(4 * DAY_MS, {
    price_plan: 2,
    service_type: 'lite',
    vehicles: [
      { description: 'VW Polo Vivo', reg: 'HJK 431 GP', vehicle_class: 'hatchback', value_band: 2 },
    ],
    status: 'quoted',
    once_off_cents: 95_000,
    monthly_cents: 24_900,
    contract_months: 36,
    valid_until: dayFrom(at, 14),
    priced_by: 'Support',
    priced_at: at - DAY_MS,
    price_notes: 'Includes the installation and a panic button.',
  });
  const ordered = await quote(12 * DAY_MS, {
    price_plan: 3,
    vehicles: [
      {
        description: 'Ford Ranger double cab',
        reg: 'JRT 118 GP',
        vehicle_class: 'bakkie',
        value_band: 4,
      },
    ],
    status: 'quoted',
    progress: 2,
    once_off_cents: 0,
    monthly_cents: 38_900,
    contract_months: 24,
    valid_until: dayFrom(at, 18),
    priced_by: 'Support',
    priced_at: at - 10 * DAY_MS,
    decided_by: who.name,
    decided_at: at - 8 * DAY_MS,
    updated: at - 8 * DAY_MS,
  });
  await job({
    job_type: 'installation',
    quote_id: ordered,
    vehicle: 'Ford Ranger double cab (JRT 118 GP)',
    status: 'scheduled',
    scheduled_for: morningOf(at, 3),
    technician: 'Themba Nkosi',
    created: at - 8 * DAY_MS,
    updated: at - 6 * DAY_MS,
  });
  const uid = demoUids[2];
  const repair =
    uid === undefined
      ? null
      : await job({
          job_type: 'repair',
          unit_id: uid,
          vehicle: unitName(2),
          preferred_date: dayFrom(at, 5),
          notes: 'The unit has not reported its position since the vehicle was washed.',
          created: at - 20 * HOUR_MS,
        });
  await db
    .insertInto('work_approvals')
    .values({
      client_id: cid,
      reference: '',
      job_id: repair,
      unit_id: uid ?? null,
      title: 'Replace a damaged harness',
      description:
        'The wiring harness behind the dashboard is chafed through; it needs replacing before the unit can be refitted.',
      amount_cents: 125_000,
      status: 'pending',
      requested_by: 'Support',
      requested_at: at - 6 * HOUR_MS,
      decided_by: null,
      decided_by_name: '',
      decided_at: null,
      decision_note: '',
    })
    .returning('id')
    .executeTakeFirstOrThrow()
    .then(({ id }) => name(db, 'work_approvals', 'WA', id, at - 6 * HOUR_MS));
  const done = demoUids[4];
  await job({
    job_type: 'repair',
    unit_id: done ?? null,
    vehicle: unitName(4),
    status: 'completed',
    scheduled_for: morningOf(at, -40),
    technician: 'Sipho Dlamini',
    notes: 'Weak GPS signal: the antenna was replaced.',
    created: at - 45 * DAY_MS,
    completed_at: morningOf(at, -40) + 2 * HOUR_MS,
    updated: morningOf(at, -40) + 2 * HOUR_MS,
  });
  return true;
}

/** A demo database from before orders existed gets them once. */
export async function addMissingDemoOrders(db: Kysely<Database>): Promise<boolean> {
  const demo = (await demoClientUnits(db)).find((c) => c.key === 'demo');
  if (!demo) return false;
  return seedOrders(db, { provider: 0, demo: demo.cid, other: 0 }, demo.uids);
}
