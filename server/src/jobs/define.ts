// A periodic job: a name, a schedule in server-clock time, and the work. Schedules are croner
// patterns (wall-clock aligned: "*/5 * * * *") or fixed intervals aligned to the epoch, so every
// server process computes the same run times and the lease (lease.ts) lets one of them run each.
import { Cron } from 'croner';
import type { Kysely } from 'kysely';
import type { Database } from '../db';
import type { Bus } from '../live/bus';

/** What jobs log through (pino's shape). */
export interface JobLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
  debug?(obj: object, msg?: string): void;
}

export interface JobContext {
  db: Kysely<Database>;
  bus: Bus;
  log: JobLog;
  /** Names this run in the log and in job_leases.last_error. */
  runId: string;
  /** The scheduled time this run is for (epoch ms, server clock). */
  scheduledAt: number;
}

export interface JobSpec {
  /** Unique; the job_leases row's key. */
  name: string;
  /** A croner pattern (5 or 6 fields), or a fixed interval in clock milliseconds. */
  schedule: string | { everyMs: number };
  /** Zone a croner pattern is read in (default UTC, so the machine's zone changes nothing). */
  timezone?: string;
  /**
   * 'cluster' (default): one run per scheduled time across all server processes, under a lease.
   * 'process': every process runs it, for work on that process's own memory (its pipeline).
   */
  scope?: 'cluster' | 'process';
  /**
   * How long a run may take, in real milliseconds (default 5 min). Past it a crashed holder's
   * lease is free again; keep it well above the expected run time.
   */
  leaseMs?: number;
  run(ctx: JobContext): Promise<void>;
}

export interface JobDefinition extends Required<Omit<JobSpec, 'timezone'>> {
  /** The first scheduled time strictly after `t`; null when there is none. */
  nextAfter(t: number): number | null;
  /** The latest scheduled time at or before `t`; null when there is none. */
  latestAt(t: number): number | null;
}

const DEFAULT_LEASE_MS = 5 * 60_000;

/** Checks the spec (a bad pattern throws a message naming the job) and builds its schedule. */
export function defineJob(spec: JobSpec): JobDefinition {
  if (!/^[a-z0-9][a-z0-9_.-]*$/.test(spec.name))
    throw new Error(`job name must be lower-case letters, digits, '.', '_' or '-': "${spec.name}"`);
  const leaseMs = spec.leaseMs ?? DEFAULT_LEASE_MS;
  if (!(leaseMs > 0)) throw new Error(`job ${spec.name}: leaseMs must be positive`);
  const base = {
    name: spec.name,
    schedule: spec.schedule,
    scope: spec.scope ?? 'cluster',
    leaseMs,
  };
  if (typeof spec.schedule !== 'string') {
    const every = spec.schedule.everyMs;
    if (!(Number.isInteger(every) && every > 0))
      throw new Error(`job ${spec.name}: everyMs must be a positive whole number, got ${every}`);
    return {
      ...base,
      run: spec.run,
      nextAfter: (t) => Math.floor(t / every) * every + every,
      latestAt: (t) => Math.floor(t / every) * every,
    };
  }
  let cron: Cron;
  try {
    // Paused: croner only computes times here; the runner ticks on the server's clock.
    cron = new Cron(spec.schedule, { paused: true, timezone: spec.timezone ?? 'UTC' });
  } catch (err) {
    throw new Error(`job ${spec.name}: bad schedule "${spec.schedule}": ${(err as Error).message}`);
  }
  return {
    ...base,
    run: spec.run,
    nextAfter: (t) => cron.nextRun(new Date(t))?.getTime() ?? null,
    // previousRuns answers times strictly before its reference.
    latestAt: (t) => cron.previousRuns(1, new Date(t + 1))[0]?.getTime() ?? null,
  };
}
