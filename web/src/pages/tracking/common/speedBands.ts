// The speed bands of a trip's speed_histogram (SPEC §3: keys `low`, `high`, or a number followed
// by s), in speed order, with their share of the time driven.
// The module itself, not the map barrel: the summary table must not pull MapLibre into its chunk.
import { speedColour } from '../../../map/speedColour';

export interface SpeedBand {
  key: string;
  /** Lower bound in km/h (0 for low). */
  from: number;
  /** Upper bound in km/h; null for the open top band. */
  to: number | null;
  label: string;
  seconds: number;
  /** 0..1 of the time in all bands. */
  share: number;
  colour: string;
}

function lowerBound(key: string): number | null {
  if (key === 'low') return 0;
  const m = /^(\d+)s$/.exec(key);
  return m ? Number(m[1]) : null;
}

/** The bands in speed order; `high` starts where the highest numbered band ends. */
export function speedBands(histogram: Record<string, number> | null | undefined): SpeedBand[] {
  if (!histogram) return [];
  const numbered = Object.keys(histogram)
    .map((key) => ({ key, from: lowerBound(key) }))
    .filter((b): b is { key: string; from: number } => b.from !== null)
    .sort((a, b) => a.from - b.from);
  const rows: { key: string; from: number; to: number | null }[] = numbered.map((b, i) => ({
    key: b.key,
    from: b.from,
    to: numbered[i + 1]?.from ?? null,
  }));
  if ('high' in histogram) {
    const last = rows[rows.length - 1];
    // `high` opens at the threshold after the last numbered band, one band width further on.
    const width = rows.length >= 2 ? rows[rows.length - 1].from - rows[rows.length - 2].from : 20;
    const highFrom = last ? last.from + width : 0;
    if (last) last.to = highFrom;
    rows.push({ key: 'high', from: highFrom, to: null });
  }
  // `low` runs up to the first numbered band.
  if (rows[0]?.key === 'low') rows[0].to = rows[1]?.from ?? null;
  const seconds = rows.map((r) => Math.max(0, Number(histogram[r.key]) || 0));
  const total = seconds.reduce((a, b) => a + b, 0);
  const top = Math.max(1, rows.length - 1);
  return rows.map((r, i) => ({
    ...r,
    label:
      r.key === 'low'
        ? `Below ${r.to ?? '—'} km/h`
        : r.to === null
          ? `${r.from} km/h and above`
          : `${r.from} to ${r.to} km/h`,
    seconds: seconds[i],
    share: total > 0 ? seconds[i] / total : 0,
    colour: speedColour(i, 0, top),
  }));
}

/** Seconds spent in the bands at or above `threshold` km/h (SPEC §9 speed-band sums). */
export function secondsAtOrAbove(bands: readonly SpeedBand[], threshold: number): number {
  return bands.filter((b) => b.from >= threshold).reduce((sum, b) => sum + b.seconds, 0);
}
