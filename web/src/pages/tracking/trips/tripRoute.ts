// What a trip page shows, read from its route (SPEC §2):
//   trip                                           pick a unit; today
//   trip/{id}[/{datetime}[/{heading}]]             a unit; the day of {datetime} (today without
//                                                  it); a moment in it to open; the trip id to select
//   trip_range/{id}/{daterange}[/{max_speed}]      a unit over a range, with a maximum speed
//   trip_range_labeled/{id}/{daterange}/{first_heading}/{last_heading}
//                                                  the labelled trips from trip id first to last
//   trip_day/{id}/{dateday}                        a unit on one day
// and the canonical link back to a state, so every choice lands in the URL.
import type { Dayjs } from 'dayjs';
import type { DateRange } from '../../../components/dateRangePresets';
import { nowInZone } from '../../../components/zone';
import {
  dayRange,
  formatDateRange,
  formatDay,
  parseDateRange,
  parseDateTime,
  parseDay,
  parseId,
  parseMaxSpeed,
  singleDayOf,
  type MaxSpeed,
} from '../common/routeParams';

export type TripRouteKind = 'trip' | 'range' | 'labeled' | 'day';

export interface TripRouteState {
  kind: TripRouteKind;
  uid: number | null;
  range: DateRange;
  maxSpeed: MaxSpeed;
  /** Trip (or parked entry) id to select. */
  selected: number | null;
  /** A moment to open within the range ({datetime} with a time). */
  moment: Dayjs | null;
  /** trip_range_labeled: the first and last trip ids. */
  headings: { first: number | null; last: number | null } | null;
  /** A parameter that could not be read (the page says so and shows its default instead). */
  invalid: string | null;
}

export type TripRouteParams = Partial<
  Record<
    | 'id'
    | 'datetime'
    | 'heading'
    | 'daterange'
    | 'max_speed'
    | 'dateday'
    | 'first_heading'
    | 'last_heading',
    string
  >
>;

export function tripRouteKind(pathname: string): TripRouteKind {
  if (/\/trip_range_labeled(\/|$)/.test(pathname)) return 'labeled';
  if (/\/trip_range(\/|$)/.test(pathname)) return 'range';
  if (/\/trip_day(\/|$)/.test(pathname)) return 'day';
  return 'trip';
}

/** A heading is a trip id; `-` (or anything else) leaves that end open. */
function heading(value: string | undefined): number | null {
  return parseId(value);
}

export function readTripRoute(
  pathname: string,
  params: TripRouteParams,
  defaultMaxSpeed: MaxSpeed,
  now: Dayjs = nowInZone(),
): TripRouteState {
  const kind = tripRouteKind(pathname);
  const state: TripRouteState = {
    kind,
    uid: parseId(params.id),
    range: dayRange(now),
    maxSpeed: defaultMaxSpeed,
    selected: null,
    moment: null,
    headings: null,
    invalid: null,
  };
  if (params.id !== undefined && state.uid === null) state.invalid = 'unit';
  if (kind === 'trip') {
    if (params.datetime !== undefined) {
      const parsed = parseDateTime(params.datetime);
      if (parsed) {
        state.range = parsed.range;
        state.moment = parsed.moment;
      } else state.invalid = 'date';
    }
    state.selected = parseId(params.heading);
  } else if (kind === 'day') {
    const day = parseDay(params.dateday);
    if (day) state.range = dayRange(day);
    else state.invalid = 'date';
  } else {
    const range = parseDateRange(params.daterange);
    if (range) state.range = range;
    else state.invalid = 'date range';
    if (kind === 'range' && params.max_speed !== undefined) {
      const max = parseMaxSpeed(params.max_speed);
      if (max !== null) state.maxSpeed = max;
      else state.invalid = 'maximum speed';
    }
    if (kind === 'labeled') {
      state.headings = { first: heading(params.first_heading), last: heading(params.last_heading) };
    }
  }
  return state;
}

/**
 * Where the trip routes live: the tracking section's own, or the recovery desk's (trips/{id} and
 * trip_range/{id}/...; it has no labelled-range or day form, so those fall back to the others).
 */
export interface TripPaths {
  trip: string;
  range: string;
  labeled?: string;
  day?: string;
}

export const PORTAL_TRIP_PATHS: TripPaths = {
  trip: '/portal/trip',
  range: '/portal/trip_range',
  labeled: '/portal/trip_range_labeled',
  day: '/portal/trip_day',
};

export interface TripLinkState {
  kind: TripRouteKind;
  uid: number | null;
  range: DateRange;
  maxSpeed: MaxSpeed;
  defaultMaxSpeed: MaxSpeed;
  selected?: number | null;
  headings?: { first: number | null; last: number | null } | null;
}

/**
 * The link to a state. A single whole day with the usual maximum speed stays on the short trip
 * (or trip_day) form, which can also carry the selected trip; anything else is a trip_range link.
 */
export function tripLink(
  s: TripLinkState,
  now: Dayjs = nowInZone(),
  paths: TripPaths = PORTAL_TRIP_PATHS,
): string {
  if (s.uid === null) return paths.trip;
  const range = formatDateRange(s.range);
  const usualSpeed = s.maxSpeed === s.defaultMaxSpeed;
  if (s.kind === 'labeled' && s.headings && usualSpeed && paths.labeled) {
    const h = (id: number | null) => (id === null ? '-' : String(id));
    return `${paths.labeled}/${s.uid}/${range}/${h(s.headings.first)}/${h(s.headings.last)}`;
  }
  const day = singleDayOf(s.range);
  if (!day || !usualSpeed) {
    return `${paths.range}/${s.uid}/${range}${usualSpeed ? '' : `/${s.maxSpeed}`}`;
  }
  if (s.kind === 'day' && !s.selected && paths.day)
    return `${paths.day}/${s.uid}/${formatDay(day)}`;
  if (!s.selected && day.isSame(now, 'day') && s.kind === 'trip') return `${paths.trip}/${s.uid}`;
  return `${paths.trip}/${s.uid}/${formatDay(day)}${s.selected ? `/${s.selected}` : ''}`;
}
