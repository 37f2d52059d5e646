// The behaviour model without sockets: determinism, plausibility, night parking, events.
import { haversineMeters, seededRandom } from '@fleet/common';
import { describe, expect, it } from 'vitest';
import { seedFor } from '../../../src/sim/random';
import { localHour, STEP_MS, Vehicle, type SimReport } from '../../../src/sim/vehicle';

const MONDAY_6AM_SAST = Date.UTC(2026, 10, 23, 4, 0, 0);
const HOMES = [
  { deviceId: 'a', lat: -26.2041, lon: 28.0473 },
  { deviceId: 'b', lat: -25.7479, lon: 28.2293 },
  { deviceId: 'c', lat: -29.8587, lon: 31.0218 },
  { deviceId: 'd', lat: -33.9249, lon: 18.4241 },
];

function run(
  spec: (typeof HOMES)[number] & { nightShift?: boolean },
  days: number,
  seed = 1,
): SimReport[] {
  const v = new Vehicle(spec, seededRandom(seedFor(seed, spec.deviceId)), MONDAY_6AM_SAST);
  const out: SimReport[] = [];
  for (let i = 0; i < (days * 86_400_000) / STEP_MS; i++) {
    const r = v.step();
    if (r) out.push(r);
  }
  return out;
}

describe('simulated vehicle', () => {
  it('replays exactly for the same seed and differs for another', () => {
    expect(run(HOMES[0], 1)).toEqual(run(HOMES[0], 1));
    expect(run(HOMES[0], 1, 2)).not.toEqual(run(HOMES[0], 1));
  });

  it('reports every 10 s while moving, rarely while parked, at plausible speeds', () => {
    const reports = HOMES.flatMap((h) => run(h, 2));
    expect(reports.every((r) => r.speed >= 0 && r.speed <= 140)).toBe(true);
    expect(reports.some((r) => r.speed > 120)).toBe(true);
    for (const h of HOMES) {
      const rs = run(h, 1);
      for (let i = 1; i < rs.length; i++) {
        const [a, b] = [rs[i - 1], rs[i]];
        const gap = b.time - a.time;
        if (a.moving && b.moving) expect(gap).toBe(STEP_MS);
        if (!a.ignition && !b.ignition) expect(gap).toBeGreaterThanOrEqual(60_000);
        // Distance between fixes matches the speeds driven (no teleporting).
        const metres = haversineMeters(a.lat, a.lon, b.lat, b.lon);
        expect(metres / (gap / 1000)).toBeLessThan(145 / 3.6);
      }
    }
  });

  it('parks overnight by South African time', () => {
    for (const h of HOMES) {
      const night = run(h, 3).filter((r) => {
        const hour = localHour(r.time);
        return hour >= 1 && hour < 4;
      });
      const driving = night.filter((r) => r.moving).length;
      expect(driving / Math.max(1, night.length)).toBeLessThan(0.5);
    }
  });

  it('leaves home and comes back: trips between suburbs of its metro', () => {
    const rs = run(HOMES[3], 2);
    const far = Math.max(
      ...rs.map((r) => haversineMeters(r.lat, r.lon, HOMES[3].lat, HOMES[3].lon)),
    );
    expect(far).toBeGreaterThan(5_000);
    expect(far).toBeLessThan(60_000);
  });

  it('brakes hard, speeds and presses panic now and then over a long run', () => {
    const events = new Map<string, number>();
    for (let i = 0; i < 8; i++) {
      for (const r of run({ ...HOMES[i % 4], deviceId: `unit-${i}` }, 4)) {
        if (r.event) events.set(r.event, (events.get(r.event) ?? 0) + 1);
      }
    }
    expect(events.get('panic')).toBeGreaterThan(0);
    expect(events.get('harsh_braking')).toBeGreaterThan(0);
    expect(events.get('overspeed')).toBeGreaterThan(0);
    expect(events.get('ignition_on')).toBeGreaterThan(10);
  });

  it('keeps a night-shift truck driving between midnight and 5 a.m. on most nights', () => {
    const small = (r: SimReport) => localHour(r.time) < 5;
    for (const home of HOMES) {
      const driving = run({ ...home, nightShift: true }, 7).filter((r) => small(r) && r.speed > 30);
      const nights = new Set(driving.map((r) => Math.floor(r.time / 86_400_000)));
      expect(nights.size, home.deviceId).toBeGreaterThanOrEqual(4);
      // The same seed without the night shift drives far less in the small hours, if at all.
      const dayShift = run(home, 7).filter((r) => small(r) && r.speed > 30);
      expect(dayShift.length, home.deviceId).toBeLessThan(driving.length / 4);
    }
  });
});
