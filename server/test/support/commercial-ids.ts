// The business-side rows of a client for the tenant-isolation walk and the fuzzer (issue 15): its
// first quote, job, work approval, account entry and survey, made here when it has none yet.
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db';

export interface CommercialIds {
  quote: number;
  job: number;
  approval: number;
  entry: number;
  survey: number;
}

export async function commercialIds(
  db: Kysely<Database>,
  clientId: number,
): Promise<CommercialIds> {
  const now = Date.now();
  const first = async (
    table: 'quotes' | 'jobs' | 'work_approvals' | 'account_entries' | 'surveys',
  ) =>
    (
      await db
        .selectFrom(table)
        .select('id')
        .where('client_id', '=', clientId)
        .orderBy('id')
        .executeTakeFirst()
    )?.id;
  const quote =
    (await first('quotes')) ??
    (
      await db
        .insertInto('quotes')
        .values({
          client_id: clientId,
          reference: 'Q-ISOLATION',
          price_plan: 1,
          service_type: 'full',
          vehicles: JSON.stringify([
            {
              description: 'Isolation bakkie',
              reg: 'ISO 1 GP',
              vehicle_class: 'bakkie',
              value_band: 1,
            },
          ]),
          requested_by: null,
          requested_at: now,
          status: 'quoted',
          progress: 0,
          once_off_cents: 150000,
          monthly_cents: 29900,
          contract_months: 36,
          valid_until: now + 30 * 86400_000,
          priced_at: now,
          decided_at: null,
          updated: now,
          contact_name: 'Isolation Contact',
          contact_email: 'isolation@example.com',
          contact_phone: '0820000000',
          notes: '',
          requested_by_name: 'isolation',
          priced_by: 'support',
          price_notes: '',
          decided_by: '',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const job =
    (await first('jobs')) ??
    (
      await db
        .insertInto('jobs')
        .values({
          client_id: clientId,
          reference: 'J-ISOLATION',
          quote_id: null,
          job_type: 'repair',
          unit_id: null,
          vehicle: 'Isolation bakkie',
          transfer_to: '',
          status: 'scheduled',
          scheduled_for: now + 86400_000,
          site_address: '1 Isolation Road',
          contact_name: 'Isolation Contact',
          contact_phone: '0820000000',
          notes: '',
          technician: '',
          terms_accepted_by: 'isolation',
          terms_accepted_at: now,
          created_by: null,
          created_by_name: 'isolation',
          created: now,
          completed_at: null,
          updated: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const approval =
    (await first('work_approvals')) ??
    (
      await db
        .insertInto('work_approvals')
        .values({
          client_id: clientId,
          reference: 'WA-ISOLATION',
          job_id: job,
          unit_id: null,
          title: 'Isolation harness',
          description: 'Replace the harness',
          amount_cents: 45000,
          status: 'pending',
          requested_by: 'support',
          requested_at: now,
          decided_by: null,
          decided_by_name: '',
          decided_at: null,
          decision_note: '',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const entry =
    (await first('account_entries')) ??
    (
      await db
        .insertInto('account_entries')
        .values({
          client_id: clientId,
          kind: 'invoice',
          reference: 'INV-ISOLATION',
          entry_date: now,
          due_date: now + 30 * 86400_000,
          description: 'Isolation tracking',
          amount_cents: 29900,
          created: now,
          created_by: 'support',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const survey =
    (await first('surveys')) ??
    (
      await db
        .insertInto('surveys')
        .values({
          client_id: clientId,
          title: 'Isolation survey',
          question: 'How was it?',
          status: 'open',
          rating: null,
          comment: '',
          answered_by: '',
          answered_at: null,
          created: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  return { quote, job, approval, entry, survey };
}
