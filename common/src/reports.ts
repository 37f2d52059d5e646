// The report catalogue (issue 14; SPEC §3 Report variables, id types, report types, formats; §9
// maximum speed options, weeks from Monday). One list serves the catalogue page, the form's checks,
// /api/report and the scheduler, so a report id means the same thing everywhere.
import type { Role } from './roles';

export const REPORT_TYPES = [
  'Single Vehicles',
  'Multiple Vehicles',
  'Driver',
  'Export',
  'Advanced',
] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

export const REPORT_FORMATS = ['pdf', 'csv', 'html'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
export const REPORT_FORMAT_NAMES: Record<ReportFormat, string> = {
  pdf: 'PDF',
  csv: 'CSV',
  html: 'Website',
};
/** SPEC §5: scheduled reports drop the html type. */
export const SCHEDULE_FORMATS = ['pdf', 'csv'] as const satisfies readonly ReportFormat[];

/** SPEC §3 report id types: units (subject field name) and people (subject field first_name). */
export const REPORT_ID_TYPES = ['units', 'people'] as const;
export type ReportIdsType = (typeof REPORT_ID_TYPES)[number];
export const REPORT_SUBJECT_FIELD: Record<ReportIdsType, 'name' | 'first_name'> = {
  units: 'name',
  people: 'first_name',
};

export const REPORT_VARIABLE_TYPES = ['date_range', 'select', 'tag', 'string'] as const;
export type ReportVariableType = (typeof REPORT_VARIABLE_TYPES)[number];

export interface ReportOption {
  value: string;
  label: string;
}

/** SPEC §3 report variable: name, required, display, type, data. */
export type ReportVariable =
  | {
      name: string;
      required: boolean;
      display: string;
      type: 'date_range';
      /** the longest range the report allows, in days (inclusive) */
      data: { max_days: number };
    }
  | {
      name: string;
      required: boolean;
      display: string;
      type: 'select';
      data: { options: ReportOption[]; multiple?: boolean; default?: string | string[] };
    }
  | {
      name: string;
      required: boolean;
      display: string;
      /** a label (tag id): every unit with that label joins the report's ids */
      type: 'tag';
      data: null;
    }
  | {
      name: string;
      required: boolean;
      display: string;
      type: 'string';
      /** `number`: the text must be a number in [min, max] */
      data: { number?: { min: number; max: number }; max_length: number; placeholder?: string };
    };

/** A report of the catalogue as get_reports answers it. */
export interface ReportDefinition {
  id: string;
  name: string;
  type: ReportType;
  description: string;
  ids_type: ReportIdsType;
  /** how many ids it takes: one subject (Single Vehicles) or any number */
  ids_count: 'one' | 'many';
  /** formats it comes in, the first the default */
  formats: ReportFormat[];
  variables: ReportVariable[];
}

interface CatalogueEntry extends ReportDefinition {
  /** besides feature_reports (or user_support), the caller needs one of these */
  roles?: readonly Role[];
}

/** SPEC §9 maximum speed options: 5 to 155 in steps of 5 (Off is no limit, which a report cannot use). */
export const SPEED_LIMIT_OPTIONS: ReportOption[] = Array.from({ length: 31 }, (_, i) => ({
  value: String(5 + i * 5),
  label: `${5 + i * 5} km/h`,
}));

const dateRange = (max_days: number): ReportVariable => ({
  name: 'date_range',
  required: true,
  display: 'Period',
  type: 'date_range',
  data: { max_days },
});

const speedLimit: ReportVariable = {
  name: 'speed_limit',
  required: true,
  display: 'Speed limit',
  type: 'select',
  data: { options: SPEED_LIMIT_OPTIONS, default: '120' },
};

const tag: ReportVariable = {
  name: 'tag',
  required: false,
  display: 'Label (every vehicle with it)',
  type: 'tag',
  data: null,
};

/** Columns of the raw positions export. */
export const POSITION_COLUMNS: ReportOption[] = [
  { value: 'time', label: 'Time' },
  { value: 'lat', label: 'Latitude' },
  { value: 'lon', label: 'Longitude' },
  { value: 'speed', label: 'Speed (km/h)' },
  { value: 'course', label: 'Direction (°)' },
  { value: 'altitude', label: 'Altitude (m)' },
  { value: 'satellites', label: 'Satellites' },
  { value: 'ignition', label: 'Ignition' },
  { value: 'odometer', label: 'Odometer (km)' },
  { value: 'valid', label: 'GPS fix valid' },
];

/** Columns an advanced report may show, per group. */
export const ADVANCED_COLUMNS: ReportOption[] = [
  { value: 'trips', label: 'Trips' },
  { value: 'distance', label: 'Distance (km)' },
  { value: 'driving_time', label: 'Driving time' },
  { value: 'parked_time', label: 'Parked time' },
  { value: 'max_speed', label: 'Max speed (km/h)' },
  { value: 'avg_speed', label: 'Average speed (km/h)' },
  { value: 'speeding_time', label: 'Time above the speed limit' },
  { value: 'harsh_events', label: 'Harsh events' },
  { value: 'first_start', label: 'First trip start' },
  { value: 'last_end', label: 'Last trip end' },
];

export const ADVANCED_GROUPS: ReportOption[] = [
  { value: 'vehicle', label: 'Vehicle' },
  { value: 'driver', label: 'Driver' },
  { value: 'day', label: 'Day' },
  { value: 'week', label: 'Week (from Monday)' },
];

export const TRIP_LABEL_FILTER: ReportOption[] = [
  { value: 'all', label: 'All trips' },
  { value: 'business', label: 'Business trips' },
  { value: 'personal', label: 'Personal trips' },
  { value: 'unlabeled', label: 'Unlabelled trips' },
];

const CATALOGUE: readonly CatalogueEntry[] = [
  {
    id: 'trips',
    name: 'Trips and stops',
    type: 'Single Vehicles',
    description:
      'Every trip and stop of one vehicle: when, where from and to, distance, duration and top speed, with a map of each day’s route.',
    ids_type: 'units',
    ids_count: 'one',
    formats: ['pdf', 'csv', 'html'],
    variables: [
      dateRange(366),
      {
        name: 'include_stops',
        required: false,
        display: 'Stops',
        type: 'select',
        data: {
          options: [
            { value: 'yes', label: 'Trips and stops' },
            { value: 'no', label: 'Trips only' },
          ],
          default: 'yes',
        },
      },
    ],
  },
  {
    id: 'speeding',
    name: 'Speeding',
    type: 'Single Vehicles',
    description:
      'Each stretch one vehicle drove above a chosen limit: when, where, how fast, for how long and how far.',
    ids_type: 'units',
    ids_count: 'one',
    formats: ['pdf', 'csv', 'html'],
    variables: [dateRange(31), speedLimit],
  },
  {
    id: 'events',
    name: 'Events and alerts',
    type: 'Single Vehicles',
    description:
      'What the tracker reported (harsh driving, ignition, power, panic…) and the alerts your rules raised for one vehicle.',
    ids_type: 'units',
    ids_count: 'one',
    formats: ['pdf', 'csv', 'html'],
    variables: [dateRange(92)],
  },
  {
    id: 'daily_summary',
    name: 'Daily summary',
    type: 'Single Vehicles',
    description:
      'One line per day for one vehicle: trips, distance, driving and parked time, top speed, first start and last stop.',
    ids_type: 'units',
    ids_count: 'one',
    formats: ['pdf', 'csv', 'html'],
    variables: [dateRange(366)],
  },
  {
    id: 'location_visits',
    name: 'Location visits',
    type: 'Single Vehicles',
    description:
      'When one vehicle arrived at and left each of your locations, and how long it stayed.',
    ids_type: 'units',
    ids_count: 'one',
    formats: ['pdf', 'csv', 'html'],
    variables: [dateRange(92)],
    roles: ['feature_locations_view', 'feature_locations_edit', 'general_locations_list'],
  },
  {
    id: 'fuel',
    name: 'Fuel',
    type: 'Single Vehicles',
    description:
      'The imported fuel fills of one vehicle with litres, distance between fills and consumption, and the fills that look wrong.',
    ids_type: 'units',
    ids_count: 'one',
    formats: ['pdf', 'csv', 'html'],
    variables: [dateRange(366)],
    roles: ['report_10'],
  },
  {
    id: 'fleet_summary',
    name: 'Fleet summary',
    type: 'Multiple Vehicles',
    description:
      'Per vehicle and for the fleet: distance, driving time, idle time, top speed and trips.',
    ids_type: 'units',
    ids_count: 'many',
    formats: ['pdf', 'csv', 'html'],
    variables: [dateRange(92), tag],
  },
  {
    id: 'utilisation',
    name: 'Utilisation',
    type: 'Multiple Vehicles',
    description:
      'Hours each vehicle was used on each day, as a heat table, with its share of the period.',
    ids_type: 'units',
    ids_count: 'many',
    formats: ['pdf', 'csv', 'html'],
    variables: [dateRange(62), tag],
  },
  {
    id: 'speeding_league',
    name: 'Speeding league',
    type: 'Multiple Vehicles',
    description:
      'Vehicles ranked by time spent above a chosen limit, with their top speed and distance.',
    ids_type: 'units',
    ids_count: 'many',
    formats: ['pdf', 'csv', 'html'],
    variables: [dateRange(31), speedLimit, tag],
  },
  {
    id: 'behaviour',
    name: 'Driving behaviour score',
    type: 'Multiple Vehicles',
    description:
      'Harsh braking, acceleration and cornering per vehicle, per 100 km, and a score out of 100.',
    ids_type: 'units',
    ids_count: 'many',
    formats: ['pdf', 'csv', 'html'],
    variables: [dateRange(92), tag],
  },
  {
    id: 'last_position',
    name: 'Last known position',
    type: 'Multiple Vehicles',
    description: 'Where every vehicle is now, or was last heard from, with its speed and the time.',
    ids_type: 'units',
    ids_count: 'many',
    formats: ['pdf', 'csv', 'html'],
    variables: [tag],
  },
  {
    id: 'driver_trips',
    name: 'Driver trips',
    type: 'Driver',
    description: 'The trips each chosen driver made, in whichever vehicle, with distance and time.',
    ids_type: 'people',
    ids_count: 'many',
    formats: ['pdf', 'csv', 'html'],
    variables: [dateRange(92)],
    roles: ['feature_drivers_view', 'feature_drivers_edit', 'feature_driver_trips'],
  },
  {
    id: 'driver_scorecard',
    name: 'Driver scorecard',
    type: 'Driver',
    description:
      'Per driver: distance, driving time, speeding and harsh events per 100 km, and a score out of 100.',
    ids_type: 'people',
    ids_count: 'many',
    formats: ['pdf', 'csv', 'html'],
    variables: [dateRange(92), speedLimit],
    roles: ['feature_drivers_view', 'feature_drivers_edit', 'feature_driver_trips'],
  },
  {
    id: 'positions',
    name: 'Raw positions',
    type: 'Export',
    description:
      'Every position the trackers sent, with the columns you choose, for a spreadsheet.',
    ids_type: 'units',
    ids_count: 'many',
    formats: ['csv', 'html'],
    variables: [
      dateRange(31),
      {
        name: 'columns',
        required: true,
        display: 'Columns',
        type: 'select',
        data: {
          options: POSITION_COLUMNS,
          multiple: true,
          default: ['time', 'lat', 'lon', 'speed', 'ignition'],
        },
      },
      tag,
    ],
  },
  {
    id: 'advanced',
    name: 'Advanced',
    type: 'Advanced',
    description:
      'Your own report: choose the columns, how rows are grouped (vehicle, driver, day or week) and which trips count.',
    ids_type: 'units',
    ids_count: 'many',
    formats: ['pdf', 'csv', 'html'],
    variables: [
      dateRange(92),
      {
        name: 'columns',
        required: true,
        display: 'Columns',
        type: 'select',
        data: {
          options: ADVANCED_COLUMNS,
          multiple: true,
          default: ['trips', 'distance', 'driving_time', 'max_speed'],
        },
      },
      {
        name: 'group_by',
        required: true,
        display: 'Group by',
        type: 'select',
        data: { options: ADVANCED_GROUPS, default: 'vehicle' },
      },
      {
        name: 'label',
        required: false,
        display: 'Trips',
        type: 'select',
        data: { options: TRIP_LABEL_FILTER, default: 'all' },
      },
      {
        name: 'min_distance',
        required: false,
        display: 'Shortest trip counted (km)',
        type: 'string',
        data: { number: { min: 0, max: 10000 }, max_length: 8, placeholder: '0' },
      },
      { ...speedLimit, required: false },
      tag,
    ],
  },
];

/** Every report (SPEC §8: one without ids_type would be left out; every entry here has one). */
export const REPORT_CATALOGUE: readonly ReportDefinition[] = CATALOGUE;

export function reportById(id: string): ReportDefinition | undefined {
  return CATALOGUE.find((r) => r.id === id);
}

/** The reports a user with these roles may run: feature_reports or user_support, and the report's own. */
export function reportsFor(roles: readonly string[]): ReportDefinition[] {
  const has = (r: string) => roles.includes(r);
  if (!has('feature_reports') && !has('user_support')) return [];
  return CATALOGUE.filter((r) => !r.roles || r.roles.some(has) || has('user_support')).map(
    ({ roles: _roles, ...def }) => def,
  );
}

// ---- parameters -------------------------------------------------------------------------------

/** What a report run is told (API.md §4 without format): ids, ids_type, date_range and variables. */
export interface ReportParams {
  report: string;
  ids: number[];
  ids_type: ReportIdsType;
  /** calendar days in the client's zone, inclusive: ['2026-11-01', '2026-11-30'] */
  date_range?: [string, string];
  [variable: string]: unknown;
}

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

/** 'YYYY-MM-DD' → days since 1970-01-01 (a calendar day, no zone); NaN when not a real date. */
export function dayNumber(day: string): number {
  if (!DAY_RE.test(day)) return NaN;
  const t = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(t) || new Date(t).toISOString().slice(0, 10) !== day) return NaN;
  return t / 86_400_000;
}

