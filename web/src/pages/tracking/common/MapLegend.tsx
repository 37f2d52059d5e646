// What the colours and signs on a trip map mean; shown only once something is drawn.
import { Tooltip } from 'antd';
import { TRIP_EVENT_SIGNS, type TripEventSign } from '../../../map';
import { EVENT_NAMES } from '../trips/tripEntries';

interface Props {
  /** Slowest and fastest speed drawn (km/h); null when no line is drawn. */
  speeds: [number, number] | null;
  maxSpeed: number | null;
  stops: number;
  events: readonly string[];
}

export default function MapLegend({ speeds, maxSpeed, stops, events }: Props) {
  return (
    <div className="map-legend" data-testid="trip-legend">
      {speeds && (
        <span className="map-legend-item">
          <span className="map-legend-gradient" aria-hidden />
          <span data-testid="legend-speeds">
            {Math.round(speeds[0])}–{Math.round(speeds[1])} km/h
          </span>
        </span>
      )}
      {speeds && maxSpeed !== null && (
        <span className="map-legend-item">
          <span className="map-legend-speeding" aria-hidden />
          <span>over {maxSpeed}</span>
        </span>
      )}
      {stops > 0 && (
        <span className="map-legend-item">
          <span className="map-legend-sign is-stop" aria-hidden>
            P
          </span>
          <span>parked</span>
        </span>
      )}
      {events.map((event) => {
        const sign = TRIP_EVENT_SIGNS[event as TripEventSign];
        if (!sign) return null;
        return (
          <Tooltip key={event} title={EVENT_NAMES[event] ?? event}>
            <span className="map-legend-item">
              <span className="map-legend-sign" style={{ background: sign.colour }} aria-hidden>
                {sign.letter}
              </span>
              <span className="map-legend-event">{EVENT_NAMES[event] ?? event}</span>
            </span>
          </Tooltip>
        );
      })}
    </div>
  );
}
