// Fleet summary and utilisation (issue 14, Multiple Vehicles): the stored trips of every chosen
// vehicle summed in one grouped query, per vehicle over the period or per vehicle and day.
import type { ReportChartSection, ReportColumn, ReportRow } from '@fleet/common';
import type { BuiltSection, ReportBuilder } from '../model';
import { dayBuckets, noTotals, periodBuckets, tripTotals } from './fleet-read';
import {
  REG,
  VEHICLE,
  barChart,
  checkEvery,
  note,
  primaryTable,
  round,
  sum,
  summary,
  top,
} from './fleet-table';
import { km } from './read';

const SUMMARY_COLUMNS: ReportColumn[] = [
  VEHICLE,
  REG,
  { key: 'trips', title: 'Trips', kind: 'number', decimals: 0 },
  { key: 'distance', title: 'Distance', kind: 'km', decimals: 2 },
  { key: 'driving_time', title: 'Driving time', kind: 'duration' },
  { key: 'idle_time', title: 'Idle time', kind: 'duration' },
  { key: 'max_speed', title: 'Top speed', kind: 'speed', decimals: 0 },
];

/** Per vehicle: trips, distance, driving time, idle time and top speed; the fleet's totals. */
export const fleetSummary: ReportBuilder = async (scope) => {
  const { units } = scope;
  scope.progress(0.05, 'Reading trips');
  const totals = await tripTotals(scope.ctx, {
    uids: units.map((u) => u.uid),
    groupBy: 'unit',
    buckets: periodBuckets(scope.range!),
  });
  scope.signal.throwIfAborted();
  scope.progress(0.7, 'Adding up');
  const byUnit = new Map(totals.map((t) => [t.key, t]));
  const rows: ReportRow[] = units.map((u, i) => {
    checkEvery(scope, i);
    const t = byUnit.get(u.uid) ?? noTotals(u.uid);
    return {
      vehicle: u.name,
      reg: u.reg,
      trips: t.trips,
      distance: km(t.metres),
      driving_time: Math.round(t.driving),
      idle_time: Math.round(t.idle),
      max_speed: Math.round(t.maxSpeed),
    };
  });
  const total: ReportRow = {
    vehicle: null,
    reg: null,
    trips: sum(rows, 'trips', 0),
    distance: sum(rows, 'distance'),
    driving_time: sum(rows, 'driving_time', 0),
    idle_time: sum(rows, 'idle_time', 0),
    max_speed: top(rows, 'max_speed'),
  };
  const empty = !total.trips;
  const sections: BuiltSection[] = [
    summary(
      ['Vehicles', units.length, 'number'],
      ['Trips', total.trips, 'number'],
      ['Distance', total.distance, 'km'],
      ['Driving time', total.driving_time, 'duration'],
      ['Idle time', total.idle_time, 'duration'],
      ['Top speed', total.max_speed, 'speed'],
    ),
  ];
  if (empty) sections.push(note('None of these vehicles made a trip in this period.'));
  else {
    const byDistance = [...rows].sort((a, b) => (b.distance as number) - (a.distance as number));
    const chart = barChart('Distance per vehicle', byDistance, 'vehicle', 'distance', 'km');
    if (chart) sections.push(chart);
    sections.push(
      note(
        'Idle time is time inside a trip at under 3 km/h: the engine on, the vehicle standing. A trip that crosses the start or end of the period counts with the part inside it.',
      ),
    );
  }
  sections.push(primaryTable(scope, SUMMARY_COLUMNS, rows, total));
  scope.progress(1, 'Done');
  return { sections, empty };
};

/** The heat table shows at most this many vehicles (the most used); the table has them all. */
const HEATMAP_ROWS = 50;

/** Hours each vehicle drove on each day of the period (trips split at midnight in the zone). */
export const utilisation: ReportBuilder = async (scope) => {
  const { units } = scope;
  const buckets = dayBuckets(scope);
  scope.progress(0.05, 'Reading trips');
  const totals = await tripTotals(scope.ctx, {
    uids: units.map((u) => u.uid),
    groupBy: 'unit',
    buckets,
  });
  scope.signal.throwIfAborted();
  scope.progress(0.7, 'Adding up');
  const hours = new Map<number, number[]>();
  for (const t of totals) {
    const list = hours.get(t.key!) ?? new Array<number>(buckets.length).fill(0);
    list[t.bucket] += t.driving / 3600;
    hours.set(t.key!, list);
  }
  const periodHours = (scope.range!.to - scope.range!.from) / 3_600_000;
  const rows: ReportRow[] = units.map((u, i) => {
    checkEvery(scope, i);
    const list = hours.get(u.uid) ?? [];
    const row: ReportRow = { vehicle: u.name };
    let total = 0;
    buckets.forEach((b, d) => {
      row[b.label] = round(list[d] ?? 0);
      total += row[b.label] as number;
    });
    row.total = round(total);
    row.share = round((total / periodHours) * 100, 1);
    return row;
  });
  const columns: ReportColumn[] = [
    VEHICLE,
    ...buckets.map((b): ReportColumn => ({
      key: b.label,
      title: b.label,
      kind: 'number',
      decimals: 2,
    })),
    { key: 'total', title: 'Hours used', kind: 'number', decimals: 2 },
    { key: 'share', title: 'Share of the period', kind: 'percent', decimals: 1 },
  ];
  const totalRow: ReportRow = { vehicle: null };
  for (const b of buckets) totalRow[b.label] = sum(rows, b.label);
  totalRow.total = sum(rows, 'total');
  totalRow.share = round(((totalRow.total as number) / (periodHours * units.length)) * 100, 1);
  const empty = !totalRow.total;

  const sections: BuiltSection[] = [
    summary(
      ['Vehicles', units.length, 'number'],
      ['Days', buckets.length, 'number'],
      ['Hours used', totalRow.total, 'number'],
      ['Share of the period', totalRow.share, 'percent'],
    ),
  ];
  if (empty) sections.push(note('None of these vehicles was used in this period.'));
  else
    sections.push(
      heatmap(
        rows,
        buckets.map((b) => b.label),
      ),
    );
  sections.push(
    note(
      'Hours used is driving time. A trip that runs past midnight counts on each day for its part of it; the share is of every hour of the period.',
    ),
  );
  sections.push(primaryTable(scope, columns, rows, totalRow));
  scope.progress(1, 'Done');
  return { sections, empty };
};

/** Days across, vehicles down, hours in the cells: the most used vehicles, in name order. */
function heatmap(rows: ReportRow[], days: string[]): ReportChartSection {
  const used = rows.filter((r) => (r.total as number) > 0);
  const shown =
    used.length > HEATMAP_ROWS
      ? new Set(
          [...used]
            .sort((a, b) => (b.total as number) - (a.total as number))
            .slice(0, HEATMAP_ROWS),
        )
      : new Set(used);
  const list = rows.filter((r) => shown.has(r));
  const cells: [number, number, number][] = [];
  list.forEach((r, y) => days.forEach((d, x) => cells.push([x, y, r[d] as number])));
  return {
    kind: 'chart',
    title:
      used.length > HEATMAP_ROWS
        ? `Hours used per day (the ${HEATMAP_ROWS} most used vehicles)`
        : 'Hours used per day',
    chart: 'heatmap',
    categories: days,
    series: [],
    rows: list.map((r) => String(r.vehicle)),
    cells,
    unit: 'h',
  };
}
