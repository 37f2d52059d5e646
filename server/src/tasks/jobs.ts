// Jobs on the client's vehicles (issue 15, SPEC §2 /portal/account/jobs and add_jobs, SPEC §7
// get_job_options): a client books an installation, repair, removal or transfer, accepting the
// terms; support staff schedule it, start it, complete it or cancel it; a client may cancel a job
// still waiting to be scheduled. When every job of an order is done, the order is Completed.
import {
  JOB_STATUSES,
  JOB_TYPES,
  OPEN_JOB_STATUSES,
  type JobStatus,
  type Role,
  type TaskMap,
} from '@fleet/common';
import { now } from '../clock';
import type { TaskContext } from './context';
import { TaskError } from './errors';
import { findJob, insertJob, jobsPage } from './job-rows';
import { callerName, dayStart, providerToday, unitFor } from './order-rows';
import { listAnswer } from './paging';
import { defineTask } from './registry';

const JOB_ROLES: readonly Role[] = ['feature_jobs', 'user_support'];
type JobParams = TaskMap['set_job']['parsed'];

/** The terms a client accepts when booking a job (SPEC §3 job options). */
export const JOB_TERMS_AND_CONDITIONS = [
  'Booking a job',
  '1. A job is booked once we confirm a date and a technician. We contact the person named on the booking to agree the time; the preferred date is a wish, not a promise.',
  '2. The vehicle must be at the site address at the agreed time, with its keys, and stay available for the time the work takes (about two hours for an installation).',
  '3. A visit that cannot go ahead because the vehicle or its keys are not there may be charged as a call-out.',
  '4. Work beyond what was booked (a damaged harness, a new fuse box) is done only once you approve it under Work Approvals.',
  '5. A removal or transfer ends the tracking of the vehicle the unit leaves; its history stays in the portal.',
  '6. You may cancel a job without charge while it is still waiting to be scheduled.',
].join('\n\n');

/** Which status may follow which (support staff); any open job may also be cancelled. */
const NEXT: Partial<Record<JobStatus, JobStatus>> = {
  requested: 'scheduled',
  scheduled: 'in_progress',
  in_progress: 'completed',
};

const isOpen = (s: JobStatus) => OPEN_JOB_STATUSES.includes(s);
const typeName = (t: string) => JOB_TYPES.find((j) => j.api_name === t)?.name ?? t;

/** An order whose every job is closed, at least one of them done, is Completed. */
async function completeOrderIfDone(ctx: TaskContext, quoteId: number, time: number) {
  const jobs = await ctx.tenant
    .selectFrom('jobs')
    .select('status')
    .where('quote_id', '=', quoteId)
    .execute();
  const done = jobs.some((j) => j.status === 'completed');
  if (!done || jobs.some((j) => isOpen(j.status as JobStatus))) return;
  const quote = await ctx.tenant
    .selectFrom('quotes')
    .select(['id', 'reference'])
    .where('id', '=', quoteId)
    .where('progress', '=', 2)
    .executeTakeFirst();
  if (!quote) return;
  await ctx.tenant
    .updateTable('quotes')
    .set({ progress: 3, updated: time })
    .where('id', '=', quote.id)
    .execute();
  ctx.changeLog({
    action: 'E',
    entityType: 'Quote',
    entityId: quote.id,
    description: `Order ${quote.reference} completed: every job of it is done`,
  });
}

const getJobOptions = defineTask({
  name: 'get_job_options',
  roles: JOB_ROLES,
  probe: () => ({}),
  async handler() {
    return {
      job_types: JOB_TYPES.map((t) => ({ api_name: t.api_name, name: t.name })),
      terms_and_conditions: JOB_TERMS_AND_CONDITIONS,
    };
  },
});

const getJobs = defineTask({
  name: 'get_jobs',
  roles: JOB_ROLES,
  probe: (f) => ({ cid: f.cid }),
  async handler(ctx, p) {
    const { jobs, count } = await jobsPage(ctx, p, p);
    return listAnswer('jobs', jobs, count, p.page_size);
  },
});

const getJob = defineTask({
  name: 'get_job',
  roles: JOB_ROLES,
  probe: (f) => ({ id: f.job }),
  async handler(ctx, p) {
    return { job: await findJob(ctx, p.id) };
  },
});

