// Report benchmark (npm run bench:report; issue 14 item 6). On SQLite in a temporary DATA_DIR:
//   - one vehicle with 365 days of trips and stops (12 a day), the Trips and stops report as PDF;
//   - 500 vehicles with 31 days of trips and stops, the Fleet summary as CSV.
// Each is the whole server path below HTTP: buildReport (role and parameter checks, the subjects
// through the tenant layer, the builder's reads of the stored trips) and renderReport streaming the
// file into a sink that counts its bytes. Prints each round, the ceiling (the same trips rows read
// by one raw prepared SELECT and written out as CSV text by hand, in the same run), and last
//   report: 1 unit x 365 days trips PDF in <ms> ms; 500 units x 31 days fleet summary CSV in <ms> ms; peak RSS <MB> MB
// with the best round of each (after an untimed warm-up of each: a running server has ECharts, the
// basemap and its code loaded). Peak RSS is measured in a process of its own that opens the
// database and makes each report once (the data set is written by another child process, so its
// seeding is not counted); the timing rounds' process is not used for it, because V8 lets garbage
// from round after round pile up before it collects (the heap after a collection stays at ~70 MB).
// The targets: under 2,000 ms, under 5,000 ms and under 400 MB.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import type { ReportFormat } from '../../common/src';
import { createSession, resolveSession } from '../../server/src/auth/sessions';
import { now } from '../../server/src/clock';
import { loadConfig } from '../../server/src/config';
import { buildReport } from '../../server/src/reports/run';
import { renderReport } from '../../server/src/reports/render';
import { createServices } from '../../server/src/server';
import { TaskContext } from '../../server/src/tasks/context';
import { registerAllTasks } from '../../server/src/tasks';
import { dayOf } from '../../server/src/domain/time';
import { addHandClient, addHandUnit } from '../../server/test/support/hand-fleet';
import { createFastify } from '../../server/src/http/app';

const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const FLEET_UNITS = Number(process.env.BENCH_UNITS ?? 500);
const ZONE = 'Africa/Johannesburg';
const DAY = 86_400_000;
const TRIPS_A_DAY = 6;
const TARGETS = { pdf: 2000, csv: 5000, rssMb: 400 };

/** Counts the bytes of a file as it is written, keeping none of them. */
class Sink extends Writable {
  bytes = 0;
  override _write(chunk: Buffer, _enc: BufferEncoding, done: () => void) {
    this.bytes += chunk.length;
    done();
  }
}

/** Trips and stops of one unit over `days` days before `end`: TRIPS_A_DAY of each a day. */
function* tripRows(cid: number, uid: number, end: number, days: number) {
  for (let d = days; d >= 1; d--) {
    const dayStart = end - d * DAY;
    let t = dayStart + 6 * 3600_000 + (uid % 60) * 60_000;
    for (let k = 0; k < TRIPS_A_DAY; k++) {
      const drive = (20 + ((uid + k) % 40)) * 60_000;
      const lat = -26.2 + k * 0.01;
      const lon = 28.04 + (uid % 10) * 0.01;
      yield [
        cid,
        uid,
        0,
        t,
        t + drive,
        lat,
        lon,
        lat + 0.01,
        lon,
        11_000 + k * 1_000,
        80 + k,
        drive / 1000,
        t % 2 ? 'business' : '',
        '{"low":600,"60s":300,"80s":200,"100s":100,"120s":10,"high":0}',
        lat,
        lon,
        lat + 0.01,
        lon,
      ];
      t += drive;
      const park = 90 * 60_000;
      yield [
        cid,
        uid,
        1,
        t,
        t + park,
        lat + 0.01,
        lon,
        lat + 0.01,
        lon,
        0,
        0,
        park / 1000,
        '',
        '{}',
        lat + 0.01,
        lon,
        lat + 0.01,
        lon,
      ];
      t += park;
    }
  }
}

const TRIP_COLUMNS =
  'client_id, unit_id, type, start_time, end_time, start_lat, start_lon, end_lat, end_lon, distance, ' +
  'max_speed, duration, label, speed_histogram, min_lat, min_lon, max_lat, max_lon, driver_id, open';

