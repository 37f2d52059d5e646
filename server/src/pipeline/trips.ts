// Stage 7: trips and stops. The segmenter (domain/trips.ts) runs per fix inside processRecords;
// here its operations become row writes: a batch's operations on one segment collapse to its
// final values, new segments are inserted (their ids remembered in the unit's runtime), open
// ones updated in place by id, so that today's list always shows the ongoing trip or stop.
import type { Kysely } from 'kysely';
import type { Database, Dialect } from '../db';
import { segmentKey, type Segment, type SegmentKey } from '../domain/trips';
import { histogramJson } from '../domain/trips-histogram';
import { batchStatement, excludedSet, type BatchStatement } from './sql';
import type { UnitInfo, UnitRuntime } from './runtime';
import type { UnitWork } from './process';

export const TRIP_COLUMNS = [
  'unit_id',
  'client_id',
  'type',
  'start_time',
  'end_time',
  'start_lat',
  'start_lon',
  'end_lat',
  'end_lon',
  'distance',
  'max_speed',
  'duration',
  'idle_time',
  'driver_id',
  'speed_histogram',
  'open',
  'min_lat',
  'min_lon',
  'max_lat',
  'max_lon',
] as const;

/**
 * What an update of a stored segment may change: a segment is identified by its type and start,
 * so those never change, and leaving indexed columns out of the SET spares index maintenance.
 */
export const TRIP_UPDATED = [
  'end_time',
  'end_lat',
  'end_lon',
  'distance',
  'max_speed',
  'duration',
  'idle_time',
  'driver_id',
  'speed_histogram',
  'open',
  'min_lat',
  'min_lon',
  'max_lat',
  'max_lon',
] as const;

/** A trip without an identified driver gets the unit's (or the one `driverFallback` names). */
function driverOf(seg: Segment, info: UnitInfo, driverFallback?: number | null): number | null {
  return seg.driverId ?? (seg.type === 0 ? (driverFallback ?? info.driverId) : null);
}

const histogramText = (seg: Segment) => (seg.histogram ? histogramJson(seg.histogram) : '{}');

/** A trips row in TRIP_COLUMNS order. */
export function tripValues(
  seg: Segment,
  info: UnitInfo,
  driverFallback?: number | null,
): unknown[] {
  return [
    info.uid,
    info.clientId,
    seg.type,
    seg.startTime,
    seg.endTime,
    seg.startLat,
    seg.startLon,
    seg.endLat,
    seg.endLon,
    seg.distance,
    seg.maxSpeed,
    Math.round((seg.endTime - seg.startTime) / 1000),
    Math.round(seg.idle),
    driverOf(seg, info, driverFallback),
    histogramText(seg),
    seg.open ? 1 : 0,
    seg.minLat,
    seg.minLon,
    seg.maxLat,
    seg.maxLon,
  ];
}

/** Keeps the ids of the segments that can still change: the open one, and a resumable trip. */
export function pruneRowIds(rt: UnitRuntime): void {
  if (!rt.rowIds.size) return;
  const current = rt.seg.current && segmentKey(rt.seg.current);
  const resumable = rt.seg.resume?.current && segmentKey(rt.seg.resume.current);
  for (const key of rt.rowIds.keys()) {
    if (key !== current && key !== resumable) rt.rowIds.delete(key);
  }
}

/** What a batch does to one stored segment: its final values, or its removal. */
export interface TripChange {
  w: UnitWork;
  key: SegmentKey;
  seg: Segment;
  /** The stored row's id: an update (or a delete); undefined: an insert. */
  id: number | undefined;
  removed: boolean;
}

/**
 * Collapses a unit's operations to one change per segment: the last operation on a segment
 * carries its final values (operations refer to the segmenter's own objects), a segment opened
 * and removed within the batch comes to nothing. Most units have one operation per batch.
 */
