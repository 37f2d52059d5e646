// The demo fleet simulator: virtual vehicles whose trackers talk to the real gateways over the
// real wire protocols (OsmAnd HTTP, Teltonika TCP, GT06 TCP), acks and resends included.
//
// Simulation time is the server's clock (clock.ts): each vehicle advances in fixed 10-second steps
// of it, so a seed replays the same fleet week whatever the wall clock does, and a clock that runs
// faster makes the fleet drive faster. Vehicles start at `startTime`; the past between it and the
// clock's now is written as history through the pipeline in bulk (history.ts) when a history sink
// is given, and otherwise sent through the gateways as fast as the ticks allow. After that the
// fleet reports live through the gateways, never ahead of the clock. Now and then a vehicle has an
// incident for the recovery desk (panic, battery cut, tow: incidents.ts).
import { seededRandom } from '@fleet/common';
import { clock as serverClock, type Clock } from '../clock';
import type { IngestLog } from '../ingest/log';
import type { DeviceRecord, Protocol } from '../ingest/types';
import type { DeviceTimings, SimDevice } from './device';
import { Gt06Device } from './gt06-device';
import { recordsOf } from './history';
import { IncidentPlan } from './incidents';
import { OsmandDevice } from './osmand-device';
import { seedFor } from './random';
import { TeltonikaDevice } from './teltonika-device';
import { TeltonikaUdpDevice } from './teltonika-udp-device';
import { H02Device } from './h02-device';
import { MeitrackDevice } from './meitrack-device';
import { QueclinkDevice } from './queclink-device';
import type { SimRoutePlan } from './route-run';
import { STEP_MS, Vehicle, type SimReport, type SimStop } from './vehicle';

export interface SimUnit {
  uid: number;
  deviceId: string;
  protocol: Protocol;
  lat: number;
  lon: number;
  /** A town of sim/towns.ts; defaults to the nearest one. */
  homeTown?: string;
  /** A long-haul truck that drives day and night. */
  nightShift?: boolean;
  /** Drives this route out and back during working hours (route-run.ts). */
  route?: SimRoutePlan;
  /** Places of its home town that its local trips end in (vehicle.ts). */
  stops?: SimStop[];
  /** The driver's iButton key, sent while the ignition is on (Teltonika IO 78). */
  driverTag?: string;
  /**
   * A second, hidden tracker in the vehicle of this uid (a Backup service type unit): it drives
   * nowhere of its own and reports wherever that vehicle is, a few metres from its main tracker.
   */
  ridesWith?: number;
  /** Its tracker holds the starter cut (a confirmed immobilise, issue 13): it stays parked. */
  immobilised?: boolean;
}

export interface SimGateways {
  /** Base URL of the OsmAnd gateway, e.g. http://127.0.0.1:5055. */
  osmandUrl: string | null;
  teltonikaHost: string;
  /** 0 or null when that gateway is off: its units are left out. */
  teltonikaPort: number | null;
  gt06Port: number | null;
  /** Defaults to teltonikaHost. */
  gt06Host?: string;
  /** The other TCP gateways (on teltonikaHost); absent or null: their units are left out. */
  h02Port?: number | null;
  meitrackPort?: number | null;
  queclinkPort?: number | null;
  /** Teltonika units that report over UDP (to the Teltonika port number) instead of TCP. */
  teltonikaUdpIds?: ReadonlySet<string>;
}

/** How far the history has been written. */
export interface HistoryProgress {
  /** Where the history starts and (for now) ends, epoch ms of simulation time. */
  from: number;
  to: number;
  /** Written up to here. */
  until: number;
  /** Records written so far. */
  positions: number;
  done: boolean;
}

export interface SimHistory {
  /** Where history goes: the pipeline; `submit` resolves once the records are committed. */
  sink: { submit(records: DeviceRecord[]): Promise<void> };
  /** Told after every slice of history is written. */
  onProgress?: (progress: HistoryProgress) => void;
}

export interface SimOptions {
  units: SimUnit[];
  gateways: SimGateways;
  /** Real milliseconds between live ticks (default 1000). */
  intervalMs?: number;
  log: IngestLog;
  /** Same seed, same fleet behaviour (default 1). */
  seed?: number;
  /** The time the simulation reads (default the server's clock). */
  clock?: Clock;
  /** Simulation time at start, epoch ms (default the clock's now). */
  startTime?: number;
  /** Writes the past between startTime and now in bulk; without it the gateways carry it. */
  history?: SimHistory;
  /** Simulation time after which vehicles stop reporting (default never); devices still deliver. */
  endTime?: number;
  /** Device ack/retry timings, real time. */
  timings?: Partial<DeviceTimings>;
  /** Sees every report as it is made (tests, diagnostics). */
  onReport?: (unit: SimUnit, report: SimReport) => void;
}

