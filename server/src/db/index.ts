import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type MigrationProvider } from 'kysely';
import type { Database } from './types';
import type { Dialect, Migration } from './migrations/helpers';
import { PreparingClient } from './prepared';
import { startCheckpointer, type Checkpointer } from './checkpointer';
import { foundation } from './migrations/0001_foundation';
import { ingest } from './migrations/0002_ingest';
import { pipeline } from './migrations/0003_pipeline';
import { trackAll } from './migrations/0004_track_all';
import { loginLimits } from './migrations/0005_login_limits';
import { jobs } from './migrations/0006_jobs';
import { places } from './migrations/0007_places';
import { tripBoxes } from './migrations/0008_trip_boxes';
import { rules } from './migrations/0009_rules';
import { fleetRecords } from './migrations/0010_fleet_records';
import { commercial } from './migrations/0011_commercial';
import { fuel } from './migrations/0013_fuel';
import { deviceCommands } from './migrations/0014_device_commands';
import { maintenance } from './migrations/0012_maintenance';
import { reports } from './migrations/0015_reports';
import { tripIdle } from './migrations/0016_trip_idle';
import { recovery } from './migrations/0017_recovery';
import { deviceModel } from './migrations/0018_device_model';
import { positionsPartitions } from './migrations/0019_positions_partitions';
import { stream } from './migrations/0020_stream';

export type { Database } from './types';
export type { Dialect } from './migrations/helpers';

export interface Db {
  db: Kysely<Database>;
  dialect: Dialect;
  /** The embedded database's own handle, for the ingest pipeline's prepared statements. */
  sqlite?: SQLite.Database;
  /** The embedded database's WAL checkpoints, run from a worker thread (checkpointer.ts). */
  checkpointer?: Checkpointer;
  close(): Promise<void>;
}

// PostgreSQL returns int8 as strings; every bigint here is an epoch-ms timestamp or an id,
// well inside Number's exact range.
pg.types.setTypeParser(20, (v) => Number(v));

/** Opens PostgreSQL when the URL says so, otherwise SQLite in `dataDir`. */
export function openDb(opts: {
  databaseUrl?: string;
  dataDir: string;
  /** Told when an idle pooled connection fails (the server restarted, an admin ended it). */
  onConnectionError?: (err: Error) => void;
  /** Told when the embedded database's checkpoint worker fails (the writer checkpoints again). */
  onCheckpointError?: (err: Error) => void;
}): Db {
  if (opts.databaseUrl && /^postgres(ql)?:\/\//.test(opts.databaseUrl)) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      Client: PreparingClient,
    });
    // An idle client that loses its connection is dropped from the pool and the next query opens
    // a new one; without a listener, pg would throw the error and end the process.
    pool.on('error', (err) => opts.onConnectionError?.(err));
    // A client in use that loses its connection between two statements (a restart, an admin
    // ending it) emits 'error' outside any query: without a listener that would end the process.
    // Its next statement fails on its own and the pool drops it; an idle one is reported above.
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const file = opts.databaseUrl?.startsWith('sqlite:')
    ? opts.databaseUrl.slice('sqlite:'.length)
    : path.join(opts.dataDir, 'portal.sqlite');
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const checkpointer = sqlite.memory
    ? undefined
    : startCheckpointer(sqlite, file, { onError: opts.onCheckpointError });
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return {
    db,
    dialect: 'sqlite',
    sqlite,
    checkpointer,
    async close() {
      await checkpointer?.stop();
      await db.destroy();
      // Kysely closes the handle only if it ran a query on it.
      if (sqlite.open) sqlite.close();
    },
  };
}

/** Migrations, in order. Later issues append here. */
export function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    '0001_foundation': foundation(dialect),
    '0002_ingest': ingest(dialect),
    '0003_pipeline': pipeline(dialect),
    '0004_track_all': trackAll(dialect),
    '0005_login_limits': loginLimits(dialect),
    '0006_jobs': jobs(dialect),
    '0007_places': places(dialect),
    '0008_trip_boxes': tripBoxes(dialect),
    '0009_rules': rules(dialect),
    '0010_fleet_records': fleetRecords(dialect),
    '0011_commercial': commercial(dialect),
    '0013_fuel': fuel(dialect),
    '0014_device_commands': deviceCommands(dialect),
    '0012_maintenance': maintenance(dialect),
    '0015_reports': reports(dialect),
    '0016_trip_idle': tripIdle(dialect),
    '0017_recovery': recovery(dialect),
    '0018_device_model': deviceModel(dialect),
    '0019_positions_partitions': positionsPartitions(dialect),
    '0020_stream': stream(dialect),
  };
}

export async function migrate(handle: Db): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrations(handle.dialect) };
  const migrator = new Migrator({ db: handle.db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

export const json = {
  parse<T>(text: string | null | undefined, fallback: T): T {
    if (!text) return fallback;
    try {
      return JSON.parse(text) as T;
    } catch {
      return fallback;
    }
  },
};
