// What the live list says about a unit (SPEC §4): park state 0 moving / 1 parked / 2 unknown, and
// disconnected (connected false, decided by the server's 300 s / 86400 s thresholds) above both.
import { PARK_STATE, type UnitListItem } from '@fleet/common';

export type UnitStatus = 'moving' | 'parked' | 'offline' | 'unknown';
export type StatusFilter = 'all' | 'moving' | 'parked' | 'offline';

/**
 * `colour` marks a status (dots, tile edges, the map); `text` is the same hue dark enough to read
 * at 4.5:1 on white and on the status's pale tint (WCAG 1.4.3).
 */
export const STATUS_META: Record<UnitStatus, { label: string; colour: string; text: string }> = {
  moving: { label: 'Moving', colour: '#16a34a', text: '#15803d' },
  parked: { label: 'Parked', colour: '#2563eb', text: '#1d4ed8' },
  offline: { label: 'Disconnected', colour: '#9ca3af', text: '#4b5563' },
  unknown: { label: 'No position', colour: '#f59e0b', text: '#b45309' },
};

type StatusFields = Pick<UnitListItem, 'connected' | 'park_state'>;

export function unitStatus(unit: StatusFields): UnitStatus {
  if (!unit.connected) return 'offline';
  if (unit.park_state === PARK_STATE.MOVING) return 'moving';
  if (unit.park_state === PARK_STATE.PARKED) return 'parked';
  return 'unknown';
}

export interface StatusCounts {
  all: number;
  moving: number;
  parked: number;
  offline: number;
  unknown: number;
}

export function countStatuses(units: readonly StatusFields[]): StatusCounts {
  const counts: StatusCounts = { all: units.length, moving: 0, parked: 0, offline: 0, unknown: 0 };
  for (const unit of units) counts[unitStatus(unit)] += 1;
  return counts;
}

/** Lower-case text a search matches: name, registration, driver and labels. */
function haystack(unit: UnitListItem): string {
  return [unit.name, unit.reg, unit.driver?.name ?? '', ...(unit.tags ?? []).map((t) => t.name)]
    .join(' ')
    .toLowerCase();
}

const byName = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** Units matching the search words (all of them, in any field) and the status, sorted by name. */
export function filterUnits<T extends UnitListItem>(
  units: readonly T[],
  search: string,
  status: StatusFilter,
): T[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  return units
    .filter((u) => status === 'all' || unitStatus(u) === status)
    .filter((u) => {
      if (!words.length) return true;
      const text = haystack(u);
      return words.every((w) => text.includes(w));
    })
    .sort((a, b) => byName.compare(a.name, b.name));
}

const COMPASS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'];

/** 0..360 degrees as one of eight compass points. */
export function compassPoint(degrees: number): string {
  const index = Math.round((((degrees % 360) + 360) % 360) / 45) % 8;
  return COMPASS[index];
}

/** One line for a unit's row: what it is doing now. */
export function statusLine(unit: UnitListItem): string {
  const status = unitStatus(unit);
  const speed = unit.position?.speed ?? 0;
  if (status === 'moving')
    return `${Math.round(speed)} km/h ${compassPoint(unit.position?.direction ?? 0)}`;
  if (status === 'unknown') return 'Waiting for a GPS fix';
  if (status === 'offline') return unit.position ? 'Last seen' : 'Never reported';
  return unit.position?.ignition ? 'Stopped, ignition on' : 'Parked';
}
