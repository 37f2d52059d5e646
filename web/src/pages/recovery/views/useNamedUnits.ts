// The live units of the recovery desk's live map: the units its address names, each read on its
// own (get_unit) rather than picked from get_unit_list_full, which for support staff is every
// client's fleet; then moved on by the live socket like the realtime map's list.
import { useMemo } from 'react';
import { useQueries } from '@tanstack/react-query';
import type { UnitDetail } from '@fleet/common';
import { unitQuery } from '../../../api/tracking';
import { useLiveConnection, useLiveResync } from '../../../api/live';
import { RESYNC_EVERY_MS, useLiveMerge, type LiveFleet } from '../../tracking/live/useLiveFleet';

/** At most this many units on one recovery live map (one get_unit each). */
export const NAMED_UNITS_MAX = 50;

export type NamedUnits = Omit<LiveFleet, 'syncedAt' | 'loaded' | 'units'> & { units: UnitDetail[] };

export function useNamedUnits(uids: readonly number[]): NamedUnits {
  const status = useLiveConnection();
  const results = useQueries({
    queries: uids.slice(0, NAMED_UNITS_MAX).map((uid) => ({
      ...unitQuery(uid),
      select: (d: { unit: UnitDetail }) => d.unit,
      refetchInterval: RESYNC_EVERY_MS,
      staleTime: 5_000,
    })),
  });
  const retry = () => results.forEach((r) => void r.refetch());
  useLiveResync(retry);
  // A new list only when an answer changed: the live merge starts over from each new list.
  const version = results.map((r) => r.dataUpdatedAt).join(',');
  const units = useMemo(() => results.flatMap((r) => (r.data ? [r.data] : [])), [version]);
  const live = useLiveMerge(units);
  const failed = results.find((r) => r.error)?.error ?? null;
  return {
    units: live,
    loading: results.some((r) => r.isPending),
    error: units.length ? null : failed,
    retry,
    status,
  };
}
