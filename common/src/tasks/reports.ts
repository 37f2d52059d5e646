// Reports (issue 14; SPEC §2 /portal/reports, §3 Report schedule and variables, §6 feature_reports,
// feature_scheduled_reports_view / _edit; API.md §4). The catalogue is common/src/reports.ts; this
// file holds the tasks' parameters and answers and the document model every format draws.
import { z } from 'zod';
import { isValidEmail } from '../validators';
import {
  REPORT_ID_TYPES,
  REPORT_SCHEDULES,
  SCHEDULE_FORMATS,
  type ReportDefinition,
  type ReportFormat,
  type ReportIdsType,
  type ReportSchedule,
} from '../reports';
import { cleanText, idSchema, pagingSchema, plainText, type ListAnswer } from './shared';

export * from '../reports';

// ---- the document a report makes (every format draws this) ------------------------------------

/**
 * How a cell is shown. Values are raw: km as a number (2 decimals, SPEC §9), durations in seconds,
 * speeds in km/h, times as ISO-8601 instants (each format shows them in the client's zone), dates
 * as YYYY-MM-DD, litres as numbers, percent as 0-100.
 */
export type CellKind =
  | 'text'
  | 'number'
  | 'km'
  | 'duration'
  | 'datetime'
  | 'date'
  | 'speed'
  | 'litres'
  | 'percent'
  | 'coordinate';

export type Cell = string | number | null;

export interface ReportColumn {
  key: string;
  title: string;
  kind: CellKind;
  /** decimals of a number column (km: 2) */
  decimals?: number;
}

export type ReportRow = Record<string, Cell>;

export interface ReportTableSection {
  kind: 'table';
  title?: string;
  columns: ReportColumn[];
  rows: ReportRow[];
  /** the totals line under the rows */
  totals?: ReportRow;
  /** rows left out of this copy (the Website view's cap); the CSV has them all */
  omitted?: number;
  /** the table the CSV format carries (one per report) */
  primary?: boolean;
}

export interface ReportChartSection {
  kind: 'chart';
  title: string;
  /** bar and line: one value per category per series; heatmap: cells over categories × rows */
  chart: 'bar' | 'line' | 'heatmap';
  categories: string[];
  series: { name: string; values: number[] }[];
  /** heatmap rows (y axis) and cells [categoryIndex, rowIndex, value] */
  rows?: string[];
  cells?: [number, number, number][];
  /** unit of the values, shown on the axis: "km", "h", "km/h" */
  unit?: string;
}

export interface ReportMapSection {
  kind: 'map';
  title: string;
  /** lines as [lon, lat] points */
  paths: { name: string; points: [number, number][] }[];
  markers: { lon: number; lat: number; label: string; kind: 'start' | 'end' | 'stop' | 'event' }[];
}

export interface ReportSummarySection {
  kind: 'summary';
  items: { label: string; value: Cell; kind: CellKind }[];
}

export interface ReportNoteSection {
  kind: 'note';
  text: string;
}

export type ReportSection =
  | ReportTableSection
  | ReportChartSection
  | ReportMapSection
  | ReportSummarySection
  | ReportNoteSection;

/** A finished report, ready for any format. */
export interface ReportDoc {
  /** the catalogue id */
  report: string;
  /** the report's name */
  title: string;
  /** the theme's title and logo (an https or data: URL, or null) */
  brand: { title: string; logo: string | null };
  client: string;
  /** the client's IANA zone: every time in the document is shown in it */
  zone: string;
  /** days, inclusive, in the client's zone; null for a report of now (last position) */
  period: { from: string; to: string } | null;
  /** ISO instant */
  generated: string;
  /** the vehicles or drivers it covers (subject names) */
  subjects: string[];
  sections: ReportSection[];
  /** nothing happened in the period: the document says so */
  empty: boolean;
}

// ---- tasks ------------------------------------------------------------------------------------

/** get_report's parameters (API.md §4) past `report` and `format`, which /api/report reads itself. */
const reportRun = z
  .object({
    report: z.string().min(1).max(40),
    ids: z.array(idSchema).max(2000).default([]),
    ids_type: z.enum(REPORT_ID_TYPES).optional(),
    date_range: z.tuple([z.string(), z.string()]).optional(),
    /** the Website view's progress key (get_progress) */
    progress_id: z
      .string()
      .regex(/^[A-Za-z0-9_-]{8,64}$/)
      .optional(),
  })
  .catchall(z.unknown());

const emailList = z
  .array(plainText().trim().toLowerCase().max(254))
  .min(1, 'email: at least one address')
  .max(20, 'email: at most 20 addresses')
  .superRefine((list, c) => {
    for (const e of list)
      if (!isValidEmail(e))
        c.addIssue({ code: 'custom', message: `"${e}" is not a valid e-mail address` });
  });

export const reportParams = {
  get_reports: z.object({}),
  /** The document itself, for the Website view (capped rows; the CSV has all). */
  get_report_data: reportRun,
  /** How far the report this user started under `progress_id` has come. */
  get_progress: z.object({ progress_id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/) }),
  get_scheduled_reports: z.object({ ...pagingSchema }),
  get_scheduled_report: z.object({ srid: idSchema }),
  set_scheduled_report: z.object({
    srid: idSchema.optional(),
    name: cleanText(80).min(1, 'name: required'),
    /** the catalogue id (SPEC §3 "type (report)") */
    type: z.string().min(1).max(40),
    schedule: z.enum(REPORT_SCHEDULES),
    format: z.enum(SCHEDULE_FORMATS),
    email: emailList,
    ids: z.array(idSchema).max(2000).default([]),
    ids_type: z.enum(REPORT_ID_TYPES),
    /** the report's variables except date_range, which each run sets to its period */
    parameters: z.record(z.string(), z.unknown()).default({}),
  }),
  delete_scheduled_report: z.object({ srid: idSchema }),
};

/** One run of a schedule: when, for which period, how long, how big, and what became of it. */
export interface ScheduledReportRun {
  id: number;
  period: { from: string; to: string };
  started: string;
  finished: string | null;
  duration_ms: number | null;
  /** bytes of the file */
  size: number | null;
  status: 'running' | 'delivered' | 'failed';
  /** why it failed, or how it was delivered ("attached", "download link") */
  detail: string;
}

/** SPEC §3 Report schedule: schedule, email list, type (report), name, ids, ids_type, parameters, srid. */
export interface ScheduledReport {
  srid: number;
  name: string;
  type: string;
  /** the report's name in the catalogue */
  report_name: string;
  schedule: ReportSchedule;
  format: Exclude<ReportFormat, 'html'>;
  email: string[];
  ids: number[];
  ids_type: ReportIdsType;
  /** the subjects' names (SPEC §3: units by name, people by first_name) */
  subjects: string[];
  parameters: Record<string, unknown>;
  /** ISO: when the next run is due */
  next_run: string;
  last_run: ScheduledReportRun | null;
  created_by: string;
  updated: string;
}

export interface ReportProgress {
  /** 0..1 */
  done: number;
  /** what it is doing: "Reading trips", "Drawing the PDF" */
  stage: string;
  finished: boolean;
}

export interface ReportAnswers {
  get_reports: { reports: ReportDefinition[] };
  get_report_data: { report: ReportDoc };
  get_progress: { progress: ReportProgress | null };
  get_scheduled_reports: ListAnswer<'scheduled_reports', ScheduledReport>;
  get_scheduled_report: { scheduled_report: ScheduledReport & { runs: ScheduledReportRun[] } };
  set_scheduled_report: { srid: number };
  delete_scheduled_report: Record<string, never>;
}
