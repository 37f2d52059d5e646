// Migration 0008_trip_boxes: trips and stops stored before it get the box of their positions.
import { afterAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/db';
import { migratedBefore } from '../support/migrated-before';
import { positionRow, tripRow } from '../support/raw-rows';

let close: (() => Promise<void>) | undefined;
afterAll(() => close?.());

const T0 = Date.UTC(2024, 4, 6, 7, 0, 0);
const MIN = 60_000;

describe('migration 0008_trip_boxes', () => {
  it('gives the rows stored before it the box of their positions', async () => {
    const before = await migratedBefore('trip_boxes', '0008');
    close = before.close;
    const { handle } = before;
    const { db } = handle;

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
      .values(fixes.map(([unit, min, lat, lon]) => positionRow(unit, T0 + min * MIN, { lat, lon })))
      .execute();
    const trip = (unit: number, type: number, from: number, to: number) =>
      tripRow(unit, 1, T0 + from * MIN, T0 + to * MIN, { type, duration: 0 });
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
