// The rule engine (issue 11): for each record of a unit, after the pipeline's stages have derived
// its events, tracked its places and applied its status and fix, every rule that applies to the
// unit is evaluated (rules/evaluators/, one per type) and what the evaluator reports is turned into
// alert rows: one row per incident (a 4-minute speeding episode is one alert, its peak and duration
// updated while it goes on), a start ignored outside the rule's days and hours (SPEC §9, the
// client's zone), and a start within RULE_COOLDOWN_S after the previous incident ended continuing
// that alert instead of raising another (a vehicle hovering at the limit, a door opened twice).
// The rows are written by the store in the batch's transaction with the unit's rule memory, so an
// alert is never lost or doubled on a resend (rules/state.ts).
//
// Cost: a unit of a client without rules costs one test per record (pipeline/process.ts). Otherwise
// nothing is allocated per record and rule but what an evaluator reports: the record's view
// (EvalInput, UnitBefore) and the sink are reused objects, valid only during the evaluator's call;
// a rule whose evaluator reads only events is not called for a record without any (most).
import { RULE_COOLDOWN_S } from '@fleet/common';
import type { DeviceRecord } from '../ingest/types';
import type { ClientPlaces } from '../pipeline/places-index';
import type { UnitInfo, UnitRuntime } from '../pipeline/runtime';
import { NO_EVENTS, recordEvents } from './record';
import type { ClientRules, EngineRule } from './cache';
import { newRuleState, type AlertOp, type RuleState } from './state';
import type {
  CompiledRule,
  EvalInput,
  IncidentFacts,
  IncidentSink,
  RecordEvent,
  UnitBefore,
} from './types';

const COOLDOWN_MS = RULE_COOLDOWN_S * 1000;
/** How long after an incident ended its times are kept (far beyond the cooldown; see runRules). */
const FORGET_MS = COOLDOWN_MS + 24 * 3600_000;
const NO_RULES: readonly EngineRule[] = [];

/** A unit's rules in a batch, with their states in the same order. */
export interface UnitRules {
  client: ClientRules;
  rules: readonly EngineRule[];
  states: RuleState[];
}

/** A unit's rules as last resolved (beginUnit), by runtime: not stored, and gone with the runtime. */
interface ResolvedRules {
  /** The rules the states below were resolved for (a new array when the client's rules change). */
  seen: readonly EngineRule[];
  run: UnitRules | null;
}
const resolved = new WeakMap<UnitRuntime, ResolvedRules>();

/** No value in an evaluator's memory (a forgotten one is undefined). */
function isEmpty(m: Record<string, unknown>): boolean {
  for (const k in m) if (m[k] !== undefined) return false;
  return true;
}

/** How often an open incident's progress is written when its peak stays the same (record time). */
export const PROGRESS_WRITE_MS = 60_000;

/** Writes one incident's row ops into the batch's list; reused for every evaluator call. */
class Sink implements IncidentSink {
  alerts: AlertOp[] = [];
  rule!: CompiledRule;
  st!: RuleState;
  unitId = 0;
  inWindow = false;
  /** The record's time. */
  time = 0;

  get open(): boolean {
    return this.st.open;
  }

  /** The op of the stored incident `st.s` in this batch (an update unless inserted by it). */
  private current(): AlertOp {
    const st = this.st;
    if (st.op !== null && st.opBatch === this.alerts && st.op.time === st.s) return st.op;
    const op: AlertOp = {
      insert: false,
      ruleId: this.rule.rid,
      rule: this.rule,
      unitId: this.unitId,
      time: st.s,
      lat: null,
      lon: null,
      speed: null,
      evidence: null,
      open: st.open ? 1 : 0,
      endTime: st.open ? null : st.e || null,
    };
    this.alerts.push(op);
    st.op = op;
    st.opBatch = this.alerts;
    return op;
  }

  private insert(time: number, facts: IncidentFacts, open: boolean): void {
    const st = this.st;
    const op: AlertOp = {
      insert: true,
      ruleId: this.rule.rid,
      rule: this.rule,
      unitId: this.unitId,
      time,
      lat: facts.lat ?? null,
      lon: facts.lon ?? null,
      speed: facts.speed ?? null,
      evidence: facts.evidence ?? {},
      open: open ? 1 : 0,
      endTime: open ? null : time,
    };
    this.alerts.push(op);
    st.w = this.time;
    st.ws = op.speed;
    st.s = time;
    st.open = open;
    st.e = open ? 0 : time;
    st.op = op;
    st.opBatch = this.alerts;
  }

