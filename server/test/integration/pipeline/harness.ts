// A fresh database (SQLite, or PostgreSQL with TEST_DATABASE=postgres), a client with units, and a
// pipeline with a clock the test controls; the bus records what was published. On SQLite every
// suite runs twice: through the cached-statement writer and through the general Kysely writer.
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { migrate, openDb, type Database, type Db } from '../../../src/db';
import { createMemoryBus, type Bus, type BusMessages } from '../../../src/live/bus';
import { createPipeline, type Pipeline } from '../../../src/pipeline';
import type { PipelineConfigInput } from '../../../src/pipeline/config';
import type { DeviceRecord } from '../../../src/ingest/types';
import type { Evaluators } from '../../../src/rules/types';
import { createTestDatabase, usePostgres, type TestDatabase } from '../../support/test-db';
import { unitRow } from '../../support/raw-rows';

export type Mode = 'postgres' | 'sqlite-statements' | 'sqlite-kysely';
export const MODES: Mode[] = usePostgres ? ['postgres'] : ['sqlite-statements', 'sqlite-kysely'];

/** SQLite as openDb opens it, keeping the better-sqlite3 handle the fast writer needs. */
function openSqlite(dataDir: string): { handle: Db; sqlite: SQLite.Database } {
  const sqlite = new SQLite(path.join(dataDir, 'portal.sqlite'));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { handle: { db, dialect: 'sqlite', close: () => db.destroy() }, sqlite };
}

export const T0 = Date.UTC(2025, 2, 3, 6, 0, 0);

export interface Harness {
  handle: Db;
  tdb: TestDatabase;
  clientId: number;
  /** uid by device id */
  units: Record<string, number>;
  pipeline: Pipeline;
  /** The bus the pipeline listens to (e.g. places_changed, as tasks publish it). */
  bus: Bus;
  published: {
    unit: BusMessages['unit'][];
    device_event: BusMessages['device_event'][];
    rule_alert: BusMessages['rule_alert'][];
    outbox_queued: BusMessages['outbox_queued'][];
  };
  now: number;
  /** A new pipeline on the same database (a restart). */
  restart(config?: PipelineConfigInput): Promise<Pipeline>;
  addUnit(
    deviceId: string,
    fields?: { service_type?: string; driver_id?: number | null },
  ): Promise<number>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  /** The rule evaluators the pipeline runs (default the real ones). */
  evaluators?: Evaluators;
}

export async function createHarness(
  deviceIds: string[] = ['100000000000001'],
  mode: Mode = MODES[0],
  config: PipelineConfigInput = {},
  options: HarnessOptions = {},
): Promise<Harness> {
  const tdb = await createTestDatabase('pipeline_test');
  const opened = mode === 'sqlite-statements' ? openSqlite(tdb.dataDir) : null;
  const handle = opened?.handle ?? openDb({ databaseUrl: tdb.databaseUrl, dataDir: tdb.dataDir });
  await migrate(handle);
  const { db } = handle;
  const client = await db
    .insertInto('clients')
    .values({ name: 'Acme Transport', state: 1, created: T0 })
    .returning('cid')
    .executeTakeFirstOrThrow();
  const bus = createMemoryBus();
  const h: Harness = {
    bus,
    handle,
    tdb,
    clientId: client.cid,
    units: {},
    pipeline: null as unknown as Pipeline,
    published: { unit: [], device_event: [], rule_alert: [], outbox_queued: [] },
    now: T0,
    async restart(cfg = config) {
      await h.pipeline.close();
      h.pipeline = make(cfg);
      return h.pipeline;
    },
    async addUnit(deviceId, fields = {}) {
      const row = await db
        .insertInto('units')
        .values(unitRow(h.clientId, deviceId, T0, fields))
        .returning('uid')
        .executeTakeFirstOrThrow();
      h.units[deviceId] = row.uid;
      return row.uid;
    },
    async close() {
      await h.pipeline.close();
      await handle.close();
      await tdb.drop();
    },
  };
  bus.subscribe('unit', (m) => h.published.unit.push(m));
  bus.subscribe('device_event', (m) => h.published.device_event.push(m));
  bus.subscribe('rule_alert', (m) => h.published.rule_alert.push(m));
  bus.subscribe('outbox_queued', (m) => h.published.outbox_queued.push(m));
  const make = (cfg: PipelineConfigInput) =>
    createPipeline({
      db,
      dialect: handle.dialect,
      bus,
      sqlite: opened?.sqlite,
      config: { expireIntervalMs: 0, ...cfg },
      clock: () => h.now,
      evaluators: options.evaluators,
    });
  for (const id of deviceIds) await h.addUnit(id);
  h.pipeline = make(config);
  return h;
}

