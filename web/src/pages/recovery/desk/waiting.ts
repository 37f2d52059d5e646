// How long a chase-up has waited to be taken, and how urgent that is (issue 16 item 8): a New
// chase-up nobody took turns amber at 2 minutes and red at 5. Pure, so the clock is the caller's.
import {
  CHASEUP_AMBER_MS,
  CHASEUP_RED_MS,
  CHASEUP_STATE_NEW,
  type ChaseupEvent,
} from '@fleet/common';

export type Urgency = 'calm' | 'amber' | 'red';

type Waiting = Pick<ChaseupEvent, 'state' | 'created' | 'time' | 'taken_at' | 'closed_at'>;

/** Milliseconds a duration is worth in words: "less than a minute", "6 min", "2 h 5 min", "3 d 4 h". */
export function durationText(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  if (minutes < 1) return 'less than a minute';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}

/** When the desk got it (created), or the event's time when created cannot be read. */
function since(e: Waiting): number {
  const created = Date.parse(e.created);
  return Number.isNaN(created) ? Date.parse(e.time) : created;
}

/** Still waiting: New and nobody has it. */
export const isWaiting = (e: Pick<ChaseupEvent, 'state' | 'taken_at'>) =>
  e.state === CHASEUP_STATE_NEW && !e.taken_at;

/** How long it waited: until now while waiting, else until it was taken (or closed). */
export function waitedMs(e: Waiting, now: number): number {
  const start = since(e);
  if (Number.isNaN(start)) return 0;
  if (isWaiting(e)) return Math.max(0, now - start);
  const end = Date.parse(e.taken_at ?? e.closed_at ?? '');
  return Number.isNaN(end) ? 0 : Math.max(0, end - start);
}

export function urgency(e: Waiting, now: number): Urgency {
  if (!isWaiting(e)) return 'calm';
  const ms = waitedMs(e, now);
  if (ms >= CHASEUP_RED_MS) return 'red';
  if (ms >= CHASEUP_AMBER_MS) return 'amber';
  return 'calm';
}

/** The words beside the clock, so colour is never the only signal. */
export function waitingText(e: Waiting, now: number): string {
  const ms = waitedMs(e, now);
  if (!isWaiting(e)) {
    if (e.taken_at) return `Taken after ${durationText(ms)}`;
    return e.closed_at ? `Closed after ${durationText(ms)}` : '—';
  }
  const base = `Waiting ${durationText(ms)}`;
  const level = urgency(e, now);
  if (level === 'red') return `${base} — overdue`;
  if (level === 'amber') return `${base} — take it now`;
  return base;
}
