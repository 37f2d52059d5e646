// Wording shared by the recovery views.
import { CLIENT_STATE, SERVICE_TYPES } from '@fleet/common';

export function serviceTypeName(apiName: string): string {
  return SERVICE_TYPES.find((s) => s.api_name === apiName)?.name ?? apiName;
}

export function clientStateName(state: number): string {
  return (CLIENT_STATE as Record<number, string>)[state] ?? `State ${state}`;
}

/** The route's numeric id, or null when it is not one. */
export function routeId(value: string | undefined): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/**
 * A path segment for a title (the border crossing and backup unit routes carry the name); a slash
 * would split the segment, whatever its encoding, so it becomes a dash.
 */
export const titleSegment = (title: string) =>
  encodeURIComponent(title.trim().replace(/\//g, '-') || 'unit');

export const realtimeUnitPath = (uid: number) => `/recovery/realtime/unit/${uid}`;
export const realtimeFleetPath = (uids: readonly number[]) =>
  `/recovery/realtime/fleet/${uids.join(',')}`;
export const recoveryTripsPath = (uid: number) => `/recovery/trips/${uid}`;
export const borderCrossingPath = (uid: number, title: string) =>
  `/recovery/bordercrossing/${uid}/${titleSegment(title)}`;
export const backupUnitsPath = (uids: readonly number[], title: string) =>
  `/recovery/backup_units/${uids.join(',')}/${titleSegment(title)}`;
