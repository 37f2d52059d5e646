// Device lookups: identifications that miss the cache together share one query.
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/db';
import { pipelineConfig } from '../../../src/pipeline/config';
import { UnitRegistry } from '../../../src/pipeline/registry';

let sqlite: SQLite.Database;
let db: Kysely<Database>;
let queries: string[];

beforeEach(() => {
  sqlite = new SQLite(':memory:');
  sqlite.exec(
    'create table units (uid integer primary key, client_id integer, service_type text, ' +
      'driver_id integer, device_id text, device_model text); ' +
      'create table remotes (id integer primary key, unit_id integer); ' +
      'create table clients (cid integer primary key, chase_up integer not null default 1); ' +
      'insert into clients (cid, chase_up) values (3, 1)',
  );
  const insert = sqlite.prepare(
    "insert into units (uid, client_id, service_type, driver_id, device_id) values (?, 3, 'full', null, ?)",
  );
  for (let u = 1; u <= 600; u++) insert.run(u, `dev${u}`);
  queries = [];
  db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: sqlite }),
    log: (e) => {
      if (e.level === 'query') queries.push(e.query.sql);
    },
  });
});

afterEach(async () => {
  await db.destroy();
});

describe('unit registry', () => {
  it('answers concurrent lookups with one query per 500 devices, then from the cache', async () => {
    const reg = new UnitRegistry(db, pipelineConfig());
    const ids = Array.from({ length: 600 }, (_, i) => `dev${i + 1}`);
    const found = await Promise.all([...ids, 'dev1', 'unknown'].map((id) => reg.lookup(id)));
    expect(found.slice(0, 600).map((u) => u?.uid)).toEqual(ids.map((_, i) => i + 1));
    expect(found[600]?.uid).toBe(1);
    expect(found[601]).toBeNull();
    expect(queries).toHaveLength(2);

    expect((await reg.lookup('dev42'))?.clientId).toBe(3);
    expect(await reg.lookup('unknown')).toBeNull();
    expect(queries).toHaveLength(2);
  });

  it("tells which units have a panic remote paired (their panics are the remote's)", async () => {
    sqlite.exec('insert into remotes (id, unit_id) values (1, 7)');
    const reg = new UnitRegistry(db, pipelineConfig());
    expect(await reg.lookup('dev7')).toMatchObject({ uid: 7, remote: true });
    expect(await reg.lookup('dev8')).toMatchObject({ uid: 8, remote: false });
  });

  it("carries whether the unit's client is chased by the recovery desk (clients.chase_up)", async () => {
    const reg = new UnitRegistry(db, pipelineConfig());
    expect(await reg.lookup('dev7')).toMatchObject({ uid: 7, chaseUp: true });
    sqlite.exec('update clients set chase_up = 0 where cid = 3');
    // Cached until the client's units are read again (the pipeline does on 'rules_changed').
    expect(await reg.lookup('dev7')).toMatchObject({ chaseUp: true });
    reg.invalidateUnitsOf(3);
    expect(await reg.lookup('dev7')).toMatchObject({ uid: 7, chaseUp: false });
  });

  it('carries the device model set on the unit, for the gateways that decode by model', async () => {
    sqlite.exec("update units set device_model = 'LW' where uid = 7");
    const reg = new UnitRegistry(db, pipelineConfig());
    expect(await reg.lookup('dev7')).toMatchObject({ uid: 7, model: 'LW' });
    expect(await reg.lookup('dev8')).toMatchObject({ uid: 8, model: null });
  });

  it('lets every waiting lookup fail with the query, and asks again next time', async () => {
    const reg = new UnitRegistry(db, pipelineConfig());
    sqlite.exec('alter table units rename to gone');
    const failed = await Promise.allSettled([reg.lookup('dev1'), reg.lookup('dev2')]);
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    sqlite.exec('alter table gone rename to units');
    expect((await reg.lookup('dev2'))?.uid).toBe(2);
  });
});
