// BENCH_PROTOCOL=gt06,h02,meitrack,queclink,teltonika (or all): the bench fleet's positions sent as
// each protocol's trackers send them, through that gateway's real session (framing, decoding, the
// ack after commit) into the pipeline and SQLite (a Teltonika waits for each packet's answer, the
// others send on and are read BENCH_BURST frames at a time, in one buffer as a socket read gives
// them), against the same ceiling as the main run (plain prepared inserts of the same rows),
// alternating rounds. BENCH_PROFILE=<file> writes a CPU and heap profile of each protocol's last
// timed round (<file>-<protocol>). One line per protocol:
//   ingest <protocol>: <positions per second> positions/s, <ratio> of ceiling
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrate } from '../../server/src/db';
import { silentLog } from '../../server/src/ingest/log';
import { FramePump, type Connection } from '../../server/src/ingest/tcp';
import { createMemoryBus } from '../../server/src/live/bus';
import { createPipeline } from '../../server/src/pipeline';
import { unitTrack } from './fleet';
import {
  cpuMillis,
  imei,
  openSqlite,
  rate,
  runCeiling,
  seedUnits,
  settleDisk,
  startProfile,
  storedPositions,
  watchGc,
  type PositionRow,
} from './store';
import { BENCH_WIRES, reportOf, type BenchWire } from './wires';

const POSITIONS = Number(process.env.BENCH_POSITIONS ?? 100_000);
const UNITS = Number(process.env.BENCH_UNITS ?? 500);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
/**
 * Frames per read for a device that does not wait for answers: what it sent while the server was
 * busy with the read before (10, the records a Teltonika packet holds in this bench).
 */
const BURST = Math.max(1, Number(process.env.BENCH_BURST ?? 10));

/** Milliseconds of CPU for `count` positions, in µs per position. */
const perPosition = (ms: number, count: number) => ((ms * 1000) / count).toFixed(2);

/** A device's line as the session sees it: writes (acks) are counted, not sent. */
function benchConnection(id: number): Connection & { writes: number } {
  let closed = false;
  return {
    id,
    remoteAddress: '127.0.0.1',
    writes: 0,
    get closed() {
      return closed;
    },
    write() {
      this.writes++;
    },
    close() {
      closed = true;
    },
  };
}

/** Each unit's frames, as its tracker sends them. */
function encode(wire: BenchWire, start: number): Buffer[][] {
  const perUnit = Math.ceil(POSITIONS / UNITS);
  return Array.from({ length: UNITS }, (_, u) =>
    wire.frames(unitTrack(u, start, perUnit).map(reportOf), imei(u)),
  );
}

/**
 * What the server reads from each unit's socket: a device that waits sends its next frame once the
 * last one is handled (stored and acknowledged), so every read holds one frame; one that does not
 * is read BURST frames at a time, in one buffer, as a socket read returns them.
 */
function socketReads(wire: BenchWire, frames: Buffer[]): Buffer[] {
  if (wire.waits) return frames;
  const reads: Buffer[] = [];
  for (let i = 0; i < frames.length; i += BURST)
    reads.push(Buffer.concat(frames.slice(i, i + BURST)));
  return reads;
}

async function runWire(
  dataDir: string,
  wire: BenchWire,
  /** Each unit's socket reads, in order. */
  reads: Buffer[][],
  keepRows: boolean,
  /** Positions the frames carry: checked against what was stored (not for the warm-up). */
  expected?: number,
  /** BENCH_PROFILE: a CPU profile of the timed window goes to this file. */
  profile?: string,
) {
  fs.mkdirSync(dataDir, { recursive: true });
  const { handle, sqlite } = openSqlite(dataDir);
  await migrate(handle);
  await seedUnits(handle.db, UNITS, wire.protocol, imei);
  const pipeline = createPipeline({
    db: handle.db,
    dialect: handle.dialect,
    sqlite,
    bus: createMemoryBus(),
    config: { expireIntervalMs: 0 },
  });
  settleDisk();
  const profiler = profile && (await startProfile());
  const gcWatch = watchGc();
  const cpu = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    reads.map(async (mine, u) => {
      const conn = benchConnection(u + 1);
      const pump = new FramePump(wire.session(conn, pipeline, silentLog), conn, (err) => {
        throw err;
      });
      const hello = wire.greeting(imei(u));
      if (hello) {
        pump.push(hello);
        await pump.idle();
      }
      for (const read of mine) {
        pump.push(read);
        await pump.idle();
      }
      if (conn.closed) throw new Error(`${wire.protocol}: the session closed ${imei(u)}`);
    }),
  );
  await pipeline.flush();
  const ms = performance.now() - started;
  const cpuMs = cpuMillis(cpu);
  const gc = await gcWatch.stop();
  if (profiler) await profiler.stop(profile);
  const stats = { ...pipeline.stats };
  await pipeline.close();
  const { stored, rows } = await storedPositions(handle.db, keepRows);
  await handle.close();
  if (expected !== undefined && stored !== expected) {
    throw new Error(`${wire.protocol}: sent ${expected} positions, stored ${stored}`);
  }
  return { ms, cpuMs, gc, stored, rows, stats };
}

