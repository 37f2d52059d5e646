// The data of a unit's trip page: its trips and stops (get_trips), the fixes of the whole range
// (get_trip_points, thinned by the server past 20,000), the chosen trip's own fixes at full
// detail when the range was thinned, and label changes (set_trip_label) written into the list
// at once.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TripLabel, TripPoint } from '@fleet/common';
import { getTripPoints, getTrips, setTripLabel, type TripRow } from '../../../api/tracking';
import type { DateRange } from '../../../components/dateRangePresets';
import { apiRange, type MaxSpeed } from '../common/routeParams';

const NO_TRIPS: TripRow[] = [];
const NO_POINTS: TripPoint[] = [];

export function useTripData(uid: number | null, range: DateRange, maxSpeed: MaxSpeed) {
  const client = useQueryClient();
  const { from, to } = apiRange(range);
  const tripsKey = ['trips', uid, from, to, maxSpeed] as const;
  const trips = useQuery({
    queryKey: tripsKey,
    queryFn: () => getTrips(uid!, { from, to }, maxSpeed),
    enabled: uid !== null,
  });
  const points = useQuery({
    queryKey: ['trip_points', uid, from, to],
    queryFn: () => getTripPoints(uid!, { from, to }),
    enabled: uid !== null,
  });
  const label = useMutation({
    mutationFn: ({ entry, label }: { entry: TripRow; label: TripLabel }) =>
      setTripLabel(entry.id, label),
    onSuccess: (_answer, { entry, label }) => {
      client.setQueryData(tripsKey, (old: typeof trips.data) =>
        old
          ? { ...old, trips: old.trips.map((t) => (t.id === entry.id ? { ...t, label } : t)) }
          : old,
      );
      // Summaries and fleet lists elsewhere show labels too.
      void client.invalidateQueries({ queryKey: ['fleet_trips'] });
      void client.invalidateQueries({ queryKey: ['driver_trips'] });
    },
  });

  const refresh = () => {
    void client.invalidateQueries({ queryKey: ['trips', uid] });
    void client.invalidateQueries({ queryKey: ['trip_points', uid] });
  };

  return {
    entries: trips.data?.trips ?? NO_TRIPS,
    oversized: !!trips.data?.oversized,
    motions: points.data?.motions ?? NO_POINTS,
    thinned: !!points.data?.thinned,
    loading: trips.isLoading || points.isLoading,
    fetching: trips.isFetching || points.isFetching,
    error: trips.error ?? points.error,
    refresh,
    label,
  };
}

/** The chosen trip's own fixes, fetched only when the range's fixes were thinned. */
export function useTripDetail(
  uid: number | null,
  selected: TripRow | null,
  thinned: boolean,
): TripPoint[] | null {
  const wanted = uid !== null && !!selected && selected.type === 0 && thinned;
  const detail = useQuery({
    queryKey: ['trip_points', uid, selected?.start, selected?.end],
    queryFn: () => getTripPoints(uid!, { from: selected!.start, to: selected!.end }),
    enabled: wanted,
  });
  return wanted ? (detail.data?.motions ?? null) : null;
}