export const dayOfNumber = (n: number) => new Date(n * 86_400_000).toISOString().slice(0, 10);

/** Inclusive day count of a date range. */
export const rangeDays = ([from, to]: readonly [string, string]) =>
  dayNumber(to) - dayNumber(from) + 1;

/** Values of a variable as a list (a multiple select sends an array or one comma-joined text). */
export function listValue(v: unknown): string[] {
  if (Array.isArray(v)) return v.map(String).filter(Boolean);
  if (typeof v === 'string') return v.split(',').filter(Boolean);
  if (typeof v === 'number') return [String(v)];
  return [];
}

/**
 * Checks a report's parameters against its definition, before anything runs; the messages name the
 * field (`date_range: ...`). The same check runs in the form and on the server. Ids may be empty
 * when a tag variable names a label. Answers the errors by field (empty: valid).
 */
export function checkReportParams(def: ReportDefinition, p: Partial<ReportParams>): string[] {
  const errors: string[] = [];
  const ids = Array.isArray(p.ids) ? p.ids : [];
  if (ids.some((id) => !Number.isInteger(id) || id <= 0)) errors.push('ids: must be whole numbers');
  if (p.ids_type !== undefined && p.ids_type !== def.ids_type)
    errors.push(`ids_type: this report takes ${def.ids_type}`);
  const tagged = def.variables.some((v) => v.type === 'tag' && p[v.name]);
  const subject = def.ids_type === 'units' ? 'vehicle' : 'driver';
  if (!ids.length && !tagged) errors.push(`ids: choose at least one ${subject}`);
  if (def.ids_count === 'one' && ids.length > 1) errors.push(`ids: choose one ${subject}`);
  if (ids.length > 2000) errors.push('ids: at most 2000');
  for (const v of def.variables) {
    const value = p[v.name];
    const missing =
      value === undefined ||
      value === null ||
      value === '' ||
      (Array.isArray(value) && value.length === 0);
    if (missing) {
      if (v.required) errors.push(`${v.name}: ${v.display} is required`);
      continue;
    }
    if (v.type === 'date_range') {
      const range = value as unknown[];
      if (
        !Array.isArray(range) ||
        range.length !== 2 ||
        range.some((d) => typeof d !== 'string' || Number.isNaN(dayNumber(d)))
      ) {
        errors.push(`${v.name}: must be two dates, YYYY-MM-DD`);
        continue;
      }
      const days = rangeDays(range as [string, string]);
      if (days < 1) errors.push(`${v.name}: the end is before the start`);
      else if (days > v.data.max_days)
        errors.push(`${v.name}: at most ${v.data.max_days} days for this report`);
    } else if (v.type === 'select') {
      const values = listValue(value);
      if (!v.data.multiple && values.length > 1) errors.push(`${v.name}: choose one`);
      const bad = values.find((x) => !v.data.options.some((o) => o.value === x));
      if (bad !== undefined) errors.push(`${v.name}: "${bad}" is not one of the choices`);
    } else if (v.type === 'tag') {
      const n = Number(value);
      if (!Number.isInteger(n) || n <= 0) errors.push(`${v.name}: must be a label id`);
    } else {
      const text = String(value);
      if (text.length > v.data.max_length)
        errors.push(`${v.name}: at most ${v.data.max_length} characters`);
      else if (v.data.number) {
        const n = Number(text);
        if (text.trim() === '' || !Number.isFinite(n)) errors.push(`${v.name}: must be a number`);
        else if (n < v.data.number.min || n > v.data.number.max)
          errors.push(`${v.name}: from ${v.data.number.min} to ${v.data.number.max}`);
      }
    }
  }
  return errors;
}

