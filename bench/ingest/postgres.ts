// BENCH_DB=postgres: the main run's load (Teltonika Codec 8 frames of 10 records, each device
// sending its next frame once the last is committed) through the decoder and the pipeline into
// PostgreSQL (a fresh database per round on BENCH_POSTGRES_URL's server: ../postgres-db.ts),
// against the ceiling of a plain `unnest` insert of the same rows into the same table of a fresh
// database, in transactions of the pipeline's average batch size, rounds alternating. Last line:
//   ingest postgres: <positions per second> positions/s, <ratio> of ceiling
import os from 'node:os';
import pg from 'pg';
import { migrate, openDb, type Db } from '../../server/src/db';
import { createMemoryBus } from '../../server/src/live/bus';
import { createPipeline } from '../../server/src/pipeline';
import { POSITION_COLUMNS } from '../../server/src/pipeline/columns';
import { pgColumnTypes } from '../../server/src/pipeline/sql';
import { createBenchDatabase } from '../postgres-db';
import { imei, rate, seedUnits, sendCodec8, storedPositions, type PositionRow } from './store';

/** A fresh, migrated database; `drop` closes and removes it. */
async function freshDatabase(): Promise<{ handle: Db; url: string; drop: () => Promise<void> }> {
  const scratch = await createBenchDatabase('bench_ingest');
  const handle = openDb({ databaseUrl: scratch.url, dataDir: os.tmpdir() });
  await migrate(handle);
  return {
    handle,
    url: scratch.url,
    async drop() {
      await handle.close();
      await scratch.drop();
    },
  };
}

async function runPipeline(frames: Buffer[][], units: number, keepRows: boolean) {
  const { handle, drop } = await freshDatabase();
  try {
    await seedUnits(handle.db, units, 'teltonika', imei);
    const pipeline = createPipeline({
      db: handle.db,
      dialect: handle.dialect,
      bus: createMemoryBus(),
      config: { expireIntervalMs: 0 },
    });
    const started = performance.now();
    const decoded = await sendCodec8(pipeline, frames);
    const ms = performance.now() - started;
    const stats = { ...pipeline.stats };
    await pipeline.close();
    const { stored, rows } = await storedPositions(handle.db, keepRows);
    if (stored !== decoded) throw new Error(`decoded ${decoded} records, stored ${stored}`);
    return { ms, stored, stats, rows };
  } finally {
    await drop();
  }
}

/** The same rows by plain `insert ... select * from unnest(...)`, `perTx` rows a transaction. */
async function runCeiling(rows: PositionRow[], perTx: number) {
  const { handle, url, drop } = await freshDatabase();
  const types = await pgColumnTypes(handle.db, 'positions');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const arrays = POSITION_COLUMNS.map((c, i) => `$${i + 1}::${types.get(c)}[]`).join(', ');
    const text =
      `insert into positions (${POSITION_COLUMNS.join(', ')}) ` + `select * from unnest(${arrays})`;
    const chunks: unknown[][][] = [];
    for (let i = 0; i < rows.length; i += perTx) {
      const part = rows.slice(i, i + perTx);
      chunks.push(POSITION_COLUMNS.map((c) => part.map((r) => r[c])));
    }
    const started = performance.now();
    for (const columns of chunks) {
      await client.query('BEGIN');
      await client.query({ name: 'ceiling', text, values: columns });
      await client.query('COMMIT');
    }
    return { ms: performance.now() - started };
  } finally {
    await client.end();
    await drop();
  }
}

export async function runPostgres(frames: Buffer[][], units: number, rounds: number) {
  const warm = frames.map((mine) => mine.slice(0, Math.ceil(mine.length / 4)));
  const warmup = await runPipeline(warm, units, false);
  console.log(
    `postgres warm-up (untimed): ${warmup.stored} positions in ${Math.round(warmup.ms)} ms`,
  );
  let best = Infinity;
  let bestCeiling = Infinity;
  let rows: PositionRow[] = [];
  let perTx = 1;
  let stored = 0;
  for (let round = 1; round <= rounds; round++) {
    const run = await runPipeline(frames, units, round === 1);
    if (round === 1) {
      rows = run.rows;
      perTx = Math.max(1, Math.round(run.stats.records / run.stats.batches));
    }
    stored = run.stored;
    best = Math.min(best, run.ms);
    const ceiling = await runCeiling(rows, perTx);
    bestCeiling = Math.min(bestCeiling, ceiling.ms);
    console.log(
      `postgres ${round}: ${run.stored} positions in ${Math.round(run.ms)} ms = ${rate(run.stored, run.ms)}/s ` +
        `(${run.stats.batches} transactions); ceiling ${Math.round(ceiling.ms)} ms = ${rate(rows.length, ceiling.ms)}/s ` +
        `(unnest, ${perTx} rows per transaction)`,
    );
  }
  const throughput = rate(stored, best);
  console.log(
    `ingest postgres: ${throughput} positions/s, ${(throughput / rate(stored, bestCeiling)).toFixed(2)} of ceiling`,
  );
}
