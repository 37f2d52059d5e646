// Distance between consecutive fixes. Each new fix is measured from the previous one by the jump
// filter, by the odometer and by the trip it extends: the same haversine three times in a row, so
// the last pair's result is remembered (the functions stay pure: results depend on arguments only).
import { haversineMeters } from '@fleet/common';
import type { TripConfig, TripPoint } from './trips';

let lastLat1 = NaN;
let lastLon1 = NaN;
let lastLat2 = NaN;
let lastLon2 = NaN;
let lastMeters = 0;

/** haversineMeters, remembering the last pair. */
export function distanceMeters(lat1: number, lon1: number, lat2: number, lon2: number): number {
  if (lat1 === lastLat1 && lon1 === lastLon1 && lat2 === lastLat2 && lon2 === lastLon2)
    return lastMeters;
  lastMeters = haversineMeters(lat1, lon1, lat2, lon2);
  lastLat1 = lat1;
  lastLon1 = lon1;
  lastLat2 = lat2;
  lastLon2 = lon2;
  return lastMeters;
}

/**
 * Distance travelled from `a` to `b`: none for a re-anchored fix, nor for drift (a short leg to a
 * fix that does not move). The pipeline's odometer uses the same rule, so trips and odometer agree.
 */
export function legMeters(
  a: TripPoint,
  b: TripPoint,
  cfg: Pick<TripConfig, 'movingSpeedKmh' | 'driftM'>,
): number {
  return legMetersFrom(a.lat, a.lon, b, cfg);
}

/** legMeters from the position `lat`, `lon`. */
export function legMetersFrom(
  lat: number,
  lon: number,
  b: TripPoint,
  cfg: Pick<TripConfig, 'movingSpeedKmh' | 'driftM'>,
): number {
  if (b.jump) return 0;
  const d = distanceMeters(lat, lon, b.lat, b.lon);
  return b.speed < cfg.movingSpeedKmh && d < cfg.driftM ? 0 : d;
}
