import { describe, expect, it } from 'vitest';
import { PositionAnimator } from './positionAnimator';

describe('PositionAnimator', () => {
  it('draws a first fix where it is, then glides to the next one over a second', () => {
    const a = new PositionAnimator();
    a.update([{ uid: 1, lon: 28, lat: -26 }], 0);
    expect(a.positionAt(1, 0)).toBeUndefined();
    a.update([{ uid: 1, lon: 28.01, lat: -26.01 }], 1000);
    expect(a.isAnimating(1000)).toBe(true);
    const [lon, lat] = a.positionAt(1, 1500)!;
    expect(lon).toBeCloseTo(28.005, 6);
    expect(lat).toBeCloseTo(-26.005, 6);
    expect(a.positionAt(1, 2000)).toBeUndefined();
    expect(a.isAnimating(2000)).toBe(false);
  });

  it('starts a new glide from where the unit is shown, not from its last fix', () => {
    const a = new PositionAnimator();
    a.update([{ uid: 1, lon: 28, lat: -26 }], 0);
    a.update([{ uid: 1, lon: 28.02, lat: -26 }], 0);
    a.update([{ uid: 1, lon: 28.02, lat: -26.02 }], 500);
    const [lon, lat] = a.positionAt(1, 500)!;
    expect(lon).toBeCloseTo(28.01, 6);
    expect(lat).toBeCloseTo(-26, 6);
  });

  it('jumps instead of gliding across the country', () => {
    const a = new PositionAnimator();
    a.update([{ uid: 1, lon: 28, lat: -26 }], 0);
    a.update([{ uid: 1, lon: 18.4, lat: -33.9 }], 100);
    expect(a.positionAt(1, 200)).toBeUndefined();
  });

  it('does not glide when the fix did not change, nor for units it was told to forget', () => {
    const a = new PositionAnimator();
    a.update([{ uid: 1, lon: 28, lat: -26 }], 0);
    a.update([{ uid: 1, lon: 28, lat: -26 }], 100);
    expect(a.isAnimating(100)).toBe(false);
    a.retain(new Set());
    a.update([{ uid: 1, lon: 28.01, lat: -26 }], 200);
    expect(a.isAnimating(200)).toBe(false);
  });
});
