// Helpers shared by the evaluators: reading their JSON memory and building an alert's facts.
// Evaluators run for every record of every unit a rule applies to, so nothing here takes a
// closure made per call: what varies per rule type (the evidence) is a module-level function
// given the rule.
import type { RuleTypeKey } from '@fleet/common';
import type { CompiledRule, EvalInput, IncidentFacts, IncidentSink, RecordEvent } from '../types';

/**
 * A number kept in an evaluator's memory, or null when there is none. Evaluators forget a value by
 * setting it to undefined, not by `delete`: an object that loses properties turns into a slow
 * dictionary, and the memory is read and compared (rules/state.ts) on every record and batch.
 * Undefined values are not stored.
 */
export function memNum(mem: Record<string, unknown>, key: string): number | null {
  const v = mem[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/** Whole seconds between two epoch ms times (never negative). */
export function seconds(from: number, to: number): number {
  return Math.max(0, Math.round((to - from) / 1000));
}

/** An incident's facts at the unit's live position (null before its first fix). */
export function facts(
  x: EvalInput,
  evidence: Record<string, unknown>,
  speed: number | null = x.rt.hasFix ? x.speed : null,
): IncidentFacts {
  return {
    lat: x.rt.hasFix ? x.rt.lat : null,
    lon: x.rt.hasFix ? x.rt.lon : null,
    speed,
    evidence,
  };
}

/** A held condition's evidence, of its rule, the record and how long it has held. */
export type HeldEvidence<K extends RuleTypeKey> = (
  rule: CompiledRule<K>,
  x: EvalInput,
  durationS: number,
) => Record<string, unknown>;

/**
 * A condition that has held since `since` and must hold for `minMs` before it is an incident
 * (idling, parking, ignition on, inside a location): starts the incident once it has (the start is
 * `since`, so the alert's time is when the condition began) and updates its duration after that.
 * A start outside the rule's window is ignored by the engine, so it is asked again on every record
 * while the condition holds: a condition that began before the window opens an alert once inside.
 */
export function holdFor<K extends RuleTypeKey>(
  rule: CompiledRule<K>,
  x: EvalInput,
  sink: IncidentSink,
  since: number,
  minMs: number,
  evidence: HeldEvidence<K>,
): void {
  if (x.time - since < minMs) return;
  const f = facts(x, evidence(rule, x, seconds(since, x.time)));
  if (sink.open) sink.update(f);
  else sink.start(since, f);
}

/** Ends the open incident of a condition that held since `since` (no-op when none is open). */
export function endHeld<K extends RuleTypeKey>(
  rule: CompiledRule<K>,
  x: EvalInput,
  sink: IncidentSink,
  since: number,
  evidence: HeldEvidence<K>,
): void {
  if (sink.open) sink.end(x.time, facts(x, evidence(rule, x, seconds(since, x.time))));
}

/**
 * The first event of the record of one of `types` (optionally with this ref). `types` is a
 * module-level constant of the caller: most records have no events, and then nothing is read.
 */
export function findEvent<T extends string>(
  x: EvalInput,
  types: readonly T[],
  ref?: number,
): (RecordEvent & { type: T }) | undefined {
  const events = x.events;
  for (let i = 0; i < events.length; i++) {
    const e = events[i];
    if ((types as readonly string[]).includes(e.type) && (ref === undefined || e.ref === ref))
      return e as RecordEvent & { type: T };
  }
  return undefined;
}
