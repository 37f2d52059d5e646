// Unit connection state (SPEC §4).
import { OTHER_UNIT_DISCONNECT_S, PARK_STATE, TRIP_UNIT_DISCONNECT_S } from '@fleet/common';
import type { ParkState } from './motion';

/** Service types whose units report continuously and make trips; the others report rarely. */
const NON_TRIP_SERVICE_TYPES = ['recovery', 'stealth', 'backup'];

export function isTripUnit(serviceType: string): boolean {
  return !NON_TRIP_SERVICE_TYPES.includes(serviceType);
}

/**
 * A trip-type unit is disconnected when its last data is older than 300 s; other units when
 * their last contact is older than 86400 s.
 */
export function isConnected(
  serviceType: string,
  lastData: number | null | undefined,
  now: number,
): boolean {
  if (!lastData) return false;
  const limit = isTripUnit(serviceType) ? TRIP_UNIT_DISCONNECT_S : OTHER_UNIT_DISCONNECT_S;
  return now - lastData <= limit * 1000;
}

/**
 * When a unit's latest data was taken: its newest fix, or when the server last heard from it if it
 * never had one. Receive time alone is not enough: history a device buffered (or the simulator's
 * backfill) arrives now but describes hours ago.
 */
export function lastReport(
  fixTime: number | null | undefined,
  serverTime: number | null | undefined,
): number | null {
  if (fixTime) return serverTime ? Math.min(fixTime, serverTime) : fixTime;
  return serverTime || null;
}

export interface LiveState {
  connected: boolean;
  parkState: ParkState;
  /** km/h; 0 for a unit that is not reporting. */
  speed: number;
}

/**
 * What the live list shows: a unit whose last report is older than its connection timeout is
 * disconnected and, whatever speed it last reported, not moving (SPEC §4).
 */
export function liveState(
  unit: {
    serviceType: string;
    fixTime: number | null | undefined;
    serverTime: number | null | undefined;
    parkState: ParkState;
    speed: number;
  },
  now: number,
): LiveState {
  const connected = isConnected(unit.serviceType, lastReport(unit.fixTime, unit.serverTime), now);
  if (connected) return { connected, parkState: unit.parkState, speed: unit.speed };
  const parkState = unit.parkState === PARK_STATE.MOVING ? PARK_STATE.PARKED : unit.parkState;
  return { connected, parkState, speed: 0 };
}
