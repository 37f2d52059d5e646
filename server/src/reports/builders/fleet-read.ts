// Grouped reads of the Multiple Vehicles, Driver and Advanced reports (issue 14): the stored trips'
// figures summed in the database, one query per report, grouped by vehicle or driver and by
// bucket (the period, its days or its weeks), so 500 vehicles x 31 days is one pass over the trips
// index and a few hundred rows back, never a row per trip. A trip that crosses a bucket's edge
// counts with the part inside it: its time exactly, its distance, idle time and speed bands pro
// rata by time (as read.ts clipTrip shares out distance).
import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../../db';
import { SPEED_HISTOGRAM_BANDS } from '@fleet/common';
import { HISTOGRAM_KEYS } from '../../domain/trips-histogram';
import type { TaskContext } from '../../tasks/context';
import type { ReportScope } from '../model';
import { dayBounds, type Range } from './read';

/** A span the figures are summed over: the whole period, a day or a week. */
export interface Bucket extends Range {
  /** what the bucket is called in a table: the day, or the Monday a week starts on */
  label: string;
}

/** The whole period as one bucket. */
export const periodBuckets = (range: Range): Bucket[] => [{ ...range, label: '' }];

/** The period's days in the client's zone (a day of a clock change is 23 or 25 hours). */
export function dayBuckets(scope: Pick<ReportScope, 'zone' | 'days' | 'range'>): Bucket[] {
  const bounds = dayBounds(scope.zone, scope.days, scope.range!);
  return scope.days.map((label, i) => ({ label, from: bounds[i], to: bounds[i + 1] }));
}