/** The default value of each variable that has one (the form starts from these). */
export function variableDefaults(def: ReportDefinition): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const v of def.variables)
    if (v.type === 'select' && v.data.default !== undefined) out[v.name] = v.data.default;
  return out;
}

// ---- var_string (reports/report/{var_string}, reports/generate/{var_string}) ------------------

/**
 * A report and its variables as one URL path segment, readable when decoded:
 * `report=trips&ids_type=units&ids=12&date_range=2026-11-01~2026-11-30&format=pdf`.
 * Lists are comma-joined; the date range's two days joined by `~`.
 */
export function encodeVarString(p: Partial<ReportParams> & { format?: string }): string {
  const q = new URLSearchParams();
  for (const [key, value] of Object.entries(p)) {
    if (value === undefined || value === null || value === '') continue;
    if (key === 'date_range' && Array.isArray(value)) q.set(key, value.join('~'));
    else if (Array.isArray(value)) q.set(key, value.join(','));
    else q.set(key, String(value));
  }
  return encodeURIComponent(q.toString());
}

export type VarStringResult =
  | { ok: true; params: Partial<ReportParams> & { format?: ReportFormat } }
  | { ok: false; error: string };

/** Reads a var_string back; an unknown report or a field that does not parse is an error naming it. */
export function parseVarString(s: string): VarStringResult {
  let text: string;
  try {
    text = decodeURIComponent(s);
  } catch {
    return { ok: false, error: 'The report link is damaged: it is not valid URL text' };
  }
  const q = new URLSearchParams(text);
  const report = q.get('report');
  if (!report) return { ok: false, error: 'report: the link does not name a report' };
  const def = reportById(report);
  if (!def) return { ok: false, error: `report: "${report}" is not a report` };
  const params: Partial<ReportParams> & { format?: ReportFormat } = {
    report,
    ids_type: def.ids_type,
    ids: [],
  };
  const ids = q.get('ids');
  if (ids) {
    const list = ids.split(',').map(Number);
    if (list.some((n) => !Number.isInteger(n) || n <= 0))
      return { ok: false, error: 'ids: must be whole numbers separated by commas' };
    params.ids = list;
  }
  const format = q.get('format');
  if (format) {
    if (!(REPORT_FORMATS as readonly string[]).includes(format))
      return { ok: false, error: `format: "${format}" is not pdf, csv or html` };
    params.format = format as ReportFormat;
  }
  for (const v of def.variables) {
    const raw = q.get(v.name);
    if (raw === null) continue;
    if (v.type === 'date_range') {
      const parts = raw.split('~');
      if (parts.length !== 2 || parts.some((d) => Number.isNaN(dayNumber(d))))
        return { ok: false, error: `${v.name}: must be two dates joined by ~, YYYY-MM-DD` };
      params.date_range = [parts[0], parts[1]];
    } else if (v.type === 'select' && v.data.multiple) params[v.name] = listValue(raw);
    else params[v.name] = raw;
  }
  return { ok: true, params };
}

