// Migration 0016_trip_idle: trips stored before it get the idle time of their positions.
import { afterAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/db';
import { migratedBefore } from '../support/migrated-before';
import { positionRow, tripRow } from '../support/raw-rows';

let close: (() => Promise<void>) | undefined;
afterAll(() => close?.());

const T0 = Date.UTC(2024, 4, 6, 7, 0, 0);
const S = 1000;

describe('migration 0016_trip_idle', () => {
  it('gives the trips stored before it the idle time of their legs below 3 km/h', async () => {
    const before = await migratedBefore('trip_idle', '0016');
    close = before.close;
    const { handle } = before;
    const { db } = handle;

    // Unit 1: a trip 0-200 s with a stand in it and an invalid fix inside the stand, then a stop.
    // Unit 2: a stop with fixes, and a trip whose positions are gone.
    const fixes: [number, number, number, number][] = [
      [1, 0, 40, 1],
      [1, 10, 40, 1],
      [1, 30, 0, 1],
      [1, 90, 4, 1],
      [1, 100, 0, 0],
      [1, 120, 0, 1],
      [1, 150, 3, 1],
      [1, 170, 0, 1],
      [1, 200, 60, 1],
      [2, 0, 0, 1],
      [2, 100, 0, 1],
    ];
    await db
      .insertInto('positions' as any)
      .values(
        fixes.map(([unit, s, speed, valid]) => positionRow(unit, T0 + s * S, { speed, valid })),
      )
      .execute();
    const trip = (unit: number, type: number, from: number, to: number) =>
      tripRow(unit, 1, T0 + from * S, T0 + to * S, { type });
    await db
      .insertInto('trips' as any)
      .values([trip(1, 0, 0, 200), trip(1, 1, 200, 300), trip(2, 1, 0, 100), trip(2, 0, 500, 900)])
      .execute();

    await migrate(handle);
    const rows = await db
      .selectFrom('trips')
      .select(['unit_id', 'type', 'idle_time'])
      .orderBy('unit_id')
      .orderBy('start_time')
      .execute();
    // Unit 1's legs: 0-10 (40), 10-30 (20), 30-90 (2: idle 60), 90-120 (2: idle 30, the invalid
    // fix at 100 skipped), 120-150 (1.5: idle 30), 150-170 (1.5: idle 20), 170-200 (30).
    expect(rows).toEqual([
      { unit_id: 1, type: 0, idle_time: 140 },
      { unit_id: 1, type: 1, idle_time: 0 },
      // A stop has no idle time; a trip without positions (retention) keeps 0.
      { unit_id: 2, type: 1, idle_time: 0 },
      { unit_id: 2, type: 0, idle_time: 0 },
    ]);
  });
});
