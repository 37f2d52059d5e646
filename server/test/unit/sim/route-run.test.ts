// Route vehicles: they drive exactly their route's path out and back during working hours; the
// straying one leaves it now and then by kilometres and comes back onto it.
import { compilePath, haversineMeters, projectOnPath, seededRandom } from '@fleet/common';
import { describe, expect, it } from 'vitest';
import { demoDriving, demoRoutes } from '../../../src/demo/routes';
import { seedFor } from '../../../src/sim/random';
import { detourPath, LAST_RUN_HOUR } from '../../../src/sim/route-run';
import { Path } from '../../../src/sim/route';
import { localHour, STEP_MS, Vehicle, type SimReport } from '../../../src/sim/vehicle';

const MONDAY_6AM_SAST = Date.UTC(2026, 10, 23, 4, 0, 0);

function drive(
  key: 'demo' | 'other',
  index: number,
  days: number,
  at?: { lat: number; lon: number },
) {
  const plan = demoDriving(key, index, 0).route!;
  const start = at ?? plan.path[0];
  const deviceId = `${key}-${index}`;
  const v = new Vehicle(
    { deviceId, lat: start.lat, lon: start.lon, route: plan },
    seededRandom(seedFor(1, deviceId)),
    MONDAY_6AM_SAST,
  );
  const reports: SimReport[] = [];
  for (let i = 0; i < (days * 86_400_000) / STEP_MS; i++) {
    const r = v.step();
    if (r) reports.push(r);
  }
  return { plan, reports };
}

/** Each report's distance from the path, metres. */
function offsets(path: { lat: number; lon: number }[], reports: SimReport[]): number[] {
  const compiled = compilePath(path);
  return reports.map((r) => projectOnPath(compiled, r.lat, r.lon).offset);
}

/** How many times the reports arrive within `m` metres of a point, counting each stay once. */
function visits(reports: SimReport[], p: { lat: number; lon: number }, m = 300): number {
  let n = 0;
  let inside = false;
  for (const r of reports) {
    const now = haversineMeters(r.lat, r.lon, p.lat, p.lon) <= m;
    if (now && !inside) n++;
    inside = now;
  }
  return n;
}

describe('route vehicles', () => {
  it('drive every fix within 50 m of the route path, out and back, several runs a day', () => {
    for (const [key, index] of [
      ['demo', 8],
      ['demo', 28],
      ['other', 0],
    ] as const) {
      const { plan, reports } = drive(key, index, 3);
      const off = offsets(plan.path, reports);
      expect(Math.max(...off), `${key} ${index}`).toBeLessThan(50);
      const origin = plan.path[0];
      const destination = plan.path[plan.path.length - 1];
      // At least one run out and back a day, and the waypoints are passed.
      expect(visits(reports, destination)).toBeGreaterThanOrEqual(3);
      expect(visits(reports, origin)).toBeGreaterThanOrEqual(4);
      for (const w of plan.waypoints ?? []) expect(visits(reports, w)).toBeGreaterThanOrEqual(6);
      // Loading at the destination: parked there 20 to 40 minutes between the runs.
      const parkedAtDestination = reports.filter(
        (r) => !r.ignition && haversineMeters(r.lat, r.lon, destination.lat, destination.lon) < 50,
      );
      expect(parkedAtDestination.length).toBeGreaterThan(0);
      // No run leaves the depot late in the day, and none drives at night.
      const night = reports.filter((r) => {
        const h = localHour(r.time);
        return r.moving && (h < 5.9 || h >= 21);
      });
      expect(night).toEqual([]);
      const leaves = reports.filter(
        (r, i) =>
          i > 0 &&
          r.moving &&
          !reports[i - 1].moving &&
          haversineMeters(r.lat, r.lon, origin.lat, origin.lon) < 1000,
      );
      for (const r of leaves) expect(localHour(r.time)).toBeLessThan(LAST_RUN_HOUR + 0.2);
    }
  });

  it('the straying vehicle leaves the path by kilometres now and then and comes back to it', () => {
    for (const key of ['demo', 'other'] as const) {
      const route = demoRoutes(key).find((r) => r.strays !== null)!;
      const { plan, reports } = drive(key, route.strays!, 6);
      expect(plan.strays).toBe(true);
      const off = offsets(plan.path, reports);
      // Excursions: stretches of fixes more than 50 m from the path.
      const excursions: number[] = [];
      let peak = -1;
      for (const o of off) {
        if (o > 50) peak = Math.max(peak, o);
        else if (peak >= 0) {
          excursions.push(peak);
          peak = -1;
        }
      }
      // Every excursion is a real detour, and each ended back on the path.
      expect(peak, 'still away at the end').toBe(-1);
      expect(excursions.length).toBeGreaterThanOrEqual(2);
      for (const e of excursions) expect(e).toBeGreaterThanOrEqual(1_500);
      // Not every run: most fixes while moving are on the path.
      const moving = off.filter((_, i) => reports[i].moving);
      expect(moving.filter((o) => o <= 50).length / moving.length).toBeGreaterThan(0.6);
      expect(off.filter((o) => o > 50).length).toBeGreaterThan(0);
    }
  });

  it('a detour leaves and rejoins the path with the path unchanged before and after it', () => {
    const path = new Path(demoRoutes('demo')[1].path);
    const { points, span } = detourPath(path, seededRandom(5));
    const compiled = compilePath(demoRoutes('demo')[1].path);
    const off = points.map((p) => projectOnPath(compiled, p.lat, p.lon).offset);
    expect(Math.max(...off)).toBeGreaterThan(2_400);
    expect(span[1] - span[0]).toBeGreaterThan(4_000);
    expect(off[0]).toBeLessThan(1);
    expect(off[off.length - 1]).toBeLessThan(1);
  });

  it('a vehicle found away from its route first drives to the depot', () => {
    const plan = demoDriving('demo', 8, 0).route!;
    const { reports } = drive('demo', 8, 1, { lat: -26.1076, lon: 28.0567 });
    const first = reports.findIndex(
      (r) => haversineMeters(r.lat, r.lon, plan.path[0].lat, plan.path[0].lon) < 30,
    );
    expect(first).toBeGreaterThan(0);
    const off = offsets(plan.path, reports.slice(first));
    expect(Math.max(...off)).toBeLessThan(50);
  });

  it('replays exactly for the same seed', () => {
    expect(drive('other', 1, 1).reports).toEqual(drive('other', 1, 1).reports);
  });
});
