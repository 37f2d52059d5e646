// The embedded database's WAL is checkpointed by a worker thread (db/checkpointer.ts): the
// writer's commits no longer copy pages into the database file, yet the WAL does not grow without
// end, nothing written is lost, and a failed worker hands the job back to the writer.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../../src/db';
import {
  BACKSTOP_AUTOCHECKPOINT,
  DEFAULT_AUTOCHECKPOINT,
  startCheckpointer,
} from '../../src/db/checkpointer';

const dirs: string[] = [];
let handle: Db | undefined;
afterEach(async () => {
  await handle?.close();
  handle = undefined;
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'checkpoints-'));
  dirs.push(dir);
  return dir;
}

const size = (file: string) => (fs.existsSync(file) ? fs.statSync(file).size : 0);
const autocheckpoint = (sqlite: SQLite.Database) =>
  sqlite.pragma('wal_autocheckpoint', { simple: true }) as number;

/** 4,000 rows of 500 bytes in 20 transactions: about 2 MB of pages through the WAL. */
function write(sqlite: SQLite.Database, from = 0): void {
  sqlite.exec('create table if not exists filler (id integer primary key, body text not null)');
  const insert = sqlite.prepare('insert into filler (id, body) values (?, ?)');
  const tx = sqlite.transaction((start: number) => {
    for (let i = start; i < start + 200; i++) insert.run(i, `${i}`.padEnd(500, 'x'));
  });
  for (let t = 0; t < 20; t++) tx(from + t * 200);
}

describe('WAL checkpoints of the embedded database', () => {
  it('are done by the worker, not by the commits that serve devices', async () => {
    const dir = tempDir();
    handle = openDb({ dataDir: dir });
    const sqlite = handle.sqlite!;
    const file = path.join(dir, 'portal.sqlite');
    expect(handle.checkpointer).toBeDefined();
    // The writer's own checkpoint is only a backstop now.
    expect(autocheckpoint(sqlite)).toBe(BACKSTOP_AUTOCHECKPOINT);
    const before = size(file);
    write(sqlite);
    // The commits left their pages in the WAL: the database file did not grow by itself...
    expect(size(`${file}-wal`)).toBeGreaterThan(2_000_000);
    expect(size(file)).toBeLessThan(before + 100_000);
    // ...until the worker copied them.
    await expect.poll(() => size(file), { timeout: 5000 }).toBeGreaterThan(before + 2_000_000);
    await expect.poll(() => handle!.checkpointer!.stats.last?.checkpointed).toBeGreaterThan(0);
    const last = handle.checkpointer!.stats.last!;
    expect(last.busy).toBe(0);
    expect(last.checkpointed).toBe(last.log);
  });

  it('let the next transactions reuse the WAL instead of growing it', async () => {
    const dir = tempDir();
    handle = openDb({ dataDir: dir });
    const sqlite = handle.sqlite!;
    const wal = path.join(dir, 'portal.sqlite-wal');
    write(sqlite);
    const first = size(wal);
    const done = await handle.checkpointer!.checkpoint();
    expect(done.checkpointed).toBe(done.log);
    write(sqlite, 10_000);
    await handle.checkpointer!.checkpoint();
    write(sqlite, 20_000);
    // Three rounds of the same writes fit in the space of one (plus a little).
    expect(size(wal)).toBeLessThan(first * 1.2);
    expect(sqlite.prepare('select count(*) as n from filler').get()).toEqual({ n: 12_000 });
  });

  it('lose nothing across a close and a reopen', async () => {
    const dir = tempDir();
    handle = openDb({ dataDir: dir });
    write(handle.sqlite!);
    await handle.close();
    handle = undefined;
    // The last connection to close checkpointed everything and removed the WAL.
    expect(fs.existsSync(path.join(dir, 'portal.sqlite-wal'))).toBe(false);
    const raw = new SQLite(path.join(dir, 'portal.sqlite'), { readonly: true });
    expect(
      raw.prepare('select count(*) as n, sum(length(body)) as bytes from filler').get(),
    ).toEqual({ n: 4000, bytes: 2_000_000 });
    raw.close();
  });

  it('go back to the writer when the worker fails', async () => {
    const dir = tempDir();
    const sqlite = new SQLite(path.join(dir, 'own.sqlite'));
    sqlite.pragma('journal_mode = WAL');
    const errors: string[] = [];
    // The worker cannot open a database that is not there.
    const cp = startCheckpointer(sqlite, path.join(dir, 'missing.sqlite'), {
      onError: (err) => errors.push(err.message),
    });
    await expect.poll(() => errors.length, { timeout: 5000 }).toBe(1);
    expect(errors[0]).toMatch(/unable to open database file/);
    expect(autocheckpoint(sqlite)).toBe(DEFAULT_AUTOCHECKPOINT);
    // Asking for a checkpoint, or stopping, neither hangs nor throws.
    expect((await cp.checkpoint()).busy).toBe(1);
    await cp.stop();
    // The writer checkpoints by itself again: its WAL stays near SQLite's threshold.
    write(sqlite);
    write(sqlite, 10_000);
    expect(size(path.join(dir, 'own.sqlite-wal'))).toBeLessThan(
      2 * DEFAULT_AUTOCHECKPOINT * 4096 + 500_000,
    );
    sqlite.close();
  });

  it('are not started for an in-memory database', async () => {
    handle = openDb({ dataDir: tempDir(), databaseUrl: 'sqlite::memory:' });
    expect(handle.checkpointer).toBeUndefined();
    expect(handle.sqlite!.prepare('select 1 as one').get()).toEqual({ one: 1 });
  });
});
