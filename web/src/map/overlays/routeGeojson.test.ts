import { describe, expect, it } from 'vitest';
import { buildRouteCollection, routeColour } from './routeGeojson';

describe('route geojson', () => {
  it('draws displayed routes from their polyline, or the overview when that is all there is', () => {
    const c = buildRouteCollection([
      {
        roid: 1,
        name: 'N1',
        polyline: [
          { lat: -26, lon: 28 },
          { lat: -25.7, lon: 28.2 },
        ],
      },
      {
        roid: 2,
        name: 'Hidden',
        display: false,
        polyline: [
          { lat: -26, lon: 28 },
          { lat: -25, lon: 28 },
        ],
      },
      {
        roid: 3,
        name: 'Overview',
        polyline_overview: [
          { lat: -29.8, lon: 31 },
          { lat: -29.6, lon: 30.4 },
        ],
      },
      { roid: 4, name: 'Too short', polyline: [{ lat: -26, lon: 28 }] },
    ]);
    expect(c.features.map((f) => f.properties.name)).toEqual(['N1', 'Overview']);
    expect(c.features[0].geometry.coordinates).toEqual([
      [28, -26],
      [28.2, -25.7],
    ]);
  });

  it('gives a route the same colour every time', () => {
    expect(routeColour(12)).toBe(routeColour(12));
    expect(routeColour(1)).not.toBe(routeColour(2));
  });
});
