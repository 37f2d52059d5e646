// Stage 3: GPS jumps. A fix implying a speed above maxJumpSpeedKmh from the last accepted fix is
// dropped (its status values and events still count). The reference is always an accepted fix,
// so one bad fix cannot poison the ones after it; and if the reference itself was the bad one
// (a wild first fix), jumpReanchorCount consecutive rejected fixes that agree with each other
// win: the latest is accepted as the new reference, with no distance for the leap.
import { haversineMeters } from '@fleet/common';
import type { TripPoint } from '../domain/trips';
import type { PipelineConfig } from './config';
import type { UnitRuntime } from './runtime';

export type JumpVerdict = 'accept' | 'reject' | 'reanchor';

function plausible(
  aTime: number,
  aLat: number,
  aLon: number,
  bTime: number,
  bLat: number,
  bLon: number,
  cfg: PipelineConfig,
): boolean {
  const d = haversineMeters(aLat, aLon, bLat, bLon);
  if (d <= cfg.jumpToleranceM) return true;
  const dt = Math.max(Math.abs(bTime - aTime) / 1000, 1);
  return (d / dt) * 3.6 <= cfg.maxJumpSpeedKmh;
}

/**
 * Judges the fix at `time`, `lat`, `lon` against the unit's live fix. A late fix is judged against
 * it too (by the absolute time difference) but never re-anchors: only the live sequence may move
 * the reference.
 */
export function checkJump(
  rt: UnitRuntime,
  time: number,
  lat: number,
  lon: number,
  speed: number,
  late: boolean,
  cfg: PipelineConfig,
): JumpVerdict {
  if (!rt.hasFix) return 'accept';
  if (plausible(rt.fixTime, rt.lat, rt.lon, time, lat, lon, cfg)) {
    if (!late && rt.suspects.length) rt.suspects = [];
    return 'accept';
  }
  if (late) return 'reject';
  const last = rt.suspects[rt.suspects.length - 1];
  const point: TripPoint = { time, lat, lon, speed };
  rt.suspects =
    last && plausible(last.time, last.lat, last.lon, time, lat, lon, cfg)
      ? [...rt.suspects, point]
      : [point];
  if (rt.suspects.length >= cfg.jumpReanchorCount) {
    rt.suspects = [];
    return 'reanchor';
  }
  return 'reject';
}