/** Weeks from Monday (SPEC §9) in the client's zone, cut to the period; labelled by their Monday. */
export function weekBuckets(scope: Pick<ReportScope, 'zone' | 'days' | 'range'>): Bucket[] {
  const out: Bucket[] = [];
  for (const day of dayBuckets(scope)) {
    // Monday-based weekday of a calendar day: 1970-01-05 was a Monday.
    const n = Date.parse(`${day.label}T00:00:00Z`) / 86_400_000;
    const monday = new Date((n - ((((n - 4) % 7) + 7) % 7)) * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const last = out[out.length - 1];
    if (last && last.label === monday) last.to = day.to;
    else out.push({ label: monday, from: day.from, to: day.to });
  }
  return out;
}

// ---- speed bands -------------------------------------------------------------------------------

/**
 * The speed a limit is read from in the stored histogram (SPEC §9: speed-band sums count bands at
 * or above a threshold): the first band edge at or above the limit, so a limit between edges counts
 * the bands from the next edge up (110 km/h counts 120 km/h and above). Above the last edge (140)
 * there is no band wholly above the limit; the top band (140 km/h and above) is counted, and only
 * for trips whose top speed went above the limit.
 */
export function bandEdge(limit: number): number {
  return SPEED_HISTOGRAM_BANDS.find((edge) => edge >= limit) ?? SPEED_HISTOGRAM_BANDS.at(-1)!;
}

/** The histogram keys counted for a limit: every band starting at or above bandEdge(limit). */
export function bandKeys(limit: number): string[] {
  const edge = bandEdge(limit);
  // HISTOGRAM_KEYS[i + 1] is the band starting at SPEED_HISTOGRAM_BANDS[i].
  return SPEED_HISTOGRAM_BANDS.flatMap((b, i) => (b >= edge ? [HISTOGRAM_KEYS[i + 1]] : []));
}

/** How the note says it. */
export function bandRule(limit: number): string {
  const edge = bandEdge(limit);
  const top = SPEED_HISTOGRAM_BANDS.at(-1)!;
  const bands = SPEED_HISTOGRAM_BANDS.join(', ');
  if (limit > top)
    return `Time above ${limit} km/h is read from the trips' stored speed bands (${bands} km/h): above the highest band edge it is the time at ${top} km/h and over, on trips whose top speed exceeded ${limit} km/h.`;
  return `Time above ${limit} km/h is read from the trips' stored speed bands (${bands} km/h)${
    edge === limit
      ? ''
      : `: a limit between two band edges counts from the next edge up, so this is the time at ${edge} km/h and over`
  }.`;
}

/** The stored histogram's value of `key` as a number, in this database's dialect. */
function histogramValue(key: string, postgres: boolean): RawBuilder<number> {
  return postgres
    ? sql<number>`coalesce(cast(trips.speed_histogram::json ->> ${sql.lit(key)} as double precision), 0)`
    : sql<number>`coalesce(json_extract(trips.speed_histogram, ${sql.lit(`$."${key}"`)}), 0)`;
}

/** Whether the tenant's database is PostgreSQL (the histogram's JSON is read differently). */
export const onPostgres = (ctx: TaskContext) =>
  /^postgres(ql)?:\/\//.test(ctx.services.config.databaseUrl ?? '');

// ---- trip totals -------------------------------------------------------------------------------

/** The stored trips' figures of one group in one bucket. */
export interface TripTotals {
  /** unit_id or driver_id (null: trips without a driver) */
  key: number | null;
  /** index into the buckets */
  bucket: number;
  /** trips (type 0) that start in the bucket (in the first bucket: or before it) */
  trips: number;
  /** seconds of trips inside the bucket */
  driving: number;
  /** seconds of stops inside the bucket (0 unless `stops` was asked) */
  parked: number;
  metres: number;
  /** seconds idle (trip legs below 3 km/h), pro rata */
  idle: number;
  /** km/h, 0 without trips */
  maxSpeed: number;
  /** seconds in the bands counted for the speed limit, pro rata (0 without a limit) */
  over: number;
  /** epoch ms of the first trip's start and the last trip's end inside the bucket; null without */
  firstStart: number | null;
  lastEnd: number | null;
}

export interface TripFilter {
  /** the trip label filter of the advanced report */
  label?: 'all' | 'business' | 'personal' | 'unlabeled';
  /** trips shorter than this (whole trip, metres) are left out */
  minMetres?: number;
  /** sum the time above this limit (km/h) from the histogram */
  speedLimit?: number | null;
  /** also sum the stops' time (parked) */
  stops?: boolean;
}

/** A VALUES list of the buckets: column1 the index, column2 the start, column3 the end. */
function bucketValues(buckets: readonly Range[]): RawBuilder<unknown> {
  const rows = buckets.map((b, i) => sql`(${sql.lit(i)}, ${sql.lit(b.from)}, ${sql.lit(b.to)})`);
  return sql`(values ${sql.join(rows)})`;
}

/**
 * Joins the buckets as `b` (the caller's WHERE says which rows meet which bucket). Several buckets
 * are a cross join, which keeps SQLite reading the rows (by index) once, each against the few
 * buckets; as an inner join it reads them again for every bucket (seconds for a month of days).
 * One bucket is an inner join, which lets SQLite read the client's rows by (client_id, time).
 */
function joinBuckets<QB extends SelectQueryBuilder<Database, any, {}>>(
  qb: QB,
  buckets: readonly Range[],
) {
  const b = bucketValues(buckets).as('b');
  return buckets.length > 1 ? qb.crossJoin(b) : qb.innerJoin(b, (j) => j.onTrue());
}

/** The part of a trips row inside bucket `b`, in ms, and its share of the whole row. */
const IN_FROM = sql`(case when trips.start_time > b.column2 then trips.start_time else b.column2 end)`;
const IN_TO = sql`(case when trips.end_time < b.column3 then trips.end_time else b.column3 end)`;
const IN_MS = sql<number>`cast(${IN_TO} - ${IN_FROM} as double precision)`;
const SHARE = sql<number>`(case when trips.end_time > trips.start_time then ${IN_MS} / (trips.end_time - trips.start_time) else 1.0 end)`;

/** What a grouped read covers: the units (or every visible one), the grouping and the buckets. */
export interface GroupedRead {
  uids: readonly number[] | 'visible';
  groupBy: 'unit' | 'driver';
  buckets: readonly Range[];
  /** only trips of these drivers (and, for events, inside their trips) */
  drivers?: readonly number[];
}

/** The span of the buckets, or null when the read has nothing to cover. */
function spanOf(opts: GroupedRead): Range | null {
  const { buckets, uids, drivers } = opts;
  if (!buckets.length || (uids !== 'visible' && !uids.length) || drivers?.length === 0) return null;
  return {
    from: Math.min(...buckets.map((b) => b.from)),
    to: Math.max(...buckets.map((b) => b.to)),
  };
}

/**
 * The trips (and, if asked, stops) of the units, summed per group (unit or driver) and bucket,
 * in one query. `drivers`: only trips with one of these drivers (the units still restrict them).
 */
export async function tripTotals(
  ctx: TaskContext,
  opts: GroupedRead & { filter?: TripFilter },
): Promise<TripTotals[]> {
  const { buckets, filter = {} } = opts;
  const span = spanOf(opts);
  if (!span) return [];
  const { from, to } = span;
  const key = opts.groupBy === 'unit' ? sql`trips.unit_id` : sql`trips.driver_id`;
  const limit = filter.speedLimit ?? null;
  const keys = limit ? bandKeys(limit) : [];
  const postgres = onPostgres(ctx);
  // Only trips that reached the counted bands have time in them (a leg's mean speed is at most the
  // trip's top speed): the others skip the JSON. Above the last edge, only trips above the limit.
  const reached =
    limit && limit > SPEED_HISTOGRAM_BANDS.at(-1)!
      ? sql<boolean>`trips.max_speed > ${sql.lit(limit)}`
      : sql<boolean>`trips.max_speed >= ${sql.lit(limit ? bandEdge(limit) : 0)}`;
  const banded = keys.length
    ? sql<number>`case when ${reached} then (${sql.join(
        keys.map((k) => histogramValue(k, postgres)),
        sql` + `,
      )}) * ${SHARE} else 0 end`
    : sql<number>`0`;
  const isTrip = sql<boolean>`trips.type = 0`;
  let q = ctx.tenant
    .selectFrom('trips')
    .$call((qb) => joinBuckets(qb, buckets))
    .where(sql<boolean>`trips.start_time < b.column3 and trips.end_time > b.column2`)
    .select([
      sql<number | null>`${key}`.as('key'),
      sql<number>`b.column1`.as('bucket'),
      sql<number>`case when ${isTrip} then 0 else 1 end`.as('stop'),
      // A trip is counted once, in the bucket it starts in (the first, if it started before).
      sql<number>`sum(case when trips.start_time >= b.column2 or b.column1 = 0 then 1 else 0 end)`.as(
        'n',
      ),
      sql<number>`sum(${IN_MS})`.as('ms'),
      sql<number>`sum(trips.distance * ${SHARE})`.as('metres'),
      sql<number>`sum(trips.idle_time * ${SHARE})`.as('idle'),
      sql<number>`max(trips.max_speed)`.as('top'),
      sql<number>`sum(${banded})`.as('over'),
      sql<number>`min(${IN_FROM})`.as('first_start'),
      sql<number>`max(${IN_TO})`.as('last_end'),
    ])
    .where('trips.start_time', '<', to)
    .where('trips.end_time', '>', from);
  if (opts.uids === 'visible')
    q = q.where('trips.unit_id', 'in', ctx.tenant.units().select('units.uid'));
  else q = q.where('trips.unit_id', 'in', [...opts.uids]);
  if (opts.drivers) q = q.where('trips.driver_id', 'in', [...opts.drivers]);
  const trip = [sql<boolean>`trips.type = 0`];
  if (filter.label === 'business') trip.push(sql<boolean>`trips.label = 'business'`);
  else if (filter.label === 'personal') trip.push(sql<boolean>`trips.label = 'personal'`);
  else if (filter.label === 'unlabeled')
    trip.push(sql<boolean>`trips.label not in ('business', 'personal')`);
  if (filter.minMetres) trip.push(sql<boolean>`trips.distance >= ${filter.minMetres}`);
  const trips = sql<boolean>`(${sql.join(trip, sql` and `)})`;
  q = q.where(filter.stops ? sql<boolean>`(${trips} or trips.type <> 0)` : trips);
  const rows = await q
    .groupBy([sql`${key}`, sql`b.column1`, sql`case when ${isTrip} then 0 else 1 end`])
    .execute();

  const out = new Map<string, TripTotals>();
  for (const r of rows) {
    const k = r.key === null ? null : Number(r.key);
    const bucket = Number(r.bucket);
    const id = `${k}/${bucket}`;
    let t = out.get(id);
    if (!t) {
      t = noTotals(k, bucket);
      out.set(id, t);
    }
    if (Number(r.stop)) {
      t.parked += Number(r.ms) / 1000;
      continue;
    }
    t.trips += Number(r.n);
    t.driving += Number(r.ms) / 1000;
    t.metres += Number(r.metres);
    t.idle += Number(r.idle);
    t.maxSpeed = Math.max(t.maxSpeed, Number(r.top));
    t.over += Number(r.over);
    t.firstStart = Number(r.first_start);
    t.lastEnd = Number(r.last_end);
  }
  return [...out.values()];
}

/** An empty total of a group (a vehicle without trips still has its line). */
export function noTotals(key: number | null, bucket = 0): TripTotals {
  return {
    key,
    bucket,
    trips: 0,
    driving: 0,
    parked: 0,
    metres: 0,
    idle: 0,
    maxSpeed: 0,
    over: 0,
    firstStart: null,
    lastEnd: null,
  };
}

// ---- harsh driving events ---------------------------------------------------------------------

/** The device events that count as harsh driving. */
export const HARSH_TYPES = ['harsh_braking', 'harsh_acceleration', 'harsh_cornering'] as const;
export type HarshType = (typeof HARSH_TYPES)[number];

export interface HarshCount {
  key: number | null;
  bucket: number;
  type: HarshType;
  n: number;
}

/**
 * Harsh driving events per group and bucket, in one query. Per unit: the units' events. Per
 * driver: the events of a unit while one of the drivers drove it, inside that driver's trip.
 */
export async function harshCounts(ctx: TaskContext, opts: GroupedRead): Promise<HarshCount[]> {
  const { buckets } = opts;
  const span = spanOf(opts);
  if (!span) return [];
  const { from, to } = span;
  let q = ctx.tenant
    .selectFrom('device_events')
    .$call((qb) => joinBuckets(qb, buckets))
    .where(sql<boolean>`device_events.time >= b.column2 and device_events.time < b.column3`)
    .where('device_events.type', 'in', [...HARSH_TYPES])
    .where('device_events.time', '>=', from)
    .where('device_events.time', '<', to);
  if (opts.uids === 'visible')
    q = q.where('device_events.unit_id', 'in', ctx.tenant.units().select('units.uid'));
  else q = q.where('device_events.unit_id', 'in', [...opts.uids]);
  const count = sql<number>`count(*)`.as('n');
  const bucket = sql<number>`b.column1`.as('bucket');
  const rows =
    opts.groupBy === 'unit'
      ? await q
          .select(['device_events.unit_id as key', 'device_events.type', bucket, count])
          .groupBy(['device_events.unit_id', 'device_events.type', sql`b.column1`])
          .execute()
      : await q
          .innerJoin('trips', (j) =>
            j
              .onRef('trips.unit_id', '=', 'device_events.unit_id')
              .onRef('trips.start_time', '<=', 'device_events.time')
              .onRef('trips.end_time', '>=', 'device_events.time'),
          )
          .where('trips.type', '=', 0)
          .$if(!!opts.drivers, (w) => w.where('trips.driver_id', 'in', [...opts.drivers!]))
          .select(['trips.driver_id as key', 'device_events.type', bucket, count])
          .groupBy(['trips.driver_id', 'device_events.type', sql`b.column1`])
          .execute();
  return rows.map((r) => ({
    key: r.key === null ? null : Number(r.key),
    bucket: Number(r.bucket),
    type: r.type as HarshType,
    n: Number(r.n),
  }));
}

// ---- the behaviour score ---------------------------------------------------------------------

/** Harsh events per 100 km; null without distance. */
export const per100km = (events: number, metres: number) =>
  metres > 0 ? Math.round((events / (metres / 100_000)) * 100) / 100 : null;

/** 100 minus 10 per harsh event per 100 km, floored at 0, one decimal; null without distance. */
export function behaviourScore(events: number, metres: number): number | null {
  const rate = metres > 0 ? events / (metres / 100_000) : null;
  return rate === null ? null : Math.max(0, Math.round((100 - 10 * rate) * 10) / 10);
}

export const SCORE_RULE =
  'Score: 100 minus 10 for every harsh braking, acceleration or cornering event per 100 km driven, and never below 0. A vehicle or driver that drove no distance has no score.';
