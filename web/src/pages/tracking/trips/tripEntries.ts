// Pure helpers over the entries of get_trips (SPEC §3 trip items: type 0 trip, 1 parked), newest
// first as the server sends them (SPEC §4 sorting).
import type { Dayjs } from 'dayjs';
import type { TripItem, TripPoint } from '@fleet/common';
import { zoned } from '../../../components/zone';
import type { TripPath, TripStop } from '../../../map';
import { formatShortDuration } from '../common/format';

type Entry = Pick<TripItem, 'id' | 'type' | 'start' | 'end'>;

/** SPEC §4: the trip display list shows everything, only trips or only parked. */
export type KindFilter = 'all' | 'trips' | 'parked';
/** SPEC §3 trip labels; `labelled` is business or personal. */
export type LabelFilter = 'any' | 'labelled' | 'business' | 'personal' | 'unlabeled';

export function filterEntries<T extends Entry & Pick<TripItem, 'label'>>(
  entries: readonly T[],
  kind: KindFilter,
  label: LabelFilter = 'any',
): T[] {
  return entries.filter((e) => {
    if (kind === 'trips' && e.type !== 0) return false;
    if (kind === 'parked' && e.type === 0) return false;
    if (label === 'any') return true;
    // Parked entries carry no label; a label filter is about trips.
    if (e.type !== 0) return false;
    if (label === 'labelled') return e.label === 'business' || e.label === 'personal';
    return e.label === label;
  });
}

export interface DayGroup<T> {
  /** YYYY-MM-DD */
  day: string;
  /** The heading: "Saturday, 21 November 2026". */
  title: string;
  entries: T[];
}

/** Entries under a heading per day (the user's days), in the order given (newest day first). */
export function groupByDay<T extends Entry>(entries: readonly T[]): DayGroup<T>[] {
  const groups: DayGroup<T>[] = [];
  for (const entry of entries) {
    const start = zoned(entry.start);
    const day = start.format('YYYY-MM-DD');
    const last = groups[groups.length - 1];
    if (last?.day === day) last.entries.push(entry);
    else groups.push({ day, title: start.format('dddd, D MMMM YYYY'), entries: [entry] });
  }
  return groups;
}

/** First index of `times` at or after `t` (times sorted ascending). */
function lowerBound(times: readonly number[], t: number): number {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (times[mid] < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The fixes of a whole range (get_trip_points, in time order) cut into the trips among `entries`:
 * each trip gets the fixes from its start to its end, both included.
 */
export function splitIntoTrips(
  motions: readonly TripPoint[],
  entries: readonly Entry[],
): TripPath[] {
  const times = motions.map((m) => Date.parse(m.datetime));
  const paths: TripPath[] = [];
  for (const entry of entries) {
    if (entry.type !== 0) continue;
    const from = lowerBound(times, Date.parse(entry.start));
    const to = lowerBound(times, Date.parse(entry.end) + 1);
    const points = motions.slice(from, to);
    if (points.length) paths.push({ id: entry.id, points });
  }
  return paths;
}

/** Parked entries as map stops, each labelled with how long the unit stood there. */
export function stopsOf(
  entries: readonly (Entry & Pick<TripItem, 'start_position' | 'duration'>)[],
): TripStop[] {
  return entries
    .filter((e) => e.type !== 0 && e.start_position)
    .map((e) => ({
      lat: e.start_position.lat,
      lon: e.start_position.lon,
      start: e.start,
      end: e.end,
      label: formatShortDuration(e.duration),
    }));
}

/** The entry running at `moment` (a trip wins over a stop it touches), or null. */
export function entryAt<T extends Entry>(entries: readonly T[], moment: Dayjs): T | null {
  const t = moment.valueOf();
  const covering = entries.filter((e) => Date.parse(e.start) <= t && t <= Date.parse(e.end));
  return covering.find((e) => e.type === 0) ?? covering[0] ?? null;
}

/**
 * trip_range_labeled: the entries from the trip `first` to the trip `last` (ids of get_trips),
 * both included, whichever order they are given in. A missing id leaves that end open.
 */
export function betweenHeadings<T extends Entry>(
  entries: readonly T[],
  first: number | null,
  last: number | null,
): T[] {
  const startOf = (id: number | null) => {
    const e = id === null ? undefined : entries.find((x) => x.id === id);
    return e ? Date.parse(e.start) : null;
  };
  const a = startOf(first);
  const b = startOf(last);
  const lo = a !== null && b !== null ? Math.min(a, b) : (a ?? -Infinity);
  const hi = a !== null && b !== null ? Math.max(a, b) : (b ?? Infinity);
  return entries.filter((e) => {
    const t = Date.parse(e.start);
    return t >= lo && t <= hi;
  });
}

export const EVENT_NAMES: Record<string, string> = {
  brake: 'Harsh braking',
  accelerate: 'Harsh acceleration',
  corner: 'Harsh cornering',
  crash: 'Crash',
  gps: 'GPS jamming',
};

/** How many fixes carry each special trip event (SPEC §3), `normal` left out. */
export function countEvents(points: readonly TripPoint[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const p of points) {
    if (p.event && p.event !== 'normal') counts[p.event] = (counts[p.event] ?? 0) + 1;
  }
  return counts;
}
