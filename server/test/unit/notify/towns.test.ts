// The nearest town that alert e-mails and SMS name ("12 km NE of Pretoria").
import { describe, expect, it } from 'vitest';
import { haversineMeters } from '@fleet/common';
import { compassPoint, describeTown, nearestTown } from '../../../src/notify/towns';
import towns from '../../../src/notify/towns.json';

describe('nearestTown', () => {
  it.each([
    ['Pretoria', -25.7449, 28.1878],
    ['Cape Town', -33.9249, 18.4241],
    ['Durban', -29.8579, 31.0292],
    ['Maseru', -29.3167, 27.4833],
    ['Gaborone', -24.6545, 25.9086],
    ['Windhoek', -22.5594, 17.0832],
    ['Harare', -17.8277, 31.0534],
    ['Maputo', -25.9655, 32.5832],
  ])('names %s for a point in it', (name, lat, lon) => {
    const town = nearestTown(lat, lon);
    expect(town?.name).toBe(name);
    expect(town!.distance_km).toBeLessThan(3);
  });

  it('gives the distance and the direction from the town', () => {
    // Beaufort West stands alone on the N1: 0.1° of latitude north of it is 11 km N.
    const bw = towns.find((t) => t.name === 'Beaufort West')!;
    const north = nearestTown(bw.lat + 0.1, bw.lon);
    expect(north).toEqual({ name: 'Beaufort West', distance_km: 11.1, bearing: 'N' });
    const sw = nearestTown(bw.lat - 0.06, bw.lon - 0.066);
    expect(sw?.name).toBe('Beaufort West');
    expect(sw?.bearing).toBe('SW');
    expect(describeTown(sw)).toMatch(/^9 km SW of Beaufort West$/);
  });

  it('says "in" a town within a kilometre of it, and nothing for a position that is no coordinate', () => {
    expect(describeTown(nearestTown(-25.7449, 28.1878))).toBe('in Pretoria');
    expect(nearestTown(Number.NaN, 28)).toBeNull();
    expect(nearestTown(-95, 28)).toBeNull();
    expect(describeTown(null)).toBeNull();
  });

  it('finds the nearest of all places, fast', () => {
    // Against a brute-force search over every place, on points spread over the region.
    let worst = 0;
    const t0 = performance.now();
    for (let i = 0; i < 400; i++) {
      const lat = -35 + ((i * 7919) % 1900) / 100;
      const lon = 12 + ((i * 104729) % 2300) / 100;
      const found = nearestTown(lat, lon)!;
      const d = (t: { lat: number; lon: number }) => haversineMeters(lat, lon, t.lat, t.lon) / 1000;
      const best = Math.min(...towns.map(d));
      worst = Math.max(worst, found.distance_km - best);
    }
    expect(worst).toBeLessThan(0.06); // the answer is rounded to 0.1 km
    expect(performance.now() - t0).toBeLessThan(2000);
  });

  it('rounds the bearing to the nearest of 8 points', () => {
    expect(compassPoint(0, 0, 1, 0)).toBe('N');
    expect(compassPoint(0, 0, 0, 1)).toBe('E');
    expect(compassPoint(0, 0, -1, -1)).toBe('SW');
    expect(compassPoint(0, 0, 1, -0.3)).toBe('N');
    expect(compassPoint(0, 0, 1, -0.5)).toBe('NW');
  });
});