export interface Simulator {
  /** Current simulation time, epoch ms. */
  simTime(): number;
  stats(): {
    units: number;
    queued: number;
    delivered: number;
    resends: number;
    history: HistoryProgress | null;
  };
  /** Resolves when the history is written (at once without a history sink). */
  readonly historyWritten: Promise<HistoryProgress | null>;
  stop(): Promise<void>;
}

/** Steps simulated per tick at most, so a huge clock rate lags instead of blocking the process. */
const MAX_STEPS_PER_TICK = 200_000;
/** History is written in slices of this much simulation time, oldest first. */
const HISTORY_SLICE_MS = 3600_000;
/** Records per pipeline submit while writing history. */
const HISTORY_CHUNK = 5_000;

export function startSimulator(opts: SimOptions): Simulator {
  const { log, gateways } = opts;
  const clock = opts.clock ?? serverClock();
  const seed = opts.seed ?? 1;
  const start = opts.startTime ?? clock.now();
  const endTime = opts.endTime ?? Infinity;

  const fleet: { unit: SimUnit; vehicle: Vehicle; device: SimDevice }[] = [];
  for (const unit of opts.units) {
    const device = createDevice(unit, gateways, log, opts.timings);
    if (!device) {
      log.warn(
        { deviceId: unit.deviceId, protocol: unit.protocol },
        'sim: gateway off, unit left out',
      );
      continue;
    }
    const vehicle = new Vehicle(unit, seededRandom(seedFor(seed, unit.deviceId)), start);
    // The tracker's relay cuts the starter: the vehicle stays parked until it is mobilised.
    device.onCommand = (c) => {
      if (c.kind === 'output') vehicle.setImmobilised(c.dout1 === 1);
    };
    fleet.push({ unit, vehicle, device });
  }

  // Backup trackers ride in their main unit's vehicle: its reports are theirs too.
  const riders = new Map<number, (typeof fleet)[number][]>();
  for (const f of fleet) {
    if (f.unit.ridesWith === undefined) continue;
    if (!fleet.some((m) => m.unit.uid === f.unit.ridesWith)) continue;
    riders.set(f.unit.ridesWith, [...(riders.get(f.unit.ridesWith) ?? []), f]);
  }
  const passengers = new Set([...riders.values()].flat());
  const rides = (f: (typeof fleet)[number]) => passengers.has(f);

  // The recovery desk's incidents: panics, battery cuts and tows across the fleet, from the seed.
  const incidents = new IncidentPlan(seed, start, fleet.length);

  /** Advances every vehicle to `target` (within the budget); hands each report to `emit`. */
  function advance(
    target: number,
    emit: (f: (typeof fleet)[number], r: SimReport) => void,
    budget = MAX_STEPS_PER_TICK,
  ) {
    for (const { index, incident } of incidents.due(target)) {
      fleet[index].vehicle.schedule(incident);
    }
    for (const f of fleet) {
      if (rides(f)) continue;
      while (f.vehicle.clock + STEP_MS <= target && budget-- > 0) {
        const report = f.vehicle.step();
        if (!report) continue;
        opts.onReport?.(f.unit, report);
        emit(f, report);
        for (const r of riders.get(f.unit.uid) ?? []) {
          const copy = backupReport(report);
          opts.onReport?.(r.unit, copy);
          emit(r, copy);
        }
      }
    }
  }

  let stopped = false;
  let timer: ReturnType<typeof setInterval> | null = null;
  function goLive(): void {
    if (stopped) return;
    // A vehicle its tracker holds immobilised stays parked from now on (its history is as driven).
    for (const f of fleet) if (f.unit.immobilised) f.vehicle.setImmobilised(true);
    // Live trackers keep their line to the gateway open, parked or not (commands reach them).
    for (const f of fleet) f.device.open?.();
    const tick = () =>
      advance(Math.min(clock.now(), endTime), (f, report) => f.device.push(report));
    timer = setInterval(tick, opts.intervalMs ?? 1000);
    timer.unref?.();
    tick();
  }

  let progress: HistoryProgress | null = null;
  async function writeHistory(history: SimHistory): Promise<HistoryProgress> {
    const p: HistoryProgress = {
      from: start,
      to: clock.now(),
      until: start,
      positions: 0,
      done: false,
    };
    progress = p;
    // Slice by slice until the history meets the clock, which moved on while it was written.
    while (!stopped) {
      p.to = Math.min(clock.now(), endTime);
      const sliceEnd = Math.min(p.until + HISTORY_SLICE_MS, p.to);
      const bySlice: DeviceRecord[] = [];
      const reports = new Map<SimDevice, SimReport[]>();
      advance(
        sliceEnd,
        (f, report) => {
          const list = reports.get(f.device) ?? [];
          list.push(report);
          reports.set(f.device, list);
        },
        Infinity,
      );
      for (const f of fleet) {
        const list = reports.get(f.device);
        if (list) bySlice.push(...recordsOf(f.unit.deviceId, f.unit.protocol, list));
      }
      for (let i = 0; i < bySlice.length && !stopped; i += HISTORY_CHUNK) {
        await history.sink.submit(bySlice.slice(i, i + HISTORY_CHUNK));
        // Let the portal answer between chunks: SQLite commits do not yield by themselves.
        await new Promise((resolve) => setImmediate(resolve));
      }
      p.positions += bySlice.length;
      p.until = sliceEnd;
      p.done = sliceEnd >= p.to;
      history.onProgress?.({ ...p });
      if (p.done) break;
    }
    return p;
  }

  const historyWritten: Promise<HistoryProgress | null> = opts.history
    ? writeHistory(opts.history).then(
        (p) => {
          goLive();
          return p;
        },
        (err) => {
          // Demo history only: the fleet goes live all the same, from where the vehicles are.
          log.error({ err }, 'sim: writing the history failed');
          goLive();
          return progress;
        },
      )
    : Promise.resolve(null);
  if (!opts.history) goLive();
  log.info({ units: fleet.length, rate: clock.rate, seed }, 'simulator started');

  return {
    simTime: clock.now,
    historyWritten,
    stats: () => ({
      units: fleet.length,
      queued: fleet.reduce((n, f) => n + f.device.pending, 0),
      delivered: fleet.reduce((n, f) => n + f.device.delivered, 0),
      resends: fleet.reduce((n, f) => n + f.device.resends, 0),
      history: progress ? { ...(progress as HistoryProgress) } : null,
    }),
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await historyWritten;
      await Promise.all(fleet.map((f) => f.device.stop()));
    },
  };
}

