// Evaluators of what a tracker reports (SPEC §3): Battery disconnected or tampering, Battery Low,
// Immobiliser bypass or push start, Power Restored, Generic Input and Driver ID timeout. Most are
// one event, one incident; the engine's cooldown (RULE_COOLDOWN_S) folds a burst into one alert.
import { PARK_STATE } from '@fleet/common';
import type { EvalInput, Evaluator } from '../types';
import { facts, findEvent, memNum } from './util';

// A tracker unplugged or its supply cut is tampering too (the recovery desk's events, issue 16).
const TAMPERING = ['power_cut', 'tamper', 'harness_unplugged', 'supply_cut'] as const;
const LOW_BATTERY = ['low_battery'] as const;
const BYPASS = ['immobiliser_bypass'] as const;
const RESTORED = ['power_restored'] as const;
const DRIVER_ID = ['driver_id'] as const;

/** Once low, the battery counts as recovered at this much over the rule's level (volts). */
export const BATTERY_LOW_HYSTERESIS_V = 0.5;

function powerOf(x: EvalInput, attributes?: Record<string, unknown>): number | null {
  const p = attributes?.power;
  if (typeof p === 'number' && Number.isFinite(p)) return p;
  if (typeof x.rec.power === 'number' && Number.isFinite(x.rec.power)) return x.rec.power;
  return x.rt.power;
}

/** The power cut (reported or derived from the voltage) or the tracker's tamper alarm. */
export const batteryTampering: Evaluator<'battery_tampering'> = (rule, mem, x, sink) => {
  const e = findEvent(x, TAMPERING);
  if (!e) return;
  const power = powerOf(x, e.attributes);
  const evidence: Record<string, unknown> = { event: e.type };
  if (power !== null) evidence.power = power;
  sink.instant(x.time, facts(x, evidence));
};

/**
 * The vehicle's voltage under the rule's level: one incident per episode, from the first record
 * under it (evidence: the lowest voltage) until a record at least BATTERY_LOW_HYSTERESIS_V above
 * it. A tracker's low-battery alarm while the voltage is not known is an incident of its own.
 */
export const batteryLow: Evaluator<'battery_low'> = (rule, mem, x, sink) => {
  const volts = rule.param.volts;
  const p = x.rec.power;
  if (typeof p !== 'number' || !Number.isFinite(p)) {
    if (x.rt.power === null && findEvent(x, LOW_BATTERY))
      sink.instant(x.time, facts(x, { volts, power: null }));
    return;
  }
  const low = memNum(mem, 'low');
  if (p < volts) {
    const lowest = low === null ? p : Math.min(low, p);
    mem.low = lowest;
    const f = facts(x, { volts, power: lowest });
    // Asked until the engine opens it: an episode that began outside the window counts inside.
    if (!sink.open) sink.start(x.time, f);
    else if (low === null || lowest < low) sink.update(f);
  } else if (low !== null && p >= volts + BATTERY_LOW_HYSTERESIS_V) {
    if (sink.open) sink.end(x.time, facts(x, { volts, power: low }));
    mem.low = undefined;
  }
};

export const immobiliserBypass: Evaluator<'immobiliser_bypass'> = (rule, mem, x, sink) => {
  const e = findEvent(x, BYPASS);
  if (e) sink.instant(x.time, facts(x, { event: e.type }));
};

export const powerRestored: Evaluator<'power_restored'> = (rule, mem, x, sink) => {
  const e = findEvent(x, RESTORED);
  if (!e) return;
  const power = powerOf(x, e.attributes);
  sink.instant(x.time, facts(x, power === null ? {} : { power }));
};

/**
 * Digital input N (1-based: bit N-1 of the inputs mask) changes to the rule's state, compared
 * with the unit's inputs before the record; with no inputs known before, nothing is a change.
 */
export const genericInput: Evaluator<'generic_input'> = (rule, mem, x, sink) => {
  const { input, state } = rule.param;
  const before = x.before.inputs;
  const after = x.rt.inputs;
  if (before === null || after === null) return;
  const bit = 1 << (input - 1);
  const was = (before & bit) !== 0;
  const now = (after & bit) !== 0;
  if (was !== now && now === (state === 'on')) sink.instant(x.time, facts(x, { input, state }));
};

/** A trip is under way: the ignition is on, or the unit moves (a tracker without ignition wire). */
function tripOn(x: EvalInput): boolean {
  return x.rt.ignition === true || x.rt.parkState === PARK_STATE.MOVING;
}

/**
 * A trip starts (the ignition goes on, or the unit starts moving) and no driver is identified (a
 * driver_id event, or a tag in a record) within `minutes`: one incident at start + minutes while
 * the trip goes on. A tag already presented at the start counts. The trip ends when the ignition
 * is off and the unit parked; the next trip re-arms the rule. Memory: start, and done once the
 * driver was identified or the alert raised.
 */
export const driverIdTimeout: Evaluator<'driver_id_timeout'> = (rule, mem, x, sink) => {
  const minutes = rule.param.minutes;
  let start = memNum(mem, 'start');
  if (start === null) {
    const edge =
      (x.before.ignition !== true && x.rt.ignition === true) || (!x.before.moving && x.rt.moving);
    if (!edge || !tripOn(x)) return;
    start = x.time;
    mem.start = start;
    if (x.rt.driverTag !== null || findEvent(x, DRIVER_ID)) mem.done = true;
    return;
  }
  const deadline = start + minutes * 60_000;
  if (mem.done !== true) {
    const tagged = findEvent(x, DRIVER_ID) !== undefined || hasTag(x);
    if (x.time >= deadline) {
      // The trip went on until this record (it would have been disarmed otherwise).
      sink.instant(deadline, facts(x, { minutes, trip_start: new Date(start).toISOString() }));
      mem.done = true;
    } else if (tagged) mem.done = true;
  }
  if (!tripOn(x)) {
    mem.start = undefined;
    mem.done = undefined;
  }
};

function hasTag(x: EvalInput): boolean {
  const id = x.rec.driverId;
  return typeof id === 'string' && id.trim() !== '' && !/^0+$/.test(id.trim());
}
