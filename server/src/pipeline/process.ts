// Runs the stages over one batch of records, in memory, on the units' runtime state:
// validate → dedupe → jumps → odometer → motion/ignition/engine hours → events → places → trips →
// park state → rules (rules/engine.ts, on the record as applied).
// The result is what the store writes in one transaction. The runtime is advanced in place (a copy
// per unit and batch costs more than the stages themselves); if the transaction fails, the caller
// drops the runtimes of the batch's units, which are then loaded again from the committed state,
// so the resend is processed as if for the first time.
import type { Kysely } from 'kysely';
import type { Database } from '../db';
import type { DeviceRecord } from '../ingest/types';
import { pushPoint, type SegmentOp, type TripPoint } from '../domain/trips';
import type { PipelineConfig } from './config';
import { validateRecord, cleanCourse, cleanSpeed } from './validate';
import { fixOrder, rememberFix, type FixOrder } from './dedupe';
import { checkJump } from './jumps';
import { advanceOdometer } from './odometer';
import { applyStatus, updateParkState } from './motion';
import { deriveEvents } from './events';
import { positionAttributes } from './attributes';
import { POSITION_COLUMNS } from './columns';
import type { UnitInfo, UnitRuntime } from './runtime';
import type { ClientPlaces } from './places-index';
import { trackPlaces } from './places';
import type { ClientRules, PanicRecipients } from '../rules/cache';
import {
  beginUnit,
  runRules,
  snapshotBefore,
  type RecordRun,
  type UnitRules,
} from '../rules/engine';
import type { AlertOp } from '../rules/state';
import type { CompiledRule } from '../rules/types';

export { EVENT_COLUMNS, POSITION_COLUMNS, POSITION_ODOMETER } from './columns';

export interface LateFix {
  point: TripPoint;
  /** A positions row (POSITION_COLUMNS); its odometer is filled in from the stored fix before it. */
  row: unknown[];
}

/** What a reader of the unit list sees of a runtime, as it was before the batch. */
export interface LiveView {
  hasFix: boolean;
  fixTime: number;
  parkState: number;
  ignition: boolean | null;
  serverTime: number;
  clientId: number;
}

export function liveView(rt: UnitRuntime): LiveView {
  return {
    hasFix: rt.hasFix,
    fixTime: rt.fixTime,
    parkState: rt.parkState,
    ignition: rt.ignition,
    serverTime: rt.serverTime,
    clientId: rt.clientId,
  };
}

export interface UnitWork {
  info: UnitInfo;
  before: LiveView;
  /** The unit's runtime, advanced by the stages. */
  rt: UnitRuntime;
  ops: SegmentOp[];
  late: LateFix[];
  /** The rules the unit runs in this batch (rules/engine.ts); absent or null: none. */
  rules?: UnitRules | null;
}

export interface Batch {
  now: number;
  /** Flat positions rows of new fixes (POSITION_COLUMNS each). */
  positions: unknown[];
  /** Flat device_events rows (EVENT_COLUMNS each). */
  events: unknown[];
  units: Map<number, UnitWork>;
  /** Rule alert rows (rules/engine.ts): inserts of new incidents and updates of stored ones. */
  alerts: AlertOp[];
  /** Panic notification recipients of the batch's clients that have some (by client id). */
  panic: Map<number, PanicRecipients>;
  stats: { records: number; dropped: number; duplicates: number; jumps: number; unknown: number };
  /**
   * Written last in the batch's transaction (stream/consumer.ts: the partition's committed stream
   * sequence, refused when this process no longer holds the partition, which rolls the batch back).
   */
  mark?: BatchMark;
}

/** A write of the batch's source, committed with it or not at all. */
export type BatchMark = (trx: Kysely<Database>) => Promise<void>;