export async function runByProtocol(list: string): Promise<void> {
  const names = list === 'all' ? Object.keys(BENCH_WIRES) : list.split(',').map((s) => s.trim());
  const wires = names.map((n) => {
    const w = BENCH_WIRES[n];
    if (!w)
      throw new Error(
        `BENCH_PROTOCOL: no bench wire for "${n}" (${Object.keys(BENCH_WIRES).join(', ')})`,
      );
    return w;
  });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-ingest-protocol-'));
  const results: string[] = [];
  try {
    const start = Date.now() - Math.ceil(POSITIONS / UNITS) * 10_000 - 60_000;
    for (const wire of wires) {
      const frames = encode(wire, start);
      const bytes = frames.reduce((n, f) => n + f.reduce((m, b) => m + b.length, 0), 0);
      console.log(
        `${wire.protocol}: ${UNITS} units, ${frames.reduce((n, f) => n + f.length, 0)} frames, ${(bytes / 1e6).toFixed(1)} MB`,
      );
      const reads = frames.map((mine) => socketReads(wire, mine));
      const warm = reads.map((mine) => mine.slice(0, Math.ceil(mine.length / 4)));
      await runWire(path.join(dataDir, `${wire.protocol}-warm`), wire, warm, false);
      let best = Infinity;
      let bestCeiling = Infinity;
      let bestCpu = Infinity;
      let bestCeilingCpu = Infinity;
      let rows: PositionRow[] = [];
      let perTx = 1;
      let stored = 0;
      for (let round = 1; round <= ROUNDS; round++) {
        const run = await runWire(
          path.join(dataDir, `${wire.protocol}-${round}`),
          wire,
          reads,
          round === 1,
          Math.ceil(POSITIONS / UNITS) * UNITS,
          round === ROUNDS && process.env.BENCH_PROFILE
            ? process.env.BENCH_PROFILE.replace(/(\.cpuprofile)?$/, `-${wire.protocol}$1`)
            : undefined,
        );
        if (round === 1) {
          rows = run.rows;
          perTx = Math.max(1, Math.round(run.stats.records / run.stats.batches));
        }
        stored = run.stored;
        best = Math.min(best, run.ms);
        const ceiling = await runCeiling(dataDir, `${wire.protocol}-ceiling-${round}`, rows, perTx);
        bestCeiling = Math.min(bestCeiling, ceiling.ms);
        bestCpu = Math.min(bestCpu, run.cpuMs);
        bestCeilingCpu = Math.min(bestCeilingCpu, ceiling.cpuMs);
        console.log(
          `${wire.protocol} ${round}: ${run.stored} positions in ${Math.round(run.ms)} ms = ${rate(run.stored, run.ms)}/s; ` +
            `ceiling ${Math.round(ceiling.ms)} ms = ${rate(rows.length, ceiling.ms)}/s (${perTx} rows per transaction); ` +
            `CPU ${perPosition(run.cpuMs, run.stored)} / ${perPosition(ceiling.cpuMs, rows.length)} µs per position; ` +
            `GC ${run.gc.count} pauses, ${Math.round(run.gc.ms)} ms`,
        );
      }
      console.log(
        `${wire.protocol} CPU, best of ${ROUNDS}: ${perPosition(bestCpu, stored)} / ${perPosition(bestCeilingCpu, rows.length)} µs per position (${(bestCeilingCpu / bestCpu).toFixed(2)})`,
      );
      const throughput = rate(stored, best);
      results.push(
        `ingest ${wire.protocol}: ${throughput} positions/s, ${(throughput / rate(stored, bestCeiling)).toFixed(2)} of ceiling`,
      );
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  for (const line of results) console.log(line);
}
