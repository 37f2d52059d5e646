import { describe, expect, it } from 'vitest';
import { speedColour, speedRange, speedRatio } from './speedColour';

const HEX = /^#[0-9a-f]{6}$/;

describe('speedColour', () => {
  it('paints a trip driven at one constant speed without NaN (STYLE.md)', () => {
    expect(speedRatio(80, 80, 80)).toBe(0);
    expect(speedColour(80, 80, 80)).toMatch(HEX);
    expect(speedColour(0, 0, 0)).toMatch(HEX);
  });

  it('runs from green at the slowest to red at the fastest', () => {
    const slow = speedColour(0, 0, 120);
    const fast = speedColour(120, 0, 120);
    expect(slow).toBe('#2e7d32');
    expect(fast).toBe('#c62828');
    expect(speedColour(60, 0, 120)).toBe('#f9a825');
  });

  it('clamps speeds outside the range and survives bad input', () => {
    expect(speedColour(500, 0, 120)).toBe(speedColour(120, 0, 120));
    expect(speedColour(-5, 0, 120)).toBe(speedColour(0, 0, 120));
    expect(speedColour(Number.NaN, 0, 120)).toMatch(HEX);
    expect(speedColour(50, 0, Number.POSITIVE_INFINITY)).toMatch(HEX);
  });

  it('finds the range of a list, skipping values that are not numbers', () => {
    expect(speedRange([30, Number.NaN, 90, 10])).toEqual([10, 90]);
    expect(speedRange([])).toEqual([0, 0]);
  });
});
