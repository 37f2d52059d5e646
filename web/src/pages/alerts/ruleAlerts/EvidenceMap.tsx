// The map side of a rule alert's evidence page: the fixes around the incident as a trip line (the
// trip pages' TripLayer, speeding above the rule's limit cased red), the start and peak marks, and
// under the map the trip pages' replay controls and speed chart with the limit as a line.
import { useMemo } from 'react';
import { bearingDegrees, type RuleAlertPoint, type TripPoint } from '@fleet/common';
import {
  MapView,
  ReplayControls,
  ReplayLayer,
  TripLayer,
  useReplay,
  type TripPath,
} from '../../../map';
import { zoned } from '../../../components/zone';
import { useTheme } from '../../../theme/ThemeContext';
import FitPoints from '../../tracking/common/FitPoints';
import SpeedChart from '../../tracking/common/SpeedChart';
import { registerMapForTests } from '../../tracking/common/mapTestHook';
import { formatSpeed } from '../../tracking/common/format';
import { cursorTime } from '../../tracking/common/speedChartSync';
import AlertMarksLayer, { MARK_COLOURS } from './AlertMarksLayer';
import type { AlertMark } from './evidenceText';

/** Fixes as the trip components take them: in time order, heading from one fix to the next. */
export function tripPointsOf(points: readonly RuleAlertPoint[]): TripPoint[] {
  const sorted = [...points]
    .filter((p) => Number.isFinite(p.lat) && Number.isFinite(p.lon))
    .sort((a, b) => Date.parse(a.datetime) - Date.parse(b.datetime));
  return sorted.map((p, i) => {
    const next = sorted[i + 1];
    const prev = sorted[i - 1];
    const [from, to] = next ? [p, next] : prev ? [prev, p] : [p, p];
    const moved = from.lat !== to.lat || from.lon !== to.lon;
    return {
      lat: p.lat,
      lon: p.lon,
      speed: p.speed ?? 0,
      datetime: p.datetime,
      direction: moved ? bearingDegrees(from.lat, from.lon, to.lat, to.lon) : 0,
    };
  });
}

const replayClock = (time: number) => zoned(time).format('HH:mm:ss');

interface Props {
  raid: number;
  points: readonly RuleAlertPoint[];
  marks: readonly AlertMark[];
  /** The speed limit line of speed rules; null for none. */
  limit: number | null;
  compact?: boolean;
}

export default function EvidenceMap({ raid, points, marks, limit, compact }: Props) {
  const theme = useTheme();
  const tripPoints = useMemo(() => tripPointsOf(points), [points]);
  const paths = useMemo<TripPath[]>(
    () => (tripPoints.length ? [{ id: raid, points: tripPoints }] : []),
    [raid, tripPoints],
  );
  const fitTargets = useMemo(() => [...tripPoints, ...marks], [tripPoints, marks]);
  const { controller, state } = useReplay(tripPoints);
  const canReplay = controller.points.length >= 2;

  return (
    <div className={`trip-map-panel${compact ? ' is-compact' : ''}`}>
      <div className="trip-map" data-drawn={paths.length}>
        <MapView
          mapSources={theme.map_sources}
          onReady={registerMapForTests}
          style={{ position: 'absolute', inset: 0, minHeight: 0 }}
        >
          <TripLayer trips={paths} maxSpeed={limit} showEnds={false} />
          <ReplayLayer
            points={controller.points}
            state={state}
            showPath={false}
            follow={false}
            visible={canReplay}
          />
          <AlertMarksLayer marks={marks} />
          <FitPoints points={fitTargets} fitKey={`alert-${raid}`} ready={fitTargets.length > 0} />
        </MapView>
        {marks.length > 0 && (
          <div className="map-legend rule-alert-legend">
            {marks.map((m) => (
              <span key={m.kind} className="map-legend-item">
                <span
                  className="rule-alert-legend-ring"
                  style={{ borderColor: MARK_COLOURS[m.kind] }}
                  aria-hidden
                />
                <span>{m.label}</span>
              </span>
            ))}
            {limit !== null && (
              <span className="map-legend-item">
                <span className="map-legend-speeding" aria-hidden />
                <span>over {limit} km/h</span>
              </span>
            )}
          </div>
        )}
        {!paths.length && !marks.length && (
          <div className="map-overlay is-message">
            <span className="map-overlay-text">No positions were recorded around this alert.</span>
          </div>
        )}
      </div>
      {canReplay && (
        <div className="replay-dock" data-testid="replay-dock">
          <div className="replay-dock-head">
            <span className="replay-dock-title">Speed around the alert</span>
            <span className="replay-dock-readout">
              {zoned(state.time).format('ddd D MMM HH:mm:ss')}
              {state.position && <b> · {formatSpeed(state.position.speed)}</b>}
            </span>
          </div>
          <ReplayControls
            controller={controller}
            state={state}
            formatTime={replayClock}
            style={{ boxShadow: 'none', padding: '2px 0', background: 'transparent' }}
          />
          <SpeedChart
            points={controller.points}
            maxSpeed={limit}
            cursor={cursorTime(state)}
            start={state.start}
            end={state.end}
            onSeek={(time) => controller.seek(time)}
            height={compact ? 110 : 140}
          />
        </div>
      )}
    </div>
  );
}
