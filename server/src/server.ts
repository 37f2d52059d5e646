// Assembles the process from its configuration; main.ts and the tests both start it here.
import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import { resetClock, setClock } from './clock';
import { migrate, openDb } from './db';
import { createMailer } from './notify/mailer';
import { RateLimiter } from './auth/rate-limit';
import { createMemoryBus } from './live/bus';
import { buildApp } from './http/app';
import { registerAllTasks } from './tasks';
import { ensureAdmin, seedDemo } from './demo/seed';
import type { Services } from './services';
import { liveHub } from './live/hub';
import { trackRoutes } from './http/track';
import { startDevices, type RunningDevices } from './devices';

export interface Running {
  app: FastifyInstance;
  services: Services;
  /** Set when a fresh database got a generated support password. */
  generatedAdminPassword: string | null;
  seededDemo: boolean;
  devices: RunningDevices;
  close(): Promise<void>;
}

export async function createServices(config: Config): Promise<Services> {
  const db = openDb({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onConnectionError: (err) => console.error(`Database connection lost: ${err.message}`),
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
      username: new RateLimiter(config.loginLimit.perUsername, config.loginLimit.windowMs),
      ip: new RateLimiter(config.loginLimit.perIp, config.loginLimit.windowMs),
    },
    bus: createMemoryBus(),
  };
}

export async function startServer(
  config: Config,
  opts: { listen?: boolean; logger?: boolean } = {},
): Promise<Running> {
  setClock(config.clock);
  const services = await createServices(config);
  let seededDemo = false;
  let generatedAdminPassword: string | null = null;
  if (config.demo) seededDemo = await seedDemo(services.db.db);
  else generatedAdminPassword = await ensureAdmin(services.db.db, config.adminPassword);
  registerAllTasks();
  const app = await buildApp(services, {
    logger: opts.logger ? { level: config.logLevel } : false,
    plugins: [liveHub(services), trackRoutes(services)],
  });
  if (opts.listen !== false) await app.listen({ port: config.port, host: config.host });
  else await app.ready();
  const devices = await startDevices(services, app.log);
  return {
    app,
    services,
    seededDemo,
    generatedAdminPassword,
    devices,
    async close() {
      await devices.close();
      await app.close();
      await services.db.close();
      resetClock();
    },
  };
}
