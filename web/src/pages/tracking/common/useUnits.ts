// The user's units for the pickers of the tracking pages, sorted by name.
import { useQuery } from '@tanstack/react-query';
import type { UnitListItem } from '@fleet/common';
import { unitListQuery } from '../../../api/tracking';

const EMPTY: UnitListItem[] = [];

/** `enabled: false` for a page that names its one unit (a support user's list is every client's). */
export function useUnits({ enabled = true }: { enabled?: boolean } = {}) {
  const query = useQuery({
    ...unitListQuery(),
    select: (d) => [...(d.units ?? [])].sort((a, b) => a.name.localeCompare(b.name)),
    staleTime: 60_000,
    enabled,
  });
  return { ...query, units: query.data ?? EMPTY };
}

export function unitLabel(unit: Pick<UnitListItem, 'name' | 'reg'> | undefined): string {
  if (!unit) return '';
  return unit.reg && unit.reg !== unit.name ? `${unit.name} (${unit.reg})` : unit.name;
}
