import { describe, expect, it } from 'vitest';
import { insideSouthAfrica, insideSouthAfricaExact } from '../../../src/rules/border';
import border from '../../../src/rules/za-border.json';

describe('the South African border of the Border crossing rule', () => {
  it.each([
    ['Johannesburg', -26.2041, 28.0473],
    ['Cape Town', -33.9249, 18.4241],
    ['Durban', -29.8587, 31.0218],
    ['Pretoria', -25.7479, 28.2293],
    ['Musina, just south of Beitbridge', -22.3526, 30.0405],
    // The 1:10m coastline is generalised: the beachfront road is within the coastal strip.
    ["Durban's Marine Parade", -29.8579, 31.0385],
    ["Chapman's Peak Drive", -34.0889, 18.3617],
  ])('%s is inside', (_name, lat, lon) => {
    expect(insideSouthAfrica(lat, lon)).toBe(true);
  });

  it.each([
    ['Maseru (Lesotho, a hole in the country)', -29.31, 27.48],
    ['the middle of Lesotho', -29.6, 28.3],
    ['Gaborone', -24.6282, 25.9231],
    ['Maputo', -25.9692, 32.5732],
    ['Windhoek', -22.5609, 17.0658],
    ['Harare', -17.8252, 31.0335],
    ['Mbabane (Eswatini)', -26.3054, 31.1367],
    ['Beitbridge town in Zimbabwe', -22.2167, 30.0],
    ['the open sea south of Cape Agulhas', -36.5, 20.0],
    ['London', 51.5, -0.12],
  ])('%s is outside', (_name, lat, lon) => {
    expect(insideSouthAfrica(lat, lon)).toBe(false);
  });

  // The grid answers most fixes from a cell; these are the fixes where it matters that the mixed
  // cells along the border and the coast are tested exactly, and that the whole cells are right.
  it('answers as a ray cast over every edge does, next to every border and coast vertex', () => {
    let seed = 42;
    const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const points: [number, number][] = [];
    for (const p of [...border.rings, ...border.coast])
      for (let i = 0; i < p.length; i += 2) {
        // On the vertex, and around it within about 5 km (the coastal strip's edge included).
        points.push([p[i + 1], p[i]]);
        for (let k = 0; k < 3; k++)
          points.push([p[i + 1] + (rnd() - 0.5) * 0.09, p[i] + (rnd() - 0.5) * 0.09]);
      }
    // And anywhere in and around the country's box.
    for (let k = 0; k < 20000; k++) points.push([-47.5 + rnd() * 26, 16 + rnd() * 23]);
    const wrong = points.filter(
      ([lat, lon]) => insideSouthAfrica(lat, lon) !== insideSouthAfricaExact(lat, lon),
    );
    expect(points.length).toBeGreaterThan(30000);
    expect(wrong).toEqual([]);
    // Both answers occur near the border, so the comparison is not of two constant functions.
    const inside = points.filter(([lat, lon]) => insideSouthAfrica(lat, lon)).length;
    expect(inside).toBeGreaterThan(5000);
    expect(points.length - inside).toBeGreaterThan(5000);
  });

  it('answers a fix quickly (a grid cell; exact tests only next to the border)', () => {
    const t0 = performance.now();
    let inside = 0;
    for (let i = 0; i < 20000; i++) {
      if (insideSouthAfrica(-26 - (i % 100) / 100, 28 + (i % 37) / 100)) inside++;
      insideSouthAfrica(51.5, -0.12);
    }
    const perFixUs = ((performance.now() - t0) * 1000) / 40000;
    expect(inside).toBe(20000);
    // A generous bound for a shared CI machine; typically well under a microsecond (a ray cast
    // over every edge takes about 10).
    expect(perFixUs).toBeLessThan(50);
  });
});
