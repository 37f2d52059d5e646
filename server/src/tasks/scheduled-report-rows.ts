// Scheduled reports as the list and the form read them (issue 14): the stored row with its
// report's name, its subjects' names (SPEC §3: units by name, people by first_name; only those the
// user may see), when the next run is due in the client's zone and how the last one went. The runs
// themselves are jobs/scheduled-reports.ts's.
import {
  reportById,
  type ReportIdsType,
  type ReportSchedule,
  type ScheduledReport,
  type ScheduledReportRun,
} from '@fleet/common';
import type { Selectable } from 'kysely';
import { now } from '../clock';
import { json } from '../db';
import type { ReportRunsTable, ScheduledReportsTable } from '../db/types';
import { nextRunAt } from '../reports/schedule';
import { DEFAULT_ZONE } from '../reports/run';
import type { TaskContext } from './context';
import { notFound } from './errors';
import { iso } from './paging';
import { notDeleted } from './people-rows';
import { clientsByIds } from './system';

export type ScheduleRow = Selectable<ScheduledReportsTable>;
type RunRow = Selectable<ReportRunsTable>;

export function runView(r: RunRow): ScheduledReportRun {
  return {
    id: r.id,
    period: { from: r.period_from, to: r.period_to },
    started: iso(r.started),
    finished: iso(r.finished),
    duration_ms: r.duration_ms,
    size: r.size === null ? null : Number(r.size),
    status: r.status as ScheduledReportRun['status'],
    detail: r.detail,
  };
}

/** A schedule of the user's client (any client for support) that is not deleted, or "not found". */
export async function findSchedule(ctx: TaskContext, srid: number): Promise<ScheduleRow> {
  const row = await ctx.tenant
    .selectFrom('scheduled_reports')
    .selectAll()
    .where('srid', '=', srid)
    .where('deleted', '=', 0)
    .executeTakeFirst();
  if (!row) throw notFound('Scheduled report');
  return row;
}

/** Names of the ids by type, and of the labels a tag variable names, that the user may see. */
async function subjectNames(ctx: TaskContext, rows: ScheduleRow[]) {
  const idsOf = (type: ReportIdsType) => [
    ...new Set(
      rows.filter((r) => r.ids_type === type).flatMap((r) => json.parse<number[]>(r.ids, [])),
    ),
  ];
  const uids = idsOf('units');
  const pids = idsOf('people');
  const units = new Map<number, string>();
  const people = new Map<number, string>();
  if (uids.length)
    for (const u of await ctx.tenant
      .units()
      .select(['units.uid', 'units.name'])
      .where('units.uid', 'in', uids)
      .execute())
      units.set(u.uid, u.name);
  if (pids.length)
    for (const p of await ctx.tenant
      .selectFrom('people')
      .select(['pid', 'first_name'])
      .where('pid', 'in', pids)
      .where(notDeleted())
      .execute())
      people.set(p.pid, p.first_name);
  const tagIds = [...new Set(rows.flatMap((r) => tagOf(r) ?? []))];
  const tags = new Map<number, string>();
  if (tagIds.length)
    for (const t of await ctx.tenant
      .selectFrom('tags')
      .select(['tgid', 'name'])
      .where('tgid', 'in', tagIds)
      .execute())
      tags.set(t.tgid, t.name);
  return (r: ScheduleRow): string[] => {
    const names = r.ids_type === 'people' ? people : units;
    const list = json.parse<number[]>(r.ids, []).flatMap((id) => names.get(id) ?? []);
    const tag = tagOf(r);
    const label = tag === null ? undefined : tags.get(tag);
    return label === undefined ? list : [...list, `Label: ${label}`];
  };
}

/** The label id a schedule's tag variable names, if its report has one and it is set. */
function tagOf(r: ScheduleRow): number | null {
  const tagVar = reportById(r.type)?.variables.find((v) => v.type === 'tag');
  const value = tagVar ? json.parse<Record<string, unknown>>(r.parameters, {})[tagVar.name] : null;
  const n = Number(value);
  return value !== null && value !== undefined && value !== '' && Number.isInteger(n) ? n : null;
}

/** The schedules as the list shows them, in the order given. */
export async function scheduleViews(
  ctx: TaskContext,
  rows: ScheduleRow[],
): Promise<ScheduledReport[]> {
  if (!rows.length) return [];
  const at = now();
  const clients = await clientsByIds(ctx, [...new Set(rows.map((r) => r.client_id))]);
  const zones = new Map(clients.map((c) => [c.cid, c.timezone || DEFAULT_ZONE]));
  // Runs are claimed in period order, so a schedule's newest run is its last one.
  const srids = rows.map((r) => r.srid);
  const newest = await ctx.tenant
    .selectFrom('report_runs')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('srid', 'in', srids)
    .groupBy('srid')
    .execute();
  const ids = newest.map((n) => Number(n.id));
  const last = new Map<number, RunRow>();
  if (ids.length)
    for (const run of await ctx.tenant
      .selectFrom('report_runs')
      .selectAll()
      .where('id', 'in', ids)
      .execute())
      last.set(run.srid, run);
  const subjects = await subjectNames(ctx, rows);
  return rows.map((r) => {
    const lastRun = last.get(r.srid) ?? null;
    const schedule = r.schedule as ReportSchedule;
    const next = nextRunAt(
      schedule,
      zones.get(r.client_id) ?? DEFAULT_ZONE,
      at,
      r.begins,
      (p) => lastRun?.period_from === p.from && lastRun.period_to === p.to,
    );
    return {
      srid: r.srid,
      name: r.name,
      type: r.type,
      report_name: reportById(r.type)?.name ?? r.type,
      schedule,
      format: r.format as ScheduledReport['format'],
      email: json.parse<string[]>(r.email, []),
      ids: json.parse<number[]>(r.ids, []),
      ids_type: r.ids_type as ReportIdsType,
      subjects: subjects(r),
      parameters: json.parse<Record<string, unknown>>(r.parameters, {}),
      next_run: iso(next),
      last_run: lastRun ? runView(lastRun) : null,
      created_by: r.created_by_name,
      updated: iso(r.updated),
    };
  });
}

/** A schedule's newest runs, newest first. */
export async function runsOf(ctx: TaskContext, srid: number, limit: number) {
  const rows = await ctx.tenant
    .selectFrom('report_runs')
    .selectAll()
    .where('srid', '=', srid)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(runView);
}
