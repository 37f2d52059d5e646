// The client's account (issue 15): client details and the debit order form, the ledger (billing,
// statement, accounts), monthly deals and surveys, each in its own module, registered as one list.
import type { TaskDef } from './registry';
import { clientDetailTasks } from './client-details';
import { dealTasks } from './deals';
import { ledgerTasks } from './statement';
import { surveyTasks } from './surveys';

export const billingTasks: TaskDef[] = [
  ...clientDetailTasks,
  ...ledgerTasks,
  ...dealTasks,
  ...surveyTasks,
];
