// Ingest benchmark (npm run bench:ingest): Teltonika Codec 8 frames → the gateway decoder → the
// position pipeline → SQLite in a temporary DATA_DIR, against the raw insert ceiling of the same
// positions table measured in the same run (plain prepared inserts of the same rows, in
// transactions of the pipeline's average size). Prints the figures; the last line is
//   ingest: <positions per second> positions/s, <ratio> of ceiling
//
// The machine may be shared, so the run alternates: pipeline, ceiling, pipeline, ceiling, ... (each
// on a fresh database), and compares the best of each. An untimed pipeline run over the first
// tenth of the load comes first, so that every timed round measures compiled code (the ceiling's
// loop is one native call per row and needs no warming).
//
// BENCH_POSITIONS (default 200000), BENCH_UNITS (default 1000) and BENCH_ROUNDS (default 5) size it;
// BENCH_DB=postgres runs the same load into PostgreSQL instead (postgres.ts);
// BENCH_WRITER=kysely measures the pipeline without its cached-statement writer;
// BENCH_PROFILE=<file.cpuprofile> writes a CPU profile of the last pipeline round's timed window
// (and <file>-places.cpuprofile of the last round with locations, <file>-rules-fleet.cpuprofile and
// <file>-rules-storm.cpuprofile of the last rounds with rules).
//
// Places (issue 10): every round also runs the same load with BENCH_LOCATIONS (default 1000)
// locations for the client (circles and polygons of 10-50 vertices over the tracks' area, see
// places.ts), right after the round's run without them; the line after the ceiling's is
//   ingest with 1000 locations: <positions per second> positions/s, <ratio> of the run without locations
// comparing the best round of each.
//
// Rules (issue 11): likewise with BENCH_RULES (default 20) rules of mixed types applied to every
// unit (rules.ts), twice: with the thresholds a fleet sets, and as an alert storm in which nearly
// every rule fires on every trip. A round's runs with rules are compared with the same round's run
// without (seconds apart, on a machine in the same state), and the ratio is the median over the
// rounds (BENCH_ROUNDS, default 5): the best of each side would be decided by one outlier round,
// and rounds here vary by 15 %. Printing
//   ingest with rules: <positions per second> positions/s, <ratio> of the run without rules
//   ingest with rules in an alert storm: <positions per second> positions/s, <ratio> of the run without rules
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { migrate, type Db } from '../../server/src/db';
import { createMemoryBus } from '../../server/src/live/bus';
import { createPipeline } from '../../server/src/pipeline';
import { encodeCodec8 } from './codec8';
import { unitTrack } from './fleet';
import { seedLocations } from './places';
import { seedRules, type RuleMix } from './rules';
import {
  cpuMillis,
  imei,
  openSqlite,
  rate,
  runCeiling,
  seedUnits,
  sendCodec8,
  settleDisk,
  startProfile,
  storedPositions,
} from './store';
import { runByProtocol } from './by-protocol';
import { runPostgres } from './postgres';
import { withServerFlags } from '../server-flags';

const POSITIONS = Number(process.env.BENCH_POSITIONS ?? 200_000);
const UNITS = Number(process.env.BENCH_UNITS ?? 1000);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 5));
const LOCATIONS = Number(process.env.BENCH_LOCATIONS ?? 1000);
const RULES = Number(process.env.BENCH_RULES ?? 20);
const PER_FRAME = 10;
/** The rule mixes (rules.ts): the one a fleet sets first, its line the target's. */
const MIXES: readonly RuleMix[] = ['fleet', 'storm'];

