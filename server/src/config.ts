// Environment → typed configuration. Every variable is documented in docs/configuration.md.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseClockSettings, type ClockSettings } from './clock';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  demo: boolean;
  logLevel: string;
  adminPassword: string | undefined;
  sessionTtlMs: number;
  loginLimit: { perUsername: number; perIp: number; windowMs: number };
  mapTiles: 'online' | 'offline';
  webDist: string;
  gateways: { osmandPort: number; teltonikaPort: number; gt06Port: number; idleTimeoutMs: number };
  /** CLOCK_START and CLOCK_RATE: where the server's time starts and how fast it runs. */
  clock: ClockSettings;
  sim: { units: number | 'all'; backfillHours: number };
}

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = int(env.PORT, 8080, 'PORT');
  const databaseUrl = env.DATABASE_URL || undefined;
  const dataDir = path.resolve(REPO_ROOT, env.DATA_DIR || 'data');
  const demoDefault = !databaseUrl || databaseUrl.startsWith('sqlite:');
  const simUnits =
    env.SIM_UNITS === undefined || env.SIM_UNITS === '' || env.SIM_UNITS === 'all'
      ? 'all'
      : int(env.SIM_UNITS, 0, 'SIM_UNITS');
  const clock = parseClockSettings(env.CLOCK_START, env.CLOCK_RATE);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Fleet Portal <no-reply@localhost>',
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, ''),
    demo:
      env.DEMO === undefined || env.DEMO === ''
        ? demoDefault
        : env.DEMO === '1' || env.DEMO === 'true',
    logLevel: env.LOG_LEVEL || 'info',
    adminPassword: env.ADMIN_PASSWORD || undefined,
    sessionTtlMs: int(env.SESSION_TTL_HOURS, 24 * 30, 'SESSION_TTL_HOURS') * 3600_000,
    loginLimit: {
      perUsername: int(env.LOGIN_LIMIT_PER_USERNAME, 5, 'LOGIN_LIMIT_PER_USERNAME'),
      perIp: int(env.LOGIN_LIMIT_PER_IP, 30, 'LOGIN_LIMIT_PER_IP'),
      windowMs: int(env.LOGIN_LIMIT_WINDOW_S, 900, 'LOGIN_LIMIT_WINDOW_S') * 1000,
    },
    mapTiles: env.MAP_TILES === 'offline' ? 'offline' : 'online',
    webDist: path.resolve(REPO_ROOT, env.WEB_DIST || 'web/dist'),
    gateways: {
      osmandPort: int(env.OSMAND_PORT, 5055, 'OSMAND_PORT'),
      teltonikaPort: int(env.TELTONIKA_PORT, 5027, 'TELTONIKA_PORT'),
      gt06Port: int(env.GT06_PORT, 5023, 'GT06_PORT'),
      idleTimeoutMs: int(env.GATEWAY_IDLE_TIMEOUT_S, 600, 'GATEWAY_IDLE_TIMEOUT_S') * 1000,
    },
    clock,
    sim: {
      units: simUnits,
      // A week, so Yesterday, Last 7 Days, dashboards and reports have data from the first minute.
      backfillHours: int(env.SIM_BACKFILL_HOURS, 7 * 24, 'SIM_BACKFILL_HOURS'),
    },
  };
}
