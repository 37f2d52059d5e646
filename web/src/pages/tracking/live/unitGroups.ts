// The live list's label and fleet filters (issue 12), and the labels the map writes under each
// unit's name tag. A unit carries a label when the label lists its uid (get_tags) or the unit's own
// tags name it; it is in a fleet when the fleet lists its uid (get_fleets).
import type { Fleet, Tag, UnitListItem } from '@fleet/common';

export interface UnitGroupFilter {
  tgid: number | null;
  fid: number | null;
}

export const NO_GROUP: UnitGroupFilter = { tgid: null, fid: null };

export function groupFiltered(filter: UnitGroupFilter): boolean {
  return filter.tgid !== null || filter.fid !== null;
}

/** The units carrying the label and belonging to the fleet chosen (either, both or neither). */
export function inGroups<T extends UnitListItem>(
  units: readonly T[],
  filter: UnitGroupFilter,
  labels: readonly Tag[],
  fleets: readonly Fleet[],
): readonly T[] {
  if (!groupFiltered(filter)) return units;
  const carriers =
    filter.tgid === null ? null : new Set(labels.find((t) => t.tgid === filter.tgid)?.uids ?? []);
  const members =
    filter.fid === null ? null : new Set(fleets.find((f) => f.fid === filter.fid)?.uids ?? []);
  return units.filter(
    (u) =>
      (carriers === null ||
        carriers.has(u.uid) ||
        (u.tags ?? []).some((t) => t.id === filter.tgid)) &&
      (members === null || members.has(u.uid)),
  );
}

/** Each unit's label names, in the labels' order (by name, global labels last: SPEC §4). */
export function labelNamesByUnit(labels: readonly Tag[]): Map<number, string[]> {
  const names = new Map<number, string[]>();
  for (const label of labels) {
    for (const uid of label.uids) names.set(uid, [...(names.get(uid) ?? []), label.name]);
  }
  return names;
}

/**
 * Units whose name tag on the map carries their labels on a second line (SPEC §4: labels show
 * with the unit tags). A copy is kept per unit object while its labels stay the same, so a unit
 * the live merge leaves alone keeps its copy and the map library's feature cache (keyed by object)
 * still holds for it.
 */
const labelled = new WeakMap<UnitListItem, { line: string; copy: UnitListItem }>();

export function withLabelLines<T extends UnitListItem>(
  units: readonly T[],
  namesByUnit: ReadonlyMap<number, string[]>,
): T[] {
  return units.map((unit) => {
    const names = namesByUnit.get(unit.uid) ?? (unit.tags ?? []).map((t) => t.name);
    if (!names.length) return unit;
    const line = names.join(' · ');
    const kept = labelled.get(unit);
    if (kept?.line === line) return kept.copy as T;
    const copy = { ...unit, name: `${unit.name || unit.reg || String(unit.uid)}\n${line}` };
    labelled.set(unit, { line, copy });
    return copy;
  });
}