/**
 * Writes the data set into `dir` (run in a child process, so that the seeding's memory is not
 * counted in the reporting process's peak) and answers what the reports need to know of it.
 */
async function seed(dir: string) {
  const config = loadConfig({ DATA_DIR: dir, DEMO: '0' });
  const services = await createServices(config, createFastify(config).log);
  const db = services.db.db;
  const at = now();
  const cid = await addHandClient(db, 'Bench Fleet', [{ username: 'bench', type: 'full' }], at);
  const uids: number[] = [];
  for (let u = 0; u < FLEET_UNITS; u++)
    uids.push(await addHandUnit(db, cid, { name: `Bench ${String(u).padStart(3, '0')}` }, at));
  const sqlite = services.db.sqlite!;
  const insert = sqlite.prepare(
    `insert into trips (${TRIP_COLUMNS}) values (${Array(18).fill('?').join(',')}, null, 0)`,
  );
  const today = Date.parse(`${dayOf(ZONE, at)}T00:00:00+02:00`);
  sqlite.transaction(() => {
    // The first unit has a year of trips, the others a month.
    for (const [i, uid] of uids.entries())
      for (const row of tripRows(cid, uid, today, i === 0 ? 365 : 31)) insert.run(row);
  })();
  await services.db.close();
  return { uids, today };
}

/** Runs this file again in a child process with `vars` set, and answers what it printed. */
const child = (vars: Record<string, string>) =>
  execFileSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url)], {
    env: { ...process.env, ...vars },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });

interface Seeded {
  uids: number[];
  today: number;
}

/** Opens the seeded database in `dir` as the server does, with a session of its user. */
async function setUp(dir: string, seeded: Seeded) {
  const config = loadConfig({ DATA_DIR: dir, DEMO: '0' });
  const services = await createServices(config, createFastify(config).log);
  registerAllTasks();
  const db = services.db.db;
  const { nid, client_id } = await db
    .selectFrom('users')
    .select(['nid', 'client_id'])
    .where('username', '=', 'bench')
    .executeTakeFirstOrThrow();
  const meta = { requestId: 'bench', ip: '127.0.0.1', userAgent: 'bench', channel: 'bench' };
  const token = await createSession(db, { nid, client_id }, meta, config.sessionTtlMs);
  const user = (await resolveSession(db, token, config.sessionTtlMs))!;
  const ctx = () => new TaskContext(db, user, services, meta);
  const sqlite = services.db.sqlite!;
  const rows = (sqlite.prepare('select count(*) as n from trips').get() as { n: number }).n;
  return {
    rows,
    ...seeded,
    ctx,
    sqlite,
    close: () => services.db.close(),
  };
}

type Env = Awaited<ReturnType<typeof setUp>>;

const day = (ms: number) => dayOf(ZONE, ms);

async function run(env: Env, params: Record<string, unknown>, format: ReportFormat) {
  const t0 = performance.now();
  const doc = await buildReport(env.ctx(), params, {
    rowCap: null,
    brand: { title: 'Fleet Portal', logo: null },
  });
  const built = performance.now();
  const file = renderReport(doc, format);
  const sink = new Sink();
  await pipeline(file.stream as NodeJS.ReadableStream, sink);
  const ms = performance.now() - t0;
  return { ms, detail: `read ${(built - t0).toFixed(0)} ms, ${(sink.bytes / 1024).toFixed(0)} KB` };
}

/** The ceiling: the same trips rows by one raw SELECT, written as CSV lines by hand. */
function ceiling(env: Env, from: number, to: number, uids: number[]) {
  const t0 = performance.now();
  const stmt = env.sqlite.prepare(
    `select unit_id, type, start_time, end_time, distance, max_speed, duration from trips ` +
      `where unit_id in (${uids.join(',')}) and end_time > ? and start_time < ? order by unit_id, start_time`,
  );
  let bytes = 0;
  let n = 0;
  for (const r of stmt.iterate(from, to) as Iterable<Record<string, number>>) {
    bytes +=
      `${r.unit_id},${r.type},${r.start_time},${r.end_time},${r.distance},${r.max_speed},${r.duration}\n`
        .length;
    n++;
  }
  return { ms: performance.now() - t0, detail: `${n} rows, ${(bytes / 1024).toFixed(0)} KB` };
}

