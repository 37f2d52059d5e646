import { describe, expect, it } from 'vitest';
import { haversineMeters } from '@fleet/common';
import {
  buildGeofenceCollection,
  circleRing,
  locationFillOpacity,
  type GeofenceItem,
} from './geofenceGeojson';

const items: GeofenceItem[] = [
  { lid: 1, name: 'Office', type: 'point', geofence: [{ lat: -26.1, lng: 28.05 }], radius: 500 },
  {
    lid: 2,
    name: 'Yard',
    type: 'polygon',
    geofence: [
      { lat: -26, lon: 28 },
      { lat: -26, lon: 28.1 },
      { lat: -26.1, lon: 28.1 },
    ],
  },
];

describe('geofence geojson', () => {
  it('draws a point location as a closed circle of its radius', () => {
    const ring = circleRing(-26.1, 28.05, 500);
    expect(ring[0]).toEqual(ring[ring.length - 1]);
    for (const [lon, lat] of ring)
      expect(haversineMeters(-26.1, 28.05, lat, lon)).toBeCloseTo(500, 0);
  });

  it('closes polygons and labels each location at its centre', () => {
    const c = buildGeofenceCollection(items, { showPolygons: true, showLabels: true });
    const yard = c.features.find((f) => f.properties.lid === 2 && f.properties.kind === 'area')!;
    const ring = yard.geometry.type === 'Polygon' ? yard.geometry.coordinates[0] : [];
    expect(ring).toHaveLength(4);
    expect(ring[0]).toEqual(ring[3]);
    const label = c.features.find((f) => f.properties.lid === 2 && f.properties.kind === 'label')!;
    expect(label.geometry.type === 'Point' && label.geometry.coordinates[0]).toBeCloseTo(
      28.0667,
      3,
    );
  });

  it('with the polygons toggle off keeps only centres, and labels only when asked', () => {
    const c = buildGeofenceCollection(items, { showPolygons: false, showLabels: false });
    expect(c.features.map((f) => f.properties.kind)).toEqual(['centre', 'centre']);
  });

  it('maps the location opacity settings to a fill', () => {
    expect(locationFillOpacity('Clear')).toBe(0);
    expect(locationFillOpacity('Custom', 0.6)).toBe(0.6);
    expect(locationFillOpacity('Normal')).toBeGreaterThan(0);
  });
});
