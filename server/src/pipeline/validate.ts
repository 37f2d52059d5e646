// Stage 1: validate. A record with an impossible time is refused whole; a record whose location
// cannot be trusted is kept as a status update (its ignition, voltages and events still count).
import type { DeviceRecord } from '../ingest/types';
import type { PipelineConfig } from './config';

/** `drop`: refuse the record; `status`: no usable location; `fix`: a location to consider. */
export type Validity = 'drop' | 'status' | 'fix';

export function validateRecord(rec: DeviceRecord, now: number, cfg: PipelineConfig): Validity {
  const t = rec.fixTime;
  // A clock more than a few minutes ahead, or before 2005 (unset clock, GPS week roll-over).
  if (!Number.isFinite(t) || t < cfg.minFixTime || t > now + cfg.maxFutureMs) return 'drop';
  return hasUsableLocation(rec) ? 'fix' : 'status';
}

/**
 * Coordinates in range, a fix the device itself calls valid, and not 0,0 (what many trackers send
 * before their first fix). A fix the device marks invalid repeats an old location: status only.
 */
export function hasUsableLocation(rec: DeviceRecord): boolean {
  if (!rec.hasLocation || !rec.valid) return false;
  const { lat, lon } = rec;
  if (!Number.isFinite(lat) || !Number.isFinite(lon)) return false;
  if (lat < -90 || lat > 90 || lon < -180 || lon > 180) return false;
  return lat !== 0 || lon !== 0;
}

/** km/h, never negative or NaN. */
export function cleanSpeed(speed: number): number {
  return Number.isFinite(speed) && speed > 0 ? speed : 0;
}

/** degrees 0..360 */
export function cleanCourse(course: number): number {
  if (!Number.isFinite(course)) return 0;
  return ((course % 360) + 360) % 360;
}
