import { haversineMeters, seededRandom } from '@fleet/common';
import { describe, expect, it } from 'vitest';
import {
  localPath,
  nearestTown,
  offsetPoint,
  Path,
  roadPath,
  roadRoute,
} from '../../../src/sim/route';

describe('simulator routes', () => {
  it('follows the national roads between towns', () => {
    const names = roadRoute('Cape Town', 'Johannesburg')!.map((t) => t.name);
    expect(names[0]).toBe('Cape Town');
    expect(names).toContain('Bloemfontein');
    expect(names.at(-1)).toBe('Johannesburg');
    expect(roadRoute('Johannesburg', 'Durban')!.map((t) => t.name)).toContain('Harrismith');
  });

  it('walks a path by distance, with the course of each segment', () => {
    const p = new Path([
      { lat: 0, lon: 0 },
      { lat: 0, lon: 0.01 },
      { lat: 0.01, lon: 0.01 },
    ]);
    expect(p.length).toBeCloseTo(2 * 1113.2, -1);
    expect(p.at(556).course).toBeCloseTo(90, 0);
    expect(p.at(1700).course).toBeCloseTo(0, 0);
    expect(p.at(1e9)).toMatchObject({ lat: 0.01, lon: 0.01 });
  });

  it('wiggles a road path a little but keeps it between the towns', () => {
    const towns = roadRoute('Johannesburg', 'Pretoria')!;
    const path = roadPath(towns[0], towns, seededRandom(3));
    const straight = haversineMeters(
      towns[0].lat,
      towns[0].lon,
      towns.at(-1)!.lat,
      towns.at(-1)!.lon,
    );
    expect(path.length).toBeGreaterThan(straight);
    expect(path.length).toBeLessThan(straight * 1.2);
    expect(path.points.at(-1)).toMatchObject({ lat: towns.at(-1)!.lat, lon: towns.at(-1)!.lon });
  });

  it('builds street-like local paths and finds the nearest town', () => {
    const from = { lat: -26.1076, lon: 28.0567 };
    const to = offsetPoint(from, 8000, 135);
    const path = localPath(from, to, seededRandom(1));
    expect(path.length).toBeGreaterThan(8000);
    expect(
      haversineMeters(path.points.at(-1)!.lat, path.points.at(-1)!.lon, to.lat, to.lon),
    ).toBeLessThan(1);
    expect(nearestTown(from).name).toBe('Johannesburg');
  });
});
