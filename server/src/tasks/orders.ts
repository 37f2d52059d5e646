// The account's quotes and orders, jobs and work approvals (issue 15), registered together.
import { jobTasks } from './jobs';
import { quotePricingTasks } from './quote-pricing';
import { quoteTasks } from './quotes';
import type { TaskDef } from './registry';
import { workApprovalTasks } from './work-approvals';

export const orderTasks: TaskDef[] = [
  ...quoteTasks,
  ...quotePricingTasks,
  ...jobTasks,
  ...workApprovalTasks,
];
