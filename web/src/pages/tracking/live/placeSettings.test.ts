import { describe, expect, it } from 'vitest';
import {
  locationLayerFlags,
  readCustomOpacity,
  readLocationDisplayType,
  readLocationOpacity,
  readRouteDisplay,
  routeShown,
} from './placeSettings';

describe('live map place settings', () => {
  it('reads the display type and opacity by index or name, junk as the default', () => {
    expect(readLocationDisplayType(2)).toBe(2);
    expect(readLocationDisplayType('Show All')).toBe(1);
    expect(readLocationDisplayType('2')).toBe(2);
    for (const junk of [undefined, null, '', 3, -1, 1.5, 'Everything', true]) {
      expect(readLocationDisplayType(junk)).toBe(0);
    }
    expect(readLocationOpacity('Clear')).toBe('Clear');
    expect(readLocationOpacity(2)).toBe('Custom');
    expect(readLocationOpacity('Opaque')).toBe('Normal');
    expect(readCustomOpacity(0)).toBe(0);
    expect(readCustomOpacity('0.75')).toBe(0.75);
    for (const junk of [1.5, -0.1, '', 'half', true, null])
      expect(readCustomOpacity(junk)).toBe(0.4);
  });

  it('keeps only well-formed per-route choices', () => {
    expect(readRouteDisplay({ 3: false, 7: true, x: true, 0: true, 4: 'yes' })).toEqual({
      3: false,
      7: true,
    });
    expect(readRouteDisplay([true])).toEqual({});
    expect(readRouteDisplay('3')).toEqual({});
  });

  it('draws shapes only, shapes and names, or names only', () => {
    expect(locationLayerFlags(0)).toEqual({ showPolygons: true, showLabels: false });
    expect(locationLayerFlags(1)).toEqual({ showPolygons: true, showLabels: true });
    expect(locationLayerFlags(2)).toEqual({ showPolygons: false, showLabels: true });
  });

  it('decides a route by alone, then the user, then its own flag', () => {
    const shown = { roid: 1, display: true };
    const hidden = { roid: 2, display: false };
    expect(routeShown(shown, {}, null)).toBe(true);
    expect(routeShown(hidden, {}, null)).toBe(false);
    expect(routeShown(hidden, { 2: true }, null)).toBe(true);
    expect(routeShown(shown, { 1: false }, null)).toBe(false);
    expect(routeShown(shown, {}, 2)).toBe(false);
    expect(routeShown(hidden, {}, 2)).toBe(true);
  });
});