const median = (xs: number[]) => {
  const v = [...xs].sort((a, b) => a - b);
  return v.length % 2 ? v[(v.length - 1) / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
};

/** What a run adds to the plain load: locations, rules. */
interface Extras {
  locations?: number;
  rules?: { count: number; mix: RuleMix };
}

/** Record time of the load's first fix, and of its middle (the fleet mix's rule windows). */
let loadStart = 0;
const loadMiddle = () => loadStart + Math.ceil(POSITIONS / UNITS) * 5_000;

async function seed(handle: Db, extras: Extras): Promise<void> {
  const { db } = handle;
  const client = await seedUnits(db, UNITS, 'teltonika', imei);
  if (extras.locations) await seedLocations(db, client.cid, extras.locations, UNITS);
  if (extras.rules)
    await seedRules(db, client.cid, extras.rules.count, extras.rules.mix, loadMiddle());
}

/** Frames per unit, in the order each device sends them. */
function encodeFleet(start: number): Buffer[][] {
  const perUnit = Math.ceil(POSITIONS / UNITS);
  const frames: Buffer[][] = [];
  for (let u = 0; u < UNITS; u++) {
    const track = unitTrack(u, start, perUnit);
    const mine: Buffer[] = [];
    for (let i = 0; i < track.length; i += PER_FRAME)
      mine.push(encodeCodec8(track.slice(i, i + PER_FRAME)));
    frames.push(mine);
  }
  return frames;
}

async function runPipeline(
  dataDir: string,
  frames: Buffer[][],
  keepRows: boolean,
  profile?: string,
  extras: Extras = {},
) {
  fs.mkdirSync(dataDir, { recursive: true });
  const { handle, sqlite } = openSqlite(dataDir);
  await migrate(handle);
  await seed(handle, extras);
  const pipeline = createPipeline({
    db: handle.db,
    dialect: handle.dialect,
    sqlite: process.env.BENCH_WRITER === 'kysely' ? undefined : sqlite,
    bus: createMemoryBus(),
    config: { expireIntervalMs: 0 },
  });
  settleDisk();
  const profiler = profile && (await startProfile());
  const cpu = process.cpuUsage();
  const started = performance.now();
  const decoded = await sendCodec8(pipeline, frames);
  const ms = performance.now() - started;
  const cpuMs = cpuMillis(cpu);
  if (profiler) await profiler.stop(profile);
  const stats = { ...pipeline.stats };
  await pipeline.close();
  const { db } = handle;
  const { stored, rows } = await storedPositions(db, keepRows);
  const trips = Number(
    (await sql<{ n: number }>`select count(*) as n from trips where type = 0`.execute(db)).rows[0]
      .n,
  );
  const placeEvents = Number(
    (
      await sql<{
        n: number;
      }>`select count(*) as n from device_events where type in ('location_enter', 'location_exit')`.execute(
        db,
      )
    ).rows[0].n,
  );
  const count = async (table: 'rule_alerts' | 'outbox') =>
    Number(
      (await db.selectFrom(table).select(db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n,
    );
  const alerts = await count('rule_alerts');
  const queued = await count('outbox');
  await handle.close();
  if (stored !== decoded)
    throw new Error(`decoded ${decoded} records but stored ${stored} positions`);
  return { ms, cpuMs, stored, trips, stats, rows, placeEvents, alerts, queued };
}

async function main() {
  withServerFlags();
  // BENCH_PROTOCOL=gt06,h02,... (or all): the same fleet over each protocol's real session instead.
  if (process.env.BENCH_PROTOCOL) return runByProtocol(process.env.BENCH_PROTOCOL);
  // BENCH_DB=postgres: the same load into PostgreSQL, against a plain unnest insert (postgres.ts).
  if (process.env.BENCH_DB === 'postgres') {
    const start = Date.now() - Math.ceil(POSITIONS / UNITS) * 10_000 - 60_000;
    return runPostgres(encodeFleet(start), UNITS, ROUNDS);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-ingest-'));
  try {
    const start = Date.now() - Math.ceil(POSITIONS / UNITS) * 10_000 - 60_000;
    loadStart = start;
    const t = performance.now();
    const frames = encodeFleet(start);
    const frameCount = frames.reduce((n, f) => n + f.length, 0);
    console.log(
      `fleet: ${UNITS} units, ${frameCount} Codec 8 frames of ${PER_FRAME} records (encoded in ${Math.round(performance.now() - t)} ms)`,
    );
    console.log(`data: ${dataDir} (SQLite, WAL, synchronous=NORMAL)`);

    const warm = frames.map((mine) => mine.slice(0, Math.ceil(mine.length / 4)));
    // With locations and rules, so that those stages are compiled too (the rest is the same code).
    const warmup = await runPipeline(path.join(dataDir, 'warmup'), warm, false, undefined, {
      locations: LOCATIONS,
      rules: { count: RULES, mix: 'storm' },
    });
    console.log(
      `warm-up (untimed): ${warmup.stored} positions in ${Math.round(warmup.ms)} ms, ${rate(warmup.stored, warmup.ms)}/s`,
    );

    const runs: Awaited<ReturnType<typeof runPipeline>>[] = [];
    const ceilings: Awaited<ReturnType<typeof runCeiling>>[] = [];
    const placeRuns: Awaited<ReturnType<typeof runPipeline>>[] = [];
    const ruleRuns: Record<RuleMix, Awaited<ReturnType<typeof runPipeline>>[]> = {
      fleet: [],
      storm: [],
    };
    let perTx = 1;
    for (let round = 1; round <= ROUNDS; round++) {
      const run = await runPipeline(
        path.join(dataDir, `pipeline-${round}`),
        frames,
        round === 1,
        round === ROUNDS ? process.env.BENCH_PROFILE : undefined,
      );
      runs.push(run);
      perTx = Math.max(1, Math.round(runs[0].stats.records / runs[0].stats.batches));
      console.log(
        `pipeline ${round}: ${run.stored} positions in ${Math.round(run.ms)} ms = ${rate(run.stored, run.ms)}/s ` +
          `(cpu ${((run.cpuMs * 1000) / run.stored).toFixed(1)} µs/position), ` +
          `${run.stats.batches} transactions (${Math.round(run.stats.records / run.stats.batches)} records each on average), ${run.trips} trips`,
      );
      const ceiling = await runCeiling(dataDir, `ceiling-${round}`, runs[0].rows, perTx);
      ceilings.push(ceiling);
      console.log(
        `ceiling ${round}: ${runs[0].rows.length} rows in ${Math.round(ceiling.ms)} ms = ${rate(runs[0].rows.length, ceiling.ms)}/s ` +
          `(cpu ${((ceiling.cpuMs * 1000) / runs[0].rows.length).toFixed(1)} µs/row; prepared single-row inserts, ${perTx} per transaction)`,
      );
      for (const mix of RULES ? MIXES : []) {
        const profile = process.env.BENCH_PROFILE;
        const ruled = await runPipeline(
          path.join(dataDir, `rules-${mix}-${round}`),
          frames,
          false,
          round === ROUNDS && profile
            ? profile.replace(/(\.cpuprofile)?$/, `-rules-${mix}.cpuprofile`)
            : undefined,
          { rules: { count: RULES, mix } },
        );
        ruleRuns[mix].push(ruled);
        console.log(
          `with ${RULES} rules (${mix}) ${round}: ${ruled.stored} positions in ${Math.round(ruled.ms)} ms = ${rate(ruled.stored, ruled.ms)}/s ` +
            `(cpu ${((ruled.cpuMs * 1000) / ruled.stored).toFixed(1)} µs/position), ` +
            `${ruled.alerts} rule alerts, ${ruled.queued} messages queued`,
        );
      }
      if (!LOCATIONS) continue;
      const profile = process.env.BENCH_PROFILE;
      const placed = await runPipeline(
        path.join(dataDir, `places-${round}`),
        frames,
        false,
        round === ROUNDS && profile
          ? profile.replace(/(\.cpuprofile)?$/, '-places.cpuprofile')
          : undefined,
        { locations: LOCATIONS },
      );
      placeRuns.push(placed);
      console.log(
        `with ${LOCATIONS} locations ${round}: ${placed.stored} positions in ${Math.round(placed.ms)} ms = ${rate(placed.stored, placed.ms)}/s ` +
          `(cpu ${((placed.cpuMs * 1000) / placed.stored).toFixed(1)} µs/position), ` +
          `${placed.placeEvents} location enter/exit events`,
      );
    }
    const stored = runs[0].stored;
    const best = runs.reduce((a, b) => (b.ms < a.ms ? b : a));
    const bestCeiling = Math.min(...ceilings.map((c) => c.ms));
    const bestCpu = Math.min(...runs.map((r) => r.cpuMs));
    const bestCeilingCpu = Math.min(...ceilings.map((c) => c.cpuMs));
    const us = (ms: number) => ((ms * 1000) / stored).toFixed(1);
    console.log(
      `cpu time: pipeline ${us(bestCpu)} µs/position, ceiling ${us(bestCeilingCpu)} µs/row ` +
        `(${(bestCeilingCpu / bestCpu).toFixed(2)} of ceiling by CPU time)`,
    );
    const throughput = rate(best.stored, best.ms);
    const ratio = throughput / rate(stored, bestCeiling);
    console.log(`ingest: ${throughput} positions/s, ${ratio.toFixed(2)} of ceiling`);
    if (placeRuns.length) {
      const bestPlaced = placeRuns.reduce((a, b) => (b.ms < a.ms ? b : a));
      const placedRate = rate(bestPlaced.stored, bestPlaced.ms);
      const placedCpu = Math.min(...placeRuns.map((r) => r.cpuMs));
      console.log(
        `cpu time with ${LOCATIONS} locations: ${us(placedCpu)} µs/position ` +
          `(${(bestCpu / placedCpu).toFixed(2)} of the run without locations by CPU time)`,
      );
      console.log(
        `ingest with ${LOCATIONS} locations: ${placedRate} positions/s, ${(placedRate / throughput).toFixed(2)} of the run without locations`,
      );
    }
    for (const mix of RULES ? MIXES : []) {
      const list = ruleRuns[mix];
      const bestRuled = list.reduce((a, b) => (b.ms < a.ms ? b : a));
      const ruledRate = rate(bestRuled.stored, bestRuled.ms);
      const ruledCpu = Math.min(...list.map((r) => r.cpuMs));
      const what = mix === 'fleet' ? 'rules' : 'rules in an alert storm';
      // Each round's run with rules against the same round's run without, run seconds apart: the
      // median of those ratios, not the best of each side, which an outlier round decides.
      const ratio = median(list.map((r, i) => runs[i].ms / r.ms));
      const cpuRatio = median(list.map((r, i) => runs[i].cpuMs / r.cpuMs));
      console.log(
        `cpu time with ${RULES} ${what}: ${us(ruledCpu)} µs/position ` +
          `(${cpuRatio.toFixed(2)} of the run without rules by CPU time, median of ${list.length} rounds)`,
      );
      console.log(
        `ingest with ${what}: ${ruledRate} positions/s, ${ratio.toFixed(2)} of the run without rules`,
      );
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
