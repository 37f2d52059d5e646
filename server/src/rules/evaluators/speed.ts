// Evaluators of how a vehicle moves (SPEC §3): Speeding and Speed Buzzer Violation (over a limit
// for longer than a grace time), Vehicle Moving, Towing (moving with the ignition off) and Harsh
// Driving. Speeds are judged on new live fixes only: a status record repeats the last speed, which
// says nothing new about the driving.
import { PARK_STATE, type HarshKind } from '@fleet/common';
import type { CompiledRule, EvalInput, Evaluator, IncidentSink } from '../types';
import { facts, findEvent, memNum, seconds } from './util';

/**
 * Fixes further apart than this do not continue an episode: a tracker silent for an hour between
 * two fixes over the limit drove two episodes, not one of an hour.
 */
export const EPISODE_GAP_MS = 5 * 60_000;

/** Below this a towed vehicle counts as stopped (km/h). */
export const TOW_STOP_KMH = 5;

/**
 * Where the tracker reports no harsh events, a change of speed of at least this much per second
 * between two fixes counts as harsh braking or acceleration: 12 km/h/s is 3.3 m/s², about 0.34 g,
 * the usual threshold of fleet telematics for "harsh" (normal braking stays under 0.25 g).
 */
export const HARSH_KMH_PER_S = 12;
/** Only fixes at most this far apart are compared: over a longer gap the rate is not known. */
export const HARSH_MAX_GAP_S = 5;

type OverLimitType = 'speeding' | 'speed_buzzer';

/** The limit and grace time of a speeding or speed buzzer rule. */
function limitOf(rule: CompiledRule<OverLimitType>): number {
  // A buzzer rule runs with the vehicle's limit filled in (rules/cache.ts withBuzzerLimit).
  return rule.param.limit ?? Infinity;
}
function graceOf(rule: CompiledRule<OverLimitType>): number {
  return rule.type === 'speed_buzzer'
    ? (rule as CompiledRule<'speed_buzzer'>).param.seconds
    : (rule as CompiledRule<'speeding'>).param.grace_s;
}

/** Evidence of an over-limit episode, as each of the two types shows it. */
function overLimitEvidence(rule: CompiledRule<OverLimitType>, peak: number, duration_s: number) {
  if (rule.type === 'speed_buzzer') {
    const { limit, seconds } = (rule as CompiledRule<'speed_buzzer'>).param;
    return { limit, seconds, peak, duration_s };
  }
  const { limit, grace_s } = (rule as CompiledRule<'speeding'>).param;
  return { limit, peak, duration_s, grace_s };
}

/** Ends an over-limit episode at `at` (the open incident, if any) and forgets it. */
function closeOverLimit(
  rule: CompiledRule<OverLimitType>,
  mem: Record<string, unknown>,
  x: EvalInput,
  sink: IncidentSink,
  since: number,
  at: number,
): void {
  if (sink.open) {
    const peak = memNum(mem, 'peak') ?? 0;
    sink.end(at, facts(x, overLimitEvidence(rule, peak, seconds(since, at)), peak));
  }
  mem.since = undefined;
  mem.peak = undefined;
  mem.lat = undefined;
  mem.lon = undefined;
}

/**
 * Over the rule's limit for at least its grace seconds, on new fixes: pending from the first fix
 * over the limit; the incident starts at that fix's time once the grace time has passed, its peak
 * and duration grow, and it ends at the first fix at or under the limit. Memory: since, peak and
 * the position where it began (the alert's position).
 */
const overLimit: Evaluator<OverLimitType> = (rule, mem, x, sink) => {
  if (!x.newFix) return;
  let since = memNum(mem, 'since');
  if (since !== null && x.before.hasFix && x.time - x.before.fixTime > EPISODE_GAP_MS) {
    closeOverLimit(rule, mem, x, sink, since, x.before.fixTime);
    since = null;
  }
  if (x.speed <= limitOf(rule)) {
    if (since !== null) closeOverLimit(rule, mem, x, sink, since, x.time);
    return;
  }
  let peak: number;
  if (since === null) {
    since = x.time;
    peak = x.speed;
    mem.since = x.time;
    mem.peak = peak;
    mem.lat = x.rt.lat;
    mem.lon = x.rt.lon;
  } else {
    peak = Math.max(memNum(mem, 'peak') ?? 0, x.speed);
    mem.peak = peak;
  }
  if (x.time - since < graceOf(rule) * 1000) return;
  const f = {
    lat: memNum(mem, 'lat'),
    lon: memNum(mem, 'lon'),
    speed: peak,
    evidence: overLimitEvidence(rule, peak, seconds(since, x.time)),
  };
  if (sink.open) sink.update(f);
  else sink.start(since, f);
};

export const speeding: Evaluator<'speeding'> = overLimit;

/** SPEC §3: over the limit for 30 to 60 s, long enough that the in-cab buzzer was ignored. */
export const speedBuzzer: Evaluator<'speed_buzzer'> = overLimit;

/**
 * The end of a movement episode (vehicle moving, towing) at `at`: the open incident ends with the
 * episode's peak and duration; the episode is forgotten.
 */
