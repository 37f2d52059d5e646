// Trip and stop segmentation, fed one accepted fix at a time (ARCHITECTURE.md §4: trips are
// computed at ingest, never by rescanning positions at read time). Pure: no I/O, no clock.
//
// A unit's history is a sequence of segments: trips (type 0) and stops (type 1, "parked").
// - A trip begins when a unit that was parked moves (speed ≥ movingSpeedKmh). It is only a
//   *candidate* until it has gone at least minTripDistanceM away from where it started and lasted
//   minTripDurationS; a candidate that comes to rest first belongs to the stop (GPS drift, moving
//   the car across a yard). Displacement, not path length, qualifies a trip, so drift that wanders
//   around a parked car never adds up to one.
// - A trip ends at the first fix of a stationary run that lasts minParkingS (SPEC §9 stop
//   threshold, 300 s); the stop starts there. Shorter halts (traffic lights) stay in the trip.
//   Once a run has started, only leaving stopRadiusM ends it: a speed spike from drift does not.
// - A gap of more than maxGapS between fixes ends a trip at its last fix (the unit stopped
//   reporting); a stop simply continues over gaps, since parked trackers report rarely.
// - The first stop of a unit starts at its first stationary fix.
// - Each segment keeps the box of the fixes from its start to its end (minLat ... maxLon), grown
//   as fixes join it. Parked, the fixes of a candidate (or of one given up) are not the stop's yet:
//   `pre` holds the box of those the stop will take whatever happens (given-up candidates and the
//   current candidate's first fix, where a trip would start), `run` the box since stopStart (where
//   a stop would start). Segments of a unit touch end to start, so fixes lie outside every segment
//   only before a unit's first one, or after its last one's end while a candidate is under way.
//
// Each push returns operations on stored rows: `open` (insert), `update` (the open row changed),
// `close` (final values), and `remove` (only when an expired trip resumes, see expire()).
// Segments are identified by (type, startTime). An operation refers to the segmenter's own segment
// object, not a copy (a copy per fix is measurable at ingest rates): the values are those of the
// latest push, so a consumer applies a run of operations after the run, or copies what it keeps.
import { haversineMeters } from '@fleet/common';
import type { FixBox, Segment, SegmentOp, TripConfig, TripPoint } from './trips-model';
import {
  boxAt,
  extend,
  extendStop,
  growBox,
  mergeBox,
  setBox,
  startTrip,
  stopAt,
  unionBox,
} from './trips-segments';

export {
  DEFAULT_TRIP_CONFIG,
  type FixBox,
  type Segment,
  type SegmentOp,
  type TripConfig,
  type TripPoint,
} from './trips-model';

type Phase = 'none' | 'stop' | 'trip';

interface Saved {
  phase: Phase;
  current: Segment | null;
  candidate: Segment | null;
  reach: number;
  stopStart: TripPoint | null;
  stopSnapshot: Segment | null;
  /** Parked: the box of fixes after the stop's end that it takes even if a trip starts. */
  pre: FixBox | null;
  /** The box of the fixes since stopStart (the stop that would start there). */
  run: FixBox | null;
}

/** JSON-serialisable, so that a restart continues exactly where it left off. */
export interface SegmenterState extends Saved {
  last: TripPoint | null;
  /** Whether the last fix counted as moving. */
  moving: boolean;
  /** Set by expire(): how to undo the close if a fix continuing the trip still arrives. */
  resume: Saved | null;
}

export function newSegmenterState(): SegmenterState {
  return {
    phase: 'none',
    last: null,
    moving: false,
    current: null,
    candidate: null,
    reach: 0,
    stopStart: null,
    stopSnapshot: null,
    pre: null,
    run: null,
    resume: null,
  };
}

/**
 * A segment's identity, (type, startTime), as one number: exact for any epoch-ms start (below
 * 2^52), and unlike a string it costs no allocation or formatting on the per-batch path.
 */
export type SegmentKey = number;

export function segmentKey(s: Pick<Segment, 'type' | 'startTime'>): SegmentKey {
  return s.startTime * 2 + s.type;
}

export function copySegment(s: Segment): Segment {
  return { ...s, histogram: s.histogram ? s.histogram.slice() : null };
}

function copySaved(s: Saved): Saved {
  return {
    phase: s.phase,
    current: s.current && copySegment(s.current),
    candidate: s.candidate && copySegment(s.candidate),
    reach: s.reach,
    stopStart: s.stopStart,
    stopSnapshot: s.stopSnapshot && copySegment(s.stopSnapshot),
    pre: s.pre && { ...s.pre },
    run: s.run && { ...s.run },
  };
}

