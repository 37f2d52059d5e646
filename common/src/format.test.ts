import { describe, expect, it } from 'vitest';
import { formatDuration, formatKm, formatRelative, summarizeNames } from './format';
import { haversineMeters } from './geo';
import { MAX_SPEED_OPTIONS, gpsStrengthLabel } from './constants';

describe('wording (SPEC §9)', () => {
  it('shows distance in km with 2 decimals', () => expect(formatKm(12.3456)).toBe('12.35 km'));
  it('rounds durations at 30 seconds and 30 minutes', () => {
    expect(formatDuration(45)).toBe('45 seconds');
    expect(formatDuration(89)).toBe('1 minute');
    expect(formatDuration(90)).toBe('2 minutes');
    expect(formatDuration(3600 + 25 * 60)).toBe('1 hour 25 minutes');
    expect(formatDuration(86400 + 5 * 3600 + 29 * 60)).toBe('1 day 5 hours');
    expect(formatDuration(86400 + 5 * 3600 + 30 * 60)).toBe('1 day 6 hours');
  });
  it('words relative times', () => {
    const now = Date.UTC(2026, 10, 21);
    expect(formatRelative(now - 5000, now)).toBe('5 seconds ago');
    expect(formatRelative(now - 3 * 3600_000, now)).toBe('3 hours ago');
    expect(formatRelative(now - 400 * 86400_000, now)).toBe('1 year ago');
  });
  it("lists at most 3 names then '... and N more'", () => {
    expect(summarizeNames(['A', 'B', 'C'])).toBe('A, B, C');
    expect(summarizeNames(['A', 'B', 'C', 'D', 'E'])).toBe('A, B, C ... and 2 more');
  });
  it('max speed options run 5 to 155 plus Off; GPS strength bands', () => {
    expect(MAX_SPEED_OPTIONS[0]).toBe(5);
    expect(MAX_SPEED_OPTIONS.at(-2)).toBe(155);
    expect(MAX_SPEED_OPTIONS.at(-1)).toBe('Off');
    expect([24, 25, 44, 45].map(gpsStrengthLabel)).toEqual(['very bad', 'bad', 'average', 'good']);
  });
  it('measures distance with R = 6378137 m', () => {
    // One degree of latitude on that sphere: 2πR/360.
    expect(haversineMeters(0, 0, 1, 0)).toBeCloseTo((2 * Math.PI * 6378137) / 360, 3);
  });
});
