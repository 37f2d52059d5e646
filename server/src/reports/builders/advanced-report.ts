// The advanced report (issue 14, Advanced): the columns the user chose, rows grouped by vehicle,
// driver, day or week (from Monday, in the client's zone), over the trips that pass its filters
// (label, shortest trip). One grouped query for the trips and one for harsh events when asked.
import {
  ADVANCED_COLUMNS,
  ADVANCED_GROUPS,
  TRIP_LABEL_FILTER,
  listValue,
  type CellKind,
  type ReportColumn,
  type ReportRow,
} from '@fleet/common';
import { iso } from '../../tasks/paging';
import { peopleNames } from '../../tasks/people';
import { TaskError } from '../../tasks/errors';
import type { BuiltSection, ReportBuilder } from '../model';
import {
  bandRule,
  dayBuckets,
  harshCounts,
  noTotals,
  periodBuckets,
  tripTotals,
  weekBuckets,
  type Bucket,
  type TripFilter,
  type TripTotals,
} from './fleet-read';
import { speedLimitOf } from './fleet-league';
import { checkEvery, note, primaryTable, round, sum, summary } from './fleet-table';
import { km } from './read';

type Group = 'vehicle' | 'driver' | 'day' | 'week';

const KIND: Record<string, { kind: CellKind; decimals?: number }> = {
  trips: { kind: 'number', decimals: 0 },
  distance: { kind: 'km', decimals: 2 },
  driving_time: { kind: 'duration' },
  parked_time: { kind: 'duration' },
  max_speed: { kind: 'speed', decimals: 0 },
  avg_speed: { kind: 'speed', decimals: 1 },
  speeding_time: { kind: 'duration' },
  harsh_events: { kind: 'number', decimals: 0 },
  first_start: { kind: 'datetime' },
  last_end: { kind: 'datetime' },
};

const GROUP_COLUMN: Record<Group, ReportColumn> = {
  vehicle: { key: 'group', title: 'Vehicle', kind: 'text' },
  driver: { key: 'group', title: 'Driver', kind: 'text' },
  day: { key: 'group', title: 'Day', kind: 'date' },
  week: { key: 'group', title: 'Week from', kind: 'date' },
};

/** Adds `t` into `into` (several vehicles' figures of one day, week or the whole fleet). */
function addInto(into: TripTotals, t: TripTotals): void {
  into.trips += t.trips;
  into.driving += t.driving;
  into.parked += t.parked;
  into.metres += t.metres;
  into.idle += t.idle;
  into.over += t.over;
  into.maxSpeed = Math.max(into.maxSpeed, t.maxSpeed);
  if (t.firstStart !== null)
    into.firstStart =
      into.firstStart === null ? t.firstStart : Math.min(into.firstStart, t.firstStart);
  if (t.lastEnd !== null)
    into.lastEnd = into.lastEnd === null ? t.lastEnd : Math.max(into.lastEnd, t.lastEnd);
}

/** The chosen cells of one group's figures. */
function cells(t: TripTotals, harsh: number, columns: string[], group: Group): ReportRow {
  const all: ReportRow = {
    trips: t.trips,
    distance: km(t.metres),
    driving_time: Math.round(t.driving),
    // Stops have no driver: parked time is not a driver's.
    parked_time: group === 'driver' ? null : Math.round(t.parked),
    max_speed: Math.round(t.maxSpeed),
    avg_speed: t.driving > 0 ? round((t.metres / t.driving) * 3.6, 1) : null,
    speeding_time: Math.round(t.over),
    harsh_events: harsh,
    first_start: t.firstStart === null ? null : iso(t.firstStart),
    last_end: t.lastEnd === null ? null : iso(t.lastEnd),
  };
  const row: ReportRow = {};
  for (const c of columns) row[c] = all[c];
  return row;
}

/** The filters in words, for the note. */
function filterWords(filter: TripFilter, minKm: number): string {
  const label = TRIP_LABEL_FILTER.find((o) => o.value === (filter.label ?? 'all'))!.label;
  return `${label}${minKm > 0 ? ` of at least ${minKm} km` : ''}`;
}

