// The dashboard's reads (issue 15; common/src/tasks/dashboard.ts) as TanStack Query options.
import type { DashboardTotals } from '@fleet/common';
import { taskQuery } from './queries';

export const DASHBOARD_DAYS = [1, 7, 14, 30] as const;
export type DashboardDays = (typeof DASHBOARD_DAYS)[number];

export const dashboardInfoQuery = (days: DashboardDays) =>
  taskQuery('get_dashboard_info', { days });
export const dashboardSummaryQuery = () => taskQuery('get_dashboard_summary', {});
export const latestRuleAlertsQuery = () =>
  taskQuery('get_rule_alerts', { page: 1, page_size: 5 }, { silent: true });
export const supportDashboardQuery = () => taskQuery('get_support_dashboard', {});

/** The tasks the dashboard reads, to refresh them when the socket says something changed. */
export const DASHBOARD_TASKS = [
  'get_dashboard_info',
  'get_dashboard_summary',
  'get_rule_alerts',
] as const;

export type TotalKey = keyof DashboardTotals;