function closeMoving(
  mem: Record<string, unknown>,
  x: EvalInput,
  sink: IncidentSink,
  at: number,
  minSpeed: number | null,
): void {
  if (sink.open) {
    const peak = memNum(mem, 'peak') ?? 0;
    const duration_s = seconds(memNum(mem, 'since') ?? at, at);
    const evidence =
      minSpeed === null ? { peak, duration_s } : { min_speed: minSpeed, peak, duration_s };
    sink.end(at, facts(x, evidence, peak));
  }
  mem.since = undefined;
  mem.peak = undefined;
  mem.slowAt = undefined;
}

/**
 * Movement at or above min_speed (inside the rule's window, which the engine applies): starts at
 * the first such fix; ends at the first of two consecutive slower fixes (one slow fix is a traffic
 * light), or when the vehicle parks or the ignition goes off.
 */
export const vehicleMoving: Evaluator<'vehicle_moving'> = (rule, mem, x, sink) => {
  const min = rule.param.min_speed;
  const since = memNum(mem, 'since');
  if (x.newFix && x.speed >= min) {
    const start = since ?? x.time;
    const peak = Math.max(memNum(mem, 'peak') ?? 0, x.speed);
    mem.since = start;
    mem.peak = peak;
    mem.slowAt = undefined;
    const f = facts(x, { min_speed: min, peak, duration_s: seconds(start, x.time) }, peak);
    if (sink.open) sink.update(f);
    else sink.start(start, f);
    return;
  }
  if (since === null) return;
  const ignitionOff = x.before.ignition === true && x.rt.ignition === false;
  if (ignitionOff || x.rt.parkState === PARK_STATE.PARKED)
    return closeMoving(mem, x, sink, x.time, min);
  if (!x.newFix) return;
  const slowAt = memNum(mem, 'slowAt');
  if (slowAt === null) mem.slowAt = x.time;
  else closeMoving(mem, x, sink, slowAt, min);
};

const TOWING = ['towing'] as const;

/**
 * Towing (SPEC §3: moving without ignition): the pipeline's towing event (two fixes in motion with
 * the ignition off) starts it; it ends when the ignition comes on or after two consecutive fixes
 * under TOW_STOP_KMH. The pipeline raises its event once per ignition-off, so a tow that stops and
 * goes on (a tow truck at a junction) is picked up again from the fixes until the ignition is on;
 * the engine's cooldown makes that the same alert.
 */
export const towing: Evaluator<'towing'> = (rule, mem, x, sink) => {
  const event = findEvent(x, TOWING) !== undefined;
  if (event) mem.armed = true;
  if (mem.armed !== true) return;
  const since = memNum(mem, 'since');
  if (x.rt.ignition === true) {
    if (since !== null) closeMoving(mem, x, sink, x.time, null);
    mem.armed = undefined;
    return;
  }
  // The event starts it whatever the speed (a tracker's own towing alarm may come without a fix).
  if ((x.newFix && x.speed >= TOW_STOP_KMH) || (event && since === null)) {
    const start = since ?? x.time;
    const peak = Math.max(memNum(mem, 'peak') ?? 0, x.speed);
    mem.since = start;
    mem.peak = peak;
    mem.slowAt = undefined;
    const f = facts(x, { peak, duration_s: seconds(start, x.time) }, peak);
    if (sink.open) sink.update(f);
    else sink.start(start, f);
    return;
  }
  if (since === null || !x.newFix) return;
  const slowAt = memNum(mem, 'slowAt');
  if (slowAt === null) mem.slowAt = x.time;
  else closeMoving(mem, x, sink, slowAt, null);
};

const KIND_OF: Record<'harsh_braking' | 'harsh_acceleration' | 'harsh_cornering', HarshKind> = {
  harsh_braking: 'braking',
  harsh_acceleration: 'acceleration',
  harsh_cornering: 'cornering',
};

/**
 * The tracker's harsh events, of the kinds chosen; or, for a tracker that has never reported one,
 * braking and acceleration worked out from the change of speed between consecutive fixes. A tracker
 * that reports any harsh event is remembered (mem.reports) and never judged from speed again, so
 * one manoeuvre never gives both a reported and a derived alert.
 */
export const harshDriving: Evaluator<'harsh_driving'> = (rule, mem, x, sink) => {
  const kinds = rule.param.kinds;
  let reported = false;
  for (const e of x.events) {
    const kind = KIND_OF[e.type as keyof typeof KIND_OF];
    if (kind === undefined) continue;
    reported = true;
    if (kinds.includes(kind)) {
      sink.instant(x.time, facts(x, { kind, derived: false }));
      break;
    }
  }
  if (reported) {
    mem.reports = true;
    return;
  }
  if (mem.reports === true || !x.newFix || !x.before.hasFix) return;
  const dt = (x.time - x.before.fixTime) / 1000;
  if (dt <= 0 || dt > HARSH_MAX_GAP_S) return;
  const delta = x.speed - x.before.speed;
  if (Math.abs(delta) / dt < HARSH_KMH_PER_S) return;
  const kind: HarshKind = delta < 0 ? 'braking' : 'acceleration';
  if (!kinds.includes(kind)) return;
  sink.instant(
    x.time,
    facts(x, {
      kind,
      derived: true,
      delta_kmh: Math.round(delta),
      seconds: Math.round(dt * 10) / 10,
    }),
  );
};
