// Area search benchmark (npm run bench:area): the get_area_visits search (server/src/tasks/
// area-visits.ts searchArea, through the tenant layer as the task runs it) over 50 units × 30 days
// of fixes, about 1,000 per unit-day, on SQLite in a temporary DATA_DIR. Prints how the data was
// built, each round, and last:
//   area search: <ms> ms for <rows> positions, <visits> visits
// where <ms> is the best of BENCH_ROUNDS (default 3) searches of the whole 30 days, <rows> the
// positions stored in that range and <visits> the visits found.
//
// The data goes through the real pipeline (createPipeline with the cached-statement writer, as
// bench:ingest runs it), so that trips and stops with their boxes are stored as in production: all
// units' fixes in time order as a live fleet sends them, each device a packet of its last 2 minutes
// of fixes. Each unit parks overnight at its base (a fix every 10 minutes), and from 06:00 drives
// legs of a few kilometres to customers in its part of Johannesburg (a fix every 5 s at 30-80 km/h),
// standing 10-45 minutes at each (a fix every 5 minutes). One unit in five stops at the depot
// once a day, one in five drives straight through its yard once a day; the depot yard (about
// 400 m × 300 m) is the area searched.
// BENCH_UNITS (default 50), BENCH_DAYS (default 30) and BENCH_ROUNDS size it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { seededRandom, type Random } from '../../common/src/random';
import { migrate, type Database } from '../../server/src/db';
import type { DeviceRecord } from '../../server/src/ingest/types';
import { createMemoryBus } from '../../server/src/live/bus';
import { createPipeline } from '../../server/src/pipeline';
import { Tenant } from '../../server/src/tasks/tenant';
import { polygonArea, searchArea } from '../../server/src/tasks/area-visits';
import { unitRow } from '../../server/test/support/raw-rows';

const UNITS = Number(process.env.BENCH_UNITS ?? 50);
const DAYS = Number(process.env.BENCH_DAYS ?? 30);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const DAY = 86_400_000;
const MIN = 60_000;
const START = Date.UTC(2026, 9, 1) - 2 * 3600_000; // 1 October 2026, 00:00 in Johannesburg
const PACKET_MS = 2 * MIN;

// The depot yard, about 400 m by 300 m in Johannesburg's south.
const DEPOT = { lat: -26.2485, lon: 28.0631 };
const YARD = [
  { lat: DEPOT.lat - 0.0015, lon: DEPOT.lon - 0.002 },
  { lat: DEPOT.lat - 0.0015, lon: DEPOT.lon + 0.002 },
  { lat: DEPOT.lat + 0.0012, lon: DEPOT.lon + 0.0022 },
  { lat: DEPOT.lat + 0.0015, lon: DEPOT.lon - 0.0018 },
];

const imei = (u: number) => String(356307050000000 + u);

interface Fix {
  time: number;
  lat: number;
  lon: number;
  speed: number;
  course: number;
}

interface Place {
  lat: number;
  lon: number;
}

const metresBetween = (a: Place, b: Place) =>
  Math.hypot((a.lat - b.lat) * 111_320, (a.lon - b.lon) * 99_900);

/** Somewhere around Johannesburg, within about 15 km of the centre. */
const somewhere = (rand: Random): Place => ({
  lat: -26.2 + (rand() - 0.5) * 0.27,
  lon: 28.05 + (rand() - 0.5) * 0.3,
});