  /** Whether a start at `time` continues the last incident (within the cooldown of its end). */
  private continues(time: number): boolean {
    const st = this.st;
    return st.s > 0 && st.e > 0 && time - st.e <= COOLDOWN_MS;
  }

  private facts(op: AlertOp, facts: IncidentFacts | undefined): void {
    if (!facts) return;
    if (facts.speed !== null && facts.speed !== undefined) op.speed = facts.speed;
    if (facts.evidence) op.evidence = facts.evidence;
  }

  start(time: number, facts: IncidentFacts): void {
    if (!this.inWindow || this.st.open) return;
    if (this.continues(time)) {
      this.st.open = true;
      this.st.e = 0;
      const op = this.current();
      op.open = 1;
      op.endTime = null;
      this.facts(op, facts);
    } else this.insert(time, facts, true);
  }

  /**
   * An open incident's row follows its progress (peak, duration so far) when the peak changes and
   * otherwise at most every PROGRESS_WRITE_MS of record time: an update per open incident per batch
   * would write a row for every fix of a long episode. Its end always writes the final facts.
   */
  update(facts: IncidentFacts): void {
    const st = this.st;
    if (!st.open) return;
    const inBatch = st.op !== null && st.opBatch === this.alerts && st.op.time === st.s;
    const peak = facts.speed ?? null;
    if (!inBatch && peak === st.ws && this.time - st.w < PROGRESS_WRITE_MS) return;
    st.w = this.time;
    st.ws = peak;
    this.facts(this.current(), facts);
  }

  end(time: number, facts?: IncidentFacts): void {
    const st = this.st;
    if (!st.open) return;
    const op = this.current();
    st.open = false;
    st.e = Math.max(time, 1);
    op.open = 0;
    op.endTime = st.e;
    this.facts(op, facts);
  }

  instant(time: number, facts: IncidentFacts): void {
    if (!this.inWindow || this.st.open) return;
    if (this.continues(time)) {
      const op = this.current();
      this.st.e = Math.max(time, this.st.e);
      op.open = 0;
      op.endTime = this.st.e;
      this.facts(op, facts);
    } else this.insert(time, facts, false);
  }
}

const sink = new Sink();

/**
 * Resolves a unit's rules for a batch (once per unit and batch, and only again when the client's
 * rules were compiled again). Memory of rules that no longer apply to the unit (deleted,
 * deactivated, moved to other units, a service type that no longer supports them, the unit moved
 * to another client) is dropped, and so is that of a rule edited to another type under the same
 * rid (the memory and the open incident are the old type's); an incident still open for one is
 * ended at the unit's last record, so no alert stays open for ever.
 */
export function beginUnit(
  rt: UnitRuntime,
  info: UnitInfo,
  client: ClientRules | undefined,
  alerts: AlertOp[],
): UnitRules | null {
  const rules = client ? client.forUnit(info) : NO_RULES;
  const r = resolved.get(rt);
  if (r !== undefined && r.seen === rules) return r.run;
  const mem = rt.rules;
  if (mem !== null) {
    for (const [rid, st] of mem) {
      const now = rules.find((e) => e.rule.rid === rid);
      if (now !== undefined && (st.t === now.rule.type || st.t === '')) continue;
      endOrphan(rt, rid, st, alerts);
      mem.delete(rid);
    }
    if (mem.size === 0) rt.rules = null;
  }
  let run: UnitRules | null = null;
  if (client && rules.length) {
    const m = (rt.rules ??= new Map());
    const states = rules.map((e) => {
      let st = m.get(e.rule.rid);
      if (!st) m.set(e.rule.rid, (st = newRuleState(e.rule.type)));
      else st.t = e.rule.type;
      return st;
    });
    run = { client, rules, states };
  }
  resolved.set(rt, { seen: rules, run });
  return run;
}

/** Ends the open incident of memory that is dropped, at the unit's last record. */
function endOrphan(rt: UnitRuntime, rid: number, st: RuleState, alerts: AlertOp[]): void {
  if (!st.open || st.s <= 0) return;
  alerts.push({
    insert: false,
    ruleId: rid,
    rule: null,
    unitId: rt.uid,
    time: st.s,
    lat: null,
    lon: null,
    speed: null,
    evidence: null,
    open: 0,
    endTime: Math.max(rt.statusTime, rt.fixTime, st.s),
  });
}

