// Per-unit runtime state, kept in memory so that the hot path never reads the database per record.
// Loaded lazily from the unit's unit_state row; the trip segmenter's state is rebuilt then by
// replaying the unit's stored positions since its last stop (pipeline/resegment.ts), so nothing
// but the live state is written per batch. After a failed write the runtime is dropped and loaded
// again, which is how a batch's changes are undone.
import { PARK_STATE } from '@fleet/common';
import {
  newSegmenterState,
  type SegmentKey,
  type SegmenterState,
  type TripPoint,
} from '../domain/trips';
import type { ParkState } from '../domain/motion';
import type { Selectable } from 'kysely';
import type { UnitStateTable } from '../db/types';
import type { ClientPlaces, Neighbourhood, RouteState } from './places-index';
import { parseRuleMemory, type RuleMemory } from '../rules/state';

/** What the pipeline needs to know about a provisioned unit (from `units`). */
export interface UnitInfo {
  uid: number;
  clientId: number;
  serviceType: string;
  /** The unit's assigned driver (units.driver_id): trips without an identified driver get it. */
  driverId: number | null;
  /**
   * A panic remote is paired to the unit (remotes): its panics are stored as 'panic_remote'
   * (SPEC §8 chase-up type 7), the tracker's own button being the remote's receiver.
   */
  remote?: boolean;
  /**
   * false: the unit's client opted out of the recovery desk's calls (clients.chase_up = 0), so its
   * chase-ups are filed as "don't chase up" (SPEC §4 state 7). Absent: chased.
   */
  chaseUp?: boolean;
  /** The device's model (units.device_model) for gateways that decode by model. */
  model?: string | null;
}

export interface UnitRuntime {
  uid: number;
  clientId: number;
  /** Live position: the newest accepted fix. Never moves backwards in time. */
  hasFix: boolean;
  fixTime: number;
  lat: number;
  lon: number;
  speed: number;
  course: number;
  /** Server time of the newest record of any kind (the connection state's "last data"). */
  serverTime: number;
  /** Time of the newest record whose status values (ignition, power, ...) were applied. */
  statusTime: number;
  ignition: boolean | null;
  moving: boolean;
  parkState: ParkState;
  parkSince: number | null;
  /** metres, by haversine over accepted fixes */
  odometer: number;
  /** seconds with the ignition on */
  engineSeconds: number;
  power: number | null;
  battery: number | null;
  batteryLevel: number | null;
  gsm: number | null;
  inputs: number | null;
  outputs: number | null;
  satellites: number | null;
  altitude: number | null;
  /** The newest record with a location part had no usable fix (invalid, or 0,0). */
  noFix: boolean;
  /** The tracker's own battery is charging (GT06 terminal info, OsmAnd is_charging). */
  charging: boolean | null;
  driverTag: string | null;
  driverPid: number | null;
  /** Event derivation memory (edge-triggered events with hysteresis). */
  powerOk: boolean | null;
  lowBattery: boolean | null;
  overspeeding: boolean;
  towFixes: number;
  towed: boolean;
  /** Fixes rejected as jumps since the last accepted one (see pipeline/jumps.ts). */
  suspects: TripPoint[];
  /** Recent fix times (a ring, next slot at recentAt), for cheap detection of resent data. */
  recent: number[];
  recentAt: number;
  seg: SegmenterState;
  /** Stored trips.id of open (or resumable) segments, by segmentKey (a Map: the keys are data). */
  rowIds: Map<SegmentKey, number>;
  /**
   * Places memory (pipeline/places.ts): the lids of the locations the unit is inside, null until
   * its first fix is tested (then set silently from the last stored position: no event).
   */
  insideLids: Set<number> | null;
  /** Per assigned route (by roid): the previous distance along it and whether it is off. */
  routeState: Map<number, RouteState> | null;
  /** The client place index the memory was last reconciled with. */
  placesSeen: ClientPlaces | null;
  /** The candidate locations around the unit (reused while it stays near). */
  placesNear: Neighbourhood | null;
  /**
   * Rule memory by rid (rules/state.ts): each rule's incident and its evaluator's memory, stored in
   * unit_rule_memory in the batch's transaction. null: none.
   */
  rules: RuleMemory | null;
  /**
   * The memory's text as the unit_rule_memory row has it ('{}': no row). The store writes the row
   * only when the serialised memory differs: most batches change no unit's memory, and rewriting
   * it with every batch made it as costly as the unit's state.
   */
  rulesWritten: string;
}

export const RECENT_FIXES = 64;