/** A deep copy (fixes are never mutated, so they are shared). */
export function cloneSegmenterState(st: SegmenterState): SegmenterState {
  return {
    ...copySaved(st),
    last: st.last,
    moving: st.moving,
    resume: st.resume && copySaved(st.resume),
  };
}

/** State for re-segmenting from a stored stop: the stop starts at `p` whatever its speed. */
export function startWithStop(p: TripPoint): { state: SegmenterState; ops: SegmentOp[] } {
  const state = newSegmenterState();
  const stop = stopAt(p);
  state.phase = 'stop';
  state.current = stop;
  state.last = p;
  return { state, ops: [{ op: 'open', segment: stop }] };
}

/**
 * Feeds one fix; fixes not newer than the last one are ignored (late fixes re-segment instead).
 * Operations are appended to `ops` (a fresh array by default); an `update` of the segment the
 * previous operation already refers to is not repeated, since it refers to the same object.
 */
export function pushPoint(
  st: SegmenterState,
  p: TripPoint,
  cfg: TripConfig,
  ops: SegmentOp[] = [],
): SegmentOp[] {
  const prev = st.last;
  if (prev && p.time <= prev.time) return ops;
  const maxGapMs = cfg.maxGapS * 1000;
  let linked = prev !== null;
  if (prev && st.resume) {
    if (p.time - prev.time <= maxGapMs) resume(st, ops);
    else st.resume = null;
  }
  if (prev && p.time - prev.time > maxGapMs) {
    closeForGap(st, prev, ops);
    linked = false;
  }
  const moving = st.stopStart
    ? haversineMeters(st.stopStart.lat, st.stopStart.lon, p.lat, p.lon) > cfg.stopRadiusM
    : p.speed >= cfg.movingSpeedKmh;
  if (st.phase === 'trip') stepTrip(st, prev!, p, moving, cfg, ops);
  else stepParked(st, linked ? prev : null, p, moving, cfg, ops);
  st.last = p;
  st.moving = moving;
  return ops;
}

/**
 * Called periodically with the server clock: a trip whose unit has sent nothing for maxGapS is
 * closed now rather than when (if ever) the next fix arrives. If a fix within maxGapS of the last
 * one still arrives (buffered data), the next push undoes this (`remove` the stop, reopen the trip).
 */
export function expire(st: SegmenterState, now: number, cfg: TripConfig): SegmentOp[] {
  if (st.phase !== 'trip' || !st.last || now - st.last.time <= cfg.maxGapS * 1000) return [];
  const saved = copySaved(st);
  const ops: SegmentOp[] = [];
  closeForGap(st, st.last, ops);
  st.resume = saved;
  return ops;
}

function update(ops: SegmentOp[], segment: Segment): void {
  const last = ops[ops.length - 1];
  if (last && last.segment === segment && (last.op === 'update' || last.op === 'open')) return;
  ops.push({ op: 'update', segment });
}

function stepTrip(
  st: SegmenterState,
  prev: TripPoint,
  p: TripPoint,
  moving: boolean,
  cfg: TripConfig,
  ops: SegmentOp[],
): void {
  const trip = st.current!;
  extend(trip, prev, p, cfg);
  haltAt(st, trip, p, moving);
  if (!endTripIfParked(st, p, cfg, ops)) update(ops, trip);
}

/** Phases `none` and `stop`: parked (or nothing yet), possibly with a trip candidate under way. */
function stepParked(
  st: SegmenterState,
  prev: TripPoint | null,
  p: TripPoint,
  moving: boolean,
  cfg: TripConfig,
  ops: SegmentOp[],
): void {
  const c = st.candidate;
  if (!c) {
    if (moving) {
      startCandidate(st, prev, p, cfg);
      return;
    }
    if (st.current) {
      // Fixes of a candidate cut off by a gap (closeForGap) lie between the stop's end and `p`:
      // the stop takes them now that it reaches past them.
      mergeBox(st.current, st.pre);
      st.pre = null;
      extendStop(st.current, p);
      update(ops, st.current);
    } else {
      openStop(st, p, p, ops);
    }
    return;
  }
  if (moving && st.stopStart && st.reach <= cfg.stopRadiusM) {
    // The candidate never left the spot before halting (a drift speed): the real departure is now.
    // Its fixes are the stop's, if there is one.
    st.pre = unionBox(st.pre, c);
    startCandidate(st, prev, p, cfg);
    st.stopStart = null;
    st.stopSnapshot = null;
    st.run = null;
    return;
  }
  extend(c, prev ?? st.last!, p, cfg);
  st.reach = Math.max(st.reach, haversineMeters(c.startLat, c.startLon, p.lat, p.lon));
  haltAt(st, c, p, moving);
  const upTo = st.stopSnapshot ?? c;
  if (
    st.reach >= cfg.minTripDistanceM &&
    upTo.endTime - upTo.startTime >= cfg.minTripDurationS * 1000
  ) {
    const stop = st.current;
    if (stop) {
      // The stop ends where the trip starts: it takes the fixes up to that one.
      mergeBox(stop, st.pre);
      stop.endTime = c.startTime;
      stop.open = false;
      ops.push({ op: 'close', segment: stop });
    }
    st.current = c;
    st.candidate = null;
    st.pre = null;
    st.phase = 'trip';
    ops.push({ op: 'open', segment: c });
    endTripIfParked(st, p, cfg, ops);
    return;
  }
  if (st.stopStart && p.time - st.stopStart.time >= cfg.minParkingS * 1000) {
    // Came to rest before it was a trip: the movement belongs to the stop.
    const at = st.stopStart;
    const run = st.run;
    st.candidate = null;
    st.stopStart = null;
    st.stopSnapshot = null;
    st.run = null;
    if (st.current) {
      mergeBox(st.current, st.pre);
      mergeBox(st.current, c);
      st.pre = null;
      extendStop(st.current, p);
      update(ops, st.current);
    } else {
      openStop(st, at, p, ops, run);
    }
  }
}

