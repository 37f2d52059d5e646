import { describe, expect, it } from 'vitest';
import { haversineMeters } from '@fleet/common';
import {
  circleFeature,
  circleOf,
  lineFeature,
  lineOf,
  pointFeature,
  pointOf,
  polygonFeature,
  ringOf,
  shapeModeOf,
} from './drawFeatures';

describe('drawing features', () => {
  it('gives back the centre and radius of a circle it drew', () => {
    for (const [lat, lon, radius] of [
      [-28.4972, 24.2199, 100],
      [-33.92, 18.42, 2500],
      [-26.2, 28.04, 90_000],
    ] as const) {
      const circle = circleOf(circleFeature({ lat, lon }, radius))!;
      expect(haversineMeters(lat, lon, circle.lat, circle.lon)).toBeLessThan(0.5);
      expect(circle.radius).toBe(radius);
    }
  });

  it('draws every circle vertex at the radius, ring closed', () => {
    const ring = circleFeature({ lat: -26.2, lon: 28.04 }, 1000).geometry
      .coordinates[0] as number[][];
    expect(ring).toHaveLength(65);
    expect(ring[64]).toEqual(ring[0]);
    for (const [lon, lat] of ring)
      expect(haversineMeters(-26.2, 28.04, lat!, lon!)).toBeCloseTo(1000, -1);
  });

  it('round-trips polygons without the closing point, lines and points', () => {
    const square = [
      { lat: -26.1, lon: 28.0 },
      { lat: -26.1, lon: 28.1 },
      { lat: -26.2, lon: 28.1 },
      { lat: -26.2, lon: 28.0 },
    ];
    const polygon = polygonFeature([...square, square[0]!]);
    expect(polygon.geometry.coordinates[0]).toHaveLength(5);
    expect(ringOf(polygon)).toEqual(square);
    expect(lineOf(lineFeature(square))).toEqual(square);
    expect(pointOf(pointFeature(square[0]!))).toEqual(square[0]);
    expect(ringOf(lineFeature(square))).toEqual([]);
  });

  it('rounds to the 7 decimals terra-draw accepts', () => {
    const f = pointFeature({ lat: -26.123456789, lon: 28.987654321 });
    expect(f.geometry.coordinates).toEqual([28.9876543, -26.1234568]);
  });

  it('knows the mode of finished shapes only', () => {
    expect(shapeModeOf(circleFeature({ lat: 0, lon: 0 }, 10))).toBe('circle');
    expect(
      shapeModeOf(
        polygonFeature([
          { lat: 0, lon: 0 },
          { lat: 1, lon: 0 },
          { lat: 0, lon: 1 },
        ]),
      ),
    ).toBe('polygon');
    // a polygon mode's closing point is a Point: guidance, not a shape
    expect(
      shapeModeOf({ ...pointFeature({ lat: 0, lon: 0 }), properties: { mode: 'polygon' } }),
    ).toBeNull();
    expect(circleOf(lineFeature([{ lat: 0, lon: 0 }]))).toBeNull();
  });
});
