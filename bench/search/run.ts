// Recovery desk search benchmark (npm run bench:search; issue 16 item 5: "answering as you type,
// under 100 ms for 10,000 units"). Seeds a database with 10,000 units over 1,000 clients, each
// client with three people (names, cellphones, e-mails) and each unit with a name, registration,
// VIN, device identifier and live state; then, as a support user, runs the `search` task (the
// registered task with its parameter schema, the tenant layer and the three ranked lists) for a
// set of typical texts, ROUNDS times each, after an untimed warm-up round.
//
// SQLite in a temporary DATA_DIR by default; BENCH_DATABASE=postgres runs on a scratch PostgreSQL
// database made (and dropped) through BENCH_POSTGRES_URL (default: TEST_POSTGRES_URL, else
// postgres://postgres@127.0.0.1:5432/postgres).
//
// Prints p50/p95 per text and overall, against the ceiling measured in the same run: one bare
// query per text that reads the unit ids whose fields contain it (the scan the task cannot avoid,
// without ranking, state, clients or people), and last
//   search: 10000 units, p95 <ms> ms
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { TASK_PARAMS } from '../../common/src';
import { createSession, resolveSession } from '../../server/src/auth/sessions';
import { now } from '../../server/src/clock';
import { loadConfig } from '../../server/src/config';
import { createServices } from '../../server/src/server';
import { TaskContext } from '../../server/src/tasks/context';
import { registerAllTasks } from '../../server/src/tasks';
import { getTask } from '../../server/src/tasks/registry';
import { addHandClient } from '../../server/test/support/hand-fleet';
import { createFastify } from '../../server/src/http/app';
import { createBenchDatabase } from '../postgres-db';

const UNITS = Number(process.env.BENCH_UNITS ?? 10_000);
const UNITS_PER_CLIENT = 10;
const PEOPLE_PER_CLIENT = 3;
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 30));
const TARGET_MS = 100;
const POSTGRES = process.env.BENCH_DATABASE === 'postgres';

const MAKES = [
  ['Toyota', 'Hilux'],
  ['Isuzu', 'D-Max'],
  ['Ford', 'Ranger'],
  ['VW', 'Polo'],
  ['Toyota', 'Corolla'],
  ['Hino', '500'],
  ['Mercedes', 'Sprinter'],
  ['Nissan', 'NP200'],
  ['MAN', 'TGS'],
  ['Hyundai', 'H100'],
];
const FIRST = [
  'Sipho',
  'Thandi',
  'Johan',
  'Pieter',
  'Nomvula',
  'Ahmed',
  'Themba',
  'Lerato',
  'Anita',
  'David',
  'Zanele',
  'Kobus',
];
const SURNAMES = [
  'Nkosi',
  'Mokoena',
  'van der Merwe',
  'Botha',
  'Dlamini',
  'Patel',
  'Khumalo',
  'Molefe',
  'Naidoo',
  'Smith',
  'Mahlangu',
  'Steyn',
  'Pillay',
  'Ndlovu',
];
const TRADES = [
  'Logistics',
  'Transport',
  'Couriers',
  'Plant Hire',
  'Farming',
  'Construction',
  'Security',
  'Freight',
];
const TOWNS = [
  'Johannesburg',
  'Pretoria',
  'Durban',
  'Cape Town',
  'Polokwane',
  'Nelspruit',
  'Bloemfontein',
  'Gqeberha',
];
const LETTERS = 'BCDFGHJKLMNPRSTVWXYZ';

/** What the user types: a model, a registration's start, an IMEI's start, a VIN's middle, ... */
const TEXTS = [
  'hilux',
  'bx 44',
  'cf161',
  '35630704',
  'ahtfr',
  'naidoo',
  'thandi mok',
  '082 55',
  'logistics',
  'a',
  'zz',
  'nobody-has-this',
];

const pick = <T>(list: readonly T[], i: number) => list[i % list.length];

