import { describe, expect, it } from 'vitest';
import topology from 'world-atlas/countries-110m.json';
import type { Polygon, MultiPolygon, Position } from 'geojson';
import { worldGeometryFrom } from './worldAtlas';

function inRing(point: Position, ring: Position[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i];
    const [xj, yj] = ring[j];
    if (
      yi > point[1] !== yj > point[1] &&
      point[0] < ((xj - xi) * (point[1] - yi)) / (yj - yi) + xi
    )
      inside = !inside;
  }
  return inside;
}

function onLand(point: Position, geometry: Polygon | MultiPolygon): boolean {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  return polygons.some(
    (rings) => inRing(point, rings[0]) && !rings.slice(1).some((hole) => inRing(point, hole)),
  );
}

describe('world atlas basemap', () => {
  const world = worldGeometryFrom(topology as never);

  it('puts Johannesburg on land and the sea off Cape Point in the water', () => {
    const land = world.land.features.map((f) => f.geometry as Polygon | MultiPolygon);
    expect(land.some((g) => onLand([28.05, -26.2], g))).toBe(true);
    expect(land.some((g) => onLand([18.0, -35.5], g))).toBe(false);
  });

  it('draws no edge across the whole map for islands on the antimeridian, such as Fiji', () => {
    const jumps = world.land.features.flatMap((f) => {
      const g = f.geometry as Polygon | MultiPolygon;
      const rings = g.type === 'Polygon' ? g.coordinates : g.coordinates.flat();
      return rings.filter((ring) => {
        const lats = ring.map(([, lat]) => lat);
        // Only rings north of Antarctica, which winds around the pole and cannot be unwrapped.
        if (Math.min(...lats) < -60) return false;
        return ring.some((p, i) => i > 0 && Math.abs(p[0] - ring[i - 1][0]) > 180);
      });
    });
    expect(jumps).toEqual([]);
    const fiji = world.land.features.some(
      (f) =>
        JSON.stringify(f.geometry).includes('-17.') && JSON.stringify(f.geometry).includes('181.'),
    );
    expect(fiji).toBe(true);
  });

  it('draws borders between countries as lines, coastlines excluded', () => {
    const lines = world.borders.features[0].geometry.coordinates;
    expect(lines.length).toBeGreaterThan(100);
    // The Limpopo border of South Africa and Zimbabwe runs near 22.2°S 30°E.
    const near = lines
      .flat()
      .some(([lon, lat]) => Math.abs(lon - 30) < 1 && Math.abs(lat + 22.2) < 0.5);
    expect(near).toBe(true);
  });
});