// ---- schedules (SPEC §3 Report intervals; §9 weeks start on Monday) --------------------------

export const REPORT_SCHEDULES = ['daily', 'weekly', 'monthly'] as const;
export type ReportSchedule = (typeof REPORT_SCHEDULES)[number];
export const REPORT_SCHEDULE_NAMES: Record<ReportSchedule, string> = {
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
};

/** A period of whole days, inclusive, in some zone. */
export interface DayPeriod {
  from: string;
  to: string;
}

/**
 * The period a run on `today` (a calendar day in the client's zone) covers: the one just ended.
 * Daily: yesterday. Weekly: Monday to Sunday of last week. Monthly: last calendar month.
 */
export function periodEndedBy(schedule: ReportSchedule, today: string): DayPeriod {
  const t = dayNumber(today);
  if (schedule === 'daily') return { from: dayOfNumber(t - 1), to: dayOfNumber(t - 1) };
  if (schedule === 'weekly') {
    // 1970-01-01 was a Thursday: Monday-based weekday 0..6 = (n + 3) mod 7.
    const monday = t - ((((t + 3) % 7) + 7) % 7);
    return { from: dayOfNumber(monday - 7), to: dayOfNumber(monday - 1) };
  }
  const [y, m] = today.split('-').map(Number);
  const first = new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 10);
  const last = dayOfNumber(dayNumber(`${today.slice(0, 8)}01`) - 1);
  return { from: first, to: last };
}

/** The first day of the period after `p` (when a run for `p` becomes due). */
export const dayAfter = (p: DayPeriod) => dayOfNumber(dayNumber(p.to) + 1);
