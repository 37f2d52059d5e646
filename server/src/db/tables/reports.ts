// Table types of scheduled reports (issue 14): the schedules and each run's record (epoch
// milliseconds, JSON as text, booleans 0/1).
import type { Generated } from 'kysely';

export interface ScheduledReportsTable {
  srid: Generated<number>;
  client_id: number;
  name: string;
  /** the catalogue id (common/src/reports.ts) */
  type: string;
  /** a ReportSchedule: 'daily' | 'weekly' | 'monthly' */
  schedule: string;
  /** 'pdf' | 'csv' (SPEC §5: no html) */
  format: string;
  /** JSON list of e-mail addresses */
  email: Generated<string>;
  /** JSON list of unit or person ids */
  ids: Generated<string>;
  ids_type: string;
  /** JSON object: the report's variables except date_range, which each run sets */
  parameters: Generated<string>;
  /** the user the runs are made as (users.nid) */
  created_by: number;
  created_by_name: Generated<string>;
  created: number;
  /** only periods that end after this run (set when made and when `schedule` changes) */
  begins: number;
  updated: number;
  deleted: Generated<number>;
}

export interface ReportRunsTable {
  id: Generated<number>;
  client_id: number;
  srid: number;
  /** the period, calendar days in the client's zone, inclusive */
  period_from: string;
  period_to: string;
  started: number;
  /** when its mail was all sent, or it failed */
  finished: number | null;
  /** real ms the report took to make and draw */
  duration_ms: number | null;
  /** bytes of the file */
  size: number | null;
  /** 'running' | 'delivered' | 'failed' */
  status: string;
  detail: Generated<string>;
  /** how the file goes out: 'attachment' | 'link' (null until it is made) */
  delivery: string | null;
  /** when its mail was handed to the outbox */
  queued: number | null;
  /** the random token of DATA_DIR/reports/<token>.<ext> and of the download link */
  file_token: string | null;
  /** the name the file is sent and downloaded under */
  file_name: string | null;
  /** the file and its link are gone after this */
  expires: number | null;
}
