// Which units the live page lists and draws, from the "show disabled units" and "ghost units"
// settings (liveSettings.ts says what each means). Units are filtered here, before they reach the
// unit list and the map library's UnitsLayer.
import type { UnitListItem } from '@fleet/common';

/** SPEC §4 "Unit active state (client view)": 1 is Active, every other code is Disabled. */
export function isDisabled(unit: Pick<UnitListItem, 'active'>): boolean {
  return unit.active !== 1;
}

/** The units of the list and its status counts: disabled ones only when they are shown. */
export function listedUnits<T extends UnitListItem>(units: T[], showDisabled: boolean): T[] {
  return showDisabled ? units : units.filter((u) => !isDisabled(u));
}

/**
 * The units drawn on the map, from the listed ones: a disconnected unit (the grey, hollow ghost at
 * its last known position) only with ghost units on, or when it is the selected unit.
 */
export function mappedUnits<T extends UnitListItem>(
  listed: T[],
  ghostUnits: boolean,
  selectedUid: number | null,
): T[] {
  return ghostUnits ? listed : listed.filter((u) => u.connected || u.uid === selectedUid);
}
