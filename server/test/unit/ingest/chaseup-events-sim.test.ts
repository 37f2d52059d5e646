// The demo's incidents for the recovery desk (issue 16 item 9): now and then a simulated vehicle's
// driver presses panic, a parked vehicle's battery is cut or it is towed away, and its tracker
// reports it over its real protocol, so a fresh install shows chase-ups arriving. About one
// incident every 10 to 20 minutes across the demo fleet, the same for the same seed.
import { seededRandom } from '@fleet/common';
import { afterEach, describe, expect, it } from 'vitest';
import { createClock } from '../../../src/clock';
import { startGateways, type RunningGateways } from '../../../src/ingest/gateways';
import { silentLog } from '../../../src/ingest/log';
import type { DeviceRecord } from '../../../src/ingest/types';
import { startSimulator, type Simulator, type SimUnit } from '../../../src/sim';
import { recordsOf } from '../../../src/sim/history';
import { INCIDENT_FLEET, IncidentPlan, type SimIncident } from '../../../src/sim/incidents';
import { seedFor } from '../../../src/sim/random';
import { STEP_MS, Vehicle, type SimReport } from '../../../src/sim/vehicle';
import { FakeSink } from '../gateways/fakes';

const START = Date.UTC(2026, 10, 23, 4, 0, 0); // a Monday, 06:00 in Johannesburg
const HOUR = 3600_000;
const DAY = 24 * HOUR;
const HOME = { deviceId: '356307042440007', lat: -26.2041, lon: 28.0473 };

function incident(kind: SimIncident['kind'], time: number): SimIncident {
  return { time, kind, cutMs: 30 * 60_000, tow: { durationMs: 180_000, course: 45, speed: 32 } };
}

/** Drives one vehicle for `ms` with these incidents: its reports. */
function drive(incidents: SimIncident[], ms: number, deviceId = HOME.deviceId): SimReport[] {
  const v = new Vehicle({ ...HOME, deviceId }, seededRandom(seedFor(1, deviceId)), START);
  for (const i of incidents) v.schedule(i);
  const out: SimReport[] = [];
  for (let t = 0; t < ms; t += STEP_MS) {
    const r = v.step();
    if (r) out.push(r);
  }
  return out;
}

/** The first time the vehicle is parked at or after `from`. */
function parkedAt(reports: SimReport[], from: number): number {
  return reports.find((r) => r.time >= from && !r.ignition && r.speed === 0)!.time;
}

describe('the incident plan', () => {
  it('replays for the seed: about one incident every 10-20 minutes across the demo fleet', () => {
    const plan = new IncidentPlan(1, START, INCIDENT_FLEET);
    const day = plan.due(START + DAY);
    expect(day.map((d) => d.incident)).toEqual(
      new IncidentPlan(1, START, INCIDENT_FLEET).due(START + DAY).map((d) => d.incident),
    );
    expect(new IncidentPlan(2, START, INCIDENT_FLEET).due(START + DAY)).not.toEqual(day);
    // 72 to 144 a day, each 10 to 20 minutes after the one before.
    expect(day.length).toBeGreaterThanOrEqual(72);
    expect(day.length).toBeLessThanOrEqual(144);
    const times = [START, ...day.map((d) => d.incident.time)];
    for (let i = 1; i < times.length; i++) {
      const gap = times[i] - times[i - 1];
      expect(gap).toBeGreaterThanOrEqual(10 * 60_000);
      expect(gap).toBeLessThanOrEqual(20 * 60_000);
    }
    // Every kind, spread over the fleet.
    expect(new Set(day.map((d) => d.incident.kind))).toEqual(
      new Set(['panic', 'power_cut', 'tow']),
    );
    expect(new Set(day.map((d) => d.index)).size).toBeGreaterThan(25);
    expect(day.every((d) => d.index >= 0 && d.index < INCIDENT_FLEET)).toBe(true);
  });

  it('gives a smaller fleet proportionally fewer, and hands out each incident once', () => {
    const plan = new IncidentPlan(1, START, 9);
    const first = plan.due(START + 12 * HOUR);
    const rest = plan.due(START + DAY);
    const day = [...first, ...rest];
    // A fifth of the fleet: a fifth of the incidents (14 to 29 a day).
    expect(day.length).toBeGreaterThanOrEqual(14);
    expect(day.length).toBeLessThanOrEqual(29);
    expect(rest.every((d) => d.incident.time > START + 12 * HOUR)).toBe(true);
    expect(plan.due(START + DAY)).toEqual([]);
  });
});

