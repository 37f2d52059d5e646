// Unit connection state (SPEC §4).
import { OTHER_UNIT_DISCONNECT_S, TRIP_UNIT_DISCONNECT_S } from '@fleet/common';

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