function paramsOf(env: Env) {
  const lastDay = day(env.today - DAY);
  return {
    pdf: {
      report: 'trips',
      ids: [env.uids[0]],
      ids_type: 'units',
      date_range: [day(env.today - 365 * DAY), lastDay],
      include_stops: 'yes',
    },
    csv: {
      report: 'fleet_summary',
      ids: env.uids,
      ids_type: 'units',
      date_range: [day(env.today - 31 * DAY), lastDay],
    },
  };
}

/** The memory child: each report once, then the process's peak resident memory in MB. */
async function memory(dir: string, seeded: Seeded): Promise<number> {
  const env = await setUp(dir, seeded);
  try {
    const params = paramsOf(env);
    await run(env, params.pdf, 'pdf');
    await run(env, params.csv, 'csv');
    return process.resourceUsage().maxRSS / 1024;
  } finally {
    await env.close();
  }
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-report-'));
  try {
    const seeded = JSON.parse(child({ BENCH_REPORT_SEED: dir })) as Seeded;
    const data = JSON.stringify(seeded);
    const rssMb = Number(child({ BENCH_REPORT_MEMORY: dir, BENCH_REPORT_DATA: data }));
    const env = await setUp(dir, seeded);
    try {
      const params = paramsOf(env);
      console.log(
        `${env.rows} trips and stops stored; ${FLEET_UNITS} vehicles; best of ${ROUNDS} rounds ` +
          `each; peak RSS of a process making each report once: ${rssMb.toFixed(0)} MB`,
      );
      // Warm-up, not counted: a running server has ECharts, the basemap and its code loaded.
      await run(env, params.pdf, 'pdf');
      await run(env, params.csv, 'csv');
      let pdf = Infinity;
      let csv = Infinity;
      let pdfCeiling = Infinity;
      let csvCeiling = Infinity;
      for (let r = 1; r <= ROUNDS; r++) {
        const a = await run(env, params.pdf, 'pdf');
        pdf = Math.min(pdf, a.ms);
        const ca = ceiling(env, env.today - 365 * DAY, env.today, [env.uids[0]]);
        pdfCeiling = Math.min(pdfCeiling, ca.ms);
        console.log(
          `round ${r} trips PDF: ${a.ms.toFixed(0)} ms (${a.detail}); ` +
            `ceiling ${ca.ms.toFixed(0)} ms (${ca.detail})`,
        );
        const b = await run(env, params.csv, 'csv');
        csv = Math.min(csv, b.ms);
        const cb = ceiling(env, env.today - 31 * DAY, env.today, env.uids);
        csvCeiling = Math.min(csvCeiling, cb.ms);
        console.log(
          `round ${r} fleet summary CSV: ${b.ms.toFixed(0)} ms (${b.detail}); ` +
            `ceiling ${cb.ms.toFixed(0)} ms (${cb.detail})`,
        );
      }
      console.log(
        `against the ceiling (its best over the report's best): trips PDF ` +
          `${(pdfCeiling / pdf).toFixed(3)}, fleet summary CSV ${(csvCeiling / csv).toFixed(2)}`,
      );
      const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
      console.log(
        `targets: PDF under ${TARGETS.pdf} ms ${met(pdf < TARGETS.pdf)}, CSV under ` +
          `${TARGETS.csv} ms ${met(csv < TARGETS.csv)}, peak RSS under ${TARGETS.rssMb} MB ` +
          `${met(rssMb < TARGETS.rssMb)}`,
      );
      console.log(
        `report: 1 unit x 365 days trips PDF in ${pdf.toFixed(0)} ms; ${FLEET_UNITS} units x 31 ` +
          `days fleet summary CSV in ${csv.toFixed(0)} ms; peak RSS ${rssMb.toFixed(0)} MB`,
      );
    } finally {
      await env.close();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const { BENCH_REPORT_SEED: seedDir, BENCH_REPORT_MEMORY: memoryDir } = process.env;
if (seedDir) process.stdout.write(JSON.stringify(await seed(seedDir)));
else if (memoryDir)
  process.stdout.write(String(await memory(memoryDir, JSON.parse(process.env.BENCH_REPORT_DATA!))));
else await main();
