// Dashboard arithmetic (issue 15; SPEC §4 "Dashboard counting", §9 day options), free of I/O: the
// days of a period in the user's zone, the period before it, and the totals of trips and events
// bucketed into those days.
import { DASHBOARD_TOTAL_KEYS, type DashboardTotals } from '@fleet/common';
import { startOfDay } from './time';

export interface Period {
  /** midnight of each day of the period in the user's zone, oldest first; the last is today */
  starts: number[];
  /** the period ends now */
  to: number;
  /** the period before: as many days, up to the same point of its last day as now is of today */
  previousFrom: number;
  previousTo: number;
}

/** The last `days` days up to now (today included) and the period before, DST-safe. */
export function periodOf(timeZone: string, now: number, days: number): Period {
  const starts = [startOfDay(timeZone, now)];
  // The instant before a midnight is in the day before: stepping back this way keeps 23- and
  // 25-hour days whole.
  while (starts.length < days) starts.unshift(startOfDay(timeZone, starts[0] - 1));
  let previousFrom = starts[0];
  for (let i = 0; i < days; i++) previousFrom = startOfDay(timeZone, previousFrom - 1);
  const elapsed = now - starts[0];
  return {
    starts,
    to: now,
    previousFrom,
    previousTo: Math.min(previousFrom + elapsed, starts[0]),
  };
}

export const emptyTotals = (): DashboardTotals => ({
  trips: 0,
  distance: 0,
  speeding: 0,
  harsh_braking: 0,
  harsh_accelerating: 0,
  harsh_cornering: 0,
  equipment_on: 0,
});

/** What a trip or an event adds to the totals. */
export type Tally =
  | { kind: 'trip'; time: number; uid: number; metres: number }
  | { kind: Exclude<keyof DashboardTotals, 'trips' | 'distance'>; time: number; uid: number };

function add(t: DashboardTotals, item: Tally): void {
  if (item.kind === 'trip') {
    t.trips += 1;
    t.distance += item.metres / 1000;
  } else {
    t[item.kind] += 1;
  }
}

/** Distances to 2 decimals of a km (SPEC §9), once summed. */
export function rounded(t: DashboardTotals): DashboardTotals {
  return { ...t, distance: Math.round(t.distance * 100) / 100 };
}

/** The index of the day `time` falls in, or -1 before the first. */
export function dayIndex(starts: readonly number[], time: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  if (time < starts[0]) return -1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= time) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

export interface Tallied {
  totals: DashboardTotals;
  previous: DashboardTotals;
  days: DashboardTotals[];
  byUnit: Map<number, DashboardTotals>;
}

/** The period's totals, per day and per unit, and the totals of the period before. */
export function tally(period: Period, items: Iterable<Tally>): Tallied {
  const totals = emptyTotals();
  const previous = emptyTotals();
  const days = period.starts.map(emptyTotals);
  const byUnit = new Map<number, DashboardTotals>();
  for (const item of items) {
    if (item.time >= period.previousFrom && item.time < period.previousTo) {
      add(previous, item);
      continue;
    }
    if (item.time > period.to) continue;
    const day = dayIndex(period.starts, item.time);
    if (day < 0) continue;
    add(totals, item);
    add(days[day], item);
    let unit = byUnit.get(item.uid);
    if (!unit) byUnit.set(item.uid, (unit = emptyTotals()));
    add(unit, item);
  }
  for (const [uid, t] of byUnit) byUnit.set(uid, rounded(t));
  return {
    totals: rounded(totals),
    previous: rounded(previous),
    days: days.map(rounded),
    byUnit,
  };
}

/** Whether a unit's totals hold anything at all. */
export const anyTotal = (t: DashboardTotals) => DASHBOARD_TOTAL_KEYS.some((k) => t[k] > 0);

/** SPEC §4: a unit counts as active if active is true (code 1), otherwise as deactivated. */
export function countUnits(
  units: readonly { active: boolean; moving: 0 | 1; faults: readonly string[] }[],
): { active: number; deactivated: number; faults: number; moving: number } {
  let active = 0;
  let faults = 0;
  let moving = 0;
  for (const u of units) {
    if (u.active) active += 1;
    if (u.faults.length > 0) faults += 1;
    if (u.active && u.moving === 0) moving += 1;
  }
  return { active, deactivated: units.length - active, faults, moving };
}
