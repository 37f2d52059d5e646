// Speeding league and driving behaviour score (issue 14, Multiple Vehicles): vehicles ranked by the
// time their stored speed bands put above a limit, and by harsh events per 100 km.
import { eventLabel, type ReportColumn, type ReportRow } from '@fleet/common';
import type { BuiltSection, ReportBuilder, ReportScope } from '../model';
import {
  HARSH_TYPES,
  SCORE_RULE,
  bandRule,
  behaviourScore,
  harshCounts,
  noTotals,
  per100km,
  periodBuckets,
  tripTotals,
  type HarshType,
} from './fleet-read';
import {
  RANK,
  VEHICLE,
  barChart,
  checkEvery,
  note,
  primaryTable,
  ranked,
  round,
  sum,
  summary,
  top,
} from './fleet-table';
import { km } from './read';

/** The chosen speed limit (km/h); the catalogue requires it and checks it is an option. */
export const speedLimitOf = (scope: Pick<ReportScope, 'params'>): number | null => {
  const v = scope.params.speed_limit;
  return v === undefined || v === null || v === '' ? null : Number(v);
};

/** Vehicles ranked by time above the limit, most first; top speed and distance beside it. */
export const speedingLeague: ReportBuilder = async (scope) => {
  const { units } = scope;
  const limit = speedLimitOf(scope)!;
  scope.progress(0.05, 'Reading trips');
  const totals = await tripTotals(scope.ctx, {
    uids: units.map((u) => u.uid),
    groupBy: 'unit',
    buckets: periodBuckets(scope.range!),
    filter: { speedLimit: limit },
  });
  scope.signal.throwIfAborted();
  scope.progress(0.7, 'Ranking');
  const byUnit = new Map(totals.map((t) => [t.key, t]));
  const rows: ReportRow[] = units.map((u, i) => {
    checkEvery(scope, i);
    const t = byUnit.get(u.uid) ?? noTotals(u.uid);
    const over = Math.round(t.over);
    return {
      rank: 0,
      vehicle: u.name,
      over,
      share: t.driving > 0 ? round((over / t.driving) * 100, 1) : 0,
      max_speed: Math.round(t.maxSpeed),
      distance: km(t.metres),
      trips: t.trips,
    };
  });
  rows.sort(
    (a, b) =>
      (b.over as number) - (a.over as number) ||
      (b.max_speed as number) - (a.max_speed as number) ||
      String(a.vehicle).localeCompare(String(b.vehicle)),
  );
  ranked(rows);
  const driving = totals.reduce((s, t) => s + t.driving, 0);
  const total: ReportRow = {
    rank: null,
    vehicle: null,
    over: sum(rows, 'over', 0),
    share: driving > 0 ? round((sum(rows, 'over', 0) / driving) * 100, 1) : 0,
    max_speed: top(rows, 'max_speed'),
    distance: sum(rows, 'distance'),
    trips: sum(rows, 'trips', 0),
  };
  const columns: ReportColumn[] = [
    RANK,
    VEHICLE,
    { key: 'over', title: `Time above ${limit} km/h`, kind: 'duration' },
    { key: 'share', title: 'Share of driving time', kind: 'percent', decimals: 1 },
    { key: 'max_speed', title: 'Top speed', kind: 'speed', decimals: 0 },
    { key: 'distance', title: 'Distance', kind: 'km', decimals: 2 },
    { key: 'trips', title: 'Trips', kind: 'number', decimals: 0 },
  ];
  const empty = !total.trips;
  const speeders = rows.filter((r) => (r.over as number) > 0).length;
  const sections: BuiltSection[] = [
    summary(
      ['Speed limit', limit, 'speed'],
      ['Vehicles above it', speeders, 'number'],
      ['Time above it', total.over, 'duration'],
      ['Top speed', total.max_speed, 'speed'],
    ),
  ];
  if (empty) sections.push(note('None of these vehicles made a trip in this period.'));
  else {
    const minutes = rows.map((r) => ({ ...r, minutes: round((r.over as number) / 60, 1) }));
    const chart = barChart(`Minutes above ${limit} km/h`, minutes, 'vehicle', 'minutes', 'min');
    if (chart) sections.push(chart);
    else sections.push(note(`No vehicle went above ${limit} km/h.`));
  }
  sections.push(note(`${bandRule(limit)} Ranked by that time, most first.`));
  sections.push(primaryTable(scope, columns, rows, total));
  scope.progress(1, 'Done');
  return { sections, empty };
};

const HARSH_COLUMNS: ReportColumn[] = HARSH_TYPES.map((type) => ({
  key: type,
  title: eventLabel(type),
  kind: 'number',
  decimals: 0,
}));

