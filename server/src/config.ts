// Environment → typed configuration. Every variable is documented in docs/configuration.md.
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseClockSettings, type ClockSettings } from './clock';
import { DEFAULT_STREAM, type StreamSettings } from './stream/records';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** SMS_URL: the HTTP SMS gateway alerts are POSTed to; unset writes them to DATA_DIR/outbox. */
  smsUrl: string | undefined;
  publicUrl: string;
  demo: boolean;
  logLevel: string;
  adminPassword: string | undefined;
  sessionTtlMs: number;
  loginLimit: { perUsername: number; perIp: number; windowMs: number };
  mapTiles: 'online' | 'offline';
  /**
   * TRUST_PROXY, handed to Fastify's `trustProxy`: which peers may name the client in
   * X-Forwarded-For. Off by default, so no client can pick its own address.
   */
  trustProxy: boolean | string[];
  /** FRAME_ANCESTORS: the sites that may show the portal in a frame (CSP frame-ancestors). */
  frameAncestors: string[];
  webDist: string;
  gateways: {
    osmandPort: number;
    /** Teltonika TCP, and UDP on the same port number unless teltonikaUdp is off. */
    teltonikaPort: number;
    teltonikaUdp: boolean;
    gt06Port: number;
    h02Port: number;
    meitrackPort: number;
    queclinkPort: number;
    idleTimeoutMs: number;
  };
  /** CLOCK_START and CLOCK_RATE: where the server's time starts and how fast it runs. */
  clock: ClockSettings;
  sim: { units: number | 'all'; backfillHours: number };
  /** POSITIONS_RETENTION_DAYS: positions older than this many days go; null keeps them all. */
  positionsRetentionDays: number | null;
  /** ROLES or --role=: what this process runs (ARCHITECTURE.md §5); every role by default. */
  roles: Role[];
  /** NATS_URL: the bus and the record stream go over NATS (JetStream); unset: in-process. */
  natsUrl: string | undefined;
  /** NATS_SUBJECT: the first part of every subject (bus: <it>.bus.<topic>, records: <it>.records.<n>). */
  natsSubject: string;
  /** NATS_STREAM, NATS_PARTITIONS: the record stream's name and how many partitions it has. */
  stream: StreamSettings;
}

export const ROLES = ['api', 'ingest', 'pipeline', 'jobs'] as const;
export type Role = (typeof ROLES)[number];

/** The roles of a comma list (ROLES=api,jobs or --role=api,jobs); empty or unset: all of them. */
export function parseRoles(value: string | undefined): Role[] {
  const names = (value ?? '')
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
  if (!names.length) return [...ROLES];
  const bad = names.filter((r) => !(ROLES as readonly string[]).includes(r));
  if (bad.length)
    throw new Error(`ROLES: unknown role "${bad[0]}"; the roles are ${ROLES.join(', ')}`);
  return ROLES.filter((r) => names.includes(r));
}

/** A split deployment needs NATS between its processes, and NATS needs PostgreSQL. */
function checkDeployment(
  roles: Role[],
  natsUrl: string | undefined,
  databaseUrl: string | undefined,
) {
  const postgres = !!databaseUrl && /^postgres(ql)?:\/\//.test(databaseUrl);
  if (natsUrl && !postgres)
    throw new Error(
      'NATS_URL needs a PostgreSQL DATABASE_URL: the record stream keeps its partition leases and committed sequences there',
    );
  if (roles.length < ROLES.length && !natsUrl)
    throw new Error(
      `ROLES=${roles.join(',')} runs part of the portal: set NATS_URL so its processes reach each other (or run every role in one process)`,
    );
}

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return n;
}

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isProxyAddress(value: string): boolean {
  if (PROXY_NAMES.includes(value)) return true;
  const [address, bits, ...rest] = value.split('/');
  const family = net.isIP(address);
  if (!family || rest.length) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d+$/.test(bits) && n <= (family === 4 ? 32 : 128);
}

