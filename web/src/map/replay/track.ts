import { bearingDegrees, haversineMeters, type TripPoint } from '@fleet/common';

/** A trip prepared for replay: fixes with parsed times, sorted, unusable fixes dropped. */
export interface Track {
  points: TripPoint[];
  times: number[];
}

export interface TrackPosition {
  lat: number;
  lon: number;
  /** Degrees clockwise from north. */
  heading: number;
  speed: number;
  /** Index of the last fix at or before this time. */
  index: number;
}

export function buildTrack(points: readonly TripPoint[]): Track {
  const usable = points
    .map((point) => ({ point, time: Date.parse(point.datetime) }))
    .filter(
      ({ point, time }) =>
        Number.isFinite(time) && Number.isFinite(point.lat) && Number.isFinite(point.lon),
    )
    .sort((a, b) => a.time - b.time);
  return { points: usable.map((u) => u.point), times: usable.map((u) => u.time) };
}

/** Index of the last fix with time <= t (0 before the start). */
export function fixIndexAt(track: Track, t: number): number {
  const { times } = track;
  let lo = 0;
  let hi = times.length - 1;
  if (hi < 0 || t <= times[0]) return 0;
  if (t >= times[hi]) return hi;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (times[mid] <= t) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

// Fixes closer than this are GPS jitter: their bearing is noise, so the recorded direction is used.
const MIN_BEARING_METERS = 3;

/**
 * Position at time t, linear between the two fixes around it. The heading is the bearing of the
 * segment being travelled (so the marker points where it goes), or the fix's own direction when
 * the unit stands still.
 */
export function positionAt(track: Track, t: number): TrackPosition | null {
  const n = track.points.length;
  if (n === 0) return null;
  const i = fixIndexAt(track, t);
  const a = track.points[i];
  if (i >= n - 1 || t <= track.times[0]) {
    return { lat: a.lat, lon: a.lon, heading: a.direction, speed: a.speed, index: i };
  }
  const b = track.points[i + 1];
  const span = track.times[i + 1] - track.times[i];
  const f = span > 0 ? Math.min(1, Math.max(0, (t - track.times[i]) / span)) : 1;
  const moved = haversineMeters(a.lat, a.lon, b.lat, b.lon) >= MIN_BEARING_METERS;
  return {
    lat: a.lat + (b.lat - a.lat) * f,
    lon: a.lon + (b.lon - a.lon) * f,
    heading: moved ? bearingDegrees(a.lat, a.lon, b.lat, b.lon) : a.direction,
    speed: a.speed + (b.speed - a.speed) * f,
    index: i,
  };
}
