// Area search benchmark (npm run bench:area): the get_area_visits query (server/src/tasks/
// area-visits.ts searchArea, through the tenant layer as the task runs it) over 50 units × 30 days
// of positions, about 1,000 fixes per unit-day, on SQLite in a temporary DATA_DIR. Prints each
// round and, last:
//   area search: <ms> ms for <rows> positions, <visits> visits
// where <ms> is the best of BENCH_ROUNDS (default 3) searches of the whole 30 days, <rows> the
// positions stored in that range, <visits> the visits found.
//
// The drives: each unit-day is a random drive around Johannesburg from 06:00, a fix every 50 s;
// on one day in four the unit starts it at the depot (loading for its first 20 fixes), so the
// depot polygon searched is visited about 375 times.
// BENCH_UNITS (default 50), BENCH_DAYS (default 30) and BENCH_FIXES (per unit-day, default 1000)
// size it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { seededRandom } from '../../common/src/random';
import { migrate, openDb } from '../../server/src/db';
import { Tenant } from '../../server/src/tasks/tenant';
import { polygonArea, searchArea } from '../../server/src/tasks/area-visits';

const UNITS = Number(process.env.BENCH_UNITS ?? 50);
const DAYS = Number(process.env.BENCH_DAYS ?? 30);
const FIXES = Number(process.env.BENCH_FIXES ?? 1000);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const DAY = 86_400_000;
const START = Date.UTC(2026, 9, 1) - 2 * 3600_000; // 1 October 2026, 00:00 in Johannesburg

// The depot yard, about 400 m by 300 m in Johannesburg's south.
const DEPOT = { lat: -26.2485, lon: 28.0631 };
const YARD = [
  { lat: DEPOT.lat - 0.0015, lon: DEPOT.lon - 0.002 },
  { lat: DEPOT.lat - 0.0015, lon: DEPOT.lon + 0.002 },
  { lat: DEPOT.lat + 0.0012, lon: DEPOT.lon + 0.0022 },
  { lat: DEPOT.lat + 0.0015, lon: DEPOT.lon - 0.0018 },
];

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-area-'));
  const handle = openDb({ dataDir });
  try {
    await migrate(handle);
    const { db } = handle;
    const sqlite = handle.sqlite!;
    const client = await db
      .insertInto('clients')
      .values({ name: 'Bench Fleet', state: 1, created: START })
      .returning('cid')
      .executeTakeFirstOrThrow();
    const units = [];
    for (let u = 0; u < UNITS; u++) {
      const row = await db
        .insertInto('units')
        .values({
          client_id: client.cid,
          name: `Truck ${u}`,
          reg: `AREA ${u} GP`,
          icon_colour: 'blue',
          icon_type: 0,
          vehicle_class_ref: 'truck_trailer',
          service_type: 'full',
          unit_type: 'Wired',
          active: 1,
          display: 1,
          driver_id: null,
          last_disconnect: null,
          device_id: String(356307050000000 + u),
          protocol: 'teltonika',
          stock_status: 5,
          created: START,
        })
        .returning(['uid', 'name', 'reg'])
        .executeTakeFirstOrThrow();
      units.push(row);
    }

    const built = Date.now();
    const insert = sqlite.prepare(
      `insert into positions (unit_id, fix_time, server_time, lat, lon, speed, course, altitude,
        satellites, valid, ignition, odometer, attributes) values (?, ?, ?, ?, ?, ?, ?, null, 9, 1, 1, 0, '{}')`,
    );
    const rand = seededRandom(20261001);
    // Like the gateway writes them: all units' fixes of a stretch of time interleaved.
    const day = sqlite.transaction((d: number) => {
      const state = units.map(() => ({ lat: 0, lon: 0, course: 0 }));
      units.forEach((_, u) => {
        const atDepot = rand() < 0.25;
        state[u] = {
          lat: atDepot ? DEPOT.lat : -26.2 + (rand() - 0.5) * 0.3,
          lon: atDepot ? DEPOT.lon : 28.05 + (rand() - 0.5) * 0.3,
          course: rand() * 360,
        };
      });
      const parked = state.map((s) => s.lat === DEPOT.lat && s.lon === DEPOT.lon);
      for (let i = 0; i < FIXES; i++) {
        const time = START + d * DAY + 6 * 3600_000 + i * 50_000;
        units.forEach((unit, u) => {
          const s = state[u];
          // A unit that starts at the depot loads for its first 20 fixes, then drives off.
          if (parked[u] && i < 20) {
            const lat = DEPOT.lat + (rand() - 0.5) * 0.0004;
            const lon = DEPOT.lon + (rand() - 0.5) * 0.0004;
            insert.run(unit.uid, time + u * 7, time + u * 7, lat, lon, 0, s.course);
            return;
          }
          s.course = (s.course + (rand() - 0.5) * 40 + 360) % 360;
          const speed = 20 + rand() * 60;
          const metres = (speed / 3.6) * 50;
          s.lat += (Math.cos((s.course * Math.PI) / 180) * metres) / 111_320;
          s.lon += (Math.sin((s.course * Math.PI) / 180) * metres) / 99_900;
          insert.run(unit.uid, time + u * 7, time + u * 7, s.lat, s.lon, speed, s.course);
        });
      }
    });
    for (let d = 0; d < DAYS; d++) day(d);
    sqlite.pragma('wal_checkpoint(TRUNCATE)');
    const count = await db
      .selectFrom('positions')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    console.log(
      `built ${count.n} positions (${UNITS} units × ${DAYS} days × ${FIXES}) in ${Date.now() - built} ms`,
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
      const res = await searchArea(
        (ids, scan) => tenant.positionsOf(ids, scan),
        units,
        area,
        from,
        to,
      );
      const ms = performance.now() - t0;
      best = Math.min(best, ms);
      visits = res.visits.length;
      const cpu = process.cpuUsage(cpu0);
      const cpuMs = Math.round((cpu.user + cpu.system) / 1000);
      console.log(
        `round ${r + 1}: ${Math.round(ms)} ms (CPU ${cpuMs} ms), ${res.rows} fixes in the box`,
      );
    }
    console.log(`area search: ${Math.round(best)} ms for ${count.n} positions, ${visits} visits`);
  } finally {
    await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
