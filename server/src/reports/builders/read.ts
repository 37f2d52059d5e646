// Readers every report builder may share (issue 14): the stored trips and stops of some units that
// overlap a period, with the part inside it; device events and rule alerts in a period; the units'
// positions in batches (keyset paging, so a long read never sits in memory whole); the period's
// days in the client's zone and the split of a span across them; the rows a table keeps under a
// row cap. Everything goes through the tenant layer; the units are the scope's, already checked.
import type { Selectable } from 'kysely';
import { alertSummary, ruleTypeName, type LatLon, type ReportChartSection } from '@fleet/common';
import { json } from '../../db';
import type { PositionsTable, TripsTable } from '../../db/types';
import { POSITION_COLUMNS, type StoredEvent } from '../../pipeline/columns';
import { dayStartIn, zoneOffsetMinutes } from '../../domain/time';
import { describeTown, nearestTown } from '../../notify/towns';
import { circleArea, inArea, polygonArea, type Area } from '../../tasks/area-visits';
import type { TaskContext } from '../../tasks/context';
import { tripsOverlapping } from '../../tasks/summaries';

/** [from, to) in epoch ms. */
export interface Range {
  from: number;
  to: number;
}

export type StoredTrip = Selectable<TripsTable>;

/** A trips row with the part of it inside the period. */
export interface ClippedTrip extends StoredTrip {
  /** the part inside the period, epoch ms */
  inFrom: number;
  inTo: number;
  /** whole seconds inside the period */
  seconds: number;
  /** metres inside the period: the distance pro rata by time (a trip cut at the edge) */
  metres: number;
}

/** The part of [start, end] inside the range; distance shared out by time. */
export function clipTrip(r: StoredTrip, range: Range): ClippedTrip {
  const start = Number(r.start_time);
  const end = Number(r.end_time);
  const inFrom = Math.max(start, range.from);
  const inTo = Math.max(inFrom, Math.min(end, range.to));
  const share = end > start ? (inTo - inFrom) / (end - start) : 1;
  return {
    ...r,
    start_time: start,
    end_time: end,
    distance: Number(r.distance),
    max_speed: Number(r.max_speed),
    inFrom,
    inTo,
    seconds: Math.round((inTo - inFrom) / 1000),
    metres: Number(r.distance) * share,
  };
}

/**
 * The trips (kind 'trips': type 0), stops ('stops': any other type) or both of the units that
 * overlap the range, clipped to it, ordered by unit and start. One query, stored figures only.
 */
export async function tripsInRange(
  ctx: TaskContext,
  uids: readonly number[],
  range: Range,
  kind: 'trips' | 'stops' | 'all' = 'all',
): Promise<ClippedTrip[]> {
  let q = tripsOverlapping(ctx, [...uids], range.from, range.to).selectAll();
  if (kind === 'trips') q = q.where('type', '=', 0);
  else if (kind === 'stops') q = q.where('type', '<>', 0);
  const rows = await q.orderBy('unit_id').orderBy('start_time').orderBy('id').execute();
  return rows.map((r) => clipTrip(r, range));
}

/** A device event as reports read it, its attributes parsed. */
export interface EventRow extends Omit<StoredEvent, 'client_id'> {
  attributes: Record<string, unknown>;
}

/** Device events of the units in [from, to), of the given types (all when none), in time order. */
export async function eventsInRange(
  ctx: TaskContext,
  uids: readonly number[],
  range: Range,
  types?: readonly string[],
): Promise<EventRow[]> {
  if (!uids.length) return [];
  let q = ctx.tenant
    .selectFrom('device_events')
    .select(['id', 'unit_id', 'time', 'type', 'lat', 'lon', 'speed', 'ref', 'attributes'])
    .where('unit_id', 'in', [...uids])
    .where('time', '>=', range.from)
    .where('time', '<', range.to);
  if (types?.length) q = q.where('type', 'in', [...types]);
  const rows = await q.orderBy('time').orderBy('id').execute();
  return rows.map((r) => ({
    ...r,
    time: Number(r.time),
    ref: Number(r.ref),
    attributes: json.parse<Record<string, unknown>>(r.attributes, {}),
  }));
}

