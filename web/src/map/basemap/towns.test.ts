import { describe, expect, it } from 'vitest';
import { NEIGHBOURING_CAPITALS, SOUTH_AFRICAN_TOWNS, townsGeoJson } from './towns';

describe('offline town names', () => {
  it('hold at least 60 South African towns, all inside the country', () => {
    expect(SOUTH_AFRICAN_TOWNS.length).toBeGreaterThanOrEqual(60);
    for (const t of SOUTH_AFRICAN_TOWNS) {
      expect(t.lat, t.name).toBeGreaterThan(-35);
      expect(t.lat, t.name).toBeLessThan(-22);
      expect(t.lon, t.name).toBeGreaterThan(16);
      expect(t.lon, t.name).toBeLessThan(33);
    }
    expect(new Set(SOUTH_AFRICAN_TOWNS.map((t) => t.name)).size).toBe(SOUTH_AFRICAN_TOWNS.length);
  });

  it('include the capitals of every neighbouring country', () => {
    const names = NEIGHBOURING_CAPITALS.map((c) => c.name);
    for (const capital of ['Windhoek', 'Gaborone', 'Harare', 'Maputo', 'Maseru', 'Mbabane']) {
      expect(names).toContain(capital);
    }
  });

  it('rank by population so the big cities win label collisions and show first', () => {
    const features = townsGeoJson().features;
    const byName = new Map(features.map((f) => [f.properties.name, f.properties]));
    expect(byName.get('Johannesburg')!.rank).toBe(1);
    expect(byName.get('Johannesburg')!.tier).toBe(1);
    expect(byName.get('Calvinia')!.tier).toBe(3);
    expect(byName.get('Mbabane')!.tier).toBe(1);
    expect(features.map((f) => f.properties.rank)).toEqual(features.map((_, i) => i + 1));
  });
});
