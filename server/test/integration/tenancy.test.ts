// The tenant-isolation walk: every registered task, called by the Other Fleet user with Demo
// Fleet ids, finds nothing and changes nothing. It enumerates the registry, so it covers every
// task a later issue adds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { allTasks, type ForeignIds } from '../../src/tasks/registry';
import { placeIds } from '../support/place-ids';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let other: string;
let foreign: ForeignIds;
let demoCid: number;
const markers = new Set<string>();

/** Every row that belongs to Demo Fleet, volatile session columns left out. */
async function snapshot(): Promise<string> {
  const db = t.running.services.db.db;
  const out: Record<string, unknown[]> = {};
  const tables = await tenantTables();
  for (const table of tables) {
    const rows = await (db as any)
      .selectFrom(table)
      .selectAll()
      .where('client_id', '=', demoCid)
      .execute();
    out[table] = rows
      .map((r: any) => {
        if (table === 'sessions') {
          const { last_seen: _l, expires: _e, ...rest } = r;
          return rest;
        }
        if (table === 'users') {
          const { last_login: _l, ...rest } = r;
          return rest;
        }
        return r;
      })
      .sort((a: any, b: any) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  }
  out.user_units = await db
    .selectFrom('user_units')
    .innerJoin('users', 'users.nid', 'user_units.user_id')
    .select(['user_units.user_id', 'user_units.unit_id'])
    .where('users.client_id', '=', demoCid)
    .orderBy('user_units.user_id')
    .orderBy('user_units.unit_id')
    .execute();
  out.positions = [
    await db
      .selectFrom('positions')
      .innerJoin('units', 'units.uid', 'positions.unit_id')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('units.client_id', '=', demoCid)
      .executeTakeFirst(),
  ];
  return JSON.stringify(out);
}

/** Every table with a client_id column, found from the schema so new tables are covered too. */
async function tenantTables(): Promise<string[]> {
  const { db, dialect } = t.running.services.db;
  if (dialect === 'postgres') {
    const res = await sql<{
      table_name: string;
    }>`select table_name from information_schema.columns where column_name = 'client_id' and table_schema = 'public'`.execute(
      db,
    );
    return res.rows.map((r) => r.table_name).sort();
  }
  const tables = await sql<{
    name: string;
  }>`select name from sqlite_master where type = 'table'`.execute(db);
  const out: string[] = [];
  for (const { name } of tables.rows) {
    const cols = await sql<{ name: string }>`select name from pragma_table_info(${name})`.execute(
      db,
    );
    if (cols.rows.some((c) => c.name === 'client_id')) out.push(name);
  }
  return out.sort();
}

function strings(value: unknown, acc: string[] = []): string[] {
  if (typeof value === 'string') acc.push(value);
  else if (Array.isArray(value)) value.forEach((v) => strings(v, acc));
  else if (value && typeof value === 'object') Object.values(value).forEach((v) => strings(v, acc));
  return acc;
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.running.services.db.db;
  const demoClient = await db
    .selectFrom('clients')
    .selectAll()
    .where('name', '=', 'Demo Fleet')
    .executeTakeFirstOrThrow();
  demoCid = demoClient.cid;
  // A Demo Fleet session exists so that session ids can be probed.
  await t.login('demo');
  const unit = await db
    .selectFrom('units')
    .selectAll()
    .where('client_id', '=', demoCid)
    .orderBy('uid')
    .executeTakeFirstOrThrow();
  const user = await db
    .selectFrom('users')
    .selectAll()
    .where('client_id', '=', demoCid)
    .where('username', '=', 'lite')
    .executeTakeFirstOrThrow();
  const person = await db
    .selectFrom('people')
    .selectAll()
    .where('client_id', '=', demoCid)
    .orderBy('pid')
    .executeTakeFirstOrThrow();
  const session = await db
    .selectFrom('sessions')
    .select('id')
    .where('client_id', '=', demoCid)
    .executeTakeFirstOrThrow();
  const trip = await db
    .selectFrom('trips')
    .select('id')
    .where('client_id', '=', demoCid)
    .executeTakeFirst();
  foreign = {
    uid: unit.uid,
    nid: user.nid,
    pid: person.pid,
    cid: demoCid,
    tripId: trip?.id ?? 1,
    sessionId: session.id,
    ...(await placeIds(db, demoCid)),
  };
  for (const u of await db
    .selectFrom('units')
    .selectAll()
    .where('client_id', '=', demoCid)
    .execute()) {
    markers.add(u.name);
    markers.add(u.reg);
    if (u.device_id) markers.add(u.device_id);
  }
  for (const u of await db
    .selectFrom('users')
    .selectAll()
    .where('client_id', '=', demoCid)
    .execute()) {
    markers.add(u.username);
    if (u.email) markers.add(u.email);
  }
  for (const p of await db
    .selectFrom('people')
    .selectAll()
    .where('client_id', '=', demoCid)
    .execute()) {
    markers.add(p.surname);
    if (p.email) markers.add(p.email);
  }
  markers.add('Demo Fleet');
  other = await t.login('other');
});
afterAll(() => t.close());

describe('tenant isolation', () => {
  it('every registered task finds nothing of another client and changes nothing', async () => {
    const tasks = allTasks();
    expect(tasks.length).toBeGreaterThanOrEqual(16);
    const before = await snapshot();
    const leaks: string[] = [];
    for (const task of tasks) {
      const res = await t.task(other, task.name, task.probe(foreign));
      expect(res.result, `${task.name} answered no response`).not.toBeUndefined();
      if (res.result === 0) {
        const found = strings(res.data).filter((s) => markers.has(s));
        if (found.length) leaks.push(`${task.name}: ${found.slice(0, 3).join(', ')}`);
      }
    }
    expect(leaks).toEqual([]);
    expect(await snapshot()).toBe(before);
  });

  it('a probe of a Demo Fleet id answers exactly like an id that does not exist', async () => {
    const foreignUser = await t.task(other, 'get_user_change_logs', { nid: foreign.nid });
    const missingUser = await t.task(other, 'get_user_change_logs', { nid: 987654 });
    expect(foreignUser).toEqual({ ...missingUser, ref: foreignUser.ref });
    expect(foreignUser.message).toBe('User not found');
  });
});
