// The report pages' addresses (SPEC §2 /portal/reports): the catalogue with a report's form filled
// from a var_string, its run, and the schedule pages. One place builds them, with common's codec.
import { encodeVarString, type ReportFormat, type ReportParams } from '@fleet/common';

export type VarParams = Partial<ReportParams> & { format?: ReportFormat };

export const REPORTS_PATH = '/portal/reports/report';
export const SCHEDULED_PATH = '/portal/reports/scheduled';
export const SCHEDULE_ADD_PATH = '/portal/reports/schedule/add';

export const reportFormPath = (p: VarParams) => `${REPORTS_PATH}/${encodeVarString(p)}`;
export const generatePath = (p: VarParams) => `/portal/reports/generate/${encodeVarString(p)}`;
export const scheduleAddPath = (p: VarParams) => `${SCHEDULE_ADD_PATH}/${encodeVarString(p)}`;
export const scheduleEditPath = (srid: number) => `/portal/reports/schedule/edit/${srid}`;

/**
 * The var_string of the address under `prefix` as it was written (encoded once). Read from the
 * path rather than the route's parameter, which the router decodes: a value holding "&" or "%"
 * would then no longer read back.
 */
export function varStringIn(pathname: string, prefix: string): string | undefined {
  const start = `${prefix}/`;
  if (!pathname.startsWith(start)) return undefined;
  return pathname.slice(start.length).split('/')[0] || undefined;
}
