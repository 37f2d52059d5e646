// WAL checkpoints of the embedded database, off the event loop. SQLite's automatic checkpoint runs
// inside the commit that crosses its threshold (1,000 pages): that commit copies the WAL's pages
// into the database file and waits for two fsyncs, on the thread that serves devices and users.
// Under ingest load that was more than half of the pipeline's commit time (docs/performance.md).
// Here a worker thread holds its own connection and runs a PASSIVE checkpoint every 100 ms: a
// passive checkpoint never blocks the writer or a reader, and copies only frames no reader still
// needs, so nothing about durability or isolation changes (synchronous = NORMAL as before: the WAL
// is synced before each checkpoint, the database file after it).
//
// The writer's own automatic checkpoint stays as a backstop at a higher threshold, so the WAL
// cannot grow without bound should the worker lag or stop; if the worker fails, the writer goes
// back to SQLite's default threshold.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

/** SQLite's own wal_autocheckpoint default, in pages. */
export const DEFAULT_AUTOCHECKPOINT = 1000;
/** The writer's backstop while the worker checkpoints (pages; 64 MB of 4 KB pages). */
export const BACKSTOP_AUTOCHECKPOINT = 16_000;

export interface CheckpointResult {
  /** 1 when the checkpoint could not run (another was under way). */
  busy: number;
  /** Frames in the WAL. */
  log: number;
  /** Frames copied into the database file so far. */
  checkpointed: number;
}

export interface Checkpointer {
  /** The last checkpoint's result (most find nothing new), and the worker's failure if any. */
  readonly stats: { last: CheckpointResult | null; failed: string | null };
  /** Runs one checkpoint now and resolves with its result (tests, shutdown). */
  checkpoint(): Promise<CheckpointResult>;
  /** Stops the worker after a last checkpoint; the writer's threshold goes back to the default. */
  stop(): Promise<void>;
}

// The worker's code, evaluated as a script: it needs no file of its own, so it runs the same from
// the sources (tsx) and from the bundled server.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);

const failed = (err, id) =>
  parentPort.postMessage({ kind: 'failed', message: String((err && err.message) || err), id });

function serve(db) {
  // A passive checkpoint with nothing new in the WAL returns at once, without a sync.
  const run = () => db.pragma('wal_checkpoint(PASSIVE)')[0];
  const timer = setInterval(() => {
    try {
      parentPort.postMessage({ kind: 'done', result: run() });
    } catch (err) {
      failed(err);
    }
  }, workerData.intervalMs);
  parentPort.on('message', (m) => {
    try {
      parentPort.postMessage({ kind: 'done', result: run(), id: m.id });
    } catch (err) {
      failed(err, m.id);
    }
    if (m.stop) {
      clearInterval(timer);
      db.close();
      parentPort.close();
    }
  });
}

try {
  const db = new Database(workerData.file, { fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  db.pragma('synchronous = NORMAL');
  serve(db);
} catch (err) {
  failed(err);
  parentPort.close();
}
`;

interface WorkerMessage {
  kind: 'done' | 'failed';
  result?: { busy: number; log: number; checkpointed: number } | null;
  message?: string;
  id?: number;
}

/**
 * Starts checkpointing `file` (the database `sqlite` writes) from a worker thread every
 * `intervalMs`. `onError` hears of a worker that failed (the writer then
 * checkpoints by itself again).
 */
export function startCheckpointer(
  sqlite: SQLite.Database,
  file: string,
  opts: { intervalMs?: number; onError?: (err: Error) => void } = {},
): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { file, driver, intervalMs: opts.intervalMs ?? 100 },
  });
  worker.unref();
  sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_AUTOCHECKPOINT}`);
  const stats: Checkpointer['stats'] = { last: null, failed: null };
  const waiting = new Map<number, (r: CheckpointResult) => void>();
  let nextId = 1;
  let stopped = false;
  let alive = true;

  const fallBack = (err: Error) => {
    if (stats.failed) return;
    stats.failed = err.message;
    if (sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${DEFAULT_AUTOCHECKPOINT}`);
    opts.onError?.(err);
  };
  const settleAll = () => {
    const none = { busy: 1, log: -1, checkpointed: -1 };
    for (const resolve of waiting.values()) resolve(none);
    waiting.clear();
  };

  worker.on('message', (m: WorkerMessage) => {
    if (m.kind === 'failed') fallBack(new Error(`WAL checkpoint failed: ${m.message}`));
    const r = m.result ?? { busy: 1, log: -1, checkpointed: -1 };
    if (m.kind === 'done' && m.result) stats.last = r;
    if (m.id !== undefined) {
      waiting.get(m.id)?.(r);
      waiting.delete(m.id);
    }
  });
  worker.on('error', (err: unknown) => {
    fallBack(err instanceof Error ? err : new Error(`WAL checkpoint worker: ${String(err)}`));
    settleAll();
  });
  const exited = new Promise<void>((resolve) => {
    worker.once('exit', () => {
      alive = false;
      if (!stopped) fallBack(new Error('the WAL checkpoint worker exited'));
      settleAll();
      resolve();
    });
  });

  const ask = (stop: boolean) =>
    new Promise<CheckpointResult>((resolve) => {
      if (!alive || (stats.failed && !stop)) return resolve({ busy: 1, log: -1, checkpointed: -1 });
      const id = nextId++;
      waiting.set(id, resolve);
      worker.postMessage({ id, stop });
    });

  return {
    stats,
    checkpoint: () => ask(false),
    async stop() {
      if (stopped) return exited;
      stopped = true;
      worker.ref();
      await ask(true);
      await exited;
      if (sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${DEFAULT_AUTOCHECKPOINT}`);
    },
  };
}
