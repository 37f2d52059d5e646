// Device side of the OsmAnd protocol: the request a phone app sends. Used by the simulator.

export interface OsmandFix {
  id: string;
  /** Epoch ms. */
  time: number;
  lat: number;
  lon: number;
  /** km/h (sent in knots, as the apps do). */
  speed: number;
  course: number;
  altitude?: number;
  accuracy?: number;
  batt?: number;
  ignition?: boolean;
  /** Traccar alarm name: sos, hardBraking, overspeed, ... */
  alarm?: string;
}

export function encodeOsmandQuery(f: OsmandFix): string {
  const q = new URLSearchParams({
    id: f.id,
    timestamp: String(Math.round(f.time / 1000)),
    lat: f.lat.toFixed(6),
    lon: f.lon.toFixed(6),
    speed: (f.speed / 1.852).toFixed(2),
    bearing: f.course.toFixed(1),
  });
  if (f.altitude !== undefined) q.set('altitude', f.altitude.toFixed(1));
  if (f.accuracy !== undefined) q.set('accuracy', f.accuracy.toFixed(1));
  if (f.batt !== undefined) q.set('batt', String(Math.round(f.batt)));
  if (f.ignition !== undefined) q.set('ignition', String(f.ignition));
  if (f.alarm) q.set('alarm', f.alarm);
  return q.toString();
}

/** A Traccar Client style JSON batch (speed in m/s), as the app sends a backlog. */
export function encodeOsmandJson(fixes: OsmandFix[]): string {
  const location = fixes.map((f) => ({
    timestamp: new Date(f.time).toISOString(),
    coords: {
      latitude: f.lat,
      longitude: f.lon,
      speed: f.speed / 3.6,
      heading: f.course,
      altitude: f.altitude ?? 0,
      accuracy: f.accuracy ?? 5,
    },
    is_moving: f.speed > 0,
    battery: f.batt === undefined ? undefined : { level: f.batt / 100, is_charging: false },
    alarm: f.alarm,
    extras: f.ignition === undefined ? {} : { ignition: f.ignition },
  }));
  return JSON.stringify({ device_id: fixes[0].id, location });
}
