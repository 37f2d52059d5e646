// Reminder states (issue 13, SPEC §3 Reminder, §5 advance amount): when a reminder falls due, how
// much is left, and how urgent it is. Pure, shared by the server (get_reminders, the e-mail job, the
// dashboard count) and the web (labels and units of the advance amount by type).
import { REMINDER_TYPES } from './enums';

export type ReminderTypeKey = (typeof REMINDER_TYPES)[number]['key'];
export type ReminderUnit = (typeof REMINDER_TYPES)[number]['unit'];
export const REMINDER_TYPE_KEYS = REMINDER_TYPES.map((t) => t.key) as [
  ReminderTypeKey,
  ...ReminderTypeKey[],
];

export const REMINDER_STATES = ['overdue', 'due_soon', 'ok'] as const;
export type ReminderState = (typeof REMINDER_STATES)[number];
export const REMINDER_STATE_NAMES: Record<ReminderState, string> = {
  overdue: 'Overdue',
  due_soon: 'Due soon',
  ok: 'OK',
};

export function reminderType(key: ReminderTypeKey) {
  return REMINDER_TYPES.find((t) => t.key === key)!;
}

/** Service reminders count a reading (km or hours); the others count calendar days to a date. */
export const isServiceReminder = (key: ReminderTypeKey) =>
  key === 'service_km' || key === 'service_hours';
export const isDriverReminder = (key: ReminderTypeKey) =>
  key === 'driver_licence' || key === 'driver_prdp';

/** SPEC §5: the advance amount's label and unit depend on the type. */
export function advanceLabel(key: ReminderTypeKey): { label: string; unit: string } {
  const unit = reminderType(key).unit;
  if (unit === 'km') return { label: 'Remind me ... km before', unit: 'km' };
  if (unit === 'hours') return { label: 'Remind me ... hours before', unit: 'hours' };
  return { label: 'Remind me ... days before', unit: 'days' };
}

/** What a reminder knows about itself. */
export interface ReminderFacts {
  type: ReminderTypeKey;
  /** service types: every N km or hours */
  interval: number | null;
  /** service types: the reading (km or hours) when the service was last done */
  last_done: number | null;
  /** date types: the due day, YYYY-MM-DD (the vehicle licence's, or the person's expiry) */
  due_date: string | null;
  /** km, hours or days before the due point at which it becomes due soon */
  advance: number;
}

/** What the world says now. */
export interface ReminderReadings {
  /** the vehicle's running odometer, km (null: never reported) */
  odometer: number | null;
  /** the vehicle's running engine hours (null: never reported) */
  engine_hours: number | null;
  /** today's calendar day in the client's or user's zone, YYYY-MM-DD */
  today: string;
}

export interface ReminderStatus {
  state: ReminderState;
  /** km, hours or days left until the due point; negative when overdue; null when unknown */
  left: number | null;
  /** "1,240 km", "3 days", "12 h", "overdue by 2 days", "today" */
  left_text: string;
  /** the due point: a reading for service types, a day for the others */
  due: number | string | null;
  /** the reading now (service types) */
  current: number | null;
}

const DAY_MS = 86_400_000;

/** Whole calendar days from day `a` to day `b` (both YYYY-MM-DD): positive when b is later. */
export function calendarDaysBetween(a: string, b: string): number {
  const ms = (d: string) => {
    const [y, m, day] = d.split('-').map(Number);
    return Date.UTC(y, m - 1, day);
  };
  return Math.round((ms(b) - ms(a)) / DAY_MS);
}

/** The calendar day (YYYY-MM-DD) an instant falls on in a time zone. */
export function dayInZone(at: number, timeZone: string): string {
  let zone = timeZone;
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone: zone });
  } catch {
    zone = 'Africa/Johannesburg';
  }
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(at);
  const get = (t: string) => parts.find((p) => p.type === t)!.value;
  return `${get('year')}-${get('month')}-${get('day')}`;
}

const grouped = (n: number) => Math.round(n).toLocaleString('en-US');

/** An amount of the type's unit in words: "1,240 km", "12 h", "3 days", "1 day". */
export function formatReminderAmount(key: ReminderTypeKey, amount: number): string {
  const unit = reminderType(key).unit;
  if (unit === 'km') return `${grouped(amount)} km`;
  if (unit === 'hours') return `${grouped(amount)} h`;
  const days = Math.round(amount);
  return `${grouped(days)} day${Math.abs(days) === 1 ? '' : 's'}`;
}

/** The reading or day at which the reminder is due. */
export function reminderDue(r: ReminderFacts): number | string | null {
  if (isServiceReminder(r.type)) {
    if (r.interval === null || r.last_done === null) return null;
    return r.last_done + r.interval;
  }
  return r.due_date;
}

/**
 * The state of a reminder now. Past the due point it is overdue; within the advance amount of it
 * (exactly at the advance amount included) it is due soon; otherwise ok. Days are calendar days in
 * the zone `readings.today` was taken in, so a licence due on the 26th is due "today" on the 26th
 * wherever the user is, whatever the hour.
 */
export function reminderStatus(r: ReminderFacts, readings: ReminderReadings): ReminderStatus {
  const due = reminderDue(r);
  let left: number | null = null;
  let current: number | null = null;
  if (isServiceReminder(r.type)) {
    current = r.type === 'service_km' ? readings.odometer : readings.engine_hours;
    if (typeof due === 'number' && current !== null) left = round1(due - current);
  } else if (typeof due === 'string') {
    left = calendarDaysBetween(readings.today, due);
  }
  if (left === null) {
    const why = isServiceReminder(r.type) ? 'no reading yet' : 'no due date on record';
    return { state: 'ok', left, left_text: why, due, current };
  }
  const state: ReminderState = left < 0 ? 'overdue' : left <= r.advance ? 'due_soon' : 'ok';
  let left_text: string;
  if (state === 'overdue') left_text = `overdue by ${formatReminderAmount(r.type, -left)}`;
  else if (left === 0 && reminderType(r.type).unit === 'days') left_text = 'due today';
  else left_text = formatReminderAmount(r.type, left);
  return { state, left, left_text, due, current };
}

const round1 = (n: number) => Math.round(n * 10) / 10;

const STATE_RANK: Record<ReminderState, number> = { overdue: 0, due_soon: 1, ok: 2 };

/**
 * Urgency order: overdue first (the most overdue first), then due soon, then ok; within a state
 * the one with least left relative to its advance amount first, so km, hours and days compare.
 * Reminders with nothing known come last.
 */
export function compareUrgency(
  a: { state: ReminderState; left: number | null; advance: number; id: number },
  b: { state: ReminderState; left: number | null; advance: number; id: number },
): number {
  if (STATE_RANK[a.state] !== STATE_RANK[b.state]) return STATE_RANK[a.state] - STATE_RANK[b.state];
  const rel = (x: typeof a) => (x.left === null ? Infinity : x.left / Math.max(1, x.advance));
  const d = rel(a) - rel(b);
  if (d !== 0 && !Number.isNaN(d)) return d < 0 ? -1 : 1;
  return a.id - b.id;
}

/**
 * The due cycle a reminder is in, as text: one e-mail goes per cycle. A new service (a new
 * last-done reading), a new interval or a renewed expiry date is a new cycle.
 */
export function dueCycle(r: ReminderFacts): string | null {
  const due = reminderDue(r);
  return due === null ? null : `${r.type}:${due}`;
}
