// Migration 0008_trip_boxes: trips and stops stored before it get the box of their positions.
import { Migrator, type MigrationProvider } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate, migrations, openDb, type Db } from '../../src/db';
import { createTestDatabase, type TestDatabase } from '../support/test-db';

let tdb: TestDatabase | undefined;
let handle: Db | undefined;
afterAll(async () => {
  await handle?.close();
  await tdb?.drop();
});

const T0 = Date.UTC(2024, 4, 6, 7, 0, 0);
const MIN = 60_000;

describe('migration 0008_trip_boxes', () => {
  it('gives the rows stored before it the box of their positions', async () => {
    tdb = await createTestDatabase('trip_boxes');
    handle = openDb({ databaseUrl: tdb.databaseUrl, dataDir: tdb.dataDir });
    const { db } = handle;
    const all = migrations(handle.dialect);
    const before: MigrationProvider = {
      getMigrations: async () =>
        Object.fromEntries(Object.entries(all).filter(([name]) => name < '0008')),
    };
    const res = await new Migrator({ db, provider: before }).migrateToLatest();
    expect(res.error).toBeUndefined();

    // Two units whose fixes interleave; unit 1 has a stop then a trip, unit 2 one trip.
    const fixes = [
      [1, 0, -26.2, 28.0],
      [2, 0, -25.7, 28.2],
      [1, 5, -26.2001, 28.0002],
      [2, 5, -25.71, 28.21],
      [1, 10, -26.21, 28.01],
      [2, 10, -25.72, 28.19],
      [1, 15, -26.25, 28.03],
      [1, 20, -26.22, 28.06],
    ] as const;
    await db
      .insertInto('positions' as any)
      .values(
        fixes.map(([unit, min, lat, lon]) => ({
          unit_id: unit,
          fix_time: T0 + min * MIN,
          server_time: T0 + min * MIN,
          lat,
          lon,
          speed: 0,
          course: 0,
          altitude: null,
          satellites: 9,
          valid: 1,
          ignition: 1,
          odometer: 0,
          attributes: '{}',
        })),
      )
      .execute();
    const trip = (unit: number, type: number, from: number, to: number) => ({
      unit_id: unit,
      client_id: 1,
      type,
      start_time: T0 + from * MIN,
      end_time: T0 + to * MIN,
      start_lat: 0,
      start_lon: 0,
      end_lat: 0,
      end_lon: 0,
      distance: 0,
      max_speed: 0,
      duration: 0,
      driver_id: null,
      speed_histogram: '{}',
      open: 0,
    });
    await db
      .insertInto('trips' as any)
      .values([
        trip(1, 1, 0, 5),
        trip(1, 0, 5, 20),
        trip(2, 0, 0, 10),
        // A segment whose positions are gone (retention): no box, always a candidate.
        trip(2, 1, 100, 200),
      ])
      .execute();

    await migrate(handle);
    const rows = await db
      .selectFrom('trips')
      .select(['unit_id', 'type', 'min_lat', 'min_lon', 'max_lat', 'max_lon'])
      .orderBy('unit_id')
      .orderBy('start_time')
      .execute();
    expect(rows).toEqual([
      { unit_id: 1, type: 1, min_lat: -26.2001, min_lon: 28.0, max_lat: -26.2, max_lon: 28.0002 },
      { unit_id: 1, type: 0, min_lat: -26.25, min_lon: 28.0002, max_lat: -26.2001, max_lon: 28.06 },
      { unit_id: 2, type: 0, min_lat: -25.72, min_lon: 28.19, max_lat: -25.7, max_lon: 28.21 },
      { unit_id: 2, type: 1, min_lat: null, min_lon: null, max_lat: null, max_lon: null },
    ]);
  });
});
