// The job_leases row: taking it is one conditional upsert, so of several processes asking at once
// exactly one gets it (SQLite and PostgreSQL both count a DO UPDATE whose WHERE fails as 0 rows).
import type { Kysely } from 'kysely';
import type { Database } from '../db';

export interface LeaseRequest {
  name: string;
  holder: string;
  /** The scheduled time to run; a lease is only given for a time later than the last run's. */
  slot: number;
  /** Now, epoch ms. */
  at: number;
  /** Lease length, clock ms. */
  leaseMs: number;
}

/**
 * Takes the lease for `slot` when nobody holds it and that slot has not run yet: true if this
 * holder may run the job now.
 */
export async function takeLease(db: Kysely<Database>, r: LeaseRequest): Promise<boolean> {
  const until = r.at + r.leaseMs;
  const res = await db
    .insertInto('job_leases')
    .values({
      name: r.name,
      holder: r.holder,
      leased_until: until,
      last_run_at: r.slot,
      last_error: null,
    })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({ holder: r.holder, leased_until: until, last_run_at: r.slot })
        .where('job_leases.leased_until', '<=', r.at)
        .where((eb) =>
          eb.or([
            eb('job_leases.last_run_at', 'is', null),
            eb('job_leases.last_run_at', '<', r.slot),
          ]),
        ),
    )
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Ends this holder's lease on `name` and records the run's outcome (null: it succeeded). */
export async function releaseLease(
  db: Kysely<Database>,
  name: string,
  holder: string,
  error: string | null,
): Promise<void> {
  await db
    .updateTable('job_leases')
    .set({ leased_until: 0, last_error: error })
    .where('name', '=', name)
    .where('holder', '=', holder)
    .execute();
}