describe('a vehicle taking its incidents', () => {
  it('presses panic at the step the incident is due, whatever it is doing', () => {
    const at = START + 2 * HOUR + 5_000;
    const panics = drive([incident('panic', at)], 3 * HOUR).filter((r) => r.event === 'panic');
    expect(panics.map((r) => r.time)).toContain(at + 5_000);
  });

  it('has its battery cut once parked: no supply for the cut, then it is back', () => {
    const plain = drive([], DAY);
    const park = parkedAt(plain, START + 3 * HOUR);
    const reports = drive([incident('power_cut', park - 60_000)], DAY);
    const cut = reports.find((r) => r.event === 'power_cut')!;
    expect(cut.time).toBeGreaterThanOrEqual(park);
    expect(cut.ignition).toBe(false);
    expect(cut.power).toBe(0);
    const back = reports.find((r) => r.event === 'power_restored')!;
    expect(back.time - cut.time).toBeGreaterThanOrEqual(30 * 60_000);
    const between = reports.filter((r) => r.time > cut.time && r.time < back.time);
    // No supply and no trip while the battery is out.
    expect(between.every((r) => r.power === 0 && !r.ignition)).toBe(true);
    expect(back.power).toBeGreaterThan(12);
  });

  it('is towed once parked: it moves with the ignition off, then stands again', () => {
    const plain = drive([], DAY);
    const park = parkedAt(plain, START + 3 * HOUR);
    const reports = drive([incident('tow', park)], DAY);
    const start = reports.findIndex((r) => r.event === 'towing' && r.time >= park);
    expect(start).toBeGreaterThanOrEqual(0);
    const towed = reports.slice(start + 1, start + 18);
    expect(towed.every((r) => !r.ignition)).toBe(true);
    expect(towed.some((r) => r.speed >= 28)).toBe(true);
  });
});

describe('incidents through the trackers’ protocols', () => {
  function incidentEvents(protocol: 'teltonika' | 'gt06' | 'osmand'): DeviceRecord[] {
    const plain = drive([], DAY);
    const park = parkedAt(plain, START + 3 * HOUR);
    const reports = drive(
      [incident('panic', START + HOUR), incident('power_cut', park), incident('tow', park)],
      DAY,
    );
    return recordsOf(HOME.deviceId, protocol, reports).filter((r) => r.events.length);
  }

  it.each(['teltonika', 'gt06', 'osmand'] as const)(
    '%s: panic, power cut, towing and the battery back',
    (protocol) => {
      const events = incidentEvents(protocol).flatMap((r) => r.events);
      expect(events).toContain('panic');
      expect(events).toContain('power_cut');
      expect(events).toContain('towing');
      if (protocol !== 'gt06') expect(events).toContain('power_restored');
    },
  );

  it('a Teltonika tracker reports the cut as unplug (IO 252) and the tow as IO 246', () => {
    const records = incidentEvents('teltonika');
    const cut = records.find((r) => r.events.includes('power_cut'))!;
    expect(cut.attributes).toMatchObject({ event: 252, io252: 1 });
    expect(cut.power).toBe(0);
    const tow = records.find((r) => r.events.includes('towing'))!;
    expect(tow.attributes).toMatchObject({ event: 246, io246: 1 });
  });
});

describe('the simulator', () => {
  let gateways: RunningGateways | null = null;
  let sim: Simulator | null = null;
  afterEach(async () => {
    await sim?.stop();
    await gateways?.close();
    [sim, gateways] = [null, null];
  });

  it('writes a demo fleet’s incidents into its history, as its trackers report them', async () => {
    const protocols = ['teltonika', 'osmand', 'gt06'] as const;
    const units: SimUnit[] = Array.from({ length: INCIDENT_FLEET }, (_, i) => ({
      uid: i + 1,
      deviceId: String(356307042450000 + i),
      protocol: protocols[i % 3],
      lat: -26.2041 + (i % 5) * 0.01,
      lon: 28.0473 + (i % 7) * 0.01,
    }));
    gateways = await startGateways(
      {
        osmandPort: 'ephemeral',
        teltonikaPort: 'ephemeral',
        gt06Port: 'ephemeral',
        idleTimeoutMs: 60_000,
        host: '127.0.0.1',
      },
      new FakeSink(),
      silentLog,
    );
    const history: DeviceRecord[] = [];
    const to = START + 6 * HOUR;
    sim = startSimulator({
      units,
      gateways: {
        osmandUrl: `http://127.0.0.1:${gateways.ports.osmand}`,
        teltonikaHost: '127.0.0.1',
        teltonikaPort: gateways.ports.teltonika,
        gt06Port: gateways.ports.gt06,
      },
      clock: createClock({ start: to, rate: 0 }),
      seed: 3,
      startTime: START,
      endTime: to,
      history: { sink: { submit: async (records) => void history.push(...records) } },
      log: silentLog,
    });
    await sim.historyWritten;
    const count = (type: string) => history.filter((r) => r.events.includes(type as never)).length;
    // 18 to 36 incidents in six hours, less those still waiting for their vehicle to park.
    const incidents = count('panic') + count('power_cut') + count('towing');
    expect(incidents).toBeGreaterThanOrEqual(15);
    expect(incidents).toBeLessThanOrEqual(45);
    expect(count('power_cut')).toBeGreaterThan(0);
    expect(count('towing')).toBeGreaterThan(0);
    expect(count('panic')).toBeGreaterThan(0);
    expect(new Set(history.filter((r) => r.events.length).map((r) => r.protocol)).size).toBe(3);
  }, 30_000);
});
