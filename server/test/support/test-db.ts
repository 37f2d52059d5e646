// A fresh database per test file: a temp SQLite folder, or with TEST_DATABASE=postgres a new
// PostgreSQL database that is dropped afterwards.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import pg from 'pg';

export const usePostgres = process.env.TEST_DATABASE === 'postgres';
export const ADMIN_URL =
  process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  dataDir: string;
  databaseUrl: string | undefined;
  drop(): Promise<void>;
}

export async function createTestDatabase(prefix = 'fleet_test'): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  if (!usePostgres) {
    return {
      dataDir,
      databaseUrl: undefined,
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const scratch = await createPostgresDatabase(prefix, ADMIN_URL);
  return {
    dataDir,
    databaseUrl: scratch.url,
    async drop() {
      await scratch.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A new, empty PostgreSQL database on the server of `adminUrl`; `drop` removes it (forcibly). */
export async function createPostgresDatabase(
  prefix: string,
  adminUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
