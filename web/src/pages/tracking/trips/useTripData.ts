// The data of a unit's trip page: its trips and stops (get_trips), the fixes of the whole range
// (get_trip_points, thinned by the server past 20,000), the chosen trip's own fixes at full
// detail when the range was thinned, and label changes (set_trip_label) written into the list
// at once.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TripLabel, TripPoint, TripRow } from '@fleet/common';
import { taskKey } from '../../../api/queries';
import { setTripLabel, showTripLabel, tripPointsQuery, tripsQuery } from '../../../api/tracking';
import type { DateRange } from '../../../components/dateRangePresets';
import { apiRange, type MaxSpeed } from '../common/routeParams';

const NO_TRIPS: TripRow[] = [];
const NO_POINTS: TripPoint[] = [];

export function useTripData(uid: number | null, range: DateRange, maxSpeed: MaxSpeed) {
  const client = useQueryClient();
  const { from, to } = apiRange(range);
  const trips = useQuery({ ...tripsQuery(uid!, { from, to }, maxSpeed), enabled: uid !== null });
  const points = useQuery({ ...tripPointsQuery(uid!, { from, to }), enabled: uid !== null });
  const label = useMutation({
    mutationFn: ({ entry, label }: { entry: TripRow; label: TripLabel }) =>
      setTripLabel(entry.id, label),
    onSuccess: (_answer, { entry, label }) => showTripLabel(client, entry.id, label),
  });

  const refresh = () => {
    if (uid === null) return;
    void client.invalidateQueries({ queryKey: taskKey('get_trips', { uid }) });
    void client.invalidateQueries({ queryKey: taskKey('get_trip_points', { uid }) });
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
    ...tripPointsQuery(uid!, { from: selected?.start ?? '', to: selected?.end ?? '' }),
    enabled: wanted,
  });
  return wanted ? (detail.data?.motions ?? null) : null;
}
