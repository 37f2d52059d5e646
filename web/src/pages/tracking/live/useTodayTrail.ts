// Today's trail of the selected unit: get_trip_points from midnight (the user's time zone) to now,
// extended with every live fix that arrives while it is shown.
import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TripPoint, UnitListItem } from '@fleet/common';
import { call } from '../../../api/call';
import { taskKey } from '../../../api/queries';
import { now as clockNow } from '../../../components/clock';
import { useUserZone, zoned } from '../../../components/zone';

const NONE: TripPoint[] = [];

/** Midnight of the user's today (components/zone.ts). */
export function startOfToday(now = clockNow()): Date {
  return zoned(now).startOf('day').toDate();
}

/** Appends a live fix when it is newer than the trail's last point. */
export function extendTrail(
  points: readonly TripPoint[],
  unit: UnitListItem | undefined,
): TripPoint[] {
  const p = unit?.position;
  if (!p) return points as TripPoint[];
  const last = points[points.length - 1];
  if (last && Date.parse(last.datetime) >= Date.parse(p.datetime)) return points as TripPoint[];
  return [
    ...points,
    { lat: p.lat, lon: p.lon, speed: p.speed, direction: p.direction, datetime: p.datetime },
  ];
}

export function useTodayTrail(unit: UnitListItem | undefined, enabled: boolean) {
  const zone = useUserZone();
  const uid = unit?.uid;
  const query = useQuery({
    // The range ends now whenever it is read, so the key names the day instead.
    queryKey: [...taskKey('get_trip_points', { uid }), 'today', zone],
    queryFn: () =>
      call('get_trip_points', {
        uid: uid!,
        from: startOfToday().toISOString(),
        to: new Date(clockNow()).toISOString(),
      }),
    select: (d) => d.motions ?? NONE,
    enabled: enabled && uid !== undefined,
    refetchInterval: 5 * 60_000,
  });

  // Live fixes since the trail was read; cleared when a fresh read replaces them.
  const [extra, setExtra] = useState<TripPoint[]>(NONE);
  useEffect(() => setExtra(NONE), [query.data, uid]);
  const position = unit?.position;
  useEffect(() => {
    if (!enabled || !position) return;
    setExtra((previous) => extendTrail(previous, { position } as UnitListItem));
  }, [enabled, position]);

  const points = useMemo(() => {
    let trail = query.data ?? NONE;
    for (const p of extra)
      trail = extendTrail(trail, { position: { ...p, ignition: null } } as UnitListItem);
    return trail;
  }, [query.data, extra]);

  return {
    points: enabled ? points : NONE,
    loading: enabled && query.isFetching && !query.data,
    error: query.error,
  };
}