/** A trip candidate starts at `p`; `p` is also the last fix of the stop if it becomes a trip. */
function startCandidate(
  st: SegmenterState,
  prev: TripPoint | null,
  p: TripPoint,
  cfg: TripConfig,
): void {
  st.candidate = startTrip(prev, p, cfg);
  st.reach = 0;
  if (st.pre) growBox(st.pre, p);
  else st.pre = boxAt(p);
}

/** After `p` joined `seg` (the trip or the candidate): a halt starts, goes on, or is over. */
function haltAt(st: SegmenterState, seg: Segment, p: TripPoint, moving: boolean): void {
  if (moving) {
    st.stopStart = null;
    st.stopSnapshot = null;
    st.run = null;
  } else if (!st.stopStart) {
    st.stopStart = p;
    st.stopSnapshot = copySegment(seg);
    st.run = boxAt(p);
  } else if (st.run) {
    growBox(st.run, p);
  }
}

function endTripIfParked(
  st: SegmenterState,
  p: TripPoint,
  cfg: TripConfig,
  ops: SegmentOp[],
): boolean {
  if (!st.stopStart || p.time - st.stopStart.time < cfg.minParkingS * 1000) return false;
  const closed = st.stopSnapshot!;
  closed.open = false;
  ops.push({ op: 'close', segment: closed });
  const at = st.stopStart;
  const run = st.run;
  st.stopStart = null;
  st.stopSnapshot = null;
  st.run = null;
  openStop(st, at, p, ops, run);
  return true;
}

function closeForGap(st: SegmenterState, prev: TripPoint, ops: SegmentOp[]): void {
  if (st.phase === 'trip') {
    const closed = st.stopSnapshot ?? st.current!;
    closed.open = false;
    ops.push({ op: 'close', segment: closed });
    openStop(st, st.stopStart ?? prev, prev, ops, st.stopStart ? st.run : null);
  } else if (st.candidate) {
    // A candidate cut off by the gap: its fixes are the stop's, which continues over the gap.
    st.pre = unionBox(st.pre, st.candidate);
  }
  st.candidate = null;
  st.stopStart = null;
  st.stopSnapshot = null;
  st.run = null;
  st.moving = false;
}

function resume(st: SegmenterState, ops: SegmentOp[]): void {
  const saved = st.resume!;
  st.resume = null;
  if (st.current) ops.push({ op: 'remove', segment: st.current });
  Object.assign(st, saved);
  if (st.current) {
    st.current.open = true;
    update(ops, st.current);
  }
}

/** Opens a stop from `at` to `to`; `run` is the box of the fixes between them, if more than `at`. */
function openStop(
  st: SegmenterState,
  at: TripPoint,
  to: TripPoint,
  ops: SegmentOp[],
  run: FixBox | null = null,
): void {
  const stop = stopAt(at);
  if (to !== at) extendStop(stop, to);
  if (run) setBox(stop, run);
  st.current = stop;
  st.pre = null;
  st.phase = 'stop';
  ops.push({ op: 'open', segment: stop });
}

/**
 * Applies a run of operations to a map of segments by key: what the stored rows must end up as.
 * Used by re-segmentation (and tests) to turn an op stream into the final list of segments.
 */
export function applyOps(into: Map<SegmentKey, Segment>, ops: SegmentOp[]): void {
  for (const { op, segment } of ops) {
    const key = segmentKey(segment);
    if (op === 'remove') into.delete(key);
    else into.set(key, segment);
  }
}
