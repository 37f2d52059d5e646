// Work approvals (issue 15, SPEC §2 /portal/account/work_approvals): work a technician may do
// only once the client approves it. Support staff ask (for a client or for one of its jobs, with
// the amount in integer cents); the client approves or declines once, and the decision records
// who made it and when.
import type { Role, WorkApproval, WorkApprovalStatus } from '@fleet/common';
import { formatRand } from '@fleet/common';
import { sql } from 'kysely';
import { now } from '../clock';
import type { TaskContext } from './context';
import { TaskError, notFound } from './errors';
import { findJob } from './job-rows';
import { callerName, referenceOf, unitFor, unitRef } from './order-rows';
import { countRows, iso, listAnswer, pageOf } from './paging';
import { defineTask } from './registry';
import { existingClientIds } from './system';

const READ_ROLES: readonly Role[] = ['feature_jobs', 'user_support'];

interface Filters {
  id?: number;
  status?: WorkApprovalStatus;
  cid?: number;
}

function approvalQuery(ctx: TaskContext, f: Filters) {
  let q = ctx.tenant
    .selectFrom('work_approvals')
    .innerJoin('clients', 'clients.cid', 'work_approvals.client_id')
    .leftJoin('units', 'units.uid', 'work_approvals.unit_id')
    .leftJoin('jobs', 'jobs.id', 'work_approvals.job_id');
  if (f.id !== undefined) q = q.where('work_approvals.id', '=', f.id);
  if (f.status !== undefined) q = q.where('work_approvals.status', '=', f.status);
  if (f.cid !== undefined) q = q.where('work_approvals.client_id', '=', f.cid);
  return q;
}

function selectApprovals(q: ReturnType<typeof approvalQuery>) {
  return q
    .selectAll('work_approvals')
    .select([
      'clients.name as client_name',
      'units.uid as unit_uid',
      'units.name as unit_name',
      'units.reg as unit_reg',
      'jobs.reference as job_reference',
    ])
    .execute();
}

function toApproval(r: Awaited<ReturnType<typeof selectApprovals>>[number]): WorkApproval {
  return {
    id: r.id,
    reference: r.reference,
    client: { cid: r.client_id, name: r.client_name },
    job: r.job_id === null ? null : { id: r.job_id, reference: r.job_reference ?? '' },
    unit: unitRef(r),
    title: r.title,
    description: r.description,
    amount_cents: Number(r.amount_cents),
    status: r.status as WorkApprovalStatus,
    requested_by: r.requested_by,
    requested_at: iso(Number(r.requested_at)),
    decided_by: r.decided_by,
    decided_by_name: r.decided_by_name,
    decided_at: iso(r.decided_at === null ? null : Number(r.decided_at)),
    decision_note: r.decision_note,
  };
}

async function findApproval(ctx: TaskContext, id: number): Promise<WorkApproval> {
  const [row] = await selectApprovals(approvalQuery(ctx, { id }));
  if (!row) throw notFound('Work approval');
  return toApproval(row);
}

const getWorkApprovals = defineTask({
  name: 'get_work_approvals',
  roles: READ_ROLES,
  probe: (f) => ({ cid: f.cid }),
  async handler(ctx, p) {
    const count = await countRows(approvalQuery(ctx, p));
    const { limit, offset } = pageOf(p);
    // Those waiting for the client first, then the newest.
    const rows = await selectApprovals(
      approvalQuery(ctx, p)
        .orderBy(sql`case when work_approvals.status = 'pending' then 0 else 1 end`)
        .orderBy('work_approvals.requested_at', 'desc')
        .orderBy('work_approvals.id', 'desc')
        .limit(limit)
        .offset(offset),
    );
    return listAnswer('work_approvals', rows.map(toApproval), count, p.page_size);
  },
});

