// Stage 2: duplicates and late fixes. A fix is new when it is newer than the unit's live fix,
// a duplicate when the unit already has a fix at that time (a device resending data whose ack
// was lost), and late otherwise (buffered data arriving out of order). Late fixes are stored
// without moving the live state backwards; the trips stage re-segments their window.
// The in-memory check catches resends of recent data; older ones meet the (unit_id, fix_time)
// unique index, and the store learns from the insert whether the row was new.
import { RECENT_FIXES, type UnitRuntime } from './runtime';

export type FixOrder = 'new' | 'late' | 'duplicate';

export function fixOrder(rt: UnitRuntime, time: number): FixOrder {
  if (!rt.hasFix || time > rt.fixTime) return 'new';
  if (time === rt.fixTime || rt.recent.includes(time)) return 'duplicate';
  return 'late';
}

/** Remembers a stored fix time so that a resend of it is recognised without the database. */
export function rememberFix(rt: UnitRuntime, time: number): void {
  // A ring: the oldest time is overwritten, nothing is moved.
  rt.recent[rt.recentAt] = time;
  rt.recentAt = (rt.recentAt + 1) % RECENT_FIXES;
}
