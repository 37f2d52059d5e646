// The account tasks of issue 15 (common/src/tasks/billing.ts): client details and the debit order
// form, billing, the statement and accounts, monthly deals and surveys, as TanStack Query options
// and calls.
import type {
  AccountEntryInput,
  ClientDetailInput,
  MonthlyDealInput,
  TaskRequest,
} from '@fleet/common';
import { call } from './call';
import { taskKey, taskQuery } from './queries';

export const clientDetailQuery = (cid?: number) =>
  taskQuery('get_client_detail', cid ? { cid } : {});
export const debitOrderFormQuery = (cid?: number) =>
  taskQuery('get_debit_order_form', cid ? { cid } : {});
export const billingQuery = (cid?: number) => taskQuery('get_billing', cid ? { cid } : {});
export const statementQuery = (p: TaskRequest<'get_statement'>) => taskQuery('get_statement', p);
export const monthlyDealsQuery = (all = false) =>
  taskQuery('get_monthly_deals', all ? { all: true } : {});
export const surveysQuery = () => taskQuery('get_surveys', {});

/** Silent: the forms show the server's refusal beside the field it names. */
export const setClientDetail = (input: ClientDetailInput) =>
  call('set_client_detail', input, { silent: true });
export const signDebitOrder = (signedBy: string, cid?: number) =>
  call(
    'set_debit_order_signature',
    { signed_by: signedBy, ...(cid ? { cid } : {}) },
    { silent: true },
  );
export const setAccountEntry = (input: AccountEntryInput) =>
  call('set_account_entry', input, { silent: true });
export const deleteAccountEntry = (id: number) => call('delete_account_entry', { id });
export const setMonthlyDeal = (input: MonthlyDealInput) =>
  call('set_monthly_deal', input, { silent: true });
export const deleteMonthlyDeal = (id: number) => call('delete_monthly_deal', { id });
export const answerSurvey = (id: number, rating: number, comment: string) =>
  call('set_survey_answer', { id, rating, comment }, { silent: true });

/** What a change to a client's details makes stale (the site alerts count missing details). */
export const DETAIL_KEYS = [
  taskKey('get_client_detail'),
  taskKey('get_debit_order_form'),
  taskKey('get_site_alerts'),
];
/** What a posted or deleted entry makes stale. */
export const LEDGER_KEYS = [
  taskKey('get_billing'),
  taskKey('get_statement'),
  taskKey('get_accounts'),
  taskKey('get_debit_order_form'),
  taskKey('get_site_alerts'),
];
export const DEAL_KEYS = [taskKey('get_monthly_deals')];
export const SURVEY_KEYS = [taskKey('get_surveys'), taskKey('get_site_alerts')];