/** A record as a gateway would hand it over. */
export function fix(
  deviceId: string,
  time: number,
  lat: number,
  lon: number,
  speed: number,
  extra: Partial<DeviceRecord> = {},
): DeviceRecord {
  return {
    deviceId,
    protocol: 'teltonika',
    fixTime: time,
    hasLocation: true,
    valid: true,
    lat,
    lon,
    speed,
    course: 90,
    events: [],
    attributes: {},
    ...extra,
  };
}

export function status(
  deviceId: string,
  time: number,
  extra: Partial<DeviceRecord> = {},
): DeviceRecord {
  return { ...fix(deviceId, time, 0, 0, 0, extra), hasLocation: false, valid: false, ...extra };
}

export async function count(
  h: Harness,
  table: 'positions' | 'trips' | 'device_events' | 'unit_issues',
  uid?: number,
) {
  let q = h.handle.db.selectFrom(table).select(sql<number>`count(*)`.as('n'));
  if (uid !== undefined && table !== 'unit_issues') q = q.where('unit_id' as any, '=', uid);
  const row = await q.executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function tripsOf(h: Harness, uid: number) {
  return h.handle.db
    .selectFrom('trips')
    .selectAll()
    .where('unit_id', '=', uid)
    .orderBy('start_time')
    .execute();
}

export async function stateOf(h: Harness, uid: number) {
  return h.handle.db
    .selectFrom('unit_state')
    .selectAll()
    .where('unit_id', '=', uid)
    .executeTakeFirst();
}

/** Makes every insert into positions fail (of one unit, or of all) until the returned undo runs. */
export async function breakPositions(h: Harness, uid?: number): Promise<() => Promise<void>> {
  const { db } = h.handle;
  if (h.handle.dialect === 'sqlite') {
    const when = uid === undefined ? '' : `WHEN NEW.unit_id = ${Number(uid)}`;
    await sql
      .raw(
        `CREATE TRIGGER positions_fail BEFORE INSERT ON positions ${when} BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END`,
      )
      .execute(db);
    return async () => {
      await sql.raw('DROP TRIGGER positions_fail').execute(db);
    };
  }
  const cond = uid === undefined ? 'TRUE' : `NEW.unit_id = ${Number(uid)}`;
  await sql
    .raw(
      `CREATE FUNCTION positions_fail() RETURNS trigger AS $$ BEGIN IF ${cond} THEN RAISE EXCEPTION 'disk I/O error'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`,
    )
    .execute(db);
  await sql
    .raw(
      'CREATE TRIGGER positions_fail BEFORE INSERT ON positions FOR EACH ROW EXECUTE FUNCTION positions_fail()',
    )
    .execute(db);
  return async () => {
    await sql.raw('DROP TRIGGER positions_fail ON positions').execute(db);
    await sql.raw('DROP FUNCTION positions_fail()').execute(db);
  };
}

/** Makes every insert into `table` fail until the returned undo runs (a write late in the batch). */
export async function breakInserts(
  h: Harness,
  table: 'outbox' | 'rule_alerts' | 'unit_state' | 'chaseup_events',
): Promise<() => Promise<void>> {
  const { db } = h.handle;
  const name = `${table}_fail`;
  if (h.handle.dialect === 'sqlite') {
    await sql
      .raw(
        `CREATE TRIGGER ${name} BEFORE INSERT ON ${table} BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END`,
      )
      .execute(db);
    return async () => {
      await sql.raw(`DROP TRIGGER ${name}`).execute(db);
    };
  }
  await sql
    .raw(
      `CREATE FUNCTION ${name}() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'disk I/O error'; END $$ LANGUAGE plpgsql`,
    )
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER ${name} BEFORE INSERT ON ${table} FOR EACH ROW EXECUTE FUNCTION ${name}()`)
    .execute(db);
  return async () => {
    await sql.raw(`DROP TRIGGER ${name} ON ${table}`).execute(db);
    await sql.raw(`DROP FUNCTION ${name}()`).execute(db);
  };
}