export interface AlertRow {
  raid: number;
  unit_id: number;
  rule_name: string;
  type: string;
  /** the rule type in words ("Speeding") */
  type_name: string;
  /** the alert in one sentence, as the alert list words it */
  text: string;
  time: number;
  end_time: number | null;
  lat: number | null;
  lon: number | null;
  speed: number | null;
}

/** Rule alerts of the units that started in [from, to), in time order. */
export async function alertsInRange(
  ctx: TaskContext,
  uids: readonly number[],
  range: Range,
): Promise<AlertRow[]> {
  if (!uids.length) return [];
  const rows = await ctx.tenant
    .selectFrom('rule_alerts')
    .select([
      'raid',
      'unit_id',
      'rule_name',
      'type',
      'time',
      'end_time',
      'lat',
      'lon',
      'speed',
      'evidence',
    ])
    .where('unit_id', 'in', [...uids])
    .where('time', '>=', range.from)
    .where('time', '<', range.to)
    .orderBy('time')
    .orderBy('raid')
    .execute();
  return rows.map(({ evidence, ...r }) => ({
    ...r,
    time: Number(r.time),
    end_time: r.end_time === null ? null : Number(r.end_time),
    type_name: ruleTypeName(r.type),
    text: alertSummary(r.type, json.parse<Record<string, unknown>>(evidence, {})),
  }));
}

/** The positions columns a report reads (all but server_time and the raw attributes). */
const POSITION_READ = POSITION_COLUMNS.filter(
  (c): c is Exclude<(typeof POSITION_COLUMNS)[number], 'server_time' | 'attributes'> =>
    c !== 'server_time' && c !== 'attributes',
);

/** A position as reports read it: speed in km/h, odometer in metres. */
export type PositionRow = Pick<Selectable<PositionsTable>, (typeof POSITION_READ)[number]>;

/**
 * The units' positions in [from, to), in batches of `size`, unit after unit (in the order given)
 * and by fix time within a unit: keyset paging on (unit_id, fix_time), which is unique and indexed
 * (positions_unit_time), so every batch is one index range read however far in it is.
 */
export async function* positionBatches(
  ctx: TaskContext,
  uids: readonly number[],
  range: Range,
  opts: { size?: number; signal?: AbortSignal } = {},
): AsyncGenerator<PositionRow[]> {
  const size = opts.size ?? 5000;
  for (const uid of uids) {
    let after = range.from - 1;
    for (;;) {
      opts.signal?.throwIfAborted();
      const rows = await ctx.tenant
        .positionsOf([uid])
        .select(POSITION_READ)
        .where('positions.unit_id', '=', uid)
        .where('positions.fix_time', '>', after)
        .where('positions.fix_time', '<', range.to)
        .orderBy('positions.fix_time')
        .limit(size)
        .execute();
      if (!rows.length) break;
      const batch = rows.map((r) => ({ ...r, fix_time: Number(r.fix_time) }));
      yield batch;
      if (rows.length < size) break;
      after = batch[batch.length - 1].fix_time;
    }
  }
}

/** How many positions the units have in [from, to). */
export async function countPositions(
  ctx: TaskContext,
  uids: readonly number[],
  range: Range,
): Promise<number> {
  const { n } = await ctx.tenant
    .positionsOf(uids)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('positions.fix_time', '>=', range.from)
    .where('positions.fix_time', '<', range.to)
    .executeTakeFirstOrThrow();
  return Number(n);
}

// ---- places ----------------------------------------------------------------------------------

export interface NamedArea {
  lid: number;
  name: string;
  area: Area;
}

/** The client's locations as areas (a point location is a circle of its radius). */
export async function locationAreas(ctx: TaskContext, clientId: number): Promise<NamedArea[]> {
  const rows = await ctx.tenant
    .selectFrom('locations')
    .select(['lid', 'name', 'type', 'geofence', 'lat', 'lon', 'radius'])
    .where('client_id', '=', clientId)
    .orderBy('name')
    .execute();
  return rows.map((r) => ({
    lid: r.lid,
    name: r.name,
    area:
      r.type === 'point'
        ? circleArea(Number(r.lat), Number(r.lon), Number(r.radius ?? 0))
        : polygonArea(json.parse<LatLon[]>(r.geofence, [])),
  }));
}

