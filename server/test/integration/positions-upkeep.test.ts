// Positions upkeep (issue 17): on PostgreSQL, positions live in day partitions that the jobs role
// makes ahead, fills from the default partition and drops past POSITIONS_RETENTION_DAYS; a read
// across partitions answers as one table would; rows stored before partitioning move into their
// days. On SQLite the same job deletes the rows past the retention.
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openDb, type Db } from '../../src/db';
import { DAY_MS, DEFAULT_PARTITION, listPartitions } from '../../src/db/partitions';
import { resetClock, setClock } from '../../src/clock';
import { createJobRunner, type JobLog } from '../../src/jobs';
import { positionsUpkeepJob } from '../../src/jobs/positions-upkeep';
import { createMemoryBus } from '../../src/live/bus';
import { migratedBefore } from '../support/migrated-before';
import { positionRow } from '../support/raw-rows';
import { createTestDatabase, usePostgres, type TestDatabase } from '../support/test-db';

// Friday 2026-03-06, 10:00 UTC.
const T0 = Date.UTC(2026, 2, 6, 10, 0, 0);
const H = 3600_000;
const quiet: JobLog = { info() {}, warn() {}, error() {} };

let tdb: TestDatabase;
let handle: Db;
beforeAll(async () => {
  tdb = await createTestDatabase('positions_upkeep');
  handle = openDb({ databaseUrl: tdb.databaseUrl, dataDir: tdb.dataDir });
  await migrate(handle);
});
afterAll(async () => {
  await handle.close();
  await tdb.drop();
});
afterEach(async () => {
  resetClock();
  await handle.db.deleteFrom('positions').execute();
});

let runs = 0;
/**
 * Runs the hourly upkeep once, as the jobs runner does at five past an hour after `t` (a later
 * hour each call, since the job runs once per scheduled time).
 */
async function upkeep(t: number, retentionDays: number | null) {
  t += runs++ * H;
  setClock({ start: t, rate: 0 });
  const runner = createJobRunner({
    db: handle.db,
    bus: createMemoryBus(),
    log: quiet,
    jobs: [positionsUpkeepJob(handle.dialect, retentionDays)],
  });
  setClock({ start: Math.floor(t / H) * H + H + 5 * 60_000, rate: 0 });
  await runner.tick();
  await runner.stop();
}

/** One fix an hour for unit 1 from `from` to before `to`. */
async function store(from: number, to: number) {
  const rows = [];
  for (let t = from; t < to; t += H) rows.push(positionRow(1, t, { odometer: (t - from) / H }));
  await handle.db.insertInto('positions').values(rows).execute();
  return rows.length;
}

const fixTimes = async () =>
  (
    await handle.db
      .selectFrom('positions')
      .select('fix_time')
      .where('unit_id', '=', 1)
      .orderBy('fix_time')
      .execute()
  ).map((r) => r.fix_time);

const day = (t: number) => new Date(t).toISOString().slice(0, 10).replaceAll('-', '');