function unitRow(cid: number, i: number, at: number) {
  const [make, model] = pick(MAKES, i);
  // Every pair of letters, so that a registration's start ("BX 12") is found as it is typed.
  const letters = `${pick([...LETTERS], i)}${pick([...LETTERS], Math.floor(i / LETTERS.length))}`;
  const reg = `${letters} ${String(100 + (i % 900)).padStart(3, '0')} ${pick(['GP', 'ZN', 'WC', 'LP', 'MP'], i)}`;
  const vin = `AHT${pick(['FR', 'GB', 'KX', 'ZZ'], i)}${crypto.createHash('md5').update(String(i)).digest('hex').slice(0, 12).toUpperCase()}`;
  return {
    client_id: cid,
    name: `${make} ${model} ${pick(TOWNS, i).slice(0, 3).toUpperCase()}-${String(i).padStart(5, '0')}`,
    reg,
    icon_colour: 'blue',
    icon_type: 0,
    vehicle_class_ref: 'bakkie',
    service_type: pick(['full', 'full', 'lite', 'recovery', 'backup', 'stealth'], i),
    unit_type: 'Wired',
    active: 1,
    display: 1,
    driver_id: null,
    last_disconnect: null,
    device_id: String(356307042400000 + i),
    protocol: 'teltonika',
    stock_status: 5,
    created: at,
    make,
    model,
    vin,
  };
}

