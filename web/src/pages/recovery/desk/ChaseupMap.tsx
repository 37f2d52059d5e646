// The vehicle of a chase-up on the map (issue 16 item 3): its trail since the event (the trip
// pages' TripLayer over get_trip_points from the event's time to now), the spot where the event
// happened, and the unit's live marker, moved by the live socket's `units` messages, with the
// fixes it reports added to the trail. The offline basemap of every other map; nothing from a CDN.
import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TripPoint, UnitListItem } from '@fleet/common';
import { tripPointsQuery } from '../../../api/tracking';
import { now } from '../../../components/clock';
import { MapView, TripLayer, UnitsLayer, type TripPath } from '../../../map';
import { useTheme } from '../../../theme/ThemeContext';
import FitPoints from '../../tracking/common/FitPoints';
import { registerMapForTests } from '../../tracking/common/mapTestHook';
import { useLiveMerge } from '../../tracking/live/useLiveFleet';
import AlertMarksLayer from '../../alerts/ruleAlerts/AlertMarksLayer';
import type { AlertMark } from '../../alerts/ruleAlerts/evidenceText';
import '../../tracking/common/tripMap.css';

/** The trail re-read from the server this often (the live fixes fill the gaps between). */
const TRAIL_REFRESH_MS = 60_000;

/** The trail: the stored fixes, then the live ones newer than the last of them. */
export function trailOf(stored: readonly TripPoint[], live: readonly TripPoint[]): TripPoint[] {
  const last = stored.length ? Date.parse(stored[stored.length - 1].datetime) : -Infinity;
  return [...stored, ...live.filter((p) => Date.parse(p.datetime) > last)];
}

interface Props {
  chaseupId: number;
  unit: UnitListItem;
  /** ISO: the event's time, where the trail starts */
  since: string;
  /** where the event happened */
  spot: { lat: number; lon: number } | null;
  /** the event in words, beside its mark: "Panic remote" */
  label: string;
}

export default function ChaseupMap({ chaseupId, unit, since, spot, label }: Props) {
  const theme = useTheme();
  const [to] = useState(() => new Date(now()).toISOString());
  const query = useQuery({
    ...tripPointsQuery(unit.uid, { from: since, to }),
    refetchInterval: TRAIL_REFRESH_MS,
  });
  const initial = useMemo(() => [unit], [unit]);
  const [live] = useLiveMerge(initial);
  const [liveFixes, setLiveFixes] = useState<TripPoint[]>([]);
  const position = live?.position ?? null;
  useEffect(() => {
    if (!position || Date.parse(position.datetime) < Date.parse(since)) return;
    setLiveFixes((fixes) =>
      fixes.some((f) => f.datetime === position.datetime) ? fixes : [...fixes, position],
    );
  }, [position, since]);

  const points = useMemo(
    () => trailOf(query.data?.motions ?? [], liveFixes),
    [query.data, liveFixes],
  );
  const paths = useMemo<TripPath[]>(
    () => (points.length ? [{ id: chaseupId, points }] : []),
    [chaseupId, points],
  );
  const marks = useMemo<AlertMark[]>(
    () => (spot ? [{ kind: 'start', lat: spot.lat, lon: spot.lon, label }] : []),
    [spot, label],
  );
  const fit = useMemo(
    () => [...points, ...(spot ? [spot] : []), ...(position ? [position] : [])],
    [points, spot, position],
  );

  return (
    <div className="trip-map-panel chaseup-map-panel">
      <div className="trip-map" data-drawn={paths.length}>
        <MapView
          mapSources={theme.map_sources}
          onReady={registerMapForTests}
          style={{ position: 'absolute', inset: 0, minHeight: 0 }}
        >
          <TripLayer trips={paths} showEnds={false} />
          <AlertMarksLayer marks={marks} />
          <UnitsLayer units={live ? [live] : []} selectedUid={unit.uid} />
          <FitPoints
            points={fit}
            fitKey={`chaseup-${chaseupId}`}
            ready={!query.isLoading && fit.length > 0}
          />
        </MapView>
        {!query.isLoading && !fit.length && (
          <div className="map-overlay is-message">
            <span className="map-overlay-text">
              No positions since the event, and no last known position.
            </span>
          </div>
        )}
      </div>
      <p className="chaseup-map-caption">
        {points.length
          ? `Trail since the event: ${points.length} ${points.length === 1 ? 'fix' : 'fixes'}.`
          : 'No trail since the event yet.'}{' '}
        {live?.connected === false ? 'The unit is not connected now.' : ''}
      </p>
    </div>
  );
}
