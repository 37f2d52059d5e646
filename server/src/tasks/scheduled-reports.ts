// Scheduled reports (issue 14 item 5; SPEC §3 Report schedule, §5 no html for schedules, §6
// feature_scheduled_reports_view / _edit; change log entity "Scheduled Report"). A schedule is
// checked as a report run would be (the catalogue's parameter check with its period standing in
// for date_range, the subjects resolved through the tenant layer), so a schedule that is stored
// can run; the runs are made by jobs/scheduled-reports.ts as the user who last saved it.
import {
  checkReportParams,
  periodEndedBy,
  REPORT_FORMAT_NAMES,
  REPORT_SCHEDULE_NAMES,
  reportById,
  reportsFor,
  type ReportDefinition,
  type Role,
  type TaskMap,
} from '@fleet/common';
import { now } from '../clock';
import { dayOf } from '../domain/time';
import { resolveSubjects } from '../reports/run';
import { runParams } from '../reports/schedule';
import type { TaskContext } from './context';
import { TaskError } from './errors';
import { countRows, listAnswer, pageOf } from './paging';
import { defineTask } from './registry';
import { findSchedule, runsOf, scheduleViews } from './scheduled-report-rows';

export const SCHEDULE_READ_ROLES: readonly Role[] = [
  'feature_scheduled_reports_view',
  'feature_scheduled_reports_edit',
  'user_support',
];
export const SCHEDULE_WRITE_ROLES: readonly Role[] = [
  'feature_scheduled_reports_edit',
  'user_support',
];

/** Runs get_scheduled_report answers with the schedule. */
const RUN_HISTORY = 20;

type SetParams = TaskMap['set_scheduled_report']['parsed'];

/** The report's variables a schedule keeps: every one but date_range, which each run sets. */
function storedVariables(def: ReportDefinition, given: Record<string, unknown>) {
  const out: Record<string, unknown> = {};
  for (const v of def.variables) {
    if (v.type === 'date_range') continue;
    const value = given[v.name];
    if (value !== undefined && value !== null && value !== '') out[v.name] = value;
  }
  return out;
}

/** Checks a schedule as its runs will be checked; the stored columns and the subjects' client. */
async function checkSchedule(ctx: TaskContext, p: SetParams) {
  const def = reportById(p.type);
  if (!def) throw new TaskError(`type: "${p.type}" is not a report`);
  if (!reportsFor(ctx.user.roles).some((r) => r.id === def.id))
    throw new TaskError(`type: you do not have permission for the ${def.name} report`);
  if (!(def.formats as string[]).includes(p.format))
    throw new TaskError(
      `format: ${def.name} comes as ${def.formats.map((f) => REPORT_FORMAT_NAMES[f]).join(' or ')}`,
    );
  const parameters = storedVariables(def, p.parameters);
  // The period's length is what the check reads (the longest, a month, is within every report's
  // limit); the client's zone is known only once the subjects are.
  const params = runParams(
    def,
    { ...p, parameters },
    periodEndedBy(p.schedule, dayOf('UTC', now())),
  );
  const errors = checkReportParams(def, params);
  if (errors.length) throw new TaskError(errors.join('; '));
  const { client } = await resolveSubjects(ctx, def, params);
  return {
    def,
    clientId: client?.cid ?? ctx.user.clientId,
    columns: {
      name: p.name,
      type: def.id,
      schedule: p.schedule,
      format: p.format,
      email: JSON.stringify([...new Set(p.email)]),
      ids: JSON.stringify(p.ids),
      ids_type: p.ids_type,
      parameters: JSON.stringify(parameters),
      created_by: ctx.user.nid,
      created_by_name: ctx.user.username,
    },
  };
}

const getScheduledReports = defineTask({
  name: 'get_scheduled_reports',
  roles: SCHEDULE_READ_ROLES,
  probe: () => ({}),
  async handler(ctx, p) {
    const base = ctx.tenant.selectFrom('scheduled_reports').where('deleted', '=', 0);
    const count = await countRows(base);
    const { limit, offset } = pageOf(p);
    const rows = await base
      .selectAll()
      .orderBy('name')
      .orderBy('srid')
      .limit(limit)
      .offset(offset)
      .execute();
    return listAnswer('scheduled_reports', await scheduleViews(ctx, rows), count, p.page_size);
  },
});

const getScheduledReport = defineTask({
  name: 'get_scheduled_report',
  roles: SCHEDULE_READ_ROLES,
  probe: (f) => ({ srid: f.srid }),
  async handler(ctx, p) {
    const row = await findSchedule(ctx, p.srid);
    const [view] = await scheduleViews(ctx, [row]);
    return { scheduled_report: { ...view, runs: await runsOf(ctx, row.srid, RUN_HISTORY) } };
  },
});

const setScheduledReport = defineTask({
  name: 'set_scheduled_report',
  roles: SCHEDULE_WRITE_ROLES,
  entityType: 'Scheduled Report',
  probe: (f) => ({
    name: 'Probe',
    type: 'fleet_summary',
    schedule: 'daily',
    format: 'pdf',
    email: ['probe@example.com'],
    ids: [f.uid],
    ids_type: 'units',
  }),
  async handler(ctx, p) {
    const existing = p.srid !== undefined ? await findSchedule(ctx, p.srid) : undefined;
    const { def, clientId, columns } = await checkSchedule(ctx, p);
    const time = now();
    let srid: number;
    if (existing) {
      if (existing.client_id !== clientId)
        throw new TaskError("ids: choose vehicles or drivers of the schedule's client");
      srid = existing.srid;
      await ctx.tenant
        .updateTable('scheduled_reports')
        .set({
          ...columns,
          updated: time,
          // A new interval starts from now: no report of a period that ended before it.
          ...(existing.schedule !== p.schedule ? { begins: time } : {}),
        })
        .where('srid', '=', srid)
        .execute();
    } else {
      const row = await ctx.tenant
        .insertInto('scheduled_reports', clientId)
        .values({ ...columns, created: time, begins: time, updated: time, deleted: 0 })
        .returning('srid')
        .executeTakeFirstOrThrow();
      srid = row.srid;
    }
    ctx.changeLog({
      action: existing ? 'E' : 'I',
      entityType: 'Scheduled Report',
      entityId: srid,
      description: `Scheduled report "${p.name}" ${existing ? 'edited' : 'added'}: ${def.name}, ${REPORT_SCHEDULE_NAMES[p.schedule]}, ${REPORT_FORMAT_NAMES[p.format]}, to ${p.email.join(', ')}`,
    });
    return { srid };
  },
});

const deleteScheduledReport = defineTask({
  name: 'delete_scheduled_report',
  roles: SCHEDULE_WRITE_ROLES,
  entityType: 'Scheduled Report',
  probe: (f) => ({ srid: f.srid }),
  async handler(ctx, p) {
    const row = await findSchedule(ctx, p.srid);
    // Kept, marked deleted: its runs' download links work until they expire.
    await ctx.tenant
      .updateTable('scheduled_reports')
      .set({ deleted: 1, updated: now() })
      .where('srid', '=', row.srid)
      .execute();
    ctx.changeLog({
      action: 'D',
      entityType: 'Scheduled Report',
      entityId: row.srid,
      description: `Scheduled report "${row.name}" deleted`,
    });
    return {};
  },
});

export const scheduledReportTasks = [
  getScheduledReports,
  getScheduledReport,
  setScheduledReport,
  deleteScheduledReport,
];
