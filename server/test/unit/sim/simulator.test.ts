// The simulator driving the real gateways over the wire protocols, into a fake sink.
import { haversineMeters } from '@fleet/common';
import { afterEach, describe, expect, it } from 'vitest';
import { startGateways, type RunningGateways } from '../../../src/ingest/gateways';
import { silentLog } from '../../../src/ingest/log';
import type { DeviceRecord } from '../../../src/ingest/types';
import { createClock } from '../../../src/clock';
import {
  startSimulator,
  type HistoryProgress,
  type Simulator,
  type SimUnit,
} from '../../../src/sim';
import { FakeSink } from '../gateways/fakes';

// A Monday morning: the clocks of these tests start there.
const MONDAY_6AM_SAST = Date.UTC(2026, 10, 16, 4, 0, 0);
const DAY = 86_400_000;
const CITIES = [
  [-26.2041, 28.0473],
  [-25.7479, 28.2293],
  [-29.8587, 31.0218],
  [-33.9249, 18.4241],
];
const PROTOCOLS = ['teltonika', 'osmand', 'teltonika', 'osmand', 'gt06'] as const;

function fleet(n: number): SimUnit[] {
  return Array.from({ length: n }, (_, i) => ({
    uid: i + 1,
    deviceId: String(356307042440000 + i),
    protocol: PROTOCOLS[i % PROTOCOLS.length],
    lat: CITIES[i % 4][0],
    lon: CITIES[i % 4][1],
  }));
}

let gateways: RunningGateways | null = null;
let sim: Simulator | null = null;
afterEach(async () => {
  await sim?.stop();
  await gateways?.close();
  sim = null;
  gateways = null;
});

async function openGateways(sink: FakeSink) {
  gateways = await startGateways(
    {
      osmandPort: 'ephemeral',
      teltonikaPort: 'ephemeral',
      gt06Port: 'ephemeral',
      idleTimeoutMs: 60_000,
      host: '127.0.0.1',
    },
    sink,
    silentLog,
  );
  return {
    osmandUrl: `http://127.0.0.1:${gateways.ports.osmand}`,
    teltonikaHost: '127.0.0.1',
    teltonikaPort: gateways.ports.teltonika,
    gt06Port: gateways.ports.gt06,
  };
}

async function startAll(
  sink: FakeSink,
  units: SimUnit[],
  /** Clock milliseconds per real millisecond. */
  rate: number,
  ackTimeoutMs = 2000,
  endTime?: number,
) {
  let queued = 0;
  sim = startSimulator({
    units,
    gateways: await openGateways(sink),
    clock: createClock({ start: MONDAY_6AM_SAST, rate }),
    intervalMs: 20,
    seed: 7,
    startTime: MONDAY_6AM_SAST,
    endTime,
    log: silentLog,
    timings: { ackTimeoutMs, reconnectMs: 100 },
    onReport: () => queued++,
  });
  return () => queued;
}