/** One unit's day: parked at its base until about 06:00, legs to customers, home by the evening. */
function unitDay(u: number, day: number, base: Place, rand: Random): Fix[] {
  const out: Fix[] = [];
  const dayStart = START + day * DAY;
  let t = dayStart + Math.floor(rand() * 10) * 1000;
  let at = { ...base };
  const park = (until: number, every: number) => {
    for (t += every; t < until; t += every) {
      out.push({
        time: t,
        lat: at.lat + (rand() - 0.5) * 0.00008,
        lon: at.lon + (rand() - 0.5) * 0.00008,
        speed: 0,
        course: 0,
      });
    }
  };
  const drive = (to: Place) => {
    const speed = 30 + rand() * 50;
    const step = (speed / 3.6) * 5;
    while (metresBetween(at, to) > step) {
      const d = metresBetween(at, to);
      const wobble = (rand() - 0.5) * 0.3;
      const dLat = ((to.lat - at.lat) * 111_320) / d;
      const dLon = ((to.lon - at.lon) * 99_900) / d;
      const lat = dLat * Math.cos(wobble) - dLon * Math.sin(wobble);
      const lon = dLat * Math.sin(wobble) + dLon * Math.cos(wobble);
      at = { lat: at.lat + (lat * step) / 111_320, lon: at.lon + (lon * step) / 99_900 };
      t += 5_000;
      const course = ((Math.atan2(lon, lat) * 180) / Math.PI + 360) % 360;
      out.push({ time: t, lat: at.lat, lon: at.lon, speed: speed + (rand() - 0.5) * 10, course });
    }
    at = { ...to };
    t += 5_000;
    out.push({ time: t, lat: at.lat, lon: at.lon, speed: 10, course: 0 });
  };
  park(dayStart + 6 * 3600_000 + Math.floor(rand() * 60) * MIN, 10 * MIN);
  const legs = 5 + Math.floor(rand() * 4);
  const depotLeg = u % 5 === 0 || u % 5 === 1 ? Math.floor(rand() * legs) : -1;
  for (let leg = 0; leg < legs; leg++) {
    if (leg === depotLeg && u % 5 === 1) {
      // Straight through the yard on the way to the next customer.
      const west = { lat: DEPOT.lat, lon: DEPOT.lon - 0.02 };
      const east = { lat: DEPOT.lat, lon: DEPOT.lon + 0.02 };
      drive(west);
      drive(DEPOT);
      drive(east);
    } else {
      // The next customer: a few kilometres away, in the unit's part of town.
      const next = {
        lat: at.lat * 0.7 + base.lat * 0.3 + (rand() - 0.5) * 0.09,
        lon: at.lon * 0.7 + base.lon * 0.3 + (rand() - 0.5) * 0.09,
      };
      drive(leg === depotLeg ? DEPOT : next);
    }
    park(t + (10 + Math.floor(rand() * 35)) * MIN, 5 * MIN);
  }
  drive(base);
  park(dayStart + DAY, 10 * MIN);
  return out;
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-area-'));
  const sqlite = new SQLite(path.join(dataDir, 'portal.sqlite'));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  try {
    await migrate({ db, dialect: 'sqlite', close: () => db.destroy() });
    const client = await db
      .insertInto('clients')
      .values({ name: 'Bench Fleet', state: 1, created: START })
      .returning('cid')
      .executeTakeFirstOrThrow();
    const units = [];
    for (let u = 0; u < UNITS; u++) {
      const row = await db
        .insertInto('units')
        .values(
          unitRow(client.cid, imei(u), START, {
            name: `Truck ${u}`,
            reg: `AREA ${u} GP`,
            vehicle_class_ref: 'truck_trailer',
          }),
        )
        .returning(['uid', 'name', 'reg'])
        .executeTakeFirstOrThrow();
      units.push(row);
    }

    let clock = START;
    const pipeline = createPipeline({
      db,
      dialect: 'sqlite',
      sqlite,
      bus: createMemoryBus(),
      config: { expireIntervalMs: 0, batchMaxDelayMs: 1 },
      clock: () => clock,
    });
    const built = performance.now();
    const rand = seededRandom(20261001);
    const bases = units.map(() => somewhere(rand));
    let sent = 0;
    for (let d = 0; d < DAYS; d++) {
      // The day's fixes of every unit, sent in time order: every 2 minutes of fix time each
      // device sends a packet of the fixes it took since its last one, all devices at once.
      const tracks = units.map((_, u) => unitDay(u, d, bases[u], rand));
      const dayEnd = START + (d + 1) * DAY;
      await Promise.all(
        tracks.map(async (track, u) => {
          let next = 0;
          for (let until = START + d * DAY + PACKET_MS; until <= dayEnd; until += PACKET_MS) {
            const packet: DeviceRecord[] = [];
            for (; next < track.length && track[next].time < until; next++) {
              const f = track[next];
              packet.push({
                deviceId: imei(u),
                protocol: 'teltonika',
                fixTime: f.time,
                hasLocation: true,
                valid: true,
                lat: f.lat,
                lon: f.lon,
                speed: f.speed,
                course: f.course,
                satellites: 9,
                ignition: f.speed > 0,
                events: [],
                attributes: {},
              });
            }
            if (!packet.length) continue;
            clock = Math.max(clock, until + 1000);
            sent += packet.length;
            // The device sends its next packet once this one is acknowledged (committed).
            await pipeline.submit(packet);
          }
          // Fixes after the last packet of the day wait for the next day's first.
          if (next < track.length) throw new Error(`unit ${u}: fixes left over on day ${d}`);
        }),
      );
    }
    await pipeline.flush();
    await pipeline.close();
    sqlite.pragma('wal_checkpoint(TRUNCATE)');
    const count = async (q: string) =>
      Number((await sql<{ n: number }>`${sql.raw(q)}`.execute(db)).rows[0].n);
    const stored = await count('select count(*) as n from positions');
    const trips = await count('select count(*) as n from trips where type = 0');
    const stops = await count('select count(*) as n from trips where type = 1');
    const boxed = await count('select count(*) as n from trips where min_lat is not null');
    console.log(
      `built ${stored} positions of ${sent} sent (${UNITS} units × ${DAYS} days), ${trips} trips and ` +
        `${stops} stops (${boxed} with a box) through the pipeline in ` +
        `${Math.round(performance.now() - built)} ms`,
    );

    // As the task runs it: through the tenant layer of a full user who sees every unit.
    const tenant = new Tenant(db, {
      nid: 1,
      clientId: client.cid,
      username: 'bench',
      userType: 'full',
      roles: ['feature_locations_view'],
      allUnits: true,
      sessionId: 1,
    });
    const area = polygonArea(YARD);
    const from = START;
    const to = START + DAYS * DAY;
    let best = Infinity;
    let visits = 0;
    for (let r = 0; r < ROUNDS; r++) {
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      const res = await searchArea(tenant, units, area, from, to);
      const ms = performance.now() - t0;
      best = Math.min(best, ms);
      visits = res.visits.length;
      const cpu = process.cpuUsage(cpu0);
      const cpuMs = Math.round((cpu.user + cpu.system) / 1000);
      console.log(
        `round ${r + 1}: ${Math.round(ms)} ms (CPU ${cpuMs} ms), ${res.spans} spans, ` +
          `${res.rows} positions read`,
      );
    }
    console.log(`area search: ${Math.round(best)} ms for ${stored} positions, ${visits} visits`);

    // The cost of migration 0008's backfill on this database: the same UPDATE over every row.
    const t0 = performance.now();
    await sql`update trips set (min_lat, min_lon, max_lat, max_lon) = (
        select min(p.lat), min(p.lon), max(p.lat), max(p.lon) from positions p
        where p.unit_id = trips.unit_id and p.fix_time >= trips.start_time
          and p.fix_time <= trips.end_time)`.execute(db);
    console.log(
      `backfill of ${trips + stops} trips and stops (0008): ${Math.round(performance.now() - t0)} ms`,
    );
  } finally {
    await db.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