export const advancedReport: ReportBuilder = async (scope) => {
  const { ctx, params, units } = scope;
  const wanted = new Set(listValue(params.columns));
  const columns = ADVANCED_COLUMNS.filter((c) => wanted.has(c.value)).map((c) => c.value);
  const group = String(params.group_by ?? 'vehicle') as Group;
  const limit = speedLimitOf(scope);
  if (wanted.has('speeding_time') && limit === null)
    throw new TaskError(
      'speed_limit: choose a speed limit for the column "Time above the speed limit"',
    );
  const minKm =
    params.min_distance === undefined || params.min_distance === ''
      ? 0
      : Number(params.min_distance);
  const filter: TripFilter = {
    label: String(params.label || 'all') as TripFilter['label'],
    minMetres: minKm * 1000,
    speedLimit: wanted.has('speeding_time') ? limit : null,
    stops: wanted.has('parked_time') && group !== 'driver',
  };
  const buckets: Bucket[] =
    group === 'day'
      ? dayBuckets(scope)
      : group === 'week'
        ? weekBuckets(scope)
        : periodBuckets(scope.range!);
  const uids = units.map((u) => u.uid);
  const groupBy = group === 'driver' ? 'driver' : 'unit';
  scope.progress(0.05, 'Reading trips');
  const totals = await tripTotals(ctx, { uids, groupBy, buckets, filter });
  scope.signal.throwIfAborted();
  const harsh = wanted.has('harsh_events')
    ? await harshCounts(ctx, { uids, groupBy, buckets })
    : [];
  scope.signal.throwIfAborted();
  scope.progress(0.7, 'Grouping');

  // The group of a (key, bucket) figure: a vehicle, a driver (null: no driver) or a bucket.
  const groupOf = (key: number | null, bucket: number) =>
    group === 'day' || group === 'week' ? bucket : key;
  const figures = new Map<number | null, TripTotals>();
  const events = new Map<number | null, number>();
  totals.forEach((t, i) => {
    checkEvery(scope, i);
    const g = groupOf(t.key, t.bucket);
    const into = figures.get(g) ?? noTotals(g);
    addInto(into, t);
    figures.set(g, into);
  });
  for (const h of harsh) {
    const g = groupOf(h.key, h.bucket);
    events.set(g, (events.get(g) ?? 0) + h.n);
  }

  // The rows: every vehicle, day or week, or every driver who drove (and trips without one).
  let groups: { id: number | null; name: string }[];
  if (group === 'vehicle') groups = units.map((u) => ({ id: u.uid, name: u.name }));
  else if (group === 'day' || group === 'week')
    groups = buckets.map((b, i) => ({ id: i, name: b.label }));
  else {
    const ids = [...new Set([...figures.keys(), ...events.keys()])];
    const names = await peopleNames(ctx, ids);
    groups = ids
      .map((id) => ({ id, name: id === null ? 'No driver' : (names.get(id) ?? `Driver ${id}`) }))
      .sort((a, b) => (a.id === null ? 1 : b.id === null ? -1 : a.name.localeCompare(b.name)));
  }
  const all = noTotals(null);
  let allEvents = 0;
  const rows: ReportRow[] = groups.map(({ id, name }) => {
    const t = figures.get(id) ?? noTotals(id);
    const n = events.get(id) ?? 0;
    addInto(all, t);
    allEvents += n;
    return { group: name, ...cells(t, n, columns, group) };
  });
  const total: ReportRow = { group: null, ...cells(all, allEvents, columns, group) };
  // The totals line adds up to its column as shown (each row's km is rounded).
  if ('distance' in total) total.distance = sum(rows, 'distance');

  const tableColumns: ReportColumn[] = [
    GROUP_COLUMN[group],
    ...columns.map((c) => ({
      key: c,
      title:
        c === 'speeding_time'
          ? `Time above ${limit} km/h`
          : ADVANCED_COLUMNS.find((o) => o.value === c)!.label,
      ...KIND[c],
    })),
  ];
  const empty = !all.trips && !all.parked && !allEvents;
  const groupName = ADVANCED_GROUPS.find((g) => g.value === group)!.label.toLowerCase();
  const notes = [
    `Grouped by ${groupName}. Trips counted: ${filterWords(filter, minKm).toLowerCase()}. A trip that crosses the edge of a ${group === 'day' ? 'day' : group === 'week' ? 'week' : 'period'} counts with the part inside it.`,
  ];
  if (filter.speedLimit) notes.push(bandRule(filter.speedLimit));
  if (group === 'driver' && wanted.has('parked_time'))
    notes.push('Parked time has no driver and is left empty.');
  const sections: BuiltSection[] = [
    summary(
      ['Vehicles', units.length, 'number'],
      ['Trips', all.trips, 'number'],
      ['Distance', km(all.metres), 'km'],
      ['Driving time', Math.round(all.driving), 'duration'],
    ),
  ];
  if (empty) sections.push(note('No trips passed the filters in this period.'));
  sections.push(note(notes.join(' ')));
  sections.push(primaryTable(scope, tableColumns, rows, total));
  scope.progress(1, 'Done');
  return { sections, empty };
};
