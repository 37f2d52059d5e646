// A small driver for evaluator tests: advances a fake unit runtime record by record the way the
// pipeline would (fix, ignition, park state, places memory, events) and runs one rule's evaluator
// on each record, with a sink that keeps an incident open like the engine does (a start is ignored
// outside the window and while one is open) and records every call.
import { PARK_STATE, RULE_PARAMS, type RuleTypeKey } from '@fleet/common';
import type { DeviceEventType, DeviceRecord } from '../../../src/ingest/types';
import { newRuntime, type UnitRuntime } from '../../../src/pipeline/runtime';
import type { ClientPlaces } from '../../../src/pipeline/places-index';
import { EVALUATORS } from '../../../src/rules/evaluators';
import type {
  CompiledRule,
  EvalInput,
  IncidentFacts,
  IncidentSink,
  RecordEvent,
  UnitBefore,
} from '../../../src/rules/types';

export const T0 = Date.UTC(2025, 0, 6, 8, 0, 0);

export interface Step {
  /** seconds after T0 */
  t: number;
  /** A new live fix at this speed (km/h), at `lat`/`lon` (Johannesburg when absent). */
  speed?: number;
  lat?: number;
  lon?: number;
  ignition?: boolean;
  power?: number;
  inputs?: number;
  driverId?: string;
  /** Location lids the unit is inside after the record (the places stage's memory). */
  inside?: number[];
  events?: (DeviceEventType | { type: DeviceEventType; ref?: number; attributes?: object })[];
  /** Outside the rule's days and hours. */
  outside?: boolean;
}

export type Call =
  | { op: 'start'; time: number; facts: IncidentFacts }
  | { op: 'update'; facts: IncidentFacts }
  | { op: 'end'; time: number; facts?: IncidentFacts }
  | { op: 'instant'; time: number; facts: IncidentFacts };

class RecordingSink implements IncidentSink {
  calls: Call[] = [];
  /** The starts that opened an incident and the instants: what makes alerts. */
  fired: Call[] = [];
  open = false;
  inWindow = true;
  start(time: number, facts: IncidentFacts): void {
    const c: Call = { op: 'start', time, facts };
    this.calls.push(c);
    if (!this.inWindow || this.open) return;
    this.open = true;
    this.fired.push(c);
  }
  update(facts: IncidentFacts): void {
    this.calls.push({ op: 'update', facts });
  }
  end(time: number, facts?: IncidentFacts): void {
    this.calls.push({ op: 'end', time, facts });
    this.open = false;
  }
  instant(time: number, facts: IncidentFacts): void {
    const c: Call = { op: 'instant', time, facts };
    this.calls.push(c);
    if (this.inWindow && !this.open) this.fired.push(c);
  }
}

export interface DriveResult {
  calls: Call[];
  /** The calls that would make an alert: starts that opened an incident, instants (in window). */
  fired: Call[];
  mem: Record<string, unknown>;
  rt: UnitRuntime;
}

/** The seconds after T0 of a call's time. */
export const at = (c: Call): number | undefined => ('time' in c ? (c.time - T0) / 1000 : undefined);

