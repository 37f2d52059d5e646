// The daily summary (issue 14 item 1): one line per day of the period, in the client's zone, for
// one vehicle, from its stored trips and stops. A trip or stop that crosses midnight is cut there:
// each day gets its time, and a trip's distance is shared in proportion to time. A trip counts on
// the day it started (or on the first day, for one under way when the period begins); its top
// speed counts on every day it drove.
import type { ReportColumn, ReportRow } from '@fleet/common';
import { iso } from '../../tasks/paging';
import type { ReportBuilder } from '../model';
import { capRows, dayBounds, dayPieces, km, perDayChart, tripsInRange } from './read';
import { COLUMN, nothingIn, periodOf } from './single-parts';

const COLUMNS: ReportColumn[] = [
  { key: 'day', title: 'Day', kind: 'date' },
  { key: 'trips', title: 'Trips', kind: 'number' },
  COLUMN.distance,
  { key: 'driving_time', title: 'Driving time', kind: 'duration' },
  { key: 'parked_time', title: 'Parked time', kind: 'duration' },
  COLUMN.maxSpeed,
  { key: 'first_start', title: 'First start', kind: 'datetime' },
  { key: 'last_end', title: 'Last end', kind: 'datetime' },
];

interface Day {
  trips: number;
  metres: number;
  driving: number;
  parked: number;
  top: number;
  first: number | null;
  last: number | null;
}

export const dailySummaryReport: ReportBuilder = async (scope) => {
  const { ctx, days, zone } = scope;
  const range = periodOf(scope);
  scope.progress(0.1, 'Reading trips');
  const rows = await tripsInRange(ctx, [scope.units[0].uid], range);
  if (!rows.some((r) => r.type === 0)) return nothingIn('trips', COLUMNS);

  scope.progress(0.6, 'Adding up the days');
  const bounds = dayBounds(zone, days, range);
  const perDay: Day[] = days.map(() => ({
    trips: 0,
    metres: 0,
    driving: 0,
    parked: 0,
    top: 0,
    first: null,
    last: null,
  }));
  for (const r of rows) {
    const pieces = dayPieces(bounds, r);
    if (r.type !== 0) {
      for (const p of pieces) perDay[p.day].parked += p.seconds;
      continue;
    }
    if (pieces.length) perDay[pieces[0].day].trips++;
    for (const p of pieces) {
      const d = perDay[p.day];
      d.metres += p.metres;
      d.driving += p.seconds;
      d.top = Math.max(d.top, r.max_speed);
      d.first = d.first === null ? p.from : Math.min(d.first, p.from);
      d.last = d.last === null ? p.to : Math.max(d.last, p.to);
    }
  }
  scope.signal.throwIfAborted();
  const table: ReportRow[] = days.map((day, i) => {
    const d = perDay[i];
    return {
      day,
      trips: d.trips,
      distance: km(d.metres),
      driving_time: d.driving,
      parked_time: d.parked,
      max_speed: Math.round(d.top),
      first_start: iso(d.first),
      last_end: iso(d.last),
    };
  });
  const sum = (f: (d: Day) => number) => perDay.reduce((s, d) => s + f(d), 0);
  const firsts = perDay.flatMap((d) => (d.first === null ? [] : [d.first]));
  const lasts = perDay.flatMap((d) => (d.last === null ? [] : [d.last]));
  const totals: ReportRow = {
    day: 'Total',
    trips: sum((d) => d.trips),
    distance: km(sum((d) => d.metres)),
    driving_time: sum((d) => d.driving),
    parked_time: sum((d) => d.parked),
    max_speed: Math.round(Math.max(...perDay.map((d) => d.top))),
    first_start: iso(firsts.length ? Math.min(...firsts) : null),
    last_end: iso(lasts.length ? Math.max(...lasts) : null),
  };
  scope.progress(1, 'Done');
  return {
    sections: [
      {
        kind: 'summary',
        items: [
          { label: 'Trips', value: totals.trips, kind: 'number' },
          { label: 'Distance', value: totals.distance, kind: 'km' },
          { label: 'Driving time', value: totals.driving_time, kind: 'duration' },
          { label: 'Parked time', value: totals.parked_time, kind: 'duration' },
          {
            label: 'Days driven',
            value: perDay.filter((d) => d.driving > 0).length,
            kind: 'number',
          },
          { label: 'Top speed', value: totals.max_speed, kind: 'speed' },
        ],
      },
      {
        kind: 'table',
        title: 'Day by day',
        primary: true,
        columns: COLUMNS,
        ...capRows(table, scope.rowCap),
        totals,
      },
      perDayChart(
        'Distance per day',
        days,
        perDay.map((d) => km(d.metres)),
        'km',
      ),
    ],
    empty: false,
  };
};