/** The harsh event columns, their total, per 100 km and the score: the scorecards share them. */
export const SCORE_COLUMNS: ReportColumn[] = [
  ...HARSH_COLUMNS,
  { key: 'events', title: 'Harsh events', kind: 'number', decimals: 0 },
  { key: 'per_100km', title: 'Per 100 km', kind: 'number', decimals: 2 },
  { key: 'score', title: 'Score', kind: 'number', decimals: 1 },
];

/** A row's harsh event cells, per 100 km and score, from its counts and distance. */
export function scoreCells(counts: Partial<Record<HarshType, number>>, metres: number): ReportRow {
  const row: ReportRow = {};
  let events = 0;
  for (const type of HARSH_TYPES) {
    row[type] = counts[type] ?? 0;
    events += counts[type] ?? 0;
  }
  row.events = events;
  row.per_100km = per100km(events, metres);
  row.score = behaviourScore(events, metres);
  return row;
}

/** The harsh event counts of a set of rows added up (a totals line). */
export function countsOf(rows: readonly ReportRow[]): Partial<Record<HarshType, number>> {
  const out: Partial<Record<HarshType, number>> = {};
  for (const type of HARSH_TYPES) out[type] = sum(rows, type, 0);
  return out;
}

/** Best score first; rows without a score (no distance) last; then fewer events, then by name. */
export function byScore(a: ReportRow, b: ReportRow, name: string): number {
  const sa = a.score as number | null;
  const sb = b.score as number | null;
  if (sa === null || sb === null) {
    if (sa !== sb) return sa === null ? 1 : -1;
  } else if (sa !== sb) return sb - sa;
  return (
    (a.events as number) - (b.events as number) || String(a[name]).localeCompare(String(b[name]))
  );
}

/** The counts by group key and type (one bucket). */
export function countsByKey(
  counts: { key: number | null; type: HarshType; n: number }[],
): Map<number | null, Partial<Record<HarshType, number>>> {
  const out = new Map<number | null, Partial<Record<HarshType, number>>>();
  for (const c of counts) {
    const m = out.get(c.key) ?? {};
    m[c.type] = (m[c.type] ?? 0) + c.n;
    out.set(c.key, m);
  }
  return out;
}

/** Harsh braking, acceleration and cornering per vehicle, per 100 km, and a score; best first. */
export const behaviour: ReportBuilder = async (scope) => {
  const { units } = scope;
  const uids = units.map((u) => u.uid);
  const buckets = periodBuckets(scope.range!);
  scope.progress(0.05, 'Reading trips');
  const totals = await tripTotals(scope.ctx, { uids, groupBy: 'unit', buckets });
  scope.signal.throwIfAborted();
  scope.progress(0.5, 'Reading events');
  const counts = countsByKey(await harshCounts(scope.ctx, { uids, groupBy: 'unit', buckets }));
  scope.signal.throwIfAborted();
  scope.progress(0.8, 'Scoring');
  const metres = new Map(totals.map((t) => [t.key, t.metres]));
  const rows: ReportRow[] = units.map((u, i) => {
    checkEvery(scope, i);
    const m = metres.get(u.uid) ?? 0;
    return { rank: 0, vehicle: u.name, distance: km(m), ...scoreCells(counts.get(u.uid) ?? {}, m) };
  });
  rows.sort((a, b) => byScore(a, b, 'vehicle'));
  ranked(rows);
  const allMetres = totals.reduce((s, t) => s + t.metres, 0);
  const total: ReportRow = {
    rank: null,
    vehicle: null,
    distance: sum(rows, 'distance'),
    ...scoreCells(countsOf(rows), allMetres),
  };
  const columns: ReportColumn[] = [
    RANK,
    VEHICLE,
    { key: 'distance', title: 'Distance', kind: 'km', decimals: 2 },
    ...SCORE_COLUMNS,
  ];
  const empty = !allMetres && !total.events;
  const sections: BuiltSection[] = [
    summary(
      ['Vehicles', units.length, 'number'],
      ['Distance', total.distance, 'km'],
      ['Harsh events', total.events, 'number'],
      ['Fleet score', total.score, 'number'],
    ),
  ];
  if (empty)
    sections.push(note('None of these vehicles drove or reported a harsh event in this period.'));
  else {
    const chart = barChart(
      'Harsh events per 100 km',
      rows.filter((r) => r.per_100km !== null).reverse(),
      'vehicle',
      'per_100km',
      'per 100 km',
    );
    if (chart) sections.push(chart);
  }
  sections.push(
    note(
      `${SCORE_RULE} Ranked by score, best first. Harsh events are those the trackers reported.`,
    ),
  );
  sections.push(primaryTable(scope, columns, rows, total));
  scope.progress(1, 'Done');
  return { sections, empty };
};