describe.runIf(usePostgres)('positions partitions (PostgreSQL)', () => {
  const partitions = () => listPartitions(handle.db);
  const inDefault = async () =>
    Number(
      (
        await sql<{ n: string }>`select count(*) as n from ${sql.table(DEFAULT_PARTITION)}`.execute(
          handle.db,
        )
      ).rows[0].n,
    );

  it('makes today and the week ahead, moves rows waiting in the default partition to their days, and reads across them as one table', async () => {
    // Three days of fixes written before any day partition existed: all in the default.
    const from = T0 - 2 * DAY_MS;
    const n = await store(from, T0 + H);
    expect(await inDefault()).toBe(n);

    await upkeep(T0, null);
    const names = await partitions();
    expect(names).toContain(DEFAULT_PARTITION);
    for (let d = -2; d <= 7; d++) expect(names).toContain(`positions_p${day(T0 + d * DAY_MS)}`);
    expect(await inDefault()).toBe(0);

    // Every row once, in order, across the three partitions; a range read inside one day too.
    const times = await fixTimes();
    expect(times).toHaveLength(n);
    expect(times[0]).toBe(from);
    expect(times.at(-1)).toBe(T0);
    const { rows } = await sql<{ part: string; n: string }>`
      select tableoid::regclass::text as part, count(*) as n from positions group by 1 order by 1`.execute(
      handle.db,
    );
    expect(rows.map((r) => r.part)).toEqual([
      `positions_p${day(from)}`,
      `positions_p${day(from + DAY_MS)}`,
      `positions_p${day(T0)}`,
    ]);
    const yesterday = await handle.db
      .selectFrom('positions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('unit_id', '=', 1)
      .where('fix_time', '>=', T0 - DAY_MS - 10 * H)
      .where('fix_time', '<', T0 - DAY_MS + 14 * H)
      .executeTakeFirstOrThrow();
    expect(Number(yesterday.n)).toBe(24);

    // The conflict clause the pipeline writes with still refuses a fix stored already.
    await sql`insert into positions (unit_id, fix_time, server_time, lat, lon, speed, course,
        valid, odometer) values (1, ${from}, ${from}, 0, 0, 0, 0, 1, 99)
      on conflict (unit_id, fix_time) do nothing`.execute(handle.db);
    expect(await fixTimes()).toHaveLength(n);

    // A fix of a day that has its partition goes straight there.
    await store(T0 + 3 * DAY_MS, T0 + 3 * DAY_MS + 1);
    expect(await inDefault()).toBe(0);
  });

  it('drops whole days older than the retention and keeps the rest', async () => {
    await store(T0 - 40 * DAY_MS, T0 - 40 * DAY_MS + 3 * H);
    await store(T0 - 31 * DAY_MS, T0 - 31 * DAY_MS + 2 * H);
    await store(T0 - 29 * DAY_MS, T0 - 29 * DAY_MS + 2 * H);
    await upkeep(T0, null);
    expect(await partitions()).toContain(`positions_p${day(T0 - 40 * DAY_MS)}`);

    // A late buffer of a day long past arrives after the days were made: default partition.
    await store(T0 - 50 * DAY_MS, T0 - 50 * DAY_MS + H);
    expect(await inDefault()).toBe(1);

    await upkeep(T0, 30);
    const names = await partitions();
    expect(names).not.toContain(`positions_p${day(T0 - 40 * DAY_MS)}`);
    expect(names).not.toContain(`positions_p${day(T0 - 31 * DAY_MS)}`);
    expect(names).not.toContain(`positions_p${day(T0 - 50 * DAY_MS)}`);
    expect(names).toContain(`positions_p${day(T0 - 29 * DAY_MS)}`);
    expect(await inDefault()).toBe(0);
    expect(await fixTimes()).toEqual([T0 - 29 * DAY_MS, T0 - 29 * DAY_MS + H]);
  });

  it('migration 0019 moves the positions stored before it into their day partitions', async () => {
    const before = await migratedBefore('positions_parts', '0019');
    try {
      const db = before.handle.db;
      await db
        .insertInto('positions' as any)
        .values([positionRow(7, T0 - DAY_MS), positionRow(7, T0), positionRow(8, T0 + H)])
        .execute();
      await migrate(before.handle);
      const { rows } = await sql<{ part: string; unit_id: number }>`
        select tableoid::regclass::text as part, unit_id from positions order by fix_time`.execute(
        db,
      );
      expect(rows).toEqual([
        { part: `positions_p${day(T0 - DAY_MS)}`, unit_id: 7 },
        { part: `positions_p${day(T0)}`, unit_id: 7 },
        { part: `positions_p${day(T0)}`, unit_id: 8 },
      ]);
      // New rows still get ids from the old sequence, after the moved ones.
      const ids = await db.selectFrom('positions').select('id').orderBy('id').execute();
      await db
        .insertInto('positions')
        .values(positionRow(9, T0 + 2 * H))
        .execute();
      const last = await db
        .selectFrom('positions')
        .select('id')
        .where('unit_id', '=', 9)
        .executeTakeFirstOrThrow();
      expect(last.id).toBeGreaterThan(ids.at(-1)!.id);
    } finally {
      await before.close();
    }
  });
});

describe.runIf(!usePostgres)('positions retention (SQLite)', () => {
  it('deletes the positions older than the retention, of every unit, and keeps the rest', async () => {
    await store(T0 - 40 * DAY_MS, T0 - 40 * DAY_MS + 3 * H);
    await store(T0 - 29 * DAY_MS, T0 - 29 * DAY_MS + 2 * H);
    await handle.db
      .insertInto('positions')
      .values([positionRow(2, T0 - 35 * DAY_MS), positionRow(2, T0 - H)])
      .execute();

    await upkeep(T0, null);
    expect(await fixTimes()).toHaveLength(5);

    await upkeep(T0, 30);
    expect(await fixTimes()).toEqual([T0 - 29 * DAY_MS, T0 - 29 * DAY_MS + H]);
    const other = await handle.db
      .selectFrom('positions')
      .select('fix_time')
      .where('unit_id', '=', 2)
      .execute();
    expect(other.map((r) => r.fix_time)).toEqual([T0 - H]);
  });
});
