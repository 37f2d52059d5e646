// A schedule form's values and their checks before anything is sent (issue 14 item 5; SPEC §3
// Report schedule; §5: no html for schedules, e-mail rules). The run sets the date range itself, to
// the period just ended, so the report's other variables are all a schedule keeps.
import {
  checkReportParams,
  isValidEmail,
  SCHEDULE_FORMATS,
  type ReportDefinition,
  type ReportSchedule,
  type ReportVariable,
  type ScheduledReport,
  type TaskRequest,
} from '@fleet/common';
import { initialValues, paramsOf, problemsByField, type FieldProblems } from '../form/reportValues';
import type { VarParams } from '../reportPaths';

export type ScheduleFormat = (typeof SCHEDULE_FORMATS)[number];

export interface ScheduleValues {
  srid?: number;
  name: string;
  report: string | undefined;
  ids: number[];
  values: Record<string, unknown>;
  schedule: ReportSchedule;
  format: ScheduleFormat;
  email: string[];
}

export const MAX_RECIPIENTS = 20;

/** What each run covers, in words (common's periodEndedBy). */
export const SCHEDULE_PERIODS: Record<ReportSchedule, string> = {
  daily: 'yesterday',
  weekly: 'Monday to Sunday of last week',
  monthly: 'last month',
};

/** The variables a schedule keeps: all but the date range. */
export const scheduledVariables = (def: ReportDefinition): ReportVariable[] =>
  def.variables.filter((v) => v.type !== 'date_range');

/** The formats a schedule of this report may use: its own, less the Website (SPEC §5). */
export const scheduleFormatsOf = (def: ReportDefinition | undefined): ScheduleFormat[] =>
  SCHEDULE_FORMATS.filter((f) => !def || def.formats.includes(f));

const asScheduleFormat = (def: ReportDefinition, format: string | undefined): ScheduleFormat => {
  const allowed = scheduleFormatsOf(def);
  return allowed.find((f) => f === format) ?? allowed[0];
};

/** A new schedule, from a report form's var_string when there is one. */
export function newSchedule(
  def: ReportDefinition | undefined,
  from: VarParams,
  email: string[],
): ScheduleValues {
  const start = def ? initialValues(def, from) : { ids: [], values: {} };
  return {
    name: def?.name ?? '',
    report: def?.id,
    ids: start.ids,
    values: start.values,
    schedule: 'daily',
    format: def ? asScheduleFormat(def, from.format) : 'pdf',
    email,
  };
}

/** A stored schedule as the form holds it. */
export function storedSchedule(
  s: ScheduledReport,
  def: ReportDefinition | undefined,
): ScheduleValues {
  return {
    srid: s.srid,
    name: s.name,
    report: s.type,
    ids: s.ids,
    values: def ? initialValues(def, s.parameters as VarParams).values : { ...s.parameters },
    schedule: s.schedule,
    format: s.format,
    email: s.email,
  };
}

/** The same form with another report chosen: its defaults, the subjects kept when they fit. */
export function withReport(
  s: ScheduleValues,
  def: ReportDefinition,
  old?: ReportDefinition,
): ScheduleValues {
  const sameSubjects = old && old.ids_type === def.ids_type;
  const ids = sameSubjects ? (def.ids_count === 'one' ? s.ids.slice(0, 1) : s.ids) : [];
  return {
    ...s,
    report: def.id,
    // A name the user has not changed follows the report.
    name: !s.name.trim() || s.name === old?.name ? def.name : s.name,
    ids,
    values: initialValues(def).values,
    format: asScheduleFormat(def, s.format),
  };
}

/** set_scheduled_report's parameters. */
export function scheduleRequest(
  s: ScheduleValues,
  def: ReportDefinition,
): TaskRequest<'set_scheduled_report'> {
  const { report: _r, ids, ids_type, ...parameters } = paramsOf(def, s, scheduledVariables(def));
  return {
    ...(s.srid ? { srid: s.srid } : {}),
    name: s.name.trim(),
    type: def.id,
    schedule: s.schedule,
    format: s.format,
    email: s.email,
    ids,
    ids_type,
    parameters,
  };
}

/** Every problem of the form, by field, before anything is sent. */
export function checkSchedule(s: ScheduleValues, def: ReportDefinition | undefined): FieldProblems {
  const messages: string[] = [];
  if (!s.name.trim()) messages.push('name: Name is required');
  if (!def) messages.push('report: choose a report');
  else {
    const params = paramsOf(def, s, scheduledVariables(def));
    messages.push(...checkReportParams({ ...def, variables: scheduledVariables(def) }, params));
    if (!scheduleFormatsOf(def).includes(s.format))
      messages.push('format: a schedule sends a PDF or a CSV');
  }
  if (s.email.length === 0) messages.push('email: add at least one address');
  else if (s.email.length > MAX_RECIPIENTS)
    messages.push(`email: at most ${MAX_RECIPIENTS} addresses`);
  const bad = s.email.find((e) => !isValidEmail(e));
  if (bad !== undefined) messages.push(`email: "${bad}" is not a valid e-mail address`);
  const known = [
    'name',
    'report',
    'format',
    'email',
    'ids',
    ...(def ? def.variables.map((v) => v.name) : []),
  ];
  return problemsByField(messages, known);
}

/** The fields a server message may name (set_scheduled_report calls the report "type"). */
export function scheduleFieldOf(field: string): string {
  return field === 'type' ? 'report' : field;
}
