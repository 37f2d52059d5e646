// How the jobs and work-approvals pages word and colour their rows (issue 15).
import { Tag } from 'antd';
import {
  JOB_STATUSES,
  JOB_TYPES,
  WORK_APPROVAL_STATUSES,
  type Job,
  type JobStatus,
  type WorkApprovalStatus,
} from '@fleet/common';

export const jobTypeName = (t: string) => JOB_TYPES.find((j) => j.api_name === t)?.name ?? t;

const JOB_COLOURS: Record<JobStatus, string> = {
  requested: 'gold',
  scheduled: 'blue',
  in_progress: 'processing',
  completed: 'success',
  cancelled: 'default',
};

export function JobStatusTag({ status }: { status: JobStatus }) {
  return <Tag color={JOB_COLOURS[status]}>{JOB_STATUSES[status]}</Tag>;
}

const APPROVAL_COLOURS: Record<WorkApprovalStatus, string> = {
  pending: 'gold',
  approved: 'success',
  declined: 'error',
};

export function ApprovalStatusTag({ status }: { status: WorkApprovalStatus }) {
  return <Tag color={APPROVAL_COLOURS[status]}>{WORK_APPROVAL_STATUSES[status]}</Tag>;
}

/** The vehicle a job is on, and for a transfer the one its unit moves to. */
export function jobVehicle(job: Job): string {
  const on = job.unit
    ? job.unit.reg
      ? `${job.unit.name} (${job.unit.reg})`
      : job.unit.name
    : job.vehicle;
  return job.job_type === 'transfer' && job.transfer_to ? `${on} → ${job.transfer_to}` : on;
}
