import { describe, expect, it } from 'vitest';
import { contrastRatio, darken, darkenToContrast } from './contrast';

describe('contrast ratio (WCAG 2.2)', () => {
  it('gives 21:1 for black on white and 1:1 for a colour on itself, either way round', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#1668dc', '#1668dc')).toBe(1);
  });

  it("measures antd's default grey as the audit did: 3.36:1, short of 4.5", () => {
    expect(contrastRatio('#8c8c8c', '#ffffff')).toBeCloseTo(3.36, 2);
    // The same grey as antd writes it, half-transparent black over white.
    expect(contrastRatio('rgba(0, 0, 0, 0.45)', '#ffffff')).toBeCloseTo(3.36, 1);
    expect(contrastRatio('#767676', '#ffffff')).toBeGreaterThan(4.5);
  });

  it('refuses a translucent background, whose colour depends on what is under it', () => {
    expect(() => contrastRatio('#000000', 'rgba(255, 255, 255, 0.5)')).toThrow(/opaque/);
  });
});

describe('darkening a brand colour to a contrast', () => {
  it('mixes with black by the fraction given', () => {
    expect(darken('#1668dc', 0)).toBe('#1668dc');
    expect(darken('#1668dc', 1)).toBe('#000000');
    expect(darken('#ffffff', 0.5)).toBe('#808080');
  });

  it('keeps a colour that already reads', () => {
    expect(darkenToContrast('#1668dc', ['#ffffff'], 4.5)).toBe('#1668dc');
  });

  it('darkens a light colour just enough, keeping its hue', () => {
    const amber = darkenToContrast('#faad14', ['#ffffff', '#f3f5f8'], 4.5);
    expect(contrastRatio(amber, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(amber, '#f3f5f8')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(amber, '#f3f5f8')).toBeLessThan(4.8);
    const [r, g] = [1, 3].map((i) => parseInt(amber.slice(i, i + 2), 16));
    expect(g / r).toBeCloseTo(0xad / 0xfa, 1);
  });
});
