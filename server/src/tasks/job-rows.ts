// Jobs as the tasks answer them (issue 15): the rows a user may see with their client, unit and
// order, and a new job with its reference. Shared by the job tasks and accept_quote.
import { OPEN_JOB_STATUSES, type Job, type JobStatus, type JobType } from '@fleet/common';
import type { TaskContext } from './context';
import type { TenantRow } from './tenant';
import { notFound } from './errors';
import { countRows, iso, pageOf } from './paging';
import { dayOf, referenceOf, unitRef } from './order-rows';

export interface JobFilters {
  id?: number;
  job_type?: JobType;
  status?: JobStatus | 'open';
  cid?: number;
}

function jobQuery(ctx: TaskContext, f: JobFilters) {
  let q = ctx.tenant
    .selectFrom('jobs')
    .innerJoin('clients', 'clients.cid', 'jobs.client_id')
    .leftJoin('units', 'units.uid', 'jobs.unit_id')
    .leftJoin('quotes', 'quotes.id', 'jobs.quote_id');
  if (f.id !== undefined) q = q.where('jobs.id', '=', f.id);
  if (f.cid !== undefined) q = q.where('jobs.client_id', '=', f.cid);
  if (f.job_type !== undefined) q = q.where('jobs.job_type', '=', f.job_type);
  if (f.status === 'open') q = q.where('jobs.status', 'in', [...OPEN_JOB_STATUSES]);
  else if (f.status !== undefined) q = q.where('jobs.status', '=', f.status);
  return q;
}

function selectJobs(q: ReturnType<typeof jobQuery>) {
  return q
    .selectAll('jobs')
    .select([
      'clients.name as client_name',
      'units.uid as unit_uid',
      'units.name as unit_name',
      'units.reg as unit_reg',
      'quotes.reference as quote_reference',
    ])
    .execute();
}

type JobRow = Awaited<ReturnType<typeof selectJobs>>[number];

function toJob(r: JobRow): Job {
  return {
    id: r.id,
    reference: r.reference,
    client: { cid: r.client_id, name: r.client_name },
    quote: r.quote_id === null ? null : { id: r.quote_id, reference: r.quote_reference ?? '' },
    job_type: r.job_type as JobType,
    unit: unitRef(r),
    vehicle: r.vehicle,
    transfer_to: r.transfer_to,
    status: r.status as JobStatus,
    preferred_date: dayOf(r.preferred_date === null ? null : Number(r.preferred_date)),
    scheduled_for: iso(r.scheduled_for === null ? null : Number(r.scheduled_for)),
    technician: r.technician,
    site_address: r.site_address,
    contact_name: r.contact_name,
    contact_phone: r.contact_phone,
    notes: r.notes,
    terms_accepted_by: r.terms_accepted_by,
    terms_accepted_at: iso(Number(r.terms_accepted_at)),
    created_by_name: r.created_by_name,
    created: iso(Number(r.created)),
    completed_at: iso(r.completed_at === null ? null : Number(r.completed_at)),
  };
}

/** One page of jobs, newest first, and how many match. */
export async function jobsPage(
  ctx: TaskContext,
  f: JobFilters,
  page: { page: number; page_size: number },
) {
  const count = await countRows(jobQuery(ctx, f));
  const { limit, offset } = pageOf(page);
  const rows = await selectJobs(
    jobQuery(ctx, f)
      .orderBy('jobs.created', 'desc')
      .orderBy('jobs.id', 'desc')
      .limit(limit)
      .offset(offset),
  );
  return { jobs: rows.map(toJob), count };
}

/** A job the caller may see, or 'Job not found' (another client's too). */
export async function findJob(ctx: TaskContext, id: number): Promise<Job> {
  const [row] = await selectJobs(jobQuery(ctx, { id }));
  if (!row) throw notFound('Job');
  return toJob(row);
}

/** A new job of `clientId`, named J-<year>-<id>; its id and reference. */
export async function insertJob(
  ctx: TaskContext,
  clientId: number,
  fields: Omit<TenantRow<'jobs'>, 'reference'>,
): Promise<{ id: number; reference: string }> {
  const { id } = await ctx.tenant
    .insertInto('jobs', clientId)
    .values({ ...fields, reference: '' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const reference = referenceOf('J', id, Number(fields.created));
  await ctx.tenant.updateTable('jobs').set({ reference }).where('id', '=', id).execute();
  return { id, reference };
}
