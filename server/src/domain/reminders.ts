// A stored reminder as users read it (issue 13): its facts from the row (and, for driver types,
// the person's expiry), its state from the vehicle's readings and today's day (common/reminders).
// Pure: tasks/reminder-rows.ts and jobs/reminder-check.ts read the rows and hand them here.
import {
  dueCycle,
  isDriverReminder,
  reminderStatus,
  type Reminder,
  type ReminderFacts,
  type ReminderTypeKey,
} from '@fleet/common';
import type { RemindersTable } from '../db/types';
import { iso } from './iso';

type Row = Omit<RemindersTable, 'id' | 'recipients' | 'notes'> & {
  id: number;
  recipients: string;
  notes: string;
};

export interface UnitReadings {
  uid: number;
  name: string;
  /** km, null when the unit never reported and nobody typed a reading */
  odometer: number | null;
  engine_hours: number | null;
}

export interface PersonExpiries {
  pid: number;
  name: string;
  /** UTC midnight of the expiry day, epoch ms */
  licence_expiry: number | null;
  prdp_expiry: number | null;
}

/** UTC midnight of a calendar day (epoch ms) as YYYY-MM-DD. */
export const storedDay = (ms: number | null): string | null =>
  ms === null ? null : new Date(Number(ms)).toISOString().slice(0, 10);

/** The facts the state is computed from; a driver reminder's due day is the person's expiry. */
export function reminderFacts(row: Row, person?: PersonExpiries): ReminderFacts {
  const type = row.type as ReminderTypeKey;
  let due_date = storedDay(row.due_date);
  if (type === 'driver_licence') due_date = storedDay(person?.licence_expiry ?? null);
  if (type === 'driver_prdp') due_date = storedDay(person?.prdp_expiry ?? null);
  return {
    type,
    interval: row.interval === null ? null : Number(row.interval),
    last_done: row.last_done === null ? null : Number(row.last_done),
    due_date,
    advance: Number(row.advance),
  };
}

const parseList = (text: string): string[] => {
  try {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : [];
  } catch {
    return [];
  }
};

/**
 * The reminder with its state now, or null when its vehicle or person is not among those given
 * (not visible to the user, or gone).
 */
export function reminderView(
  row: Row,
  units: ReadonlyMap<number, UnitReadings>,
  people: ReadonlyMap<number, PersonExpiries>,
  today: string,
): Reminder | null {
  const type = row.type as ReminderTypeKey;
  const driver = isDriverReminder(type);
  const unit = !driver && row.unit_id !== null ? units.get(row.unit_id) : undefined;
  const person = driver && row.person_id !== null ? people.get(row.person_id) : undefined;
  if (driver ? !person : !unit) return null;
  const facts = reminderFacts(row, person);
  const status = reminderStatus(facts, {
    odometer: unit?.odometer ?? null,
    engine_hours: unit?.engine_hours ?? null,
    today,
  });
  return {
    id: row.id,
    type,
    vid: driver ? null : row.unit_id,
    pid: driver ? row.person_id : null,
    subject: (driver ? person?.name : unit?.name) ?? '',
    interval: facts.interval,
    last_done: facts.last_done,
    due_date: facts.due_date,
    advance: facts.advance,
    recipients: parseList(row.recipients),
    notes: row.notes,
    // Only the e-mail of the cycle it is in now counts: a reset starts a new one.
    notified_at: row.notified_due === dueCycle(facts) ? iso(row.notified_at) : null,
    ...status,
  };
}
