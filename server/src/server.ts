// Assembles the process from its configuration; main.ts and the tests both start it here.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from './config';
import { resetClock, setClock } from './clock';
import { migrate, openDb } from './db';
import { createMailer } from './notify/mailer';
import { RateLimiter } from './auth/rate-limit';
import { sql, type Kysely } from 'kysely';
import { createMemoryBus, type Bus } from './live/bus';
import { connectNats } from './live/nats';
import { createNatsBus } from './live/nats-bus';
import type { Database } from './db';
import { createFastify, registerPortal } from './http/app';
import { registerAllTasks } from './tasks';
import { ensureAdmin, seedDemo } from './demo/seed';
import type { Services } from './services';
import { liveHub } from './live/hub';
import { trackRoutes } from './http/track';
import { startDevices, type RunningDevices } from './devices';
import { startJobs } from './jobs';

export interface Running {
  app: FastifyInstance;
  services: Services;
  /** Set when a fresh database got a generated support password. */
  generatedAdminPassword: string | null;
  seededDemo: boolean;
  devices: RunningDevices;
  close(): Promise<void>;
}

export async function createServices(
  config: Config,
  log: FastifyBaseLogger,
  bus: Bus = createMemoryBus(),
): Promise<Services> {
  const db = openDb({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onConnectionError: (err) => log.error({ err }, 'database connection lost'),
    onCheckpointError: (err) =>
      log.warn({ err }, 'WAL checkpoint worker failed: the writer checkpoints by itself'),
  });
  await migrate(db);
  return {
    config,
    db,
    mailer: createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      dataDir: config.dataDir,
    }),
    limits: {
      username: new RateLimiter(db.db, config.loginLimit.perUsername, config.loginLimit.windowMs),
      ip: new RateLimiter(db.db, config.loginLimit.perIp, config.loginLimit.windowMs),
    },
    bus,
  };
}

/**
 * Runs the first start's seeding alone: on PostgreSQL under a session advisory lock, so several
 * processes started at once on an empty database make its support account and demo data once.
 */
async function seedingAlone<T>(services: Services, fn: (db: Kysely<Database>) => Promise<T>) {
  const { db, dialect } = services.db;
  if (dialect !== 'postgres') return fn(db);
  return db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${SEED_LOCK})`.execute(conn);
    try {
      return await fn(conn);
    } finally {
      await sql`select pg_advisory_unlock(${SEED_LOCK})`.execute(conn);
    }
  });
}
const SEED_LOCK = 7_401_174;

export async function startServer(
  config: Config,
  /** `logger.stream`: where the log lines go instead of stdout (tests read them). */
  opts: { listen?: boolean; logger?: boolean | { stream: { write(line: string): void } } } = {},
): Promise<Running> {
  setClock(config.clock);
  // The app's logger exists before the database, so every message goes through one logger.
  const logger = opts.logger
    ? { level: config.logLevel, ...(opts.logger === true ? {} : opts.logger) }
    : false;
  const app = createFastify(config, { logger });
  const roles = new Set(config.roles);
  const nc = config.natsUrl
    ? await connectNats(config.natsUrl, app.log, { name: `fleet ${config.roles.join(',')}` })
    : null;
  const bus = nc
    ? createNatsBus(nc, {
        subject: `${config.natsSubject}.bus`,
        onError: (err, topic) => app.log.error({ err, topic }, 'bus message'),
      })
    : createMemoryBus();
  const services = await createServices(config, app.log, bus);
  let seededDemo = false;
  let generatedAdminPassword: string | null = null;
  if (roles.has('api')) {
    if (config.demo) seededDemo = await seedingAlone(services, seedDemo);
    else
      generatedAdminPassword = await seedingAlone(services, (db) =>
        ensureAdmin(db, config.adminPassword),
      );
  }
  registerAllTasks();
  if (roles.has('api')) {
    await registerPortal(app, services, { plugins: [liveHub(services), trackRoutes(services)] });
    if (opts.listen !== false) await app.listen({ port: config.port, host: config.host });
    else await app.ready();
  } else await app.ready();
  const devices = await startDevices(services, app.log, { nc });
  const jobs = startJobs(services, devices, app.log);
  return {
    app,
    services,
    seededDemo,
    generatedAdminPassword,
    devices,
    async close() {
      await jobs.stop();
      await devices.close();
      await app.close();
      await services.bus.close();
      await services.db.close();
      await nc?.drain().catch(() => {});
      resetClock();
    },
  };
}
