// The contract between the rule engine (engine.ts: which rules a unit's record meets, the window,
// the cooldown, the unit's memory, the alert rows) and the evaluators (evaluators/: one per rule
// type, pure functions of a record and their own memory). An evaluator says when an incident starts,
// what it looks like while it goes on, and when it ends; the engine turns that into one alert row per
// incident, stored in the ingest transaction.
import type { RuleTypeKey } from '@fleet/common';
import type { CompiledRule } from './compiled';
import type { DeviceEventType, DeviceRecord } from '../ingest/types';
import type { UnitRuntime } from '../pipeline/runtime';
import type { ClientPlaces } from '../pipeline/places-index';

export type { CompiledRule } from './compiled';

/** A unit's state before the record was applied: what edges (ignition on, input change) are read from. */
export interface UnitBefore {
  hasFix: boolean;
  fixTime: number;
  lat: number;
  lon: number;
  speed: number;
  ignition: boolean | null;
  moving: boolean;
  /** PARK_STATE of @fleet/common */
  parkState: number;
  parkSince: number | null;
  inputs: number | null;
  power: number | null;
  driverTag: string | null;
  /** lids the unit was inside (null: not known yet) */
  insideLids: ReadonlySet<number> | null;
}

/** An event of this record: reported by the device, derived by the pipeline, or a place event. */
export interface RecordEvent {
  type: DeviceEventType;
  /** lid (location_enter/exit) or roid (route_violation/return); 0 otherwise */
  ref: number;
  /** parsed attributes: {derived: true, speed, limit, name, off_route, ...} */
  attributes: Record<string, unknown>;
}

/** What an evaluator sees of one record of one unit. */
export interface EvalInput {
  /** The record's time (fix time, or event time without a fix), epoch ms. */
  time: number;
  rec: DeviceRecord;
  /** The record carries a new live fix (not a late, duplicate or rejected one). */
  newFix: boolean;
  /** km/h, cleaned (the record's when newFix, else the unit's last) */
  speed: number;
  /** The unit's state before the record. */
  before: UnitBefore;
  /** The unit's runtime after the record was applied (position, ignition, park state, ...). */
  rt: UnitRuntime;
  /** Events of this record (deduplicated by type and ref). */
  events: readonly RecordEvent[];
  /** The record's time is inside the rule's days and hours (client's zone). */
  inWindow: boolean;
  /** The client's compiled places (location names, which lids exist). */
  places: ClientPlaces | undefined;
}

/** What an alert row shows of an incident. */
export interface IncidentFacts {
  lat: number | null;
  lon: number | null;
  /** km/h: the speed at the time, or for speed rules the peak */
  speed: number | null;
  /** JSON-serialisable type facts: limit, peak, duration_s, lid, location_name, roid, input, ... */
  evidence: Record<string, unknown>;
}

/**
 * Where an evaluator reports incidents. The engine keeps one open incident per rule and unit:
 * - start(): the condition holds since `time` (the incident's start, which may be earlier than the
 *   record, e.g. when the grace time ran out). Ignored outside the rule's window and while one is
 *   open. Within RULE_COOLDOWN_S after the previous incident ended, that incident reopens instead
 *   of a new alert (one incident, one alert).
 * - update(): new facts of the open incident (peak speed, duration so far); ignored if none is open.
 * - end(): the open incident ended at `time`, with its final facts.
 * - instant(): an incident that starts and ends at once (a harsh event, a power restore).
 */
export interface IncidentSink {
  start(time: number, facts: IncidentFacts): void;
  update(facts: IncidentFacts): void;
  end(time: number, facts?: IncidentFacts): void;
  instant(time: number, facts: IncidentFacts): void;
  /** Whether an incident of this rule and unit is open now. */
  readonly open: boolean;
}

/**
 * One rule type's evaluation. `mem` is the evaluator's own memory for this rule and unit (a plain
 * JSON object it may read and write: pending-since times, peaks, the last input state); the engine
 * stores it with the unit's state in the same transaction, so a restart resumes an episode and a
 * failed batch is replayed from the committed memory. Evaluators must be deterministic: the same
 * records and memory give the same calls.
 */
export type Evaluator<K extends RuleTypeKey = RuleTypeKey> = (
  rule: CompiledRule<K>,
  mem: Record<string, unknown>,
  x: EvalInput,
  sink: IncidentSink,
) => void;

export type Evaluators = { [K in RuleTypeKey]: Evaluator<K> };