function trustProxy(value: string | undefined): boolean | string[] {
  const v = (value ?? '').trim();
  if (v === '' || v === 'false') return false;
  if (v === 'true') return true;
  // No hop counts: Fastify 5 trusts no peer for a count, since it cannot tell a proxy from a client.
  const list = v.split(',').map((s) => s.trim());
  if (list.every(isProxyAddress)) return list;
  throw new Error(
    `TRUST_PROXY must be false, true or a comma-separated list of proxy addresses or CIDR ranges, got "${value}"`,
  );
}

// A CSP source expression of frame-ancestors: 'self', 'none', *, a scheme or a host (with scheme,
// wildcard sub-domain and port allowed).
const FRAME_SOURCE =
  /^('self'|'none'|\*|[a-z][a-z0-9+.-]*:|([a-z][a-z0-9+.-]*:\/\/)?(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:(\d+|\*))?)$/i;

function frameAncestors(value: string | undefined): string[] {
  const v = (value ?? '').trim();
  // The spec's iframe mode (/known_login/{token}/{url}/{iframe}) and embedded share links are
  // shown inside other sites, so any site may frame the portal unless the operator narrows it.
  if (v === '') return ['*'];
  const list = v.split(/[\s,]+/).map((s) => (s === 'self' || s === 'none' ? `'${s}'` : s));
  if (list.every((s) => FRAME_SOURCE.test(s)) && (!list.includes("'none'") || list.length === 1))
    return list;
  throw new Error(
    `FRAME_ANCESTORS must be none, self, * or a list of sites such as https://partner.example, got "${value}"`,
  );
}

function smsUrl(value: string | undefined): string | undefined {
  const v = (value ?? '').trim();
  if (v === '') return undefined;
  let url: URL | null = null;
  try {
    url = new URL(v);
  } catch {
    // reported below
  }
  if (url && (url.protocol === 'http:' || url.protocol === 'https:')) return v;
  throw new Error(`SMS_URL must be an http:// or https:// address, got "${value}"`);
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
  const roles = parseRoles(env.ROLES);
  const natsUrl = env.NATS_URL || undefined;
  checkDeployment(roles, natsUrl, databaseUrl);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Fleet Portal <no-reply@localhost>',
    smsUrl: smsUrl(env.SMS_URL),
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
    trustProxy: trustProxy(env.TRUST_PROXY),
    frameAncestors: frameAncestors(env.FRAME_ANCESTORS),
    webDist: path.resolve(REPO_ROOT, env.WEB_DIST || 'web/dist'),
    gateways: {
      osmandPort: int(env.OSMAND_PORT, 5055, 'OSMAND_PORT'),
      teltonikaPort: int(env.TELTONIKA_PORT, 5027, 'TELTONIKA_PORT'),
      teltonikaUdp: env.TELTONIKA_UDP !== '0',
      gt06Port: int(env.GT06_PORT, 5023, 'GT06_PORT'),
      h02Port: int(env.H02_PORT, 5013, 'H02_PORT'),
      meitrackPort: int(env.MEITRACK_PORT, 5020, 'MEITRACK_PORT'),
      queclinkPort: int(env.QUECLINK_PORT, 5004, 'QUECLINK_PORT'),
      idleTimeoutMs: int(env.GATEWAY_IDLE_TIMEOUT_S, 600, 'GATEWAY_IDLE_TIMEOUT_S') * 1000,
    },
    clock,
    sim: {
      units: simUnits,
      // A week, so Yesterday, Last 7 Days, dashboards and reports have data from the first minute.
      backfillHours: int(env.SIM_BACKFILL_HOURS, 7 * 24, 'SIM_BACKFILL_HOURS'),
    },
    positionsRetentionDays:
      int(env.POSITIONS_RETENTION_DAYS, 0, 'POSITIONS_RETENTION_DAYS') || null,
    roles,
    natsUrl,
    natsSubject: env.NATS_SUBJECT || 'fleet',
    stream: {
      ...DEFAULT_STREAM,
      subject: `${env.NATS_SUBJECT || 'fleet'}.records`,
      stream: env.NATS_STREAM || DEFAULT_STREAM.stream,
      partitions: int(env.NATS_PARTITIONS, DEFAULT_STREAM.partitions, 'NATS_PARTITIONS') || 1,
    },
  };
}
