// Devices in, live data out: the position pipeline, the device gateways and the demo simulator,
// started together as the configuration asks.
// Trip expiry runs as a job (jobs/trip-expiry.ts); the pipeline hears of device changes on the bus.
import type { Kysely } from 'kysely';
import type { Database } from './db';
import type { Services } from './services';
import { now } from './clock';
import { createPipeline, type Pipeline } from './pipeline';
import { startGateways, type RunningGateways } from './ingest/gateways';
import { createCommandDispatcher, type CommandDispatcher } from './ingest/commands';
import { startSimulator, type HistoryProgress, type Simulator, type SimUnit } from './sim';
import type { IngestSink, Protocol } from './ingest/types';
import type { NatsConnection } from '@nats-io/transport-node';
import { startStreamConsumer, type StreamConsumer } from './stream/consumer';
import { createStreamSink, type StreamSink } from './stream/publisher';
import { ensureStream } from './stream/records';
import {
  DEMO_CITIES,
  DEMO_DRIVER_TAGS,
  DEMO_UDP_UNITS,
  DEMO_UNITS,
  OTHER_UNITS,
  demoDeviceId,
} from './demo/data';
import { demoDriving } from './demo/routes';
import { predateSeededStates } from './demo/seed';

export interface DevicesLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
  debug?(obj: object, msg?: string): void;
}

export interface RunningDevices {
  /** The position pipeline, in a process with the pipeline role. */
  pipeline: Pipeline | null;
  /** With NATS_URL: the pipeline's reader of the record stream (its partitions). */
  consumer: StreamConsumer | null;
  /** The device gateways, in a process with the ingest role. */
  gateways: RunningGateways | null;
  /** Sends immobiliser and speed-buzzer commands over the gateways' connections (issue 13). */
  commands: CommandDispatcher | null;
  simulator: Simulator | null;
  close(): Promise<void>;
}

const NIGHT_SHIFT_CLASSES = new Set(['large_truck', 'truck_trailer']);

/**
 * Starts what the process's roles ask for (config.roles): the pipeline (pipeline), the gateways
 * and the command dispatcher (ingest), and the simulator where both run. With NATS the gateways
 * publish to the record stream and the pipeline reads its share of the stream's partitions;
 * without, the gateways hand their records to the pipeline in the same process.
 */
export async function startDevices(
  services: Services,
  log: DevicesLog,
  opts: { nc?: NatsConnection | null } = {},
): Promise<RunningDevices> {
  const { config, db } = services;
  const roles = new Set(config.roles);
  const nc = opts.nc ?? null;
  let consumer: StreamConsumer | null = null;
  let pipeline: Pipeline | null = null;
  if (roles.has('pipeline')) {
    pipeline = createPipeline({
      db: db.db,
      dialect: db.dialect,
      sqlite: db.sqlite,
      bus: services.bus,
      log,
      ...(nc ? { owns: (deviceId: string) => consumer?.owns(deviceId) ?? false } : {}),
    });
    if (nc)
      consumer = await startStreamConsumer({
        nc,
        db: db.db,
        pipeline,
        settings: config.stream,
        log,
      });
  }
  let sink: IngestSink | null = pipeline;
  let streamSink: StreamSink | null = null;
  let gateways: RunningGateways | null = null;
  let commands: CommandDispatcher | null = null;
  if (roles.has('ingest')) {
    if (nc) {
      await ensureStream(nc, config.stream);
      sink = streamSink = createStreamSink({
        nc,
        db: db.db,
        bus: services.bus,
        settings: config.stream,
      });
    }
    commands = createCommandDispatcher({ db: db.db, bus: services.bus, log: log as any });
    gateways = await startGateways(
      { ...config.gateways, host: config.host },
      sink!,
      log as any,
      commands,
    );
    services.gatewayStats = gateways.stats;
  }

  let simulator: Simulator | null = null;
  if (config.sim.units !== 0 && gateways && pipeline && sink) {
    const units = await demoSimUnits(db.db, config.sim.units);
    if (units.length) {
      const startTime = await simulationStart(db.db, units, config.sim.backfillHours);
      await predateSeededStates(
        db.db,
        units.map((u) => u.uid),
        startTime,
      );
      simulator = startSimulator({
        units,
        gateways: {
          osmandUrl: gateways.ports.osmand ? `http://127.0.0.1:${gateways.ports.osmand}` : null,
          teltonikaHost: '127.0.0.1',
          teltonikaPort: gateways.ports.teltonika,
          gt06Port: gateways.ports.gt06,
          h02Port: gateways.ports.h02,
          meitrackPort: gateways.ports.meitrack,
          queclinkPort: gateways.ports.queclink,
          // A couple of FMBs on UDP, while the UDP listener is on.
          teltonikaUdpIds:
            config.gateways.teltonikaUdp === false
              ? undefined
              : new Set(DEMO_UDP_UNITS.map((i) => demoDeviceId('demo', i, 'teltonika'))),
        },
        startTime,
        // The history takes the gateways' way in (the record stream, with NATS), so a unit's
        // records reach its pipeline in order.
        history: { sink, onProgress: historyLogger(log, startTime) },
        log: log as any,
      });
      services.simulatorHistory = () => simulator?.stats().history ?? null;
    }
  }

  return {
    pipeline,
    consumer,
    gateways,
    commands,
    simulator,
    async close() {
      await simulator?.stop();
      commands?.close();
      await gateways?.close();
      streamSink?.close();
      await consumer?.close();
      await pipeline?.close();
    },
  };
}

