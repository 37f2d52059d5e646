// Driver reports (issue 14): the trips each chosen person drove, in whichever vehicle the user may
// see, and a scorecard per driver. A trip is a driver's when its driver_id is theirs: the pipeline
// writes the identified driver, or the vehicle's assigned driver when none was identified.
import type { ReportColumn, ReportRow } from '@fleet/common';
import { iso } from '../../tasks/paging';
import type { BuiltSection, ReportBuilder } from '../model';
import {
  SCORE_RULE,
  bandRule,
  harshCounts,
  noTotals,
  periodBuckets,
  tripTotals,
} from './fleet-read';
import {
  SCORE_COLUMNS,
  byScore,
  countsByKey,
  countsOf,
  scoreCells,
  speedLimitOf,
} from './fleet-league';
import {
  DRIVER,
  RANK,
  VEHICLE,
  checkEvery,
  note,
  primaryTable,
  ranked,
  sum,
  summary,
  top,
} from './fleet-table';
import { clipTrip, km, type ClippedTrip } from './read';

const TRIP_COLUMNS: ReportColumn[] = [
  DRIVER,
  VEHICLE,
  { key: 'start', title: 'Start', kind: 'datetime' },
  { key: 'end', title: 'End', kind: 'datetime' },
  { key: 'distance', title: 'Distance', kind: 'km', decimals: 2 },
  { key: 'duration', title: 'Duration', kind: 'duration' },
  { key: 'max_speed', title: 'Top speed', kind: 'speed', decimals: 0 },
];

const PER_DRIVER_COLUMNS: ReportColumn[] = [
  DRIVER,
  { key: 'trips', title: 'Trips', kind: 'number', decimals: 0 },
  { key: 'distance', title: 'Distance', kind: 'km', decimals: 2 },
  { key: 'duration', title: 'Driving time', kind: 'duration' },
];

const EDGE_NOTE =
  'A trip that crosses the start or end of the period counts only the part inside it (distance in proportion to time).';

/** Every trip of the chosen drivers in the period, by driver and start, with totals per driver. */
export const driverTrips: ReportBuilder = async (scope) => {
  const { ctx, people } = scope;
  const range = scope.range!;
  scope.progress(0.05, 'Reading trips');
  const stored = await ctx.tenant
    .selectFrom('trips')
    .selectAll()
    .where('type', '=', 0)
    .where(
      'driver_id',
      'in',
      people.map((p) => p.pid),
    )
    .where('unit_id', 'in', ctx.tenant.units().select('units.uid'))
    .where('start_time', '<', range.to)
    .where('end_time', '>', range.from)
    .orderBy('start_time')
    .orderBy('id')
    .execute();
  scope.signal.throwIfAborted();
  scope.progress(0.6, 'Listing');
  const unitIds = [...new Set(stored.map((r) => r.unit_id))];
  const unitNames = new Map(
    unitIds.length
      ? (
          await ctx.tenant
            .units()
            .select(['units.uid', 'units.name'])
            .where('units.uid', 'in', unitIds)
            .execute()
        ).map((u) => [u.uid, u.name])
      : [],
  );
  const byDriver = new Map<number, ClippedTrip[]>();
  for (const r of stored) {
    const list = byDriver.get(r.driver_id!) ?? [];
    list.push(clipTrip(r, range));
    byDriver.set(r.driver_id!, list);
  }
  const rows: ReportRow[] = [];
  const perDriver: ReportRow[] = [];
  for (const person of people) {
    const trips = byDriver.get(person.pid) ?? [];
    let metres = 0;
    let seconds = 0;
    for (const t of trips) {
      checkEvery(scope, rows.length);
      metres += t.metres;
      seconds += t.seconds;
      rows.push({
        driver: person.name,
        vehicle: unitNames.get(t.unit_id) ?? '',
        start: iso(t.inFrom),
        end: iso(t.inTo),
        distance: km(t.metres),
        duration: t.seconds,
        max_speed: Math.round(t.max_speed),
      });
    }
    perDriver.push({
      driver: person.name,
      trips: trips.length,
      distance: km(metres),
      duration: seconds,
    });
  }
  const total: ReportRow = {
    driver: null,
    vehicle: null,
    start: null,
    end: null,
    distance: sum(rows, 'distance'),
    duration: sum(rows, 'duration', 0),
    max_speed: top(rows, 'max_speed'),
  };
  const empty = !rows.length;
  const sections: BuiltSection[] = [
    summary(
      ['Drivers', people.length, 'number'],
      ['Trips', rows.length, 'number'],
      ['Distance', total.distance, 'km'],
      ['Driving time', total.duration, 'duration'],
    ),
  ];
  if (empty) sections.push(note('None of these drivers made a trip in this period.'));
  sections.push(primaryTable(scope, TRIP_COLUMNS, rows, total, 'Trips'));
  sections.push({
    kind: 'table',
    title: 'Per driver',
    columns: PER_DRIVER_COLUMNS,
    rows: perDriver,
    totals: {
      driver: null,
      trips: rows.length,
      distance: sum(perDriver, 'distance'),
      duration: sum(perDriver, 'duration', 0),
    },
  });
  if (stored.some((r) => Number(r.start_time) < range.from || Number(r.end_time) > range.to))
    sections.push(note(EDGE_NOTE));
  scope.progress(1, 'Done');
  return { sections, empty };
};

