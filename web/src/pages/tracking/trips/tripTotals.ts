// Totals of a unit's trips and stops over a range: what the list's header shows.
import type { TripItem } from '@fleet/common';

type Entry = Pick<TripItem, 'type' | 'start' | 'end' | 'distance' | 'duration' | 'max_speed'> & {
  speeding?: boolean;
};

export interface TripTotals {
  trips: number;
  stops: number;
  /** km, to 2 decimals (SPEC §9). */
  distance: number;
  /** Seconds moving / parked inside the range. */
  drivingSeconds: number;
  parkedSeconds: number;
  /** km/h */
  maxSpeed: number;
  /** Trips whose top speed was above the chosen maximum speed. */
  speeding: number;
}

/**
 * Sums the entries. Durations count only the part inside the range, so a stop that began last
 * night adds only today's hours to today's parked time; distance cannot be split and counts whole.
 */
export function tripTotals(
  entries: readonly Entry[],
  range?: { from: number; to: number },
): TripTotals {
  const totals: TripTotals = {
    trips: 0,
    stops: 0,
    distance: 0,
    drivingSeconds: 0,
    parkedSeconds: 0,
    maxSpeed: 0,
    speeding: 0,
  };
  let distance = 0;
  for (const e of entries) {
    const start = Date.parse(e.start);
    const end = Date.parse(e.end);
    let seconds = e.duration;
    if (range && Number.isFinite(start) && Number.isFinite(end)) {
      const inside = Math.min(end, range.to) - Math.max(start, range.from);
      seconds = Math.max(0, Math.min(e.duration, inside / 1000));
    }
    if (e.type === 0) {
      totals.trips += 1;
      distance += e.distance;
      totals.drivingSeconds += seconds;
      totals.maxSpeed = Math.max(totals.maxSpeed, e.max_speed);
      if (e.speeding) totals.speeding += 1;
    } else {
      totals.stops += 1;
      totals.parkedSeconds += seconds;
    }
  }
  totals.distance = Math.round(distance * 100) / 100;
  totals.drivingSeconds = Math.round(totals.drivingSeconds);
  totals.parkedSeconds = Math.round(totals.parkedSeconds);
  return totals;
}