const setWorkApproval = defineTask({
  name: 'set_work_approval',
  roles: ['user_support'],
  entityType: 'Work Approval',
  probe: (f) => ({
    id: f.approval,
    cid: f.cid,
    job_id: f.job,
    uid: f.uid,
    title: 'Probe',
    amount: '100',
  }),
  async handler(ctx, p) {
    const time = now();
    if (p.id !== undefined) {
      const existing = await findApproval(ctx, p.id);
      if (existing.status !== 'pending') {
        throw new TaskError(
          `This work approval was already ${existing.status}: it cannot be changed`,
        );
      }
      const unit = p.uid !== undefined ? await unitFor(ctx, p.uid, existing.client.cid) : null;
      await ctx.tenant
        .updateTable('work_approvals')
        .set({
          title: p.title,
          description: p.description,
          amount_cents: p.amount,
          ...(unit ? { unit_id: unit.uid } : {}),
        })
        .where('id', '=', existing.id)
        .execute();
      ctx.changeLog({
        action: 'E',
        entityType: 'Work Approval',
        entityId: existing.id,
        description: `Work approval ${existing.reference} changed: ${p.title}, ${formatRand(p.amount)}`,
      });
      return { work_approval: await findApproval(ctx, existing.id) };
    }
    const job = p.job_id !== undefined ? await findJob(ctx, p.job_id) : null;
    if (!job && p.cid === undefined) {
      throw new TaskError('cid: name the client, or the job the work is for');
    }
    if (job && p.cid !== undefined && job.client.cid !== p.cid) {
      throw new TaskError('job_id: that job is of another client');
    }
    const clientId = job?.client.cid ?? p.cid!;
    if (!job && !(await existingClientIds(ctx, [clientId])).has(clientId)) {
      throw new TaskError('cid: Client not found');
    }
    const unitId =
      p.uid !== undefined ? (await unitFor(ctx, p.uid, clientId)).uid : (job?.unit?.uid ?? null);
    const { id } = await ctx.tenant
      .insertInto('work_approvals', clientId)
      .values({
        reference: '',
        job_id: job?.id ?? null,
        unit_id: unitId,
        title: p.title,
        description: p.description,
        amount_cents: p.amount,
        status: 'pending',
        requested_by: await callerName(ctx),
        requested_at: time,
        decided_by: null,
        decided_by_name: '',
        decided_at: null,
        decision_note: '',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const reference = referenceOf('WA', id, time);
    await ctx.tenant
      .updateTable('work_approvals')
      .set({ reference })
      .where('id', '=', id)
      .execute();
    ctx.changeLog({
      action: 'I',
      entityType: 'Work Approval',
      entityId: id,
      description: `Work approval ${reference} asked: ${p.title}, ${formatRand(p.amount)}`,
    });
    return { work_approval: await findApproval(ctx, id) };
  },
});

/** The client's decision, once: a decided approval is refused and stays as it is. */
function decide(name: 'approve_work_approval' | 'decline_work_approval', to: WorkApprovalStatus) {
  return defineTask({
    name,
    roles: ['feature_jobs'],
    entityType: 'Work Approval',
    writes: true,
    probe: (f) => ({ id: f.approval, note: 'Probe' }),
    async handler(ctx, p) {
      const approval = await findApproval(ctx, p.id);
      const already = () => new TaskError(`This work approval was already ${approval.status}`);
      if (approval.status !== 'pending') throw already();
      const time = now();
      const done = await ctx.tenant
        .updateTable('work_approvals')
        .set({
          status: to,
          decided_by: ctx.user.nid,
          decided_by_name: await callerName(ctx),
          decided_at: time,
          decision_note: p.note,
        })
        .where('id', '=', approval.id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) {
        throw new TaskError('This work approval was already decided');
      }
      ctx.changeLog({
        action: 'E',
        entityType: 'Work Approval',
        entityId: approval.id,
        description: `Work approval ${approval.reference} ${to}: ${approval.title}, ${formatRand(approval.amount_cents)}${p.note ? ` (${p.note})` : ''}`,
      });
      return { work_approval: await findApproval(ctx, approval.id) };
    },
  });
}

export const workApprovalTasks = [
  getWorkApprovals,
  setWorkApproval,
  decide('approve_work_approval', 'approved'),
  decide('decline_work_approval', 'declined'),
];
