// Stage 4: odometer. Haversine with R = 6378137 m (SPEC §9) between consecutive accepted fixes,
// accumulated into unit_state.odometer and stored with each position (metres). Drift of a parked
// unit (a short leg to a fix that is not moving) and the leap of a re-anchored fix add nothing:
// the same rule as trip distances (domain/trips-distance.ts legMeters), so the two agree.
import type { TripConfig, TripPoint } from '../domain/trips';
import { legMetersFrom } from '../domain/trips-distance';
import type { UnitRuntime } from './runtime';

/** Advances the unit's odometer to a new live fix `p`. */
export function advanceOdometer(rt: UnitRuntime, p: TripPoint, cfg: TripConfig): number {
  if (!rt.hasFix) return 0;
  const d = legMetersFrom(rt.lat, rt.lon, p, cfg);
  rt.odometer += d;
  return d;
}

/**
 * A late fix's odometer: the stored fix just before it plus the leg to it. The unit's total is
 * not changed (positions are append-only, so the fixes after it keep theirs).
 */
export function lateOdometer(
  before: { odometer: number; lat: number; lon: number; speed: number } | undefined,
  p: TripPoint,
  cfg: TripConfig,
): number {
  if (!before) return 0;
  return before.odometer + legMetersFrom(before.lat, before.lon, p, cfg);
}
