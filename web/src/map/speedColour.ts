import { hexOf } from './colours';

// Green (slow) → amber → red (fast), as traccar-web paints trips, but without its NaN when the
// whole trip runs at one speed (STYLE.md): a zero-width range maps every point to the slow end.
const STOPS: [number, [number, number, number]][] = [
  [0, [46, 125, 50]],
  [0.5, [249, 168, 37]],
  [1, [198, 40, 40]],
];

/** Position of `speed` within [min, max], clamped to 0..1; 0 when the range is empty or not finite. */
export function speedRatio(speed: number, min: number, max: number): number {
  const range = max - min;
  if (!Number.isFinite(speed) || !Number.isFinite(range) || range <= 0) return 0;
  return Math.max(0, Math.min(1, (speed - min) / range));
}

/** Colour of a speed within the range of speeds of a trip, as a `#rrggbb` string. */
export function speedColour(speed: number, min: number, max: number): string {
  const t = speedRatio(speed, min, max);
  for (let i = 1; i < STOPS.length; i++) {
    const [t1, c1] = STOPS[i];
    if (t <= t1) {
      const [t0, c0] = STOPS[i - 1];
      const f = (t - t0) / (t1 - t0);
      return hexOf(
        c0[0] + (c1[0] - c0[0]) * f,
        c0[1] + (c1[1] - c0[1]) * f,
        c0[2] + (c1[2] - c0[2]) * f,
      );
    }
  }
  const last = STOPS[STOPS.length - 1][1];
  return hexOf(last[0], last[1], last[2]);
}

/** Lowest and highest finite speed of a list; [0, 0] for an empty list. */
export function speedRange(speeds: Iterable<number>): [number, number] {
  let min = Infinity;
  let max = -Infinity;
  for (const s of speeds) {
    if (!Number.isFinite(s)) continue;
    if (s < min) min = s;
    if (s > max) max = s;
  }
  return min === Infinity ? [0, 0] : [min, max];
}
