// The map side of the trip pages: trip lines with speeding, arrows, stops and events (TripLayer),
// the replay marker (ReplayLayer), and under the map the replay controls with a speed chart that
// follows the replay and seeks it when pressed.
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Button, Spin, Tooltip } from 'antd';
import { LineChartOutlined } from '@ant-design/icons';
import type { TripPoint } from '@fleet/common';
import {
  MapToggles,
  MapView,
  REPLAY_SPEEDS,
  ReplayControls,
  ReplayLayer,
  TripLayer,
  speedRange,
  useMapToggles,
  useReplay,
  type LatLon,
  type TripPath,
  type TripStop,
} from '../../../map';
import { setUiSettings } from '../../../api/user';
import { useSession } from '../../../auth/session';
import { zoned } from '../../../components/zone';
import { useTheme } from '../../../theme/ThemeContext';
import FitPoints from './FitPoints';
import FocusOn from './FocusOn';
import MapLegend from './MapLegend';
import { registerMapForTests } from './mapTestHook';
import SpeedChart from './SpeedChart';
import { cursorTime, suggestedReplaySpeed } from './speedChartSync';
import { formatSpeed } from './format';

/** The replay's clock in the user's zone. */
const replayClock = (time: number) => zoned(time).format('HH:mm:ss');

const NO_STOPS: TripStop[] = [];

export interface TripMapPanelProps {
  paths: readonly TripPath[];
  stops?: readonly TripStop[];
  /** km/h above which lines get the speeding casing; null for none. */
  maxSpeed: number | null;
  /** The fixes the replay runs over (one trip, or the whole range), in time order. */
  replayPoints: readonly TripPoint[];
  /** What is being replayed, e.g. "Trip 08:14 – 09:02". */
  replayLabel?: ReactNode;
  /** Moves the replay to this time (epoch ms) whenever it changes. */
  seekTo?: number | null;
  /** Fits the map to what is drawn whenever this changes. */
  fitKey: string;
  /** A place to bring into view (a chosen stop). */
  focus?: LatLon | null;
  onPointClick?: (tripId: number | string, point: TripPoint) => void;
  loading?: boolean;
  /** Shown over the map when there is nothing to draw. */
  empty?: ReactNode;
  /** Smaller chart and dock on a phone. */
  compact?: boolean;
  /** Start and end signs of every trip (default true; off for a fleet overview). */
  showEnds?: boolean;
}

export default function TripMapPanel({
  paths,
  stops = NO_STOPS,
  maxSpeed,
  replayPoints,
  replayLabel,
  seekTo,
  fitKey,
  focus,
  onPointClick,
  loading,
  empty,
  compact,
  showEnds = true,
}: TripMapPanelProps) {
  const theme = useTheme();
  const uiSettings = useSession((s) => s.user?.ui_settings);
  const toggles = useMapToggles({
    initial: uiSettings,
    onChange: (patch) => void setUiSettings(patch).catch(() => undefined),
  });
  const [chartOpen, setChartOpen] = useState(true);
  const { controller, state } = useReplay(replayPoints);
  const canReplay = controller.points.length >= 2;

  // Keep the speed a user picked when the replay moves to another trip; until then start each
  // replay at a speed that plays it in about a minute.
  const chosenSpeed = useRef<number | null>(null);
  useEffect(() => {
    const first = controller.getState();
    const ours =
      chosenSpeed.current ?? suggestedReplaySpeed(first.end - first.start, REPLAY_SPEEDS);
    controller.setSpeed(ours);
    return controller.subscribe(() => {
      const speed = controller.getState().speed;
      if (speed !== ours) chosenSpeed.current = speed;
    });
  }, [controller]);

  useEffect(() => {
    if (seekTo != null && Number.isFinite(seekTo)) controller.seek(seekTo);
  }, [controller, seekTo]);

  const fitTargets = useMemo<LatLon[]>(
    () => [...paths.flatMap((p) => p.points), ...stops],
    [paths, stops],
  );
  const speeds = useMemo(
    () => speedRange(paths.flatMap((p) => p.points.map((x) => x.speed))),
    [paths],
  );
  const eventKinds = useMemo(() => {
    const kinds = new Set<string>();
    for (const p of paths)
      for (const x of p.points) if (x.event && x.event !== 'normal') kinds.add(x.event);
    return [...kinds];
  }, [paths]);
  const drawn = paths.length > 0 || stops.length > 0;
  const cursor = cursorTime(state);

  return (
    <div className={`trip-map-panel${compact ? ' is-compact' : ''}`}>
      <div className="trip-map" data-drawn={drawn ? paths.length : 0}>
        <MapView
          mapSources={theme.map_sources}
          onReady={registerMapForTests}
          style={{ position: 'absolute', inset: 0, minHeight: 0 }}
        >
          <TripLayer
            trips={paths}
            stops={stops}
            maxSpeed={maxSpeed}
            showArrows={toggles.toggles.tripArrows}
            showEnds={showEnds}
            onPointClick={(tripId, _index, point) => {
              const time = Date.parse(point.datetime);
              const { start, end } = controller.getState();
              if (time >= start && time <= end) controller.seek(time);
              onPointClick?.(tripId, point);
            }}
          />
          <ReplayLayer
            points={controller.points}
            state={state}
            showPath={false}
            follow
            visible={canReplay}
          />
          <FitPoints points={fitTargets} fitKey={fitKey} ready={!loading} />
          {focus && <FocusOn lat={focus.lat} lon={focus.lon} />}
          <MapToggles value={toggles.toggles} onToggle={toggles.set} keys={['tripArrows']} />
        </MapView>
        {drawn && (
          <MapLegend
            speeds={paths.length ? speeds : null}
            maxSpeed={maxSpeed}
            stops={stops.length}
            events={eventKinds}
          />
        )}
        {loading && (
          <div className="map-overlay">
            <Spin />
          </div>
        )}
        {!loading && !drawn && empty && <div className="map-overlay is-message">{empty}</div>}
      </div>
      {canReplay && (
        <div className="replay-dock" data-testid="replay-dock">
          <div className="replay-dock-head">
            <span className="replay-dock-title">{replayLabel ?? 'Replay'}</span>
            <span className="replay-dock-readout" data-testid="replay-readout">
              {zoned(state.time).format('ddd D MMM HH:mm:ss')}
              {state.position && <b> · {formatSpeed(state.position.speed)}</b>}
            </span>
            <Tooltip title={chartOpen ? 'Hide the speed chart' : 'Show the speed chart'}>
              <Button
                size="small"
                type={chartOpen ? 'primary' : 'default'}
                ghost={chartOpen}
                icon={<LineChartOutlined />}
                aria-label="Speed chart"
                aria-pressed={chartOpen}
                onClick={() => setChartOpen((o) => !o)}
              />
            </Tooltip>
          </div>
          <ReplayControls
            controller={controller}
            state={state}
            formatTime={replayClock}
            style={{ boxShadow: 'none', padding: '2px 0', background: 'transparent' }}
          />
          {chartOpen && (
            <SpeedChart
              points={controller.points}
              maxSpeed={maxSpeed}
              cursor={cursor}
              start={state.start}
              end={state.end}
              onSeek={(time) => controller.seek(time)}
              height={compact ? 110 : 140}
            />
          )}
        </div>
      )}
    </div>
  );
}
