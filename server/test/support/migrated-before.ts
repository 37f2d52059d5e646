// A fresh database migrated up to (not including) one migration, for the tests that check what a
// migration does to rows stored before it.
import { Migrator, type MigrationProvider } from 'kysely';
import { migrations, openDb, type Db } from '../../src/db';
import { createTestDatabase, type TestDatabase } from './test-db';

/** The database with every migration named before `name` run (dropped by `close`). */
export async function migratedBefore(
  prefix: string,
  name: string,
): Promise<{ handle: Db; close(): Promise<void> }> {
  const tdb: TestDatabase = await createTestDatabase(prefix);
  const handle = openDb({ databaseUrl: tdb.databaseUrl, dataDir: tdb.dataDir });
  const all = migrations(handle.dialect);
  const before: MigrationProvider = {
    getMigrations: async () => Object.fromEntries(Object.entries(all).filter(([n]) => n < name)),
  };
  const res = await new Migrator({ db: handle.db, provider: before }).migrateToLatest();
  if (res.error) throw res.error;
  return {
    handle,
    async close() {
      await handle.close();
      await tdb.drop();
    },
  };
}