export interface ProcessContext {
  now: number;
  cfg: PipelineConfig;
  unitOf(deviceId: string): UnitInfo | null | undefined;
  runtimeOf(info: UnitInfo): UnitRuntime;
  driverPid(clientId: number, tag: string): number | null | undefined;
  /**
   * The compiled places of a client (loaded before the batch): locations and route corridors
   * are tested on each new fix. Without it (or undefined for a client) no place events.
   */
  placesOf?(clientId: number): ClientPlaces | undefined;
  /** The compiled rules of a client (loaded before the batch, rules/cache.ts). Without it, none. */
  rulesOf?(clientId: number): ClientRules | undefined;
  /** An evaluator threw on a record (the batch goes on without that rule's verdict). */
  onRuleError?(err: unknown, rule: CompiledRule): void;
}

const bool01 = (v: boolean | null | undefined) => (v === true ? 1 : v === false ? 0 : null);

/**
 * The batch's positions rows, written in place: the array is allocated once at its largest size
 * (every record a new fix) instead of growing by copies, and cut to what was written at the end.
 */
interface Rows {
  values: unknown[];
  length: number;
}

interface Group {
  info: UnitInfo;
  records: DeviceRecord[];
  sorted: boolean;
}

export function processRecords(records: DeviceRecord[], ctx: ProcessContext): Batch {
  // Filled with null, not left holey: the array holds numbers and strings from the start, so it
  // is not converted from a number array to a generic one on its first string.
  const rows: Rows = {
    values: new Array<unknown>(records.length * POSITION_COLUMNS.length).fill(null),
    length: 0,
  };
  const batch: Batch = {
    now: ctx.now,
    positions: rows.values,
    events: [],
    units: new Map(),
    alerts: [],
    panic: new Map(),
    stats: { records: records.length, dropped: 0, duplicates: 0, jumps: 0, unknown: 0 },
  };
  // Per unit, in time order: records of one unit may arrive in several submits of a batch. A
  // submit is one device's packet, so a record mostly belongs to the group of the one before it.
  const groups = new Map<number, Group>();
  let lastDevice: string | null = null;
  let group: Group | null = null;
  for (const rec of records) {
    if (rec.deviceId !== lastDevice) {
      lastDevice = rec.deviceId;
      const info = ctx.unitOf(rec.deviceId);
      group = info ? (groups.get(info.uid) ?? null) : null;
      if (info && !group) groups.set(info.uid, (group = { info, records: [], sorted: true }));
    }
    if (!group) {
      batch.stats.unknown++;
      continue;
    }
    const n = group.records.length;
    if (n && group.records[n - 1].fixTime > rec.fixTime) group.sorted = false;
    group.records.push(rec);
  }
  const run: RecordRun = {
    alerts: batch.alerts,
    events: batch.events,
    eventsFrom: 0,
    places: undefined,
    onError: ctx.onRuleError,
  };
  for (const g of groups.values()) {
    if (!g.sorted) g.records.sort((a, b) => a.fixTime - b.fixTime);
    const rt = ctx.runtimeOf(g.info);
    const w: UnitWork = { info: g.info, before: liveView(rt), rt, ops: [], late: [] };
    rt.clientId = g.info.clientId;
    const places = ctx.placesOf?.(g.info.clientId);
    const rules = ctx.rulesOf?.(g.info.clientId);
    if (rules?.panic) batch.panic.set(g.info.clientId, rules.panic);
    // A client without rules costs nothing per record: w.rules stays unset, so no record of the
    // unit is snapshotted or run. A unit with memory left (rules deleted) still has it cleared.
    if ((rules !== undefined && !rules.empty) || rt.rules !== null)
      w.rules = beginUnit(rt, g.info, rules, batch.alerts);
    run.places = places;
    for (const rec of g.records) processOne(batch, rows, w, rec, ctx, places, run);
    w.rt.serverTime = ctx.now;
    batch.units.set(g.info.uid, w);
  }
  rows.values.length = rows.length;
  return batch;
}

