// The demo fleet simulator: virtual vehicles whose trackers talk to the real gateways over the
// real wire protocols (OsmAnd HTTP, Teltonika TCP, GT06 TCP), acks and resends included.
//
// Simulation time runs `speedup` times faster than the wall clock from `startTime`; each vehicle
// advances in fixed 10-second steps of it, so a seed replays the same fleet day. Reports are
// stamped with simulation time, which never passes the wall clock (the pipeline refuses fixes
// from the future): with a speedup the simulation starts in the past, replays history at that
// speed until it reaches the present, then goes on in real time.
import type { IngestLog } from '../ingest/log';
import type { Protocol } from '../ingest/types';
import type { DeviceTimings, SimDevice } from './device';
import { Gt06Device } from './gt06-device';
import { OsmandDevice } from './osmand-device';
import { seeded, seedFor } from './random';
import { TeltonikaDevice } from './teltonika-device';
import { STEP_MS, Vehicle, type SimReport } from './vehicle';

export interface SimUnit {
  uid: number;
  deviceId: string;
  protocol: Protocol;
  lat: number;
  lon: number;
  /** A town of sim/towns.ts; defaults to the nearest one. */
  homeTown?: string;
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
}

export interface SimOptions {
  units: SimUnit[];
  gateways: SimGateways;
  /** Simulation seconds per wall-clock second. */
  speedup: number;
  /** Wall-clock ms between ticks (default 1000). */
  intervalMs?: number;
  log: IngestLog;
  /** Same seed, same fleet behaviour (default 1). */
  seed?: number;
  /** Simulation clock at start, epoch ms (default now; 24 h ago when speedup > 1). */
  startTime?: number;
  /** Let simulation time run ahead of the wall clock (tests with a fake sink). */
  allowFuture?: boolean;
  /** Simulation time after which vehicles stop reporting (default never); devices still deliver. */
  endTime?: number;
  /** Device ack/retry timings, real time. */
  timings?: Partial<DeviceTimings>;
  /** Sees every report as it is queued (tests, diagnostics). */
  onReport?: (unit: SimUnit, report: SimReport) => void;
}

export interface Simulator {
  /** Current simulation time, epoch ms. */
  simTime(): number;
  stats(): { units: number; queued: number; delivered: number; resends: number };
  stop(): Promise<void>;
}

/** How far back a sped-up simulation starts by default: a day of history, then live. */
const DEFAULT_BACKFILL_MS = 24 * 3600_000;

/** Steps simulated per tick at most, so a huge speedup lags instead of blocking the process. */
const MAX_STEPS_PER_TICK = 200_000;

export function startSimulator(opts: SimOptions): Simulator {
  const { log, gateways } = opts;
  const speedup = opts.speedup > 0 ? opts.speedup : 1;
  const seed = opts.seed ?? 1;
  const realStart = Date.now();
  const start = opts.startTime ?? (speedup > 1 ? realStart - DEFAULT_BACKFILL_MS : realStart);

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
    const vehicle = new Vehicle(unit, seeded(seedFor(seed, unit.deviceId)), start);
    fleet.push({ unit, vehicle, device });
  }

  const simTime = () => {
    const now = Date.now();
    const t = start + (now - realStart) * speedup;
    return opts.allowFuture ? t : Math.min(t, Math.max(now, start));
  };

  function tick(): void {
    const target = Math.min(simTime(), opts.endTime ?? Infinity);
    let budget = MAX_STEPS_PER_TICK;
    for (const { unit, vehicle, device } of fleet) {
      while (vehicle.clock + STEP_MS <= target && budget-- > 0) {
        const report = vehicle.step();
        if (!report) continue;
        opts.onReport?.(unit, report);
        device.push(report);
      }
    }
  }

  const timer = setInterval(tick, opts.intervalMs ?? 1000);
  timer.unref?.();
  log.info({ units: fleet.length, speedup, seed }, 'simulator started');

  return {
    simTime,
    stats: () => ({
      units: fleet.length,
      queued: fleet.reduce((n, f) => n + f.device.pending, 0),
      delivered: fleet.reduce((n, f) => n + f.device.delivered, 0),
      resends: fleet.reduce((n, f) => n + f.device.resends, 0),
    }),
    async stop() {
      clearInterval(timer);
      await Promise.all(fleet.map((f) => f.device.stop()));
    },
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
      return g.teltonikaPort
        ? new TeltonikaDevice(unit.deviceId, g.teltonikaHost, g.teltonikaPort, log, timings)
        : null;
    case 'gt06':
      return g.gt06Port
        ? new Gt06Device(unit.deviceId, g.gt06Host ?? g.teltonikaHost, g.gt06Port, log, timings)
        : null;
    default:
      return null;
  }
}