/**
 * Words for where a position is: the client's location containing it ("Depot"), else the nearest
 * town ("12 km NE of Pretoria"), else its coordinates. Each area's box is tested before its shape.
 */
export function placeNamer(
  areas: readonly NamedArea[],
): (lat: number | null, lon: number | null) => string {
  return (lat, lon) => {
    if (lat === null || lon === null) return '';
    for (const a of areas) {
      const b = a.area.box;
      if (lat < b.minLat || lat > b.maxLat || lon < b.minLon || lon > b.maxLon) continue;
      if (inArea(a.area, lat, lon)) return a.name;
    }
    return describeTown(nearestTown(lat, lon)) ?? `${lat.toFixed(5)}, ${lon.toFixed(5)}`;
  };
}

// ---- days of the period --------------------------------------------------------------------

/** The first instant of each day and the end of the last: days.length + 1 boundaries. */
export function dayBounds(zone: string, days: readonly string[], range: Range): number[] {
  return [...days.map((d) => dayStartIn(zone, d)), range.to];
}

/** The day (index into the boundaries) holding instant `at`; -1 outside them. */
export function dayIndexOf(bounds: readonly number[], at: number): number {
  if (at < bounds[0] || at >= bounds[bounds.length - 1]) return -1;
  let lo = 0;
  let hi = bounds.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (bounds[mid] <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The pieces of [from, to) in each day it touches: [day index, piece start, piece end]. */
export function splitByDay(
  bounds: readonly number[],
  from: number,
  to: number,
): [number, number, number][] {
  const out: [number, number, number][] = [];
  const first = Math.max(from, bounds[0]);
  const last = Math.min(to, bounds[bounds.length - 1]);
  if (last <= first) return out;
  for (let i = dayIndexOf(bounds, first); i >= 0 && i < bounds.length - 1; i++) {
    const a = Math.max(first, bounds[i]);
    const b = Math.min(last, bounds[i + 1]);
    if (b <= a) break;
    out.push([i, a, b]);
  }
  return out;
}

export interface DayPiece {
  day: number;
  from: number;
  to: number;
  /** whole seconds of the piece */
  seconds: number;
  /** the trip's metres pro rata by time */
  metres: number;
}

/** A stored trip or stop cut at the days' midnights (and the period's edges). */
export function dayPieces(bounds: readonly number[], t: StoredTrip): DayPiece[] {
  const start = Number(t.start_time);
  const end = Number(t.end_time);
  return splitByDay(bounds, start, end).map(([day, from, to]) => ({
    day,
    from,
    to,
    seconds: Math.round((to - from) / 1000),
    metres: end > start ? (Number(t.distance) * (to - from)) / (end - start) : Number(t.distance),
  }));
}

/** The clock time of an instant in a zone, "08:15". */
export const clockIn = (zone: string, at: number) =>
  new Date(at + zoneOffsetMinutes(zone, at) * 60_000).toISOString().slice(11, 16);

// ---- figures and tables --------------------------------------------------------------------

/** Metres as km with 2 decimals (SPEC §9). */
export const km = (metres: number) => Math.round(metres / 10) / 100;

/** A table's rows under the row cap (null: all) and how many were left out. */
export function capRows<T>(rows: T[], cap: number | null): { rows: T[]; omitted?: number } {
  if (cap === null || rows.length <= cap) return { rows };
  return { rows: rows.slice(0, cap), omitted: rows.length - cap };
}

/** A bar chart of one value per day of the period. */
export function perDayChart(
  title: string,
  days: readonly string[],
  values: readonly number[],
  unit: string,
): ReportChartSection {
  return {
    kind: 'chart',
    title,
    chart: 'bar',
    categories: [...days],
    series: [{ name: title, values: [...values] }],
    unit,
  };
}
