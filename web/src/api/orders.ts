// The account's quotes and orders, jobs and work approvals (issue 15; common/src/tasks/orders.ts)
// as TanStack Query options and calls. Writes are silent: each form shows the server's refusal
// beside the field it names, or in its own alert.
import type { TaskRequest } from '@fleet/common';
import { call } from './call';
import { taskKey, taskQuery } from './queries';

export const quoteParametersQuery = () => taskQuery('get_quote_parameters', {});
export const quoteContractQuery = (id: number) =>
  taskQuery('get_quote_contract', { id }, { silent: true });
export const jobOptionsQuery = () => taskQuery('get_job_options', {});

export const setQuote = (input: TaskRequest<'set_quote'>) =>
  call('set_quote', input, { silent: true });
export const priceQuote = (input: TaskRequest<'price_quote'>) =>
  call('price_quote', input, { silent: true });
export const acceptQuote = (id: number) => call('accept_quote', { id }, { silent: true });
export const declineQuote = (id: number) => call('decline_quote', { id }, { silent: true });
export const setOrderProgress = (id: number, progress: number) =>
  call('set_order_progress', { id, progress }, { silent: true });

export const setJob = (input: TaskRequest<'set_job'>) => call('set_job', input, { silent: true });

export const setWorkApproval = (input: TaskRequest<'set_work_approval'>) =>
  call('set_work_approval', input, { silent: true });
export const decideWorkApproval = (approve: boolean, id: number, note: string) =>
  call(approve ? 'approve_work_approval' : 'decline_work_approval', { id, note }, { silent: true });

/** What a quote's change can make stale: the lists, the quote, its contract, the order's jobs. */
export const QUOTE_KEYS = [
  taskKey('get_quotes'),
  taskKey('get_quote'),
  taskKey('get_quote_contract'),
  taskKey('get_jobs'),
  taskKey('get_dashboard_info'),
];
/** A job's change can complete its order. */
export const JOB_KEYS = [
  taskKey('get_jobs'),
  taskKey('get_job'),
  taskKey('get_quotes'),
  taskKey('get_quote'),
  taskKey('get_dashboard_info'),
];
export const WORK_APPROVAL_KEYS = [
  taskKey('get_work_approvals'),
  taskKey('get_site_alerts'),
  taskKey('get_dashboard_info'),
];
