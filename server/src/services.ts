import type { GatewayStats } from './ingest/tcp';
import type { Config } from './config';
import type { Db } from './db';
import type { Mailer } from './notify/mailer';
import type { RateLimiter } from './auth/rate-limit';
import type { Bus } from './live/bus';
import type { HistoryProgress } from './sim';

/** Long-lived collaborators shared by HTTP routes and task handlers. */
export interface Services {
  config: Config;
  db: Db;
  mailer: Mailer;
  limits: { username: RateLimiter; ip: RateLimiter };
  bus: Bus;
  /** How far the demo fleet's history is written, while a simulator runs (shown by /api/health). */
  simulatorHistory?: () => HistoryProgress | null;
  /** The TCP gateways' figures (connections, frames, garbage floods), shown by /api/health. */
  gatewayStats?: () => Record<string, GatewayStats>;
}
