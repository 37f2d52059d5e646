// The trips and stops report (issue 14 item 1): every stored trip and stop of one vehicle in the
// period, cut at the period's edges, with a totals line, the distance per day and a map of each
// day's route (up to a week: the day's positions, thinned; longer: one map of the trips' start and
// end points, from the stored rows alone, so a year never scans positions).
import { tripLabelOf } from '../../tasks/trips';
import { peopleNames } from '../../tasks/people';
import { iso } from '../../tasks/paging';
import type { ReportColumn, ReportMapSection, ReportRow } from '@fleet/common';
import type { BuiltSection, ReportBuilder, ReportScope } from '../model';
import {
  capRows,
  clockIn,
  dayBounds,
  dayIndexOf,
  dayPieces,
  km,
  locationAreas,
  perDayChart,
  placeNamer,
  positionBatches,
  tripsInRange,
  type ClippedTrip,
} from './read';
import { COLUMN, nothingIn, periodOf } from './single-parts';

/** Up to this many days each day gets its own route map drawn from positions. */
const DAY_MAPS_UP_TO = 7;
/** A day's route keeps at most about this many points (every n-th). */
const ROUTE_POINTS = 500;

const LABEL_WORDS: Record<string, string> = {
  business: 'Business',
  personal: 'Personal',
  unlabeled: '',
};

const COLUMNS: ReportColumn[] = [
  { key: 'type', title: 'Type', kind: 'text' },
  COLUMN.start,
  COLUMN.end,
  COLUMN.duration,
  COLUMN.distance,
  COLUMN.maxSpeed,
  { key: 'from', title: 'From', kind: 'text' },
  { key: 'to', title: 'To', kind: 'text' },
  { key: 'driver', title: 'Driver', kind: 'text' },
  { key: 'label', title: 'Label', kind: 'text' },
];

type Point = [number, number];

/** Keeps every n-th point so that at most about `max` remain, and always the last. */
export function thin(points: readonly Point[], max: number): Point[] {
  const step = Math.max(1, Math.ceil(points.length / max));
  if (step === 1) return [...points];
  const out = points.filter((_, i) => i % step === 0);
  if ((points.length - 1) % step !== 0) out.push(points[points.length - 1]);
  return out;
}

/** One map per day with trips: the day's positions as the route, its trips' ends and stops. */
async function dayMaps(
  scope: ReportScope,
  rows: readonly ClippedTrip[],
  bounds: readonly number[],
  place: (lat: number, lon: number) => string,
): Promise<ReportMapSection[]> {
  const { zone, days } = scope;
  const range = scope.range!;
  const uid = scope.units[0].uid;
  const byDay = days.map(() => ({ trips: [] as ClippedTrip[], stops: [] as ClippedTrip[] }));
  for (const r of rows)
    for (const piece of dayPieces(bounds, r))
      byDay[piece.day][r.type === 0 ? 'trips' : 'stops'].push(r);
  const routes: Point[][] = days.map(() => []);
  let read = 0;
  for await (const batch of positionBatches(scope.ctx, [uid], range, { signal: scope.signal })) {
    for (const p of batch) {
      const day = dayIndexOf(bounds, p.fix_time);
      if (day >= 0 && byDay[day].trips.length) routes[day].push([p.lon, p.lat]);
    }
    read += batch.length;
    scope.progress(Math.min(0.9, 0.6 + read / 2_000_000), 'Reading the routes');
  }
  const maps: ReportMapSection[] = [];
  days.forEach((day, i) => {
    const { trips, stops } = byDay[i];
    if (!trips.length) return;
    const first = trips[0];
    const last = trips[trips.length - 1];
    // Without stored positions the trips' start and end points still show the way.
    const route = routes[i].length
      ? thin(routes[i], ROUTE_POINTS)
      : trips.flatMap((t): Point[] => [
          [t.start_lon, t.start_lat],
          [t.end_lon, t.end_lat],
        ]);
    maps.push({
      kind: 'map',
      title: `Route on ${day}`,
      paths: [{ name: day, points: route }],
      markers: [
        {
          lon: first.start_lon,
          lat: first.start_lat,
          kind: 'start',
          label: `Start ${clockIn(zone, Math.max(first.start_time, bounds[i]))}: ${place(first.start_lat, first.start_lon)}`,
        },
        ...stops
          .filter((s) => s.start_time >= bounds[i] && s.start_time < bounds[i + 1])
          .map((s) => ({
            lon: s.start_lon,
            lat: s.start_lat,
            kind: 'stop' as const,
            label: `Stop ${clockIn(zone, s.start_time)}: ${place(s.start_lat, s.start_lon)}`,
          })),
        {
          lon: last.end_lon,
          lat: last.end_lat,
          kind: 'end',
          label: `End ${clockIn(zone, Math.min(last.end_time, bounds[i + 1]))}: ${place(last.end_lat, last.end_lon)}`,
        },
      ],
    });
  });
  return maps;
}

