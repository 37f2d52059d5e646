// Motion, ignition and park state of a unit (SPEC §4). Pure: the pipeline feeds it its state.
// Connection state lives in domain/connection.ts (isConnected, isTripUnit).
import { PARK_STATE } from '@fleet/common';

export type ParkState = 0 | 1 | 2;

export interface ParkInputs {
  /** The unit has an accepted fix at all. */
  hasFix: boolean;
  /** The latest fix counts as moving (see domain/trips.ts). */
  moving: boolean;
  ignition: boolean | null;
  /** The segmenter's phase: inside a trip, in a stop, or nothing yet. */
  phase: 'none' | 'stop' | 'trip';
}

/**
 * 0 Moving, 1 Parked, 2 Unknown. A halt inside a trip (a traffic light) is still Moving until the
 * stop threshold makes it a stop; ignition off while standing still is Parked at once.
 */
export function parkStateOf(s: ParkInputs): ParkState {
  if (!s.hasFix) return PARK_STATE.UNKNOWN;
  if (s.moving) return PARK_STATE.MOVING;
  if (s.ignition === false) return PARK_STATE.PARKED;
  if (s.phase === 'trip') return PARK_STATE.MOVING;
  if (s.phase === 'stop') return PARK_STATE.PARKED;
  return PARK_STATE.UNKNOWN;
}

/**
 * Engine time to add between two records, in seconds: the interval counts when the ignition was on
 * at its start. An interval longer than `maxGapS` counts only up to it, so a tracker that fell silent
 * with the ignition on does not run up hours it cannot vouch for.
 */
export function engineSecondsBetween(
  ignitionBefore: boolean | null,
  from: number,
  to: number,
  maxGapS: number,
): number {
  if (ignitionBefore !== true || to <= from) return 0;
  return Math.min((to - from) / 1000, maxGapS);
}