export function drive<K extends RuleTypeKey>(
  type: K,
  param: Record<string, unknown>,
  steps: Step[],
  opts: {
    places?: ClientPlaces;
    /** The evaluator's memory as committed (a restart resumes from it). */
    mem?: Record<string, unknown>;
    /** The engine's incident was open at the restart. */
    open?: boolean;
    /** The runtime as reloaded at the restart. */
    rt?: UnitRuntime;
  } = {},
): DriveResult {
  const rule: CompiledRule<K> = {
    rid: 1,
    clientId: 1,
    name: 'Test rule',
    type,
    param: RULE_PARAMS[type].parse(param) as CompiledRule<K>['param'],
    days: [1, 2, 3, 4, 5, 6, 7],
    start: 0,
    end: 1440,
    emails: [],
    sms: [],
    phones: [],
    callMe: false,
  };
  const rt = opts.rt ?? newRuntime({ uid: 7, clientId: 1, serviceType: 'full', driverId: null });
  const mem = opts.mem ?? {};
  const sink = new RecordingSink();
  sink.open = opts.open ?? false;
  const evaluate = EVALUATORS[type];
  for (const s of steps) {
    const time = T0 + s.t * 1000;
    const before: UnitBefore = {
      hasFix: rt.hasFix,
      fixTime: rt.fixTime,
      lat: rt.lat,
      lon: rt.lon,
      speed: rt.speed,
      ignition: rt.ignition,
      moving: rt.moving,
      parkState: rt.parkState,
      parkSince: rt.parkSince,
      inputs: rt.inputs,
      power: rt.power,
      driverTag: rt.driverTag,
      insideLids: rt.insideLids ? new Set(rt.insideLids) : null,
    };
    const newFix = s.speed !== undefined;
    const rec: DeviceRecord = {
      deviceId: '123',
      protocol: 'teltonika',
      fixTime: time,
      hasLocation: newFix,
      valid: newFix,
      lat: s.lat ?? -26.2041,
      lon: s.lon ?? 28.0473,
      speed: s.speed ?? 0,
      course: 0,
      ignition: s.ignition,
      power: s.power,
      inputs: s.inputs,
      driverId: s.driverId,
      events: [],
      attributes: {},
    };
    rt.statusTime = time;
    if (s.ignition !== undefined) rt.ignition = s.ignition;
    if (s.power !== undefined) rt.power = s.power;
    if (s.inputs !== undefined) rt.inputs = s.inputs;
    if (s.driverId !== undefined) rt.driverTag = s.driverId.trim() || null;
    if (newFix) {
      rt.hasFix = true;
      rt.fixTime = time;
      rt.lat = rec.lat;
      rt.lon = rec.lon;
      rt.speed = s.speed!;
      rt.moving = s.speed! >= 5;
    }
    if (s.inside) rt.insideLids = new Set(s.inside);
    // SPEC §4 park state, simplified: moving is Moving, standing with the ignition off is Parked.
    const ps = !rt.hasFix
      ? PARK_STATE.UNKNOWN
      : rt.moving || rt.ignition !== false
        ? PARK_STATE.MOVING
        : PARK_STATE.PARKED;
    if (ps !== rt.parkState) {
      rt.parkState = ps;
      rt.parkSince = time;
    }
    const events: RecordEvent[] = (s.events ?? []).map((e) =>
      typeof e === 'string'
        ? { type: e, ref: 0, attributes: {} }
        : {
            type: e.type,
            ref: e.ref ?? 0,
            attributes: (e.attributes ?? {}) as Record<string, unknown>,
          },
    );
    const x: EvalInput = {
      time,
      rec,
      newFix,
      speed: newFix ? s.speed! : rt.speed,
      before,
      rt,
      events,
      inWindow: !s.outside,
      places: opts.places,
    };
    sink.inWindow = !s.outside;
    evaluate(rule, mem, x, sink);
    // Memory must stay plain JSON: it is stored in unit_state.rules.
    expectJson(mem);
  }
  return { calls: sink.calls, fired: sink.fired, mem, rt };
}

function expectJson(mem: Record<string, unknown>): void {
  const round = JSON.parse(JSON.stringify(mem)) as unknown;
  if (JSON.stringify(round) !== JSON.stringify(mem)) throw new Error('memory is not plain JSON');
  for (const v of Object.values(mem)) {
    if (typeof v === 'number' && !Number.isFinite(v)) throw new Error('memory holds NaN');
  }
}

/** Fixes every `every` seconds from `from` to `to` (inclusive) at `speed`, with extras. */
export function fixes(
  from: number,
  to: number,
  every: number,
  speed: number | ((t: number) => number),
  extra: Partial<Step> = {},
): Step[] {
  const out: Step[] = [];
  for (let t = from; t <= to; t += every)
    out.push({ ...extra, t, speed: typeof speed === 'number' ? speed : speed(t) });
  return out;
}