/** A client books a job: the checks of its type, then the row with the terms accepted. */
async function bookJob(ctx: TaskContext, p: JobParams) {
  if (ctx.tenant.isSupport) {
    throw new TaskError('A client books a job; support staff schedule the jobs booked');
  }
  if (!p.job_type) throw new TaskError('job_type is required');
  if (p.accept_terms !== true) {
    throw new TaskError('accept_terms: Accept the terms and conditions to book a job');
  }
  const name = typeName(p.job_type).toLowerCase();
  if (p.job_type !== 'installation' && p.uid === undefined) {
    throw new TaskError(`uid: choose the vehicle for the ${name}`);
  }
  if (p.job_type === 'installation' && p.uid === undefined && !p.vehicle) {
    throw new TaskError('vehicle: describe the vehicle to install in, or choose one of yours');
  }
  if (p.job_type === 'transfer' && !p.transfer_to) {
    throw new TaskError('transfer_to: name the vehicle the unit moves to');
  }
  if (!p.contact_name) throw new TaskError('contact_name is required');
  if (!p.contact_phone) throw new TaskError('contact_phone is required');
  const time = now();
  if (p.preferred_date && p.preferred_date < providerToday(time)) {
    throw new TaskError('preferred_date: must be today or later');
  }
  const clientId = ctx.user.clientId;
  const unit = p.uid === undefined ? null : await unitFor(ctx, p.uid, clientId);
  if (unit) {
    const open = await ctx.tenant
      .selectFrom('jobs')
      .select('reference')
      .where('unit_id', '=', unit.uid)
      .where('job_type', '=', p.job_type)
      .where('status', 'in', [...OPEN_JOB_STATUSES])
      .executeTakeFirst();
    if (open) {
      throw new TaskError(`uid: ${unit.name} already has an open ${name} job (${open.reference})`);
    }
  }
  const vehicle = unit ? (unit.reg ? `${unit.name} (${unit.reg})` : unit.name) : p.vehicle!;
  const who = await callerName(ctx);
  const job = await insertJob(ctx, clientId, {
    quote_id: null,
    job_type: p.job_type,
    unit_id: unit?.uid ?? null,
    vehicle,
    transfer_to: p.job_type === 'transfer' ? p.transfer_to! : '',
    status: 'requested',
    scheduled_for: null,
    preferred_date: p.preferred_date ? dayStart(p.preferred_date) : null,
    site_address: p.site_address ?? '',
    contact_name: p.contact_name,
    contact_phone: p.contact_phone,
    notes: p.notes ?? '',
    technician: '',
    terms_accepted_by: who,
    terms_accepted_at: time,
    created_by: ctx.user.nid,
    created_by_name: who,
    created: time,
    completed_at: null,
    updated: time,
  });
  ctx.changeLog({
    action: 'I',
    entityType: 'Job',
    entityId: job.id,
    description: `Job ${job.reference} requested: ${name} of ${vehicle}`,
  });
  return job.id;
}

/** Support moves a job on (or reschedules it); a client may only cancel a requested job. */
async function updateJob(ctx: TaskContext, id: number, p: JobParams) {
  const job = await findJob(ctx, id);
  const to = p.status ?? job.status;
  if (!ctx.tenant.isSupport) {
    if (to !== 'cancelled') {
      throw new TaskError('Support staff schedule a job: you may cancel it while it is requested');
    }
    if (job.status !== 'requested') {
      throw new TaskError(
        `This job is already ${JOB_STATUSES[job.status].toLowerCase()}: call us to change it`,
      );
    }
  }
  if (!isOpen(job.status)) {
    throw new TaskError(`This job is already ${JOB_STATUSES[job.status].toLowerCase()}`);
  }
  if (to !== job.status && to !== 'cancelled' && NEXT[job.status] !== to) {
    throw new TaskError(
      `status: a ${JOB_STATUSES[job.status].toLowerCase()} job cannot become ${JOB_STATUSES[to].toLowerCase()}`,
    );
  }
  const scheduledFor =
    p.scheduled_for !== undefined
      ? Date.parse(p.scheduled_for)
      : job.scheduled_for === null
        ? null
        : Date.parse(job.scheduled_for);
  const technician = p.technician ?? job.technician;
  if (to === 'scheduled' && scheduledFor === null) {
    throw new TaskError('scheduled_for: set when the technician comes to schedule the job');
  }
  if (to === 'scheduled' && !technician) {
    throw new TaskError('technician: name the technician to schedule the job');
  }
  const time = now();
  const fields = {
    status: to,
    updated: time,
    ...(ctx.tenant.isSupport
      ? {
          scheduled_for: scheduledFor,
          technician,
          ...(p.notes !== undefined ? { notes: p.notes } : {}),
          ...(p.site_address !== undefined ? { site_address: p.site_address } : {}),
        }
      : {}),
    ...(to === 'completed' ? { completed_at: time } : {}),
  };
  await ctx.tenant.updateTable('jobs').set(fields).where('id', '=', job.id).execute();
  const change =
    to === job.status
      ? 'changed'
      : to === 'scheduled'
        ? `scheduled for ${new Date(scheduledFor!).toISOString().slice(0, 16).replace('T', ' ')} UTC with ${technician}`
        : JOB_STATUSES[to].toLowerCase();
  ctx.changeLog({
    action: 'E',
    entityType: 'Job',
    entityId: job.id,
    description: `Job ${job.reference} ${change}`,
  });
  if (job.quote && (to === 'completed' || to === 'cancelled')) {
    await completeOrderIfDone(ctx, job.quote.id, time);
  }
}

const setJob = defineTask({
  name: 'set_job',
  roles: JOB_ROLES,
  entityType: 'Job',
  probe: (f) => ({ id: f.job, job_type: 'repair', uid: f.uid, accept_terms: true }),
  async handler(ctx, p) {
    if (p.id === undefined) return { job: await findJob(ctx, await bookJob(ctx, p)) };
    await updateJob(ctx, p.id, p);
    return { job: await findJob(ctx, p.id) };
  },
});

export const jobTasks = [getJobOptions, getJobs, getJob, setJob];