/** The unit's state before a record, in a reused object (fill it before the record's stages). */
const BEFORE: {
  -readonly [K in keyof UnitBefore]: UnitBefore[K];
} = {
  hasFix: false,
  fixTime: 0,
  lat: 0,
  lon: 0,
  speed: 0,
  ignition: null,
  moving: false,
  parkState: 0,
  parkSince: null,
  inputs: null,
  power: null,
  driverTag: null,
  insideLids: null,
};

export function snapshotBefore(rt: UnitRuntime): void {
  const b = BEFORE;
  b.hasFix = rt.hasFix;
  b.fixTime = rt.fixTime;
  b.lat = rt.lat;
  b.lon = rt.lon;
  b.speed = rt.speed;
  b.ignition = rt.ignition;
  b.moving = rt.moving;
  b.parkState = rt.parkState;
  b.parkSince = rt.parkSince;
  b.inputs = rt.inputs;
  b.power = rt.power;
  b.driverTag = rt.driverTag;
  // The live set: put back as it was below when the record entered or left a location.
  b.insideLids = rt.insideLids;
}

const X: { -readonly [K in keyof EvalInput]: EvalInput[K] } = {
  time: 0,
  rec: null as unknown as DeviceRecord,
  newFix: false,
  speed: 0,
  before: BEFORE,
  rt: null as unknown as UnitRuntime,
  events: [],
  inWindow: false,
  places: undefined,
};

/** insideLids as they were before the record: the live set with its enters and exits undone. */
function insideBefore(rt: UnitRuntime, events: readonly RecordEvent[]): ReadonlySet<number> | null {
  const live = BEFORE.insideLids;
  if (live === null || live !== rt.insideLids) return live;
  let copy: Set<number> | null = null;
  for (const e of events) {
    if (e.type !== 'location_enter' && e.type !== 'location_exit') continue;
    copy ??= new Set(live);
    if (e.type === 'location_enter') copy.delete(e.ref);
    else copy.add(e.ref);
  }
  return copy ?? live;
}

export interface RecordRun {
  /** The batch's alert rows. */
  alerts: AlertOp[];
  /** The batch's device_events rows and where this record's begin. */
  events: readonly unknown[];
  eventsFrom: number;
  places: ClientPlaces | undefined;
  /** An evaluator threw: the record's other rules still run, the batch is not failed by it. */
  onError?(err: unknown, rule: CompiledRule): void;
}

/**
 * Runs a unit's rules over one record, after the record's stages (snapshotBefore was called before
 * them). Only for records not older than the unit's live state: a late fix or a resent duplicate
 * changes no rule memory and raises nothing (its alert, if any, was raised when it was new).
 */
export function runRules(
  ur: UnitRules,
  rt: UnitRuntime,
  rec: DeviceRecord,
  newFix: boolean,
  speed: number,
  r: RecordRun,
): void {
  const t = rec.fixTime;
  const events = recordEvents(r.events, r.eventsFrom);
  BEFORE.insideLids = insideBefore(rt, events);
  X.time = t;
  X.rec = rec;
  X.newFix = newFix;
  X.speed = newFix ? speed : rt.speed;
  X.rt = rt;
  X.events = events;
  X.places = r.places;
  sink.alerts = r.alerts;
  sink.unitId = rt.uid;
  sink.time = t;
  const zone = ur.client.zone;
  let read = false;
  const rules = ur.rules;
  for (let i = 0; i < rules.length; i++) {
    const e = rules[i];
    const st = ur.states[i];
    // An incident ended long ago can no longer be continued: its times are forgotten, so the
    // memory stored with the unit's state every batch stays small. Not at the cooldown's end: a
    // start may lie before the record (a condition held since earlier, a park since the stop),
    // but with nothing pending in the evaluator's memory not by a day.
    if (st.e !== 0 && !st.open && t - st.e > FORGET_MS && isEmpty(st.m)) st.s = st.e = 0;
    if (e.eventsOnly && events.length === 0) continue;
    const rule = e.rule;
    let inWindow = e.always;
    if (!inWindow) {
      if (!read) {
        zone.read(t);
        read = true;
      }
      const m = zone.minute;
      inWindow = (e.days & (1 << (zone.day - 1))) !== 0 && m >= rule.start && m < rule.end;
    }
    X.inWindow = inWindow;
    sink.rule = rule;
    sink.st = st;
    sink.inWindow = inWindow;
    try {
      e.evaluate(rule, st.m, X, sink);
    } catch (err) {
      r.onError?.(err, rule);
    }
  }
  X.rec = null as unknown as DeviceRecord;
  X.rt = null as unknown as UnitRuntime;
  X.events = NO_EVENTS;
  BEFORE.insideLids = null;
}
