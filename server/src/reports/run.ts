// Running a report (issue 14): the one path /api/report, the Website view (get_report_data) and the
// scheduler share. It checks the caller may run the report, checks its parameters against the
// catalogue (the form's own check), resolves the subjects through the tenant layer (ids of another
// client answer "not found", a tag adds every unit with that label), reads the period in the
// client's zone and hands the builder a scope; the document comes back wrapped with the brand, the
// client, the period and the generation time.
import {
  checkReportParams,
  dayNumber,
  dayOfNumber,
  reportById,
  reportsFor,
  RESULT,
  type ReportDefinition,
  type ReportParams,
} from '@fleet/common';
import { now } from '../clock';
import { dayStartIn } from '../domain/time';
import type { TaskContext } from '../tasks/context';
import { TaskError } from '../tasks/errors';
import { clientsByIds } from '../tasks/system';
import { notDeleted } from '../tasks/people-rows';
import type { ReportBuilder, ReportPerson, ReportUnit, ServerReportDoc } from './model';
import { singleVehicleBuilders } from './builders/single';
import { fleetBuilders } from './builders/fleet';

const BUILDERS: Record<string, ReportBuilder> = { ...singleVehicleBuilders, ...fleetBuilders };

/** The zone of a client whose zone is not set. */
export const DEFAULT_ZONE = 'Africa/Johannesburg';

export interface RunOptions {
  /** the Website view's cap on table rows (null: every row, for files) */
  rowCap: number | null;
  signal?: AbortSignal;
  progress?: (done: number, stage: string) => void;
  /** the theme's title and logo URL */
  brand: { title: string; logo: string | null };
  /** the theme's report server is staging (SPEC §7) */
  staging?: boolean;
}

/** Whether this report id has a builder (every catalogue entry must; a test checks). */
export const hasBuilder = (id: string) => id in BUILDERS;

/** Units of these ids and of the tag the caller may see, by name; a missing one is "not found". */
async function unitsOf(ctx: TaskContext, ids: number[], tag: number | null): Promise<ReportUnit[]> {
  const wanted = new Set(ids);
  if (tag !== null) {
    const label = await ctx.tenant
      .selectFrom('tags')
      .select('tgid')
      .where('tgid', '=', tag)
      .executeTakeFirst();
    if (!label) throw new TaskError('tag: Label not found');
    const links = await ctx.tenant
      .selectFrom('unit_tags')
      .select('unit_id')
      .where('tag_id', '=', tag)
      .execute();
    for (const l of links) wanted.add(l.unit_id);
  }
  if (!wanted.size) return [];
  const rows = await ctx.tenant
    .units()
    .select(['units.uid', 'units.client_id', 'units.name', 'units.reg'])
    .where('units.uid', 'in', [...wanted])
    .orderBy('units.name')
    .orderBy('units.uid')
    .execute();
  const found = new Set(rows.map((r) => r.uid));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length)
    throw new TaskError(
      `ids: ${missing.length === 1 ? `vehicle ${missing[0]} was` : `${missing.length} vehicles were`} not found`,
    );
  return rows;
}

async function peopleOf(ctx: TaskContext, ids: number[]): Promise<ReportPerson[]> {
  if (!ids.length) return [];
  const rows = await ctx.tenant
    .selectFrom('people')
    .select(['pid', 'client_id', 'first_name', 'surname'])
    .where('pid', 'in', ids)
    .where(notDeleted())
    .orderBy('first_name')
    .orderBy('surname')
    .execute();
  const found = new Set(rows.map((r) => r.pid));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length)
    throw new TaskError(
      `ids: ${missing.length === 1 ? `driver ${missing[0]} was` : `${missing.length} drivers were`} not found`,
    );
  return rows.map((r) => ({ ...r, name: `${r.first_name} ${r.surname}`.trim() }));
}

/**
 * The report's subjects (ids and a tag's units, or people) through the tenant layer, and their one
 * client with its zone; another client's id is "not found". The scheduler checks a schedule with it.
 */
export async function resolveSubjects(
  ctx: TaskContext,
  def: ReportDefinition,
  params: ReportParams,
): Promise<{
  units: ReportUnit[];
  people: ReportPerson[];
  client: { cid: number; name: string } | undefined;
  zone: string;
}> {
  const tagVar = def.variables.find((v) => v.type === 'tag');
  const tag = tagVar && params[tagVar.name] ? Number(params[tagVar.name]) : null;
  const units = def.ids_type === 'units' ? await unitsOf(ctx, params.ids, tag) : [];
  const people = def.ids_type === 'people' ? await peopleOf(ctx, params.ids) : [];
  if (def.ids_type === 'units' && !units.length)
    throw new TaskError('ids: the label has no vehicles you can see');
  const clientIds = [...new Set([...units, ...people].map((s) => s.client_id))];
  if (clientIds.length > 1) throw new TaskError('ids: choose vehicles or drivers of one client');
  const [client] = await clientsByIds(ctx, clientIds.length ? clientIds : [ctx.user.clientId]);
  return { units, people, client, zone: client?.timezone || DEFAULT_ZONE };
}

/**
 * Checks and runs a report for the caller of `ctx`. A refusal is a TaskError whose message names
 * the field; the builder's own failure propagates (a server fault).
 */
export async function buildReport(
  ctx: TaskContext,
  raw: Record<string, unknown>,
  opts: RunOptions,
): Promise<ServerReportDoc> {
  const id = typeof raw.report === 'string' ? raw.report : '';
  const def = reportById(id);
  if (!def)
    throw new TaskError(id ? `report: "${id.slice(0, 40)}" is not a report` : 'report: required');
  if (!reportsFor(ctx.user.roles).some((r) => r.id === id))
    throw new TaskError('You do not have permission for this report', RESULT.FORBIDDEN);
  const builder = BUILDERS[id];
  if (!builder) throw new TaskError(`report: "${id}" is not available yet`);
  const params = { ...raw, report: id, ids_type: raw.ids_type ?? def.ids_type } as ReportParams;
  if (!Array.isArray(params.ids)) params.ids = [];
  const errors = checkReportParams(def, params);
  if (errors.length) throw new TaskError(errors.join('; '));

  const { units, people, client, zone } = await resolveSubjects(ctx, def, params);

  let range: { from: number; to: number } | null = null;
  const days: string[] = [];
  if (params.date_range) {
    const [fromDay, toDay] = params.date_range;
    range = {
      from: dayStartIn(zone, fromDay),
      to: dayStartIn(zone, dayOfNumber(dayNumber(toDay) + 1)),
    };
    for (let n = dayNumber(fromDay); n <= dayNumber(toDay); n++) days.push(dayOfNumber(n));
  }
  const signal = opts.signal ?? new AbortController().signal;
  const progress = opts.progress ?? (() => {});
  progress(0, 'Reading');
  const built = await builder({
    ctx,
    def,
    params,
    zone,
    range,
    days,
    units,
    people,
    progress,
    signal,
    rowCap: opts.rowCap,
  });
  signal.throwIfAborted();
  return {
    report: def.id,
    title: def.name,
    brand: opts.brand,
    client: client?.name ?? '',
    zone,
    period: params.date_range ? { from: params.date_range[0], to: params.date_range[1] } : null,
    generated: new Date(now()).toISOString(),
    subjects: def.ids_type === 'units' ? units.map((u) => u.name) : people.map((p) => p.name),
    sections: built.sections,
    empty: built.empty,
    staging: opts.staging ?? false,
  };
}
