// The totals over the shown range: distance (km, 2 decimals), driving and parked time in the
// duration wording of SPEC §9, trip count and top speed, plus special events when there were any.
import { Tooltip } from 'antd';
import { formatDuration, formatKm } from '@fleet/common';
import { TRIP_EVENT_SIGNS, type TripEventSign } from '../../../map/sprites/spriteNames';
import { formatSpeed } from '../common/format';
import { EVENT_NAMES } from './tripEntries';
import type { TripTotals } from './tripTotals';

interface Props {
  totals: TripTotals;
  maxSpeed: number | null;
  events: Record<string, number>;
}

export default function TripTotalsBar({ totals, maxSpeed, events }: Props) {
  const over = maxSpeed !== null && totals.maxSpeed > maxSpeed;
  const items: { key: string; label: string; value: string; tone?: 'danger' }[] = [
    { key: 'distance', label: 'Distance', value: formatKm(totals.distance) },
    { key: 'trips', label: 'Trips', value: String(totals.trips) },
    { key: 'driving', label: 'Driving', value: formatDuration(totals.drivingSeconds) },
    { key: 'parked', label: 'Parked', value: formatDuration(totals.parkedSeconds) },
    {
      key: 'max',
      label: 'Top speed',
      value: formatSpeed(totals.maxSpeed),
      tone: over ? 'danger' : undefined,
    },
    {
      key: 'speeding',
      label: 'Speeding trips',
      value: maxSpeed === null ? '—' : String(totals.speeding),
      tone: totals.speeding > 0 ? 'danger' : undefined,
    },
  ];
  const eventKeys = Object.keys(events).filter((k) => events[k] > 0);
  return (
    <div className="trip-totals" data-testid="trip-totals">
      {items.map((item) => (
        <div key={item.key} className={`trip-total${item.tone ? ` is-${item.tone}` : ''}`}>
          <span className="trip-total-label">{item.label}</span>
          <span className="trip-total-value" data-total={item.key}>
            {item.value}
          </span>
        </div>
      ))}
      {eventKeys.length > 0 && (
        <div className="trip-total-events">
          {eventKeys.map((key) => {
            const sign = TRIP_EVENT_SIGNS[key as TripEventSign];
            return (
              <Tooltip key={key} title={EVENT_NAMES[key] ?? key}>
                <span className="trip-event-chip">
                  <span className="map-legend-sign" style={{ background: sign?.colour }}>
                    {sign?.letter ?? '?'}
                  </span>
                  {events[key]} {(EVENT_NAMES[key] ?? key).toLowerCase()}
                </span>
              </Tooltip>
            );
          })}
        </div>
      )}
    </div>
  );
}