/**
 * Per driver: distance, driving time, time above the limit, harsh events while they drove (the
 * vehicle's events inside the driver's trips) per 100 km, and the score; best first.
 */
export const driverScorecard: ReportBuilder = async (scope) => {
  const { ctx, people } = scope;
  const limit = speedLimitOf(scope)!;
  const pids = people.map((p) => p.pid);
  const buckets = periodBuckets(scope.range!);
  scope.progress(0.05, 'Reading trips');
  const totals = await tripTotals(ctx, {
    uids: 'visible',
    groupBy: 'driver',
    buckets,
    drivers: pids,
    filter: { speedLimit: limit },
  });
  scope.signal.throwIfAborted();
  scope.progress(0.5, 'Reading events');
  const counts = countsByKey(
    await harshCounts(ctx, { uids: 'visible', groupBy: 'driver', buckets, drivers: pids }),
  );
  scope.signal.throwIfAborted();
  scope.progress(0.8, 'Scoring');
  const byDriver = new Map(totals.map((t) => [t.key, t]));
  const rows: ReportRow[] = people.map((p) => {
    const t = byDriver.get(p.pid) ?? noTotals(p.pid);
    return {
      rank: 0,
      driver: p.name,
      trips: t.trips,
      distance: km(t.metres),
      driving_time: Math.round(t.driving),
      over: Math.round(t.over),
      ...scoreCells(counts.get(p.pid) ?? {}, t.metres),
    };
  });
  rows.sort((a, b) => byScore(a, b, 'driver'));
  ranked(rows);
  const metres = totals.reduce((s, t) => s + t.metres, 0);
  const total: ReportRow = {
    rank: null,
    driver: null,
    trips: sum(rows, 'trips', 0),
    distance: sum(rows, 'distance'),
    driving_time: sum(rows, 'driving_time', 0),
    over: sum(rows, 'over', 0),
    ...scoreCells(countsOf(rows), metres),
  };
  const columns: ReportColumn[] = [
    RANK,
    DRIVER,
    { key: 'trips', title: 'Trips', kind: 'number', decimals: 0 },
    { key: 'distance', title: 'Distance', kind: 'km', decimals: 2 },
    { key: 'driving_time', title: 'Driving time', kind: 'duration' },
    { key: 'over', title: `Time above ${limit} km/h`, kind: 'duration' },
    ...SCORE_COLUMNS,
  ];
  const empty = !total.trips;
  const sections: BuiltSection[] = [
    summary(
      ['Drivers', people.length, 'number'],
      ['Distance', total.distance, 'km'],
      [`Time above ${limit} km/h`, total.over, 'duration'],
      ['Harsh events', total.events, 'number'],
    ),
  ];
  if (empty) sections.push(note('None of these drivers made a trip in this period.'));
  sections.push(
    note(
      `${SCORE_RULE} A driver's harsh events are those their vehicle reported during their trips. ${bandRule(limit)} Ranked by score, best first.`,
    ),
  );
  sections.push(primaryTable(scope, columns, rows, total));
  scope.progress(1, 'Done');
  return { sections, empty };
};
