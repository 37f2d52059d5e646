// Lines of many units' trips on one map: the fixes of each unit over the range (one
// get_trip_points per unit, sent as one batch), cut into that unit's trips. Only the units with
// the most trips are drawn past MAX_LINE_UNITS, so a large fleet cannot freeze the page.
import { useMemo } from 'react';
import { useQueries, useQuery } from '@tanstack/react-query';
import type { FleetTripRow, TripPoint } from '@fleet/common';
import { tripPointsQuery } from '../../../../api/tracking';
import type { TripPath } from '../../../../map';
import { splitIntoTrips } from '../tripEntries';

export const MAX_LINE_UNITS = 25;

/** The units to draw: the most trips first, at most `max`. */
export function lineUnits(rows: readonly Pick<FleetTripRow, 'uid'>[], max = MAX_LINE_UNITS) {
  const counts = new Map<number, number>();
  for (const r of rows) counts.set(r.uid, (counts.get(r.uid) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, max)
    .map(([uid]) => uid);
}

export function useFleetLines(rows: readonly FleetTripRow[], from: string, to: string) {
  const uids = useMemo(() => lineUnits(rows), [rows]);
  const results = useQueries({
    queries: uids.map((uid) => ({ ...tripPointsQuery(uid, { from, to }), staleTime: 60_000 })),
  });
  const loading = results.some((r) => r.isLoading);
  const stamp = results.map((r) => r.dataUpdatedAt).join(',');
  const paths = useMemo<TripPath[]>(() => {
    const out: TripPath[] = [];
    uids.forEach((uid, i) => {
      const motions = results[i]?.data?.motions;
      if (motions)
        out.push(
          ...splitIntoTrips(
            motions,
            rows.filter((r) => r.uid === uid),
          ),
        );
    });
    return out;
    // `stamp` changes whenever one of the results does; `results` itself is new on every render.
  }, [uids, rows, stamp]);
  const unitCount = new Set(rows.map((r) => r.uid)).size;
  return { paths, loading, drawnUnits: uids.length, unitCount };
}

/** One trip's fixes at full detail, for its replay. */
export function useTripPoints(row: FleetTripRow | null): TripPoint[] | null {
  const query = useQuery({
    ...tripPointsQuery(row?.uid ?? 0, { from: row?.start ?? '', to: row?.end ?? '' }),
    enabled: !!row,
  });
  return row ? (query.data?.motions ?? null) : null;
}
