// What the ingest bench's runs share: the database as the server opens it, the bench fleet's units,
// and the ceiling (plain prepared inserts of the same rows into the same table).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { PerformanceObserver, type PerformanceObserverEntryList } from 'node:perf_hooks';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { Kysely, Selectable } from 'kysely';
import { migrate, openDb, type Database, type Db } from '../../server/src/db';
import type { PositionsTable } from '../../server/src/db/types';
import type { Protocol } from '../../server/src/ingest/types';
import { decodeTeltonikaAvl } from '../../server/src/ingest/protocols/teltonika';
import type { Pipeline } from '../../server/src/pipeline';
import { unitRow } from '../../server/test/support/raw-rows';

export type PositionRow = Selectable<PositionsTable>;

export const rate = (n: number, ms: number) => Math.round((n / ms) * 1000);

export const cpuMillis = (since: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(since);
  return (u.user + u.system) / 1000;
};

/** Counts the garbage collector's pauses from now on, until `stop()`. */
export function watchGc() {
  let count = 0;
  let ms = 0;
  const add = (list: PerformanceObserverEntryList) => {
    for (const e of list.getEntries()) {
      count++;
      ms += e.duration;
    }
  };
  const observer = new PerformanceObserver(add);
  observer.observe({ entryTypes: ['gc'] });
  return {
    /** The pauses' count and milliseconds (their entries arrive on a later turn of the loop). */
    async stop() {
      await new Promise((resolve) => setTimeout(resolve, 10));
      observer.disconnect();
      return { count, ms };
    },
  };
}

/**
 * Writes out what the rounds before left in the page cache, before a timed window starts: a
 * round's checkpoint (or a closing connection's) must not slow down the next round's fsyncs,
 * whichever side that is.
 */
export function settleDisk(): void {
  execFileSync('sync');
}

/** The bench device of unit `u`: a 15-digit IMEI. */
export const imei = (u: number) => String(356307040000000 + u);

/** One client with `count` trucks whose devices speak `protocol`; returns the client. */
export async function seedUnits(
  db: Kysely<Database>,
  count: number,
  protocol: Protocol,
  deviceId: (u: number) => string,
): Promise<{ cid: number }> {
  const client = await db
    .insertInto('clients')
    .values({ name: 'Bench Fleet', state: 1, created: Date.now() })
    .returning('cid')
    .executeTakeFirstOrThrow();
  for (let u = 0; u < count; u += 200) {
    const rows = [];
    for (let k = u; k < Math.min(count, u + 200); k++) {
      rows.push(
        unitRow(client.cid, deviceId(k), Date.now(), {
          name: `Truck ${k}`,
          reg: `BENCH ${k} GP`,
          vehicle_class_ref: 'truck_trailer',
          protocol,
        }),
      );
    }
    await db.insertInto('units').values(rows).execute();
  }
  return client;
}

/**
 * The database as the server opens it (openDb: its file name, pragmas and checkpoint worker),
 * with the better-sqlite3 handle that the pipeline's cached-statement writer uses.
 */
export function openSqlite(dataDir: string): { handle: Db; sqlite: SQLite.Database } {
  const handle = openDb({ dataDir });
  if (!handle.sqlite) throw new Error('openDb did not open SQLite');
  return { handle, sqlite: handle.sqlite };
}

/** Plain prepared single-row inserts of the same rows, `perTx` to a transaction, on a fresh table. */
export async function runCeiling(
  dataDir: string,
  name: string,
  rows: PositionRow[],
  perTx: number,
) {
  const file = path.join(dataDir, `${name}.sqlite`);
  const handle = openDb({ dataDir, databaseUrl: `sqlite:${file}` });
  await migrate(handle);
  await handle.close();
  const raw = new SQLite(file);
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = NORMAL');
  const insert = raw.prepare(
    'insert into positions (unit_id, fix_time, server_time, lat, lon, speed, course, altitude, satellites, valid, ignition, odometer, attributes) values (?,?,?,?,?,?,?,?,?,?,?,?,?)',
  );
  const params = rows.map((r) => [
    r.unit_id,
    r.fix_time,
    r.server_time,
    r.lat,
    r.lon,
    r.speed,
    r.course,
    r.altitude,
    r.satellites,
    r.valid,
    r.ignition,
    r.odometer,
    r.attributes,
  ]);
  const begin = raw.prepare('BEGIN');
  const commit = raw.prepare('COMMIT');
  settleDisk();
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < params.length; i += perTx) {
    begin.run();
    const end = Math.min(params.length, i + perTx);
    for (let k = i; k < end; k++) insert.run(params[k]);
    commit.run();
  }
  const ms = performance.now() - started;
  const cpuMs = cpuMillis(cpu);
  raw.close();
  return { ms, cpuMs };
}

/**
 * The fleet's Codec 8 frames decoded and submitted, each device sending its next frame once the
 * last is committed; returns the records decoded.
 */
export async function sendCodec8(pipeline: Pipeline, frames: Buffer[][]): Promise<number> {
  let decoded = 0;
  await Promise.all(
    frames.map(async (mine, u) => {
      const id = imei(u);
      if (!(await pipeline.identify('teltonika', id, '127.0.0.1')))
        throw new Error(`${id} refused`);
      for (const frame of mine) {
        const res = decodeTeltonikaAvl(frame, 0, frame.length, id);
        if (res.status !== 'ok') throw new Error(`frame of ${id}: ${res.status}`);
        decoded += res.records.length;
        await pipeline.submit(res.records);
      }
    }),
  );
  await pipeline.flush();
  return decoded;
}

/** How many positions are stored, and (when `keep`) the rows, for the ceiling. */
export async function storedPositions(
  db: Kysely<Database>,
  keep: boolean,
): Promise<{ stored: number; rows: PositionRow[] }> {
  const { n } = await db
    .selectFrom('positions')
    .select(db.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  const rows = keep ? await db.selectFrom('positions').selectAll().orderBy('id').execute() : [];
  return { stored: Number(n), rows };
}

/** The inspector's CPU profiler, for BENCH_PROFILE. */
export async function startProfile() {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
  // Where the window allocates, sampled every 32 KB (open the .heapprofile in Chrome DevTools).
  await session.post('HeapProfiler.enable');
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: 32 * 1024,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  return {
    async stop(file: string) {
      const { profile } = await session.post('Profiler.stop');
      fs.writeFileSync(file, JSON.stringify(profile));
      const heap = await session.post('HeapProfiler.stopSampling');
      const heapFile = file.replace(/(\.cpuprofile)?$/, '.heapprofile');
      fs.writeFileSync(heapFile, JSON.stringify(heap.profile));
      session.disconnect();
      console.log(`profiles of the timed window: ${file}, ${heapFile}`);
    },
  };
}
