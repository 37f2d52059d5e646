// A report form's values and what they become: the parameters /api/report and the schedules take
// (common's ReportParams), the var_string of the page's address, and checkReportParams' messages
// split by the field they name ("date_range: at most 31 days for this report").
import {
  listValue,
  variableDefaults,
  type ReportDefinition,
  type ReportFormat,
  type ReportParams,
  type ReportVariable,
} from '@fleet/common';
import { nowInZone } from '../../../components/zone';
import type { VarParams } from '../reportPaths';

/** What the form holds: the subjects, each variable's value by name, and the format. */
export interface ReportValues {
  ids: number[];
  values: Record<string, unknown>;
  format: ReportFormat;
}

/** The last 7 days to today, in the user's zone (SPEC §9 "Last 7 Days"). */
export function defaultDateRange(): [string, string] {
  const today = nowInZone();
  return [today.subtract(6, 'day').format('YYYY-MM-DD'), today.format('YYYY-MM-DD')];
}

/** The form's start: the variables' defaults, then what the var_string says. */
export function initialValues(def: ReportDefinition, from: VarParams = {}): ReportValues {
  const values: Record<string, unknown> = variableDefaults(def);
  for (const v of def.variables) {
    const given = from[v.name];
    if (given !== undefined && given !== null && given !== '') values[v.name] = given;
    else if (v.type === 'date_range') values[v.name] = defaultDateRange();
  }
  const format =
    from.format && def.formats.includes(from.format) ? from.format : (def.formats[0] ?? 'pdf');
  return { ids: from.ids ?? [], values, format };
}

function variableValue(v: ReportVariable, value: unknown): unknown {
  if (value === undefined || value === null || value === '') return undefined;
  if (v.type === 'tag') return Number(value);
  if (v.type === 'select' && v.data.multiple) return listValue(value);
  if (v.type === 'string') return String(value).trim() || undefined;
  return value;
}

/** The parameters of a run: report, ids, ids_type and each variable that has a value. */
export function paramsOf(
  def: ReportDefinition,
  { ids, values }: Pick<ReportValues, 'ids' | 'values'>,
  variables: readonly ReportVariable[] = def.variables,
): ReportParams {
  const params: ReportParams = { report: def.id, ids, ids_type: def.ids_type };
  for (const v of variables) {
    const value = variableValue(v, values[v.name]);
    if (value !== undefined) params[v.name] = value;
  }
  return params;
}

/** The var_string's content: the parameters and the format. */
export const varParamsOf = (def: ReportDefinition, state: ReportValues): VarParams => ({
  ...paramsOf(def, state),
  format: state.format,
});

export interface FieldProblems {
  /** by field name (ids, a variable's name, format, email…): the message without the name */
  fields: Record<string, string>;
  /** messages naming no field of the form */
  rest: string[];
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Splits "name: message" texts by field; the first message of a field wins. */
export function problemsByField(
  messages: readonly string[],
  known: readonly string[],
): FieldProblems {
  const out: FieldProblems = { fields: {}, rest: [] };
  for (const message of messages) {
    const m = /^([a-z_]+)(?:\.\d+)*:\s*(.*)$/.exec(message.trim());
    if (m && known.includes(m[1])) out.fields[m[1]] ??= capitalised(m[2]);
    else out.rest.push(message);
  }
  return out;
}
