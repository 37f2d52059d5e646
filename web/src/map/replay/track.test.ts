import { describe, expect, it } from 'vitest';
import type { TripPoint } from '@fleet/common';
import { buildTrack, fixIndexAt, positionAt } from './track';

const p = (lat: number, lon: number, s: number, speed = 60, direction = 0): TripPoint => ({
  lat,
  lon,
  speed,
  direction,
  datetime: new Date(Date.UTC(2025, 0, 1, 8, 0, s)).toISOString(),
});

describe('replay track', () => {
  const track = buildTrack([
    p(-26.1, 28.0, 20, 80),
    p(-26.0, 28.0, 0, 40),
    p(-26.0, 28.1, 10, 60),
    { ...p(0, 0, 5), datetime: 'garbage' },
  ]);
  const t0 = Date.UTC(2025, 0, 1, 8, 0, 0);

  it('sorts fixes by time and drops fixes without a readable time', () => {
    expect(track.points.map((q) => q.speed)).toEqual([40, 60, 80]);
    expect(fixIndexAt(track, t0 - 1)).toBe(0);
    expect(fixIndexAt(track, t0 + 10_000)).toBe(1);
    expect(fixIndexAt(track, t0 + 99_000)).toBe(2);
  });

  it('interpolates position and speed linearly between fixes', () => {
    const half = positionAt(track, t0 + 5000)!;
    expect(half.lat).toBeCloseTo(-26.0, 9);
    expect(half.lon).toBeCloseTo(28.05, 9);
    expect(half.speed).toBeCloseTo(50, 9);
    expect(half.index).toBe(0);
  });

  it('points the marker along the segment being travelled', () => {
    expect(positionAt(track, t0 + 5000)!.heading).toBeCloseTo(90, 0);
    expect(positionAt(track, t0 + 15000)!.heading).toBeGreaterThan(140);
  });

  it('keeps the recorded direction while the unit stands still', () => {
    const still = buildTrack([p(-26, 28, 0, 0, 215), p(-26, 28, 10, 0, 215)]);
    expect(positionAt(still, t0 + 5000)!.heading).toBe(215);
  });

  it('holds the first fix before the start and the last after the end', () => {
    expect(positionAt(track, t0 - 5000)!.lon).toBe(28.0);
    expect(positionAt(track, t0 + 60_000)!.lat).toBe(-26.1);
    expect(positionAt(buildTrack([]), t0)).toBeNull();
  });
});