/** The demo units the simulator drives, starting where each unit was last seen. */
async function demoSimUnits(db: Kysely<Database>, limit: number | 'all'): Promise<SimUnit[]> {
  const planned = [
    ...DEMO_UNITS.map((u, i) => ({
      ...u,
      deviceId: demoDeviceId('demo', i, u.protocol),
      driving: demoDriving('demo', i, u.city),
      driverTag: u.protocol === 'teltonika' ? DEMO_DRIVER_TAGS[i] : undefined,
    })),
    ...OTHER_UNITS.map((u, i) => ({
      ...u,
      deviceId: demoDeviceId('other', i, u.protocol),
      driving: demoDriving('other', i, u.city),
      driverTag: undefined,
    })),
  ];
  const rows = await db
    .selectFrom('units')
    .leftJoin('unit_state', 'unit_state.unit_id', 'units.uid')
    .leftJoin('unit_controls', 'unit_controls.unit_id', 'units.uid')
    .select([
      'units.uid',
      'units.device_id',
      'units.protocol',
      'unit_state.lat',
      'unit_state.lon',
      'unit_controls.immobiliser_mode',
      'units.backup_of',
    ])
    .where(
      'units.device_id',
      'in',
      planned.map((p) => p.deviceId),
    )
    .execute();
  const byDevice = new Map(rows.map((r) => [r.device_id, r]));
  const units: SimUnit[] = [];
  for (const p of planned) {
    const row = byDevice.get(p.deviceId);
    // A unit whose device was re-provisioned is no longer the simulator's to drive.
    if (!row || row.protocol !== p.protocol) continue;
    const city = DEMO_CITIES[p.city];
    units.push({
      uid: row.uid,
      deviceId: p.deviceId,
      protocol: p.protocol as Protocol,
      lat: row.lat ?? city.lat,
      lon: row.lon ?? city.lon,
      homeTown: city.name,
      // The heavy trucks run long-haul through the night, so the demo is alive at 3 a.m. too.
      nightShift: NIGHT_SHIFT_CLASSES.has(p.vehicle_class_ref),
      // Its demo route (issue 10), or the demo places its local trips end in.
      ...p.driving,
      // The iButton key its driver presents (issue 12), for a few Teltonika vehicles.
      ...(p.driverTag ? { driverTag: p.driverTag } : {}),
      // Its starter stays cut across restarts while the device confirms it immobilised (issue 13).
      ...(row.immobiliser_mode === 'immobilise' ? { immobilised: true } : {}),
      // A backup tracker (issue 16) rides in its main unit's vehicle.
      ...(row.backup_of !== null ? { ridesWith: row.backup_of } : {}),
    });
  }
  return limit === 'all' ? units : units.slice(0, limit);
}

/**
 * Where simulated time begins: after the newest stored fix of these units, at most
 * `backfillHours` back, so a fresh install shows a week of trips and a restart fills its gap.
 */
async function simulationStart(
  db: Kysely<Database>,
  units: SimUnit[],
  backfillHours: number,
): Promise<number> {
  const at = now();
  const earliest = at - backfillHours * 3600_000;
  const row = await db
    .selectFrom('positions')
    .select((eb) => eb.fn.max('fix_time').as('latest'))
    .where(
      'unit_id',
      'in',
      units.map((u) => u.uid),
    )
    .executeTakeFirst();
  const latest = Number(row?.latest ?? 0);
  return Math.max(earliest, Math.min(latest + 10_000, at));
}

/** Logs the history's progress once per simulated day written, and when it is complete. */
function historyLogger(log: DevicesLog, from: number) {
  const started = performance.now();
  let loggedDay = from;
  return (p: HistoryProgress) => {
    if (!p.done && p.until - loggedDay < 86_400_000) return;
    loggedDay = p.until;
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const days = ((p.until - p.from) / 86_400_000).toFixed(1);
    const total = ((p.to - p.from) / 86_400_000).toFixed(1);
    log.info(
      { positions: p.positions, seconds: Number(seconds) },
      p.done
        ? `simulator: history of ${total} days written (${p.positions} records in ${seconds} s)`
        : `simulator: history ${days} of ${total} days written`,
    );
  };
}
