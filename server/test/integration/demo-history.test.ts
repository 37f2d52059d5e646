// The demo's seeded last-known positions and the simulator's history: a placeholder newer than the
// history's start is moved to a day before it (odometer and all), so the week the simulator writes
// goes through the pipeline as new fixes (moving the unit's state on), not as late fixes that each
// need a read, an insert and a re-segmentation; a unit with data stored since the start, or whose
// state is older already, is left as it is.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { predateSeededStates } from '../../src/demo/seed';
import { now } from '../../src/clock';
import { positionRow } from '../support/raw-rows';
import { createTestApp, type TestApp } from '../support/test-app';
import { fix } from '../unit/pipeline/records';

let t: TestApp;
const db = () => t.running.services.db.db;
const HOUR = 3600_000;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

async function stateOf(uid: number) {
  return db()
    .selectFrom('unit_state')
    .select(['fix_time', 'park_since', 'odometer', 'lat', 'lon'])
    .where('unit_id', '=', uid)
    .executeTakeFirstOrThrow();
}

describe('seeded last-known positions before the simulator history', () => {
  it('moves a newer placeholder before the history, so the history is written as new fixes', async () => {
    const units = await db()
      .selectFrom('units')
      .innerJoin('unit_state', 'unit_state.unit_id', 'units.uid')
      .select(['units.uid', 'units.device_id', 'units.protocol'])
      .where('units.device_id', 'is not', null)
      .where('units.active', '=', 1)
      .orderBy('units.uid')
      .limit(3)
      .execute();
    expect(units).toHaveLength(3);
    const [moved, withData, older] = units;
    const start = now() - 48 * HOUR;
    // The seed puts every unit a day or so back: newer than a history of two days.
    const seeded = await stateOf(moved.uid);
    expect(Number(seeded.fix_time)).toBeGreaterThan(start);
    await db()
      .insertInto('positions')
      .values(positionRow(withData.uid, start + HOUR))
      .execute();
    await db()
      .updateTable('unit_state')
      .set({ fix_time: start - 72 * HOUR })
      .where('unit_id', '=', older.uid)
      .execute();
    const before = { withData: await stateOf(withData.uid), older: await stateOf(older.uid) };

    await predateSeededStates(db(), [moved.uid, withData.uid, older.uid], start);

    const after = await stateOf(moved.uid);
    expect(Number(after.fix_time)).toBe(start - 24 * HOUR);
    expect(Number(after.park_since)).toBe(start - 24 * HOUR);
    // Where it stands and its odometer stay: only its time moves.
    expect(after.odometer).toEqual(seeded.odometer);
    expect([after.lat, after.lon]).toEqual([seeded.lat, seeded.lon]);
    expect(await stateOf(withData.uid)).toEqual(before.withData);
    expect(await stateOf(older.uid)).toEqual(before.older);

    // The history's first fix is then the unit's latest: its state moves on to it.
    const pipeline = t.running.devices.pipeline!;
    const first = start + 60_000;
    await pipeline.submit([
      fix(first, Number(seeded.lat) + 0.001, Number(seeded.lon), 0, {
        deviceId: moved.device_id!,
        protocol: moved.protocol as 'teltonika',
      }),
    ]);
    expect(Number((await stateOf(moved.uid)).fix_time)).toBe(first);
  });
});
