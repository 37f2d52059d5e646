// The area search's pure parts: the area from a drawing or a location, the range rule, and what a
// visit row shows.
import type { Dayjs } from 'dayjs';
import { polygonProblem, type AreaVisit, type LatLon } from '@fleet/common';
import type { DateRange } from '../../components/dateRangePresets';
import { zoned } from '../../components/zone';

/** The longest range one search covers (the server refuses more). */
export const MAX_AREA_SEARCH_DAYS = 31;

export type AreaSource = 'draw' | 'location';

export interface AreaQuery {
  polygon?: LatLon[];
  lid?: number;
  from: string;
  to: string;
}

/** The search's parameters, or what the user must fix first. */
export function areaQuery(
  source: AreaSource,
  polygon: LatLon[] | null,
  lid: number | undefined,
  range: DateRange,
): { query: AreaQuery } | { problem: string } {
  const [from, to] = range;
  if (!to.isAfter(from)) return { problem: 'The range must end after it starts.' };
  if (to.diff(from, 'day', true) > MAX_AREA_SEARCH_DAYS)
    return { problem: `Search at most ${MAX_AREA_SEARCH_DAYS} days at a time.` };
  const span = { from: from.toISOString(), to: to.toISOString() };
  if (source === 'location') {
    return lid === undefined ? { problem: 'Choose a location.' } : { query: { lid, ...span } };
  }
  if (!polygon) return { problem: 'Draw the area on the map first.' };
  const problem = polygonProblem(polygon);
  if (problem) return { problem: `The area ${problem}.` };
  return { query: { polygon, ...span } };
}

/** The day of a visit's arrival in the user's zone: its trip page (/portal/trip_day/{uid}/{day}). */
export function visitTripPath(visit: Pick<AreaVisit, 'uid' | 'arrived'>): string {
  return `/portal/trip_day/${visit.uid}/${zoned(visit.arrived).format('YYYY-MM-DD')}`;
}

/** Seconds between arrival and departure. */
export function visitSeconds(visit: Pick<AreaVisit, 'arrived' | 'left'>): number {
  return Math.max(0, Math.round((Date.parse(visit.left) - Date.parse(visit.arrived)) / 1000));
}

/** The last `days` days up to the end of today, in the user's zone. */
export function lastDays(now: Dayjs, days: number): DateRange {
  return [now.subtract(days - 1, 'day').startOf('day'), now.endOf('day')];
}
