// Table types of issue 13's maintenance records: service logs, odometer logs and reminders
// (ARCHITECTURE.md §4: epoch milliseconds, JSON as text).
import type { Generated } from 'kysely';

export interface ServiceLogsTable {
  id: Generated<number>;
  client_id: number;
  unit_id: number;
  datetimestamp: number;
  /** km */
  odometer: number | null;
  engine_hours: number | null;
  work_type: string;
  cost_cents: number | null;
  workshop: Generated<string>;
  notes: Generated<string>;
  /** JSON list of file names */
  attachments: Generated<string>;
  created_by: Generated<string>;
  created: number;
  updated: number;
}

export interface OdometerLogsTable {
  id: Generated<number>;
  client_id: number;
  unit_id: number;
  datetimestamp: number;
  /** km */
  odometer: number;
  /** 'reading' | 'correction' */
  kind: Generated<string>;
  /** the tracker's running odometer at that time, km */
  tracked: number | null;
  notes: Generated<string>;
  created_by: Generated<string>;
  created: number;
}

export interface RemindersTable {
  id: Generated<number>;
  client_id: number;
  /** a ReminderTypeKey */
  type: string;
  unit_id: number | null;
  person_id: number | null;
  interval: number | null;
  last_done: number | null;
  /** UTC midnight of the due calendar day */
  due_date: number | null;
  advance: number;
  /** JSON list of e-mail addresses */
  recipients: Generated<string>;
  notes: Generated<string>;
  notified_due: string | null;
  notified_at: number | null;
  created: number;
  updated: number;
}

/** An e-mailed due cycle of a reminder (the outbox rows' ref). */
export interface ReminderMailsTable {
  id: Generated<number>;
  client_id: number;
  reminder_id: number;
  cycle: string;
  created: number;
}
