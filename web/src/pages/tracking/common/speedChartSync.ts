// The pure half of the speed chart ↔ replay link: the chart's series from the replayed fixes, where
// the replay cursor sits on the chart, and which trip time a click on the chart means.
import type { TripPoint } from '@fleet/common';

export type SpeedSample = [time: number, kmh: number];

/** Samples drawn at most: more than a chart's width of pixels only costs time. */
export const MAX_CHART_SAMPLES = 2000;

/**
 * Speed over time, in time order. Long replays are reduced bucket by bucket to each bucket's
 * slowest and fastest fix (in time order), so peaks above the speed limit survive the thinning.
 */
export function speedSeries(
  points: readonly TripPoint[],
  maxSamples = MAX_CHART_SAMPLES,
): SpeedSample[] {
  const all: SpeedSample[] = [];
  for (const p of points) {
    const t = Date.parse(p.datetime);
    if (Number.isFinite(t) && Number.isFinite(p.speed)) all.push([t, p.speed]);
  }
  all.sort((a, b) => a[0] - b[0]);
  if (all.length <= maxSamples) return all;
  const buckets = Math.max(1, Math.floor(maxSamples / 2));
  const size = all.length / buckets;
  const out: SpeedSample[] = [];
  for (let b = 0; b < buckets; b++) {
    const from = Math.floor(b * size);
    const to = Math.min(all.length, Math.floor((b + 1) * size));
    if (from >= to) continue;
    let lo = from;
    let hi = from;
    for (let i = from; i < to; i++) {
      if (all[i][1] < all[lo][1]) lo = i;
      if (all[i][1] > all[hi][1]) hi = i;
    }
    if (lo === hi) out.push(all[lo]);
    else if (lo < hi) out.push(all[lo], all[hi]);
    else out.push(all[hi], all[lo]);
  }
  return out;
}

/** The special trip events of the fixes, as points on the speed line. */
export function eventSamples(
  points: readonly TripPoint[],
): { time: number; kmh: number; event: string }[] {
  return points
    .filter((p) => p.event && p.event !== 'normal' && Number.isFinite(Date.parse(p.datetime)))
    .map((p) => ({ time: Date.parse(p.datetime), kmh: p.speed, event: p.event! }));
}

/** Where the replay cursor belongs on the chart: the replay time, or null with nothing to replay. */
export function cursorTime(state: { time: number; start: number; end: number; position: unknown }) {
  if (!state.position || !(state.end >= state.start)) return null;
  return Math.min(state.end, Math.max(state.start, state.time));
}

/** The trip time a click on the chart asks for, kept inside the replay (null if it is empty). */
export function seekTimeFromChart(chartTime: number, start: number, end: number): number | null {
  if (!Number.isFinite(chartTime) || !(end >= start)) return null;
  return Math.min(end, Math.max(start, chartTime));
}

/**
 * Whether the cursor moved far enough to redraw: the replay ticks every frame, the chart only
 * needs a new line when the cursor has moved by half a pixel or more.
 */
export function cursorMoved(
  previous: number | null,
  next: number | null,
  start: number,
  end: number,
  widthPx: number,
): boolean {
  if (previous === null || next === null) return previous !== next;
  const span = end - start;
  if (!(span > 0) || !(widthPx > 0)) return previous !== next;
  return (Math.abs(next - previous) / span) * widthPx >= 0.5;
}

/**
 * A starting replay speed that plays `durationMs` of trip time in about a minute: a short trip
 * at 10×, a day of driving at 300×.
 */
export function suggestedReplaySpeed(
  durationMs: number,
  speeds: readonly number[],
  targetMs = 60_000,
): number {
  const fitting = speeds.find((s) => s >= 10 && durationMs / s <= targetMs);
  return fitting ?? speeds[speeds.length - 1];
}
