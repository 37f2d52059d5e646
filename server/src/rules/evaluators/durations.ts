// Evaluators of a state that lasts too long (SPEC §3): Excessive Idling, Excessive Park and
// Excessive Ignition. Each incident starts when the state began (the alert's time), once it has
// lasted the rule's minutes, and ends when the state does; its duration grows meanwhile.
import { PARK_STATE } from '@fleet/common';
import type { CompiledRule, Evaluator } from '../types';
import { endHeld, holdFor, memNum } from './util';

/** Under this speed with the ignition on, a vehicle idles (km/h): GPS drift stays below it. */
export const IDLE_KMH = 5;

type DurationType = 'excessive_idling' | 'excessive_park' | 'excessive_ignition';

/** The evidence of all three: the rule's minutes and how long the state has lasted. */
function durationEvidence(rule: CompiledRule<DurationType>, _x: unknown, duration_s: number) {
  return { minutes: rule.param.minutes, duration_s };
}

/** Ignition on and slower than IDLE_KMH without a break for `minutes`. */
export const excessiveIdling: Evaluator<'excessive_idling'> = (rule, mem, x, sink) => {
  const since = memNum(mem, 'since');
  if (x.rt.ignition === true && x.speed < IDLE_KMH) {
    const start = since ?? x.time;
    mem.since = start;
    holdFor(rule, x, sink, start, rule.param.minutes * 60_000, durationEvidence);
  } else if (since !== null) {
    endHeld(rule, x, sink, since, durationEvidence);
    mem.since = undefined;
  }
};

/** Parked (SPEC §4 park state) for `minutes`, from the time the pipeline says it parked. */
export const excessivePark: Evaluator<'excessive_park'> = (rule, mem, x, sink) => {
  const rt = x.rt;
  if (rt.parkState === PARK_STATE.PARKED && rt.parkSince !== null) {
    mem.since = rt.parkSince;
    holdFor(rule, x, sink, rt.parkSince, rule.param.minutes * 60_000, durationEvidence);
    return;
  }
  const since = memNum(mem, 'since');
  if (since !== null) {
    endHeld(rule, x, sink, since, durationEvidence);
    mem.since = undefined;
  }
};

/**
 * Ignition on without a break for `minutes`. An unknown ignition (a record before any ignition
 * value) neither starts nor ends it.
 */
export const excessiveIgnition: Evaluator<'excessive_ignition'> = (rule, mem, x, sink) => {
  const since = memNum(mem, 'since');
  if (x.rt.ignition === true) {
    const start = since ?? x.time;
    mem.since = start;
    holdFor(rule, x, sink, start, rule.param.minutes * 60_000, durationEvidence);
  } else if (x.rt.ignition === false && since !== null) {
    endHeld(rule, x, sink, since, durationEvidence);
    mem.since = undefined;
  }
};