export function newRuntime(info: UnitInfo): UnitRuntime {
  return {
    uid: info.uid,
    clientId: info.clientId,
    hasFix: false,
    fixTime: 0,
    lat: 0,
    lon: 0,
    speed: 0,
    course: 0,
    serverTime: 0,
    statusTime: 0,
    ignition: null,
    moving: false,
    parkState: PARK_STATE.UNKNOWN,
    parkSince: null,
    odometer: 0,
    engineSeconds: 0,
    power: null,
    battery: null,
    batteryLevel: null,
    gsm: null,
    inputs: null,
    outputs: null,
    satellites: null,
    altitude: null,
    noFix: false,
    charging: null,
    driverTag: null,
    driverPid: null,
    powerOk: null,
    lowBattery: null,
    overspeeding: false,
    towFixes: 0,
    towed: false,
    suspects: [],
    recent: [],
    recentAt: 0,
    seg: newSegmenterState(),
    rowIds: new Map(),
    insideLids: null,
    routeState: null,
    placesSeen: null,
    placesNear: null,
    rules: null,
    rulesWritten: '{}',
  };
}

/** The unit_state.attributes shown to users (get_unit): latest device values without a column. */
export function displayAttributes(rt: UnitRuntime): string {
  const a: Record<string, number | string> = {};
  if (rt.batteryLevel !== null) a.batteryLevel = rt.batteryLevel;
  if (rt.inputs !== null) a.input = rt.inputs;
  if (rt.outputs !== null) a.output = rt.outputs;
  if (rt.satellites !== null) a.sat = rt.satellites;
  if (rt.altitude !== null) a.altitude = rt.altitude;
  if (rt.noFix) a.noFix = 1;
  if (rt.charging !== null) a.charge = rt.charging ? 1 : 0;
  if (rt.driverTag !== null) a.driverUniqueId = rt.driverTag;
  for (const _ in a) return JSON.stringify(a);
  return '{}';
}

export type UnitStateRow = Selectable<UnitStateTable>;

/** Takes the unit's stored rule memory (its unit_rule_memory.memory; null: no row). */
export function setRuleMemory(rt: UnitRuntime, memory: string | null): void {
  rt.rules = parseRuleMemory(memory);
  rt.rulesWritten = memory ?? '{}';
}

/**
 * The runtime as far as unit_state and unit_rule_memory (`memory`, null when the unit has no row)
 * have it; the caller rebuilds `seg` and `rowIds` by replay. The event memory is re-derived from the
 * stored values, with the thresholds of `cfg`.
 */
export function runtimeFromRow(
  info: UnitInfo,
  row: UnitStateRow,
  memory: string | null,
  cfg: {
    powerCutV: number;
    powerRestoreV: number;
    lowBatteryV: number;
    lowBatteryPercent: number;
    batteryOkV: number;
    batteryOkPercent: number;
  },
): UnitRuntime {
  const rt = newRuntime(info);
  rt.hasFix = row.fix_time > 0;
  rt.fixTime = row.fix_time;
  rt.lat = row.lat;
  rt.lon = row.lon;
  rt.speed = row.speed;
  rt.course = row.course;
  rt.serverTime = row.server_time;
  rt.statusTime = row.fix_time;
  rt.ignition = row.ignition === null ? null : row.ignition === 1;
  rt.moving = row.motion === 1;
  rt.parkState = row.park_state as ParkState;
  rt.parkSince = row.park_since;
  rt.odometer = row.odometer;
  rt.engineSeconds = row.engine_hours;
  rt.power = row.power;
  rt.battery = row.battery;
  rt.gsm = row.gsm;
  rt.driverPid = row.driver_id;
  let a: Record<string, unknown> = {};
  try {
    a = JSON.parse(row.attributes || '{}') as Record<string, unknown>;
  } catch {
    a = {};
  }
  const n = (v: unknown) => (typeof v === 'number' ? v : null);
  rt.batteryLevel = n(a.batteryLevel);
  rt.inputs = n(a.input);
  rt.outputs = n(a.output);
  rt.satellites = n(a.sat);
  rt.altitude = n(a.altitude);
  rt.noFix = a.noFix === 1;
  rt.charging = a.charge === 1 ? true : a.charge === 0 ? false : null;
  rt.driverTag = typeof a.driverUniqueId === 'string' ? a.driverUniqueId : null;
  if (rt.power !== null)
    rt.powerOk = rt.power >= cfg.powerRestoreV ? true : rt.power < cfg.powerCutV ? false : null;
  const v = rt.battery;
  const pct = rt.batteryLevel;
  if (v !== null || pct !== null) {
    const low =
      (v !== null && v < cfg.lowBatteryV) || (pct !== null && pct < cfg.lowBatteryPercent);
    const ok = (v === null || v >= cfg.batteryOkV) && (pct === null || pct >= cfg.batteryOkPercent);
    rt.lowBattery = low ? true : ok ? false : null;
  }
  setRuleMemory(rt, memory);
  if (rt.hasFix) rt.seg.last = { time: rt.fixTime, lat: rt.lat, lon: rt.lon, speed: rt.speed };
  return rt;
}
