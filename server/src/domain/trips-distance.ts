// Distance travelled between consecutive fixes, one rule for trips and the odometer.
import { haversineMeters } from '@fleet/common';
import type { TripConfig, TripPoint } from './trips-model';

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
  const d = haversineMeters(lat, lon, b.lat, b.lon);
  return b.speed < cfg.movingSpeedKmh && d < cfg.driftM ? 0 : d;
}