/**
 * What a backup tracker in the same vehicle reports: the same fix, a few metres off (it sits
 * elsewhere in the vehicle), on its own battery, with none of the main tracker's alarms, inputs or
 * driver tag (it is hidden and wired to nothing but power).
 */
function backupReport(main: SimReport): SimReport {
  return {
    time: main.time,
    lat: main.lat + 0.00002,
    lon: main.lon - 0.00002,
    speed: main.speed,
    course: main.course,
    altitude: main.altitude,
    satellites: Math.max(0, main.satellites - 2),
    ignition: main.ignition,
    moving: main.moving,
    odometer: main.odometer,
    power: main.power,
    battery: main.battery,
  };
}

function createDevice(
  unit: SimUnit,
  g: SimGateways,
  log: IngestLog,
  timings?: Partial<DeviceTimings>,
): SimDevice | null {
  switch (unit.protocol) {
    case 'osmand':
      return g.osmandUrl
        ? new OsmandDevice(unit.deviceId, g.osmandUrl.replace(/\/$/, ''), log, timings)
        : null;
    case 'teltonika':
      if (!g.teltonikaPort) return null;
      return g.teltonikaUdpIds?.has(unit.deviceId)
        ? new TeltonikaUdpDevice(unit.deviceId, g.teltonikaHost, g.teltonikaPort, log, timings)
        : new TeltonikaDevice(unit.deviceId, g.teltonikaHost, g.teltonikaPort, log, timings);
    case 'gt06':
      return g.gt06Port
        ? new Gt06Device(unit.deviceId, g.gt06Host ?? g.teltonikaHost, g.gt06Port, log, timings)
        : null;
    case 'h02':
      return g.h02Port
        ? new H02Device(unit.deviceId, g.teltonikaHost, g.h02Port, log, timings)
        : null;
    case 'meitrack':
      return g.meitrackPort
        ? new MeitrackDevice(unit.deviceId, g.teltonikaHost, g.meitrackPort, log, timings)
        : null;
    case 'queclink':
      return g.queclinkPort
        ? new QueclinkDevice(unit.deviceId, g.teltonikaHost, g.queclinkPort, log, timings)
        : null;
    default:
      return null;
  }
}
