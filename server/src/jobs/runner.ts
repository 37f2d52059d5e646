// Runs the jobs on the server's clock (so CLOCK_START/CLOCK_RATE move them as they move
// everything else): a tick every second of clock time asks each job's schedule whether a run is
// due, takes the job's lease (cluster jobs), runs it, and releases it with the outcome. Missed run
// times coalesce into one run; a failed run is logged with its run id and the job simply runs
// again at its next scheduled time.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import type { Database } from '../db';
import type { Bus } from '../live/bus';
import { clock, now } from '../clock';
import type { JobDefinition, JobLog } from './define';
import { releaseLease, takeLease } from './lease';

export interface JobRunnerOptions {
  db: Kysely<Database>;
  bus: Bus;
  log: JobLog;
  jobs: JobDefinition[];
  /** This process's name in job_leases.holder (default host:pid:random). */
  holder?: string;
  /** Clock ms between ticks (default 1000). */
  tickMs?: number;
}

export interface JobRunner {
  readonly holder: string;
  /** Starts ticking on the server's clock. */
  start(): void;
  /** Looks once for due jobs and runs them; resolves when those runs end (tests drive this). */
  tick(): Promise<void>;
  /** Stops ticking and waits for runs in progress. */
  stop(): Promise<void>;
}

interface JobState {
  job: JobDefinition;
  /** The next scheduled time this process has not looked at yet. */
  due: number | null;
  running: Promise<void> | null;
}

// Never tick more often than this in real time, however fast the clock runs.
const MIN_REAL_TICK_MS = 50;

export function createJobRunner(opts: JobRunnerOptions): JobRunner {
  const { db, bus, log } = opts;
  const holder = opts.holder ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 6)}`;
  const tickMs = opts.tickMs ?? 1000;
  const names = new Set<string>();
  for (const j of opts.jobs) {
    if (names.has(j.name)) throw new Error(`two jobs are named ${j.name}`);
    names.add(j.name);
  }
  const started = now();
  const states: JobState[] = opts.jobs.map((job) => ({
    job,
    due: job.nextAfter(started),
    running: null,
  }));
  let timer: { cancel(): void } | null = null;

  async function runOnce(s: JobState, slot: number, at: number): Promise<void> {
    const { job } = s;
    const cluster = job.scope === 'cluster';
    // The lease is in clock time; a clock running faster than real time needs a longer one.
    const leaseMs = Math.ceil(job.leaseMs * Math.max(1, clock().rate));
    try {
      if (cluster && !(await takeLease(db, { name: job.name, holder, slot, at, leaseMs }))) return;
    } catch (err) {
      log.error({ err, job: job.name }, `job ${job.name}: taking its lease failed`);
      return;
    }
    const runId = randomUUID().slice(0, 8);
    const ctx = { db, bus, log, runId, scheduledAt: slot };
    let error: string | null = null;
    const t0 = performance.now();
    try {
      await job.run(ctx);
      log.debug?.({ job: job.name, runId, ms: Math.round(performance.now() - t0) }, 'job done');
    } catch (err) {
      error = `run ${runId}: ${err instanceof Error ? err.message : String(err)}`.slice(0, 2000);
      log.error({ err, job: job.name, runId }, `job ${job.name} failed (run ${runId})`);
    }
    if (!cluster) return;
    await releaseLease(db, job.name, holder, error).catch((err) =>
      log.error({ err, job: job.name, runId }, `job ${job.name}: releasing its lease failed`),
    );
  }

  async function tick(): Promise<void> {
    const at = now();
    const runs: Promise<void>[] = [];
    for (const s of states) {
      if (s.due === null || at < s.due || s.running) continue;
      const slot = s.job.latestAt(at) ?? s.due;
      s.due = s.job.nextAfter(at);
      const run = runOnce(s, slot, at).finally(() => (s.running = null));
      s.running = run;
      runs.push(run);
    }
    await Promise.all(runs);
  }

  return {
    holder,
    start() {
      if (timer) return;
      const every = Math.max(tickMs, MIN_REAL_TICK_MS * clock().rate);
      // A job still running is skipped by later ticks; the others keep their times.
      timer = clock().every(every, () => void tick());
    },
    tick,
    async stop() {
      timer?.cancel();
      timer = null;
      await Promise.all(states.map((s) => s.running));
    },
  };
}
