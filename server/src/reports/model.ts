// What a report builder is given and gives back (issue 14). A builder reads one report's figures
// through the tenant layer and answers the sections of its document; run.ts wraps them with the
// brand, client, period and generation time, and a renderer (render/) draws them as PDF, CSV or
// HTML. Times are epoch ms here and ISO instants in the document.
import type {
  ReportDefinition,
  ReportDoc,
  ReportParams,
  ReportRow,
  ReportSection,
  ReportTableSection,
} from '@fleet/common';
import type { TaskContext } from '../tasks/context';

export interface ReportUnit {
  uid: number;
  client_id: number;
  name: string;
  reg: string;
}

export interface ReportPerson {
  pid: number;
  client_id: number;
  first_name: string;
  surname: string;
  /** "First Surname" */
  name: string;
}

export interface ReportScope {
  /** the caller's context: read tenant data only through ctx.tenant */
  ctx: TaskContext;
  def: ReportDefinition;
  /** checked parameters (checkReportParams), the variables as sent */
  params: ReportParams;
  /** the client's IANA zone: days, weeks and times are read in it */
  zone: string;
  /** [from, to) of the period in epoch ms, midnight to midnight in `zone`; null without date_range */
  range: { from: number; to: number } | null;
  /** every calendar day of the period, in order ('YYYY-MM-DD'); empty without date_range */
  days: string[];
  /** the subjects when ids_type is units (ids and the tag's units), by name */
  units: ReportUnit[];
  /** the subjects when ids_type is people, by name */
  people: ReportPerson[];
  /** how far it has come, 0..1, and what it is doing (the generate page's progress bar) */
  progress(done: number, stage: string): void;
  /** aborted when the user cancels or the request goes away: stop reading */
  signal: AbortSignal;
  /** the most rows a table of the Website view carries (null: all, for files) */
  rowCap: number | null;
}

/**
 * A table whose rows may go on past `rows`: `more` yields the rest in batches, read as the file is
 * written, so a long export never sits in memory whole. `rows` then holds the first batch or none.
 */
export interface StreamedTable extends ReportTableSection {
  more?: () => AsyncIterable<ReportRow[]>;
}

export type BuiltSection = Exclude<ReportSection, ReportTableSection> | StreamedTable;

export interface BuiltReport {
  sections: BuiltSection[];
  /** nothing in the period: the document says so */
  empty: boolean;
}

export type ReportBuilder = (scope: ReportScope) => Promise<BuiltReport>;

/** A report ready for a renderer. */
export interface ServerReportDoc extends Omit<ReportDoc, 'sections'> {
  sections: BuiltSection[];
  /** made for a theme whose report server is staging (SPEC §7): marked so on every format */
  staging: boolean;
}

/** A rendered file, as a stream (PDF and CSV are written while they are sent). */
export interface RenderedReport {
  filename: string;
  contentType: string;
  stream: NodeJS.ReadableStream;
}