/** One map of a long period: each trip as the line from its start to its end. */
function overviewMap(trips: readonly ClippedTrip[]): ReportMapSection {
  const first = trips[0];
  const last = trips[trips.length - 1];
  return {
    kind: 'map',
    title: 'Trips of the period (start to end)',
    paths: trips.map((t) => ({
      name: iso(t.start_time),
      points: [
        [t.start_lon, t.start_lat],
        [t.end_lon, t.end_lat],
      ],
    })),
    markers: [
      { lon: first.start_lon, lat: first.start_lat, kind: 'start', label: 'First start' },
      { lon: last.end_lon, lat: last.end_lat, kind: 'end', label: 'Last end' },
    ],
  };
}

export const tripsReport: ReportBuilder = async (scope) => {
  const { ctx, days, zone } = scope;
  const unit = scope.units[0];
  const range = periodOf(scope);
  const withStops = scope.params.include_stops !== 'no';
  scope.progress(0.05, 'Reading trips');
  const rows = await tripsInRange(ctx, [unit.uid], range, withStops ? 'all' : 'trips');
  const trips = rows.filter((r) => r.type === 0);
  if (!rows.length) return nothingIn(withStops ? 'trips or stops' : 'trips', COLUMNS);

  scope.progress(0.3, 'Naming places');
  const names = await peopleNames(
    ctx,
    rows.map((r) => r.driver_id),
  );
  const place = placeNamer(await locationAreas(ctx, unit.client_id));
  const table: ReportRow[] = [];
  for (const r of rows) {
    if (table.length % 1000 === 0) scope.signal.throwIfAborted();
    const trip = r.type === 0;
    table.push({
      type: trip ? 'Trip' : 'Stop',
      start: iso(r.inFrom),
      end: iso(r.inTo),
      duration: r.seconds,
      distance: trip ? km(r.metres) : 0,
      max_speed: trip ? Math.round(r.max_speed) : null,
      from: place(r.start_lat, r.start_lon),
      to: trip ? place(r.end_lat, r.end_lon) : '',
      driver: r.driver_id ? (names.get(r.driver_id) ?? '') : '',
      label: trip ? LABEL_WORDS[tripLabelOf(r.label)] : '',
    });
  }

  const metres = trips.reduce((s, t) => s + t.metres, 0);
  const driving = trips.reduce((s, t) => s + t.seconds, 0);
  const stops = rows.filter((r) => r.type !== 0);
  const parked = stops.reduce((s, t) => s + t.seconds, 0);
  const topSpeed = Math.round(Math.max(0, ...trips.map((t) => t.max_speed)));
  const bounds = dayBounds(zone, days, range);
  const perDay = days.map(() => 0);
  for (const t of trips) for (const p of dayPieces(bounds, t)) perDay[p.day] += p.metres;

  const sections: BuiltSection[] = [
    {
      kind: 'summary',
      items: [
        { label: 'Trips', value: trips.length, kind: 'number' },
        { label: 'Distance', value: km(metres), kind: 'km' },
        { label: 'Driving time', value: driving, kind: 'duration' },
        ...(withStops
          ? [
              { label: 'Stops', value: stops.length, kind: 'number' as const },
              { label: 'Parked time', value: parked, kind: 'duration' as const },
            ]
          : []),
        { label: 'Top speed', value: topSpeed, kind: 'speed' },
      ],
    },
    {
      kind: 'table',
      title: withStops ? 'Trips and stops' : 'Trips',
      primary: true,
      columns: COLUMNS,
      ...capRows(table, scope.rowCap),
      totals: {
        type: `${trips.length} trips`,
        duration: driving,
        distance: km(metres),
        max_speed: topSpeed,
      },
    },
    perDayChart(
      'Distance per day',
      days,
      perDay.map((m) => km(m)),
      'km',
    ),
  ];
  if (trips.length) {
    scope.progress(0.6, 'Drawing the routes');
    if (days.length <= DAY_MAPS_UP_TO)
      sections.push(...(await dayMaps(scope, rows, bounds, place)));
    else sections.push(overviewMap(trips));
  }
  if (rows.some((r) => r.start_time < range.from || r.end_time > range.to))
    sections.push({
      kind: 'note',
      text: 'A trip or stop that crosses the start or end of the period counts only the part inside it (distance in proportion to time).',
    });
  scope.progress(1, 'Done');
  return { sections, empty: false };
};