function processOne(
  batch: Batch,
  rows: Rows,
  w: UnitWork,
  rec: DeviceRecord,
  ctx: ProcessContext,
  places: ClientPlaces | undefined,
  run: RecordRun,
): void {
  const { cfg, now } = ctx;
  const rt = w.rt;
  let validity = validateRecord(rec, now, cfg);
  if (validity === 'drop') {
    batch.stats.dropped++;
    return;
  }
  const rules = w.rules;
  const eventsFrom = batch.events.length;
  if (rules) snapshotBefore(rt);
  const t = rec.fixTime;
  const speed = cleanSpeed(rec.speed);
  let order: FixOrder | null = null;
  let reanchor = false;
  if (validity === 'fix') {
    order = fixOrder(rt, t);
    if (order === 'duplicate') {
      validity = 'status';
      batch.stats.duplicates++;
    } else {
      const verdict = checkJump(rt, t, rec.lat, rec.lon, speed, order === 'late', cfg);
      if (verdict === 'reject') {
        validity = 'status';
        batch.stats.jumps++;
      } else reanchor = verdict === 'reanchor';
    }
  }
  const newFix = validity === 'fix' && order === 'new';
  const lateFix = validity === 'fix' && order === 'late';
  const applies = t >= rt.statusTime;
  const pid =
    rec.driverId !== undefined ? ctx.driverPid(rt.clientId, rec.driverId.trim()) : undefined;

  const drafts = deriveEvents(rt, rec, { applies, newFix, speed, driverPid: pid }, cfg);
  if (applies) applyStatus(rt, rec, t, pid, cfg);

  const course = cleanCourse(rec.course);
  if (newFix) {
    const point: TripPoint = { time: t, lat: rec.lat, lon: rec.lon, speed, driverId: rt.driverPid };
    if (reanchor) point.jump = true;
    // Before the live position moves: it is where a missing places memory is set from.
    if (places) trackPlaces(rt, places, t, rec.lat, rec.lon, speed, batch.events);
    advanceOdometer(rt, point, cfg.trips);
    rt.hasFix = true;
    rt.fixTime = t;
    rt.lat = rec.lat;
    rt.lon = rec.lon;
    rt.speed = speed;
    rt.course = course;
    if (rec.satellites !== undefined) rt.satellites = rec.satellites;
    if (rec.altitude !== undefined) rt.altitude = rec.altitude;
    rememberFix(rt, t);
    pushPoint(rt.seg, point, cfg.trips, w.ops);
    rt.moving = rt.seg.moving;
    const p = rows.values;
    let i = rows.length;
    p[i++] = rt.uid;
    p[i++] = t;
    p[i++] = now;
    p[i++] = rec.lat;
    p[i++] = rec.lon;
    p[i++] = speed;
    p[i++] = course;
    p[i++] = rec.altitude ?? null;
    p[i++] = rec.satellites ?? null;
    p[i++] = 1;
    p[i++] = bool01(rec.ignition ?? rt.ignition);
    p[i++] = rt.odometer;
    p[i++] = positionAttributes(rec);
    rows.length = i;
  } else if (lateFix) {
    w.late.push({
      point: { time: t, lat: rec.lat, lon: rec.lon, speed },
      row: [
        rt.uid,
        t,
        now,
        rec.lat,
        rec.lon,
        speed,
        course,
        rec.altitude ?? null,
        rec.satellites ?? null,
        1,
        bool01(rec.ignition),
        0,
        positionAttributes(rec),
      ],
    });
  }
  if (applies || newFix) updateParkState(rt, t);

  if (drafts.length) {
    const located = validity === 'fix';
    const lat = located ? rec.lat : rt.hasFix ? rt.lat : null;
    const lon = located ? rec.lon : rt.hasFix ? rt.lon : null;
    for (const d of drafts) {
      batch.events.push(
        rt.uid,
        rt.clientId,
        t,
        d.type === 'panic' && w.info.remote ? 'panic_remote' : d.type,
        lat,
        lon,
        located ? speed : null,
        d.attributes,
        0,
      );
    }
  }

  // Rules see the record once it is applied; only records not older than the live state (a late
  // fix or a resent duplicate raises nothing: its alert was raised, or not, when it was new).
  if (rules && (newFix || (applies && order !== 'duplicate'))) {
    run.eventsFrom = eventsFrom;
    runRules(rules, rt, rec, newFix, speed, run);
  }
}
