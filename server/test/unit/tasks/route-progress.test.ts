// Route progress on a path that passes the same road twice (out and back): the unit's recent fixes
// carry its progress, so on the way back it is not taken for a unit still on the way out.
import { describe, expect, it } from 'vitest';
import { compilePath, type LatLon } from '@fleet/common';
import { progressOf } from '../../../src/tasks/route-progress';

// 5 km east and back on the other side of the same road (8 m apart).
const OUT: LatLon[] = [];
for (let i = 0; i <= 50; i++) OUT.push({ lat: -26.2, lon: 28 + i * 0.001 });
const BACK = [...OUT].reverse().map((p) => ({ lat: p.lat - 0.00007, lon: p.lon }));
const path = compilePath([...OUT, ...BACK]);
const route = { roid: 1, name: 'Out and back', corridor: 100 };
const unit = { uid: 2, name: 'Truck', reg: 'ABC 123 GP' };
const T = Date.UTC(2026, 10, 20, 8, 0, 0);

/** Fixes along latitude `lat` from lon a to lon b, 100 m and a minute apart. */
function fixes(a: number, b: number, lat: number, speed: number) {
  const step = a < b ? 0.001 : -0.001;
  const out = [];
  for (let lon = a, k = 0; step > 0 ? lon <= b + 1e-9 : lon >= b - 1e-9; lon += step, k++) {
    out.push({ fix_time: T + k * 60_000, lat, lon, speed });
  }
  return out;
}

describe('progressOf', () => {
  it('on the way back, follows the fixes of the last 15 minutes instead of the way out', () => {
    // Westbound on the return lane, then a fix 1 km from the start that GPS error puts nearer
    // the eastbound lane: it is 9 km along the route, not 1 km.
    const recent = fixes(28.01, 28.002, -26.20007, 40);
    const live = { fix_time: T + 10 * 60_000, lat: -26.20002, lon: 28.001, speed: 40 };
    recent.push(live);
    const p = progressOf(route, path, unit, live, recent, live.fix_time);
    // The same fix alone would be placed on the way out.
    expect(progressOf(route, path, unit, live, [], live.fix_time).done).toBeLessThan(1100);
    expect(p.done).toBeGreaterThan(path.length - 1100);
    expect(p.left).toBeLessThan(1100);
    expect(p.on_corridor).toBe(true);
  });

  it('without recent fixes, takes the nearest point of the path', () => {
    const live = { fix_time: T, lat: -26.19999, lon: 28.001, speed: 0 };
    const p = progressOf(route, path, unit, live, [], T);
    expect(p.done).toBeLessThan(150);
    expect(p.average_speed).toBeNull();
    expect(p.eta).toBeNull();
  });

  it('gives an ETA only on the corridor and above 5 km/h', () => {
    const slow = fixes(28.0, 28.004, -26.2, 4);
    const p = progressOf(route, path, unit, slow[4], slow, slow[4].fix_time);
    expect(p.average_speed).toBe(4);
    expect(p.eta).toBeNull();
    const fast = fixes(28.0, 28.004, -26.2, 36);
    const q = progressOf(route, path, unit, fast[4], fast, fast[4].fix_time);
    // 36 km/h is 10 m/s.
    expect(Date.parse(q.eta!) - fast[4].fix_time).toBeCloseTo(q.left * 100, -3);
    const away = { ...fast[4], lat: -26.21 };
    expect(progressOf(route, path, unit, away, fast, away.fix_time).eta).toBeNull();
  });

  it('a unit that never reported: nothing done, the whole route left', () => {
    const p = progressOf(route, path, unit, null, [], T);
    expect(p).toMatchObject({ done: 0, percent: 0, on_corridor: false, fix_time: null, lat: null });
    expect(p.left).toBe(Math.round(path.length));
  });
});