async function until(done: () => boolean, timeoutMs: number) {
  const t0 = Date.now();
  while (!done()) {
    if (Date.now() - t0 > timeoutMs) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('simulator through the real gateways', () => {
  it('drives a fleet whose plausible positions and events arrive over all three protocols', async () => {
    const sink = new FakeSink();
    const units = fleet(10);
    const end = MONDAY_6AM_SAST + 3 * DAY;
    const queued = await startAll(sink, units, 86_400, 2000, end); // a simulated day per second
    await until(() => sim!.simTime() >= end + 3_600_000 && sim!.stats().queued === 0, 20_000);
    await sim!.stop();
    const stats = sim!.stats();
    sim = null;
    expect(stats.delivered).toBe(queued());
    const records = sink.records;
    expect(records.length).toBeGreaterThan(10_000);

    const byDevice = new Map<string, DeviceRecord[]>();
    for (const r of records) {
      const list = byDevice.get(r.deviceId) ?? [];
      list.push(r);
      byDevice.set(r.deviceId, list);
    }
    expect([...new Set(records.map((r) => r.protocol))].sort()).toEqual([
      'gt06',
      'osmand',
      'teltonika',
    ]);
    const problems: string[] = [];
    for (const u of units) {
      const rs = byDevice.get(u.deviceId) ?? [];
      expect(rs.length, u.deviceId).toBeGreaterThan(200);
      expect(rs.every((r) => r.protocol === u.protocol)).toBe(true);
      const located = rs.filter((r) => r.hasLocation);
      for (const r of located) {
        if (!(r.speed >= 0 && r.speed <= 140.5)) problems.push(`${u.deviceId} speed ${r.speed}`);
        if (!(r.lat > -35.5 && r.lat < -22 && r.lon > 16 && r.lon < 33)) {
          problems.push(`${u.deviceId} outside South Africa: ${r.lat},${r.lon}`);
        }
      }
      // The vehicle moves along: it gets away from where it started, without teleporting.
      const far = Math.max(...located.map((r) => haversineMeters(r.lat, r.lon, u.lat, u.lon)));
      expect(far, u.deviceId).toBeGreaterThan(5_000);
      for (let i = 1; i < located.length; i++) {
        const [a, b] = [located[i - 1], located[i]];
        if (b.fixTime <= a.fixTime) problems.push(`${u.deviceId} time goes back at ${b.fixTime}`);
        const kmh = (haversineMeters(a.lat, a.lon, b.lat, b.lon) / (b.fixTime - a.fixTime)) * 3600;
        if (kmh >= 150) problems.push(`${u.deviceId} jumps at ${kmh.toFixed(0)} km/h`);
      }
    }
    expect(problems.slice(0, 10)).toEqual([]);
    // Some vehicles drive between towns, far from where they started.
    const reach = units.map((u) =>
      Math.max(
        ...(byDevice.get(u.deviceId) ?? [])
          .filter((r) => r.hasLocation)
          .map((r) => haversineMeters(r.lat, r.lon, u.lat, u.lon)),
      ),
    );
    expect(Math.max(...reach)).toBeGreaterThan(100_000);
    const events = new Set(records.flatMap((r) => r.events));
    expect(events).toContain('panic');
    expect(events).toContain('harsh_braking');
    expect(events).toContain('overspeed');
    expect(events).toContain('ignition_on');
  }, 30_000);

  it('never stamps reports ahead of its clock, and sends the hour it starts behind at once', async () => {
    const sink = new FakeSink();
    const clock = createClock({ start: MONDAY_6AM_SAST + 6 * 3_600_000 });
    sim = startSimulator({
      units: fleet(3),
      gateways: await openGateways(sink),
      clock,
      intervalMs: 20,
      startTime: clock.now() - 3_600_000,
      log: silentLog,
    });
    await until(() => sink.records.length > 0 && sim!.stats().queued === 0, 5_000);
    const times = sink.records.map((r) => r.fixTime);
    expect(Math.max(...times)).toBeLessThanOrEqual(clock.now());
    // The hour behind arrived in seconds, not in an hour.
    expect(Math.min(...times)).toBeLessThan(clock.now() - 50 * 60_000);
  });

  it('sends again when no ack comes, until the gateway stores the data', async () => {
    const sink = new FakeSink();
    sink.failing = true;
    const queued = await startAll(sink, fleet(5), 600, 200);
    await until(() => sim!.stats().resends >= 5, 10_000);
    expect(sink.records).toHaveLength(0);
    sink.failing = false;
    await until(() => sim!.stats().queued === 0 && queued() > 0, 10_000);
    expect(sim!.stats().delivered).toBe(queued());
    const got = new Set(sink.records.map((r) => `${r.deviceId}@${r.fixTime}@${r.hasLocation}`));
    expect(got.size).toBeGreaterThan(0);
  }, 30_000);

  it('writes the past in bulk as the gateways would have delivered it, then goes live', async () => {
    const units = fleet(5);
    const to = MONDAY_6AM_SAST + DAY;
    const located = (records: DeviceRecord[]) =>
      records
        .filter((r) => r.hasLocation)
        .map(
          (r) =>
            // Speed to the km/h: an OsmAnd app's single fix carries knots to 2 decimals.
            `${r.deviceId} ${r.fixTime} ${r.lat.toFixed(6)},${r.lon.toFixed(6)} ` +
            `${Math.round(r.speed)} ` +
            `${r.odometer ?? ''} ${r.ignition ?? ''} ${r.events.join('+')}`,
        )
        .sort();

    // A day of history through a bulk sink: a frozen clock a day after the start.
    const bulk: DeviceRecord[] = [];
    const progress: HistoryProgress[] = [];
    const live = new FakeSink();
    sim = startSimulator({
      units,
      gateways: await openGateways(live),
      clock: createClock({ start: to, rate: 0 }),
      seed: 7,
      startTime: MONDAY_6AM_SAST,
      history: {
        sink: { submit: async (records) => void bulk.push(...records) },
        onProgress: (p) => progress.push(p),
      },
      log: silentLog,
    });
    const written = await sim.historyWritten;
    expect(written).toMatchObject({ from: MONDAY_6AM_SAST, until: to, done: true });
    expect(written!.positions).toBe(bulk.length);
    expect(bulk.length).toBeGreaterThan(5_000);
    // Slice by slice, oldest first, and every record of a slice before its end.
    expect(progress.map((p) => p.until)).toEqual([...progress.map((p) => p.until)].sort());
    expect(progress.at(-1)!.done).toBe(true);
    expect(Math.max(...bulk.map((r) => r.fixTime))).toBeLessThanOrEqual(to);
    expect(live.records).toHaveLength(0);
    await sim.stop();
    await gateways!.close();

    // The same day, same seed, over the wire at a simulated day per second.
    const wire = new FakeSink();
    await startAll(wire, units, 86_400, 2000, to);
    await until(() => sim!.simTime() >= to + 3_600_000 && sim!.stats().queued === 0, 20_000);
    expect(located(bulk)).toEqual(located(wire.records));
  }, 40_000);
});

describe('a backup tracker (issue 16)', () => {
  it('rides in its main unit vehicle: the same fixes a few metres off, none of its alarms', async () => {
    const [main, other] = fleet(2);
    const backup: SimUnit = {
      uid: 99,
      deviceId: '356307042449999',
      protocol: 'teltonika',
      lat: CITIES[3][0],
      lon: CITIES[3][1],
      ridesWith: main.uid,
    };
    const to = MONDAY_6AM_SAST + DAY;
    const bulk: DeviceRecord[] = [];
    sim = startSimulator({
      units: [main, other, backup],
      gateways: await openGateways(new FakeSink()),
      clock: createClock({ start: to, rate: 0 }),
      seed: 7,
      startTime: MONDAY_6AM_SAST,
      history: { sink: { submit: async (records) => void bulk.push(...records) } },
      log: silentLog,
    });
    await sim.historyWritten;
    const of = (u: SimUnit) => bulk.filter((r) => r.deviceId === u.deviceId && r.hasLocation);
    const mains = of(main);
    const backups = of(backup);
    expect(backups.length).toBe(mains.length);
    expect(backups.length).toBeGreaterThan(100);
    // It drove where the main unit drove, not from its own Cape Town start.
    expect(
      Math.max(...mains.map((m) => haversineMeters(m.lat, m.lon, main.lat, main.lon))),
    ).toBeGreaterThan(5_000);
    backups.forEach((b, i) => {
      expect(b.fixTime).toBe(mains[i].fixTime);
      expect(haversineMeters(b.lat, b.lon, mains[i].lat, mains[i].lon)).toBeLessThan(10);
    });
    expect(bulk.filter((r) => r.deviceId === backup.deviceId).flatMap((r) => r.events)).toEqual(
      expect.not.arrayContaining(['panic', 'towing', 'power_cut']),
    );
  });
});