function personRow(cid: number, i: number, at: number) {
  const first = pick(FIRST, i);
  const surname = pick(SURNAMES, Math.floor(i / FIRST.length));
  return {
    client_id: cid,
    first_name: first,
    surname,
    title: 'Mr',
    rank: i % PEOPLE_PER_CLIENT,
    roles: JSON.stringify(i % 3 === 0 ? [0, 8] : [0, 6]),
    contact_roles: '[]',
    email: `${first}.${surname.replace(/\s+/g, '')}${i}@example.co.za`.toLowerCase(),
    cellphone: `08${String(20_000_000 + ((i * 7919) % 80_000_000)).padStart(8, '0')}`,
    licence_class: 'B',
    licence_expiry: null,
    prdp_expiry: null,
    driver_tag: null,
    created: at,
  };
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)];
};
const ms = (x: number) => x.toFixed(1);

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-search-'));
  const scratch = POSTGRES ? await createBenchDatabase('bench_search') : null;
  const config = loadConfig({
    DATA_DIR: dir,
    DEMO: '0',
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
  });
  const services = await createServices(config, createFastify(config).log);
  try {
    const db = services.db.db;
    const at = now();
    // Seeding.
    const t0 = performance.now();
    const provider = await addHandClient(
      db,
      'Tracking Provider',
      [{ username: 'bench', type: 'support' }],
      at,
    );
    const clients = Math.ceil(UNITS / UNITS_PER_CLIENT);
    const cids: number[] = [];
    for (let c = 0; c < clients; c += 500) {
      const rows = Array.from({ length: Math.min(500, clients - c) }, (_, k) => ({
        name: `${pick(TOWNS, c + k)} ${pick(TRADES, (c + k) * 3)} ${c + k + 1}`,
        state: 1,
        created: at,
      }));
      const ids = await db.insertInto('clients').values(rows).returning('cid').execute();
      cids.push(...ids.map((r) => r.cid));
    }
    for (let i = 0; i < UNITS; i += 500) {
      const rows = Array.from({ length: Math.min(500, UNITS - i) }, (_, k) =>
        unitRow(cids[Math.floor((i + k) / UNITS_PER_CLIENT)], i + k, at),
      );
      const ids = await db
        .insertInto('units')
        .values(rows)
        .returning(['uid', 'client_id'])
        .execute();
      await db
        .insertInto('unit_state')
        .values(
          ids.map((u, k) => ({
            unit_id: u.uid,
            client_id: u.client_id,
            fix_time: at - ((i + k) % 3) * 3600_000,
            server_time: at - ((i + k) % 3) * 3600_000,
            lat: -26.2 + ((i + k) % 100) / 100,
            lon: 28 + ((i + k) % 70) / 100,
            speed: 0,
            course: 0,
            ignition: 0,
            motion: 0,
            park_state: 1,
            park_since: at,
            odometer: 1_000_000,
            engine_hours: 0,
            power: 12.6,
            battery: 4.1,
            gsm: 4,
            driver_id: null,
            attributes: '{}',
          })),
        )
        .execute();
    }
    const people = clients * PEOPLE_PER_CLIENT;
    for (let i = 0; i < people; i += 500) {
      const rows = Array.from({ length: Math.min(500, people - i) }, (_, k) =>
        personRow(cids[Math.floor((i + k) / PEOPLE_PER_CLIENT)], i + k, at),
      );
      await db.insertInto('people').values(rows).execute();
    }
    if (services.db.dialect === 'postgres') await sql`analyze`.execute(db);
    const seeded = performance.now() - t0;

    registerAllTasks();
    const task = getTask('search')!;
    const { nid } = await db
      .selectFrom('users')
      .select('nid')
      .where('username', '=', 'bench')
      .executeTakeFirstOrThrow();
    const meta = { requestId: 'bench', ip: '127.0.0.1', userAgent: 'bench', channel: 'bench' };
    const token = await createSession(db, { nid, client_id: provider }, meta, config.sessionTtlMs);
    const user = (await resolveSession(db, token, config.sessionTtlMs))!;
    const search = async (q: string) => {
      const ctx = new TaskContext(db, user, services, meta);
      const params = TASK_PARAMS.search.parse({ q, limit: 10 });
      return (await task.handler(ctx, params)) as {
        search: { units: unknown[]; clients: unknown[]; people: unknown[] };
      };
    };
    const ceiling = async (q: string) => {
      const like = `%${q.toLowerCase()}%`;
      await sql`select uid from units where lower(name) like ${like} or lower(reg) like ${like} or lower(vin) like ${like} or lower(coalesce(device_id, '')) like ${like}`.execute(
        db,
      );
    };

    console.log(
      `${services.db.dialect}: ${UNITS} units, ${clients} clients, ${people} people seeded in ` +
        `${(seeded / 1000).toFixed(1)} s; ${ROUNDS} rounds of ${TEXTS.length} texts`,
    );
    // Warm-up, not counted: prepared statements, the planner's statistics, the code's first run.
    for (const q of TEXTS) {
      await search(q);
      await ceiling(q);
    }
    const times = new Map<string, number[]>(TEXTS.map((q) => [q, []]));
    const floors = new Map<string, number[]>(TEXTS.map((q) => [q, []]));
    const hits = new Map<string, string>();
    for (let r = 0; r < ROUNDS; r++)
      for (const q of TEXTS) {
        let t = performance.now();
        const answer = await search(q);
        times.get(q)!.push(performance.now() - t);
        const s = answer.search;
        hits.set(q, `${s.units.length}/${s.clients.length}/${s.people.length}`);
        t = performance.now();
        await ceiling(q);
        floors.get(q)!.push(performance.now() - t);
      }
    for (const q of TEXTS) {
      const a = times.get(q)!;
      const c = floors.get(q)!;
      console.log(
        `${JSON.stringify(q).padEnd(18)} units/clients/people ${hits.get(q)!.padEnd(8)} ` +
          `p50 ${ms(pct(a, 0.5))} ms, p95 ${ms(pct(a, 0.95))} ms; ` +
          `ceiling p50 ${ms(pct(c, 0.5))} ms, p95 ${ms(pct(c, 0.95))} ms`,
      );
    }
    const all = [...times.values()].flat();
    const allFloor = [...floors.values()].flat();
    const p95 = pct(all, 0.95);
    console.log(
      `all texts: p50 ${ms(pct(all, 0.5))} ms, p95 ${ms(p95)} ms; ceiling (the bare unit scan) ` +
        `p50 ${ms(pct(allFloor, 0.5))} ms, p95 ${ms(pct(allFloor, 0.95))} ms`,
    );
    console.log(`target: p95 under ${TARGET_MS} ms ${p95 < TARGET_MS ? 'met' : 'NOT met'}`);
    console.log(`search: ${UNITS} units, p95 ${ms(p95)} ms`);
  } finally {
    await services.db.close();
    await scratch?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
