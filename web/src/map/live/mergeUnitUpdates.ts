import type { UnitListItem } from '@fleet/common';

/** One socket update: the changed fields of a unit, always with its uid (API.md §5). */
export type UnitUpdate = Partial<UnitListItem> & { uid: number };

/**
 * Applies buffered updates to the unit list, keeping its order. Updates for uids the list does not
 * hold are dropped: a new unit arrives with the HTTP re-sync, which carries all of its fields.
 * Returns the same array when nothing changed so React can skip the render.
 */
export function mergeUnitUpdates(
  units: readonly UnitListItem[],
  updates: readonly UnitUpdate[],
): UnitListItem[] {
  if (updates.length === 0) return units as UnitListItem[];
  const byUid = new Map<number, UnitUpdate>();
  for (const update of updates) {
    const previous = byUid.get(update.uid);
    byUid.set(update.uid, previous ? { ...previous, ...update } : update);
  }
  let changed = false;
  const next = units.map((unit) => {
    const update = byUid.get(unit.uid);
    if (!update) return unit;
    changed = true;
    return { ...unit, ...update };
  });
  return changed ? next : (units as UnitListItem[]);
}
