// What the route comes to: its distance and planned time, each leg's steps (a collapsible list)
// and the external directions link of SPEC §7 built from origin, waypoints and destination.
import { Collapse, Typography } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import { directionsUrl, formatDuration, type LatLon, type RouteLeg } from '@fleet/common';
import { formatMetres, pointLabel } from '../parts/format';

export function DirectionsLink({
  origin,
  waypoints,
  destination,
}: {
  origin: LatLon;
  waypoints: readonly LatLon[];
  destination: LatLon;
}) {
  return (
    <a
      href={directionsUrl(origin, waypoints, destination)}
      target="_blank"
      rel="noopener noreferrer"
    >
      Open in Google Maps <ExportOutlined aria-hidden />
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

export default function RouteDirections({
  distance,
  legs,
  origin,
  waypoints,
  destination,
}: {
  /** metres */
  distance: number;
  legs: readonly RouteLeg[];
  origin: LatLon | null;
  waypoints: readonly LatLon[];
  destination: LatLon | null;
}) {
  const duration = legs.reduce((s, l) => s + l.values.duration, 0);
  const steps = legs.reduce((s, l) => s + l.steps.length, 0);
  return (
    <div className="route-directions">
      <div className="route-summary" data-testid="route-summary">
        <Typography.Text strong>{formatMetres(distance)}</Typography.Text>
        <Typography.Text type="secondary">
          about {formatDuration(duration)} at 60 km/h · {legs.length} leg
          {legs.length === 1 ? '' : 's'}
        </Typography.Text>
        {origin && destination && (
          <DirectionsLink origin={origin} waypoints={waypoints} destination={destination} />
        )}
      </div>
      {steps > 0 && (
        <Collapse
          size="small"
          style={{ marginTop: 8 }}
          items={[
            {
              key: 'steps',
              label: `Steps (${steps})`,
              children: legs.map((leg, i) => (
                <section key={i} aria-label={`Leg ${i + 1}`}>
                  <Typography.Text strong>
                    {pointLabel(leg.start)} → {pointLabel(leg.end)} ·{' '}
                    {formatMetres(leg.values.distance)}
                  </Typography.Text>
                  <ol className="route-steps">
                    {leg.steps.map((step, j) => (
                      <li key={j}>
                        {step.instruction}
                        {step.distance > 0 && (
                          <Typography.Text type="secondary">
                            {' '}
                            · {formatMetres(step.distance)}
                          </Typography.Text>
                        )}
                      </li>
                    ))}
                  </ol>
                </section>
              )),
            },
          ]}
        />
      )}
    </div>
  );
}
