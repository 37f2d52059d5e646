// The realtime unit list: get_unit_list_full over HTTP (re-read when the socket re-syncs and once a
// minute, which also catches units going quiet: the server pushes nothing for those), with every
// /api/live update merged in through the map library's buffer.
import { useQuery } from '@tanstack/react-query';
import type { UnitListItem } from '@fleet/common';
import { useLiveUnits } from '../../../map';
import { unitListQuery } from '../../../api/tracking';
import { useLiveConnection, useLiveMessages, type LiveStatus } from '../../../api/live';

const EMPTY: UnitListItem[] = [];
export const RESYNC_EVERY_MS = 60_000;

export interface LiveFleet {
  units: UnitListItem[];
  loaded: boolean;
  loading: boolean;
  error: Error | null;
  retry: () => void;
  status: LiveStatus;
  /** When the HTTP list was last read, epoch ms. */
  syncedAt: number;
}

/** Any unit list that live updates apply to (the realtime list, the stealth list). */
export function useLiveMerge<T extends UnitListItem>(units: T[] | undefined): T[] {
  const live = useLiveUnits((units ?? EMPTY) as UnitListItem[]);
  useLiveMessages((message) => {
    if (message.type === 'units' && Array.isArray(message.units)) live.push(message.units);
  });
  return live.units as T[];
}

const selectUnits = (answer: { units: UnitListItem[] }) => answer.units ?? EMPTY;

export function useLiveFleet(): LiveFleet {
  const status = useLiveConnection();
  const query = useQuery({
    ...unitListQuery(),
    select: selectUnits,
    refetchInterval: RESYNC_EVERY_MS,
    staleTime: 5_000,
  });
  const units = useLiveMerge(query.data);
  return {
    units,
    loaded: query.data !== undefined,
    loading: query.isPending,
    error: query.error,
    retry: () => void query.refetch(),
    status,
    syncedAt: query.dataUpdatedAt,
  };
}
