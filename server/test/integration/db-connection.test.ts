// A PostgreSQL connection that dies while idle in the pool (server restart, an administrator
// ending it) must not end the process: the pool drops it and the next query opens a new one.
import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDb, type Db } from '../../src/db';
import { createTestDatabase, usePostgres, type TestDatabase } from '../support/test-db';

let tdb: TestDatabase | undefined;
let db: Db | undefined;
afterEach(async () => {
  await db?.close();
  await tdb?.drop();
  db = tdb = undefined;
});

describe.runIf(usePostgres)('pooled PostgreSQL connections', () => {
  it('survives an idle connection being terminated and keeps answering', async () => {
    tdb = await createTestDatabase('conn_test');
    const lost: string[] = [];
    db = openDb({
      databaseUrl: tdb.databaseUrl,
      dataDir: tdb.dataDir,
      onConnectionError: (err) => lost.push(err.message),
    });
    const pid = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db.db);
    const victim = pid.rows[0].pid;
    // Ended from another session while the pooled connection sits idle.
    const admin = openDb({ databaseUrl: tdb.databaseUrl, dataDir: tdb.dataDir });
    await sql`select pg_terminate_backend(${victim})`.execute(admin.db);
    await admin.close();
    await expect.poll(() => lost.length).toBe(1);
    expect(lost[0]).toMatch(/terminat/i);
    const again = await sql<{ n: number }>`select 1 + 1 as n`.execute(db.db);
    expect(again.rows[0].n).toBe(2);
  });
});