function collapse(w: UnitWork, out: TripChange[]): void {
  const ops = w.ops;
  const ids = w.rt.rowIds;
  if (ops.length === 1) {
    const { op, segment } = ops[0];
    const key = segmentKey(segment);
    const id = op === 'open' ? undefined : ids.get(key);
    if (op !== 'remove' || id !== undefined)
      out.push({ w, key, seg: segment, id, removed: op === 'remove' });
    return;
  }
  const at = new Map<SegmentKey, TripChange>();
  for (const { op, segment } of ops) {
    const key = segmentKey(segment);
    const c = at.get(key);
    if (!c) {
      const change: TripChange = {
        w,
        key,
        seg: segment,
        id: op === 'open' ? undefined : ids.get(key),
        removed: op === 'remove',
      };
      at.set(key, change);
      out.push(change);
    } else if (op === 'remove') {
      c.removed = true;
    } else {
      c.seg = segment;
      c.removed = false;
    }
  }
  for (let i = out.length - at.size; i < out.length; i++) {
    // Removed before it was ever stored: nothing to write.
    if (out[i].removed && out[i].id === undefined) out.splice(i--, 1);
  }
}

/** What a batch's segment operations come to: rows to delete, update (by id) and insert. */
export interface TripPlan {
  deletes: TripChange[];
  updates: TripChange[];
  inserts: TripChange[];
  units: UnitWork[];
}

export function planTrips(units: Iterable<UnitWork>): TripPlan {
  const plan: TripPlan = { deletes: [], updates: [], inserts: [], units: [] };
  const changes: TripChange[] = [];
  for (const w of units) {
    if (!w.ops.length) continue;
    plan.units.push(w);
    collapse(w, changes);
  }
  for (const c of changes) {
    if (c.removed) {
      plan.deletes.push(c);
      c.w.rt.rowIds.delete(c.key);
    } else if (c.id === undefined) plan.inserts.push(c);
    else plan.updates.push(c);
  }
  return plan;
}

/** After the plan is written: the new rows' ids are known; keep only what can still change. */
export function finishTrips(plan: TripPlan): void {
  for (const w of plan.units) pruneRowIds(w.rt);
}

/** Writes trip plans through Kysely (PostgreSQL, or SQLite without a statement cache). */
export class TripWriter {
  private readonly insert: BatchStatement;
  private readonly update: BatchStatement;

  /** One statement a batch for each: unnest arrays on PostgreSQL, VALUES lists on SQLite. */
  constructor(dialect: Dialect) {
    this.insert = batchStatement(
      dialect,
      'trips',
      TRIP_COLUMNS,
      'returning "id", "unit_id", "type", "start_time"',
    );
    // Updates by id as an upsert: one statement for every open segment of the batch. The label
    // is the user's and is never written here.
    this.update = batchStatement(
      dialect,
      'trips',
      ['id', ...TRIP_COLUMNS],
      `on conflict ("id") do update set ${excludedSet(TRIP_UPDATED)}`,
    );
  }

  async write(db: Kysely<Database>, units: UnitWork[]): Promise<void> {
    const plan = planTrips(units);
    const gone = plan.deletes.map((c) => c.id!);
    if (gone.length) await db.deleteFrom('trips').where('id', 'in', gone).execute();
    if (plan.updates.length)
      await this.update.run(
        db,
        plan.updates.flatMap((u) => [u.id, ...tripValues(u.seg, u.w.info)]),
      );
    if (plan.inserts.length) {
      const rows = await this.insert.run<{
        id: number;
        unit_id: number;
        type: number;
        start_time: number;
      }>(
        db,
        plan.inserts.flatMap((i) => tripValues(i.seg, i.w.info)),
      );
      const byKey = new Map(plan.inserts.map((i) => [`${i.w.info.uid}/${i.key}`, i.w]));
      for (const r of rows) {
        const key = segmentKey({ type: Number(r.type) as 0 | 1, startTime: Number(r.start_time) });
        const w = byKey.get(`${Number(r.unit_id)}/${key}`);
        if (w) w.rt.rowIds.set(key, Number(r.id));
      }
    }
    finishTrips(plan);
  }
}
