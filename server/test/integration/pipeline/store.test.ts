// Stored rows under the less common conditions: identified drivers, a unit changing hands, a
// trip row removed while the trip goes on, and values that array and list parameters must carry
// unchanged (PostgreSQL writes a batch's positions as unnest arrays).
import { afterEach, describe, expect, it } from 'vitest';
import type { DeviceRecord } from '../../../src/ingest/types';
import { insertPerson } from '../../support/people';
import { positionRow } from '../../support/raw-rows';
import { createHarness, fix, stateOf, tripsOf, T0, MODES, type Harness } from './harness';

const DEV = '356307042441051';
let h: Harness;

afterEach(async () => {
  await h?.close();
});

/** Parked, then 10 minutes east at 54 km/h (a fix every 10 s), with extra fields on every fix. */
function drive(extra: Partial<DeviceRecord> = {}, from = T0): DeviceRecord[] {
  const recs = [fix(DEV, from, -26.1, 28.05, 0, extra)];
  const step = (150 / (6378137 * Math.cos((26.1 * Math.PI) / 180))) * (180 / Math.PI);
  for (let i = 1; i <= 60; i++)
    recs.push(fix(DEV, from + i * 10_000, -26.1, 28.05 + i * step, 54, extra));
  return recs;
}

const person = (h: Harness, clientId: number, tag: string | null) =>
  insertPerson(h.handle.db, clientId, { driver_tag: tag, created: T0 });

describe.each(MODES)('stored rows (%s)', (mode) => {
  it('stores text with quotes, commas, braces and backslashes, and absent values as null', async () => {
    h = await createHarness([DEV], mode);
    const uid = h.units[DEV];
    const awkward = 'a,"b" {c} \\d\\ NULL \u00e9\u20ac \'e\'';
    await h.pipeline.submit([
      fix(DEV, T0, -26.1, 28.05, 0, { attributes: { result: awkward, n: 1.5 } }),
      fix(DEV, T0 + 10_000, -26.1, 28.051, 40, { altitude: 1612.5, satellites: 9 }),
    ]);
    const rows = await h.handle.db
      .selectFrom('positions')
      .select(['fix_time', 'altitude', 'satellites', 'ignition', 'attributes'])
      .where('unit_id', '=', uid)
      .orderBy('fix_time')
      .execute();
    expect(rows.map((r) => [Number(r.fix_time), r.altitude, r.satellites])).toEqual([
      [T0, null, null],
      [T0 + 10_000, 1612.5, 9],
    ]);
    expect(JSON.parse(rows[0].attributes)).toMatchObject({ result: awkward, n: 1.5 });
    // A batch sent again is stored once.
    await h.pipeline.submit([fix(DEV, T0, -26.1, 28.05, 0)]);
    expect(await h.handle.db.selectFrom('positions').select('id').execute()).toHaveLength(2);
  });

  it('stores a batch whose new fix something else stored already, and the rest of it', async () => {
    h = await createHarness([DEV], mode);
    const uid = h.units[DEV];
    await h.pipeline.submit([fix(DEV, T0, -26.1, 28.05, 0)]);
    // A row the unit's state does not know of (written straight to the table): the next batch's
    // first fix collides with it, which PostgreSQL's plain batch insert refuses.
    await h.handle.db
      .insertInto('positions')
      .values(positionRow(uid, T0 + 10_000, { lat: -26.1, lon: 28.0501 }))
      .execute();
    await h.pipeline.submit([
      fix(DEV, T0 + 10_000, -26.1, 28.0501, 5),
      fix(DEV, T0 + 20_000, -26.1, 28.0502, 5),
    ]);
    const rows = await h.handle.db
      .selectFrom('positions')
      .select('fix_time')
      .where('unit_id', '=', uid)
      .orderBy('fix_time')
      .execute();
    expect(rows.map((r) => Number(r.fix_time))).toEqual([T0, T0 + 10_000, T0 + 20_000]);
    expect(Number((await stateOf(h, uid))?.fix_time)).toBe(T0 + 20_000);
    expect(h.pipeline.stats.failures).toBe(0);
  });

  it('puts an identified driver on the trip, the unit and the driver ID event', async () => {
    h = await createHarness([DEV], mode);
    const uid = h.units[DEV];
    const pid = await person(h, h.clientId, '00000000A1B2C3D4');
    h.now = T0 + 3600_000;
    await h.pipeline.submit(drive({ driverId: '00000000A1B2C3D4' }));
    const trips = await tripsOf(h, uid);
    expect(trips.map((t) => [t.type, t.driver_id])).toEqual([
      [1, null],
      [0, pid],
    ]);
    expect((await stateOf(h, uid))?.driver_id).toBe(pid);
    const events = await h.handle.db
      .selectFrom('device_events')
      .selectAll()
      .where('type', '=', 'driver_id')
      .execute();
    expect(events).toHaveLength(1);
    expect(JSON.parse(events[0].attributes)).toMatchObject({
      driverUniqueId: '00000000A1B2C3D4',
      pid,
    });
  });

  it('falls back to the unit’s assigned driver, and ignores tags of another client', async () => {
    h = await createHarness([DEV], mode);
    const uid = h.units[DEV];
    const assigned = await person(h, h.clientId, null);
    await h.handle.db
      .updateTable('units')
      .set({ driver_id: assigned })
      .where('uid', '=', uid)
      .execute();
    const other = await h.handle.db
      .insertInto('clients')
      .values({ name: 'Other Co', state: 1, created: T0 })
      .returning('cid')
      .executeTakeFirstOrThrow();
    await person(h, other.cid, 'FFEE0011');
    h.now = T0 + 3600_000;
    await h.pipeline.submit(drive({ driverId: 'FFEE0011' }));
    const trip = (await tripsOf(h, uid)).find((t) => t.type === 0)!;
    expect(trip.driver_id).toBe(assigned);
    expect((await stateOf(h, uid))?.driver_id).toBe(null);
  });

  it('follows a unit that changes hands', async () => {
    h = await createHarness([DEV], mode);
    const uid = h.units[DEV];
    h.now = T0 + 3 * 3600_000;
    await h.pipeline.submit([fix(DEV, T0, -26.1, 28.05, 0)]);
    expect((await stateOf(h, uid))?.client_id).toBe(h.clientId);
    const other = await h.handle.db
      .insertInto('clients')
      .values({ name: 'Buyer Ltd', state: 1, created: T0 })
      .returning('cid')
      .executeTakeFirstOrThrow();
    await h.handle.db
      .updateTable('units')
      .set({ client_id: other.cid })
      .where('uid', '=', uid)
      .execute();
    h.pipeline.invalidate(DEV);
    await h.pipeline.submit(drive({}, T0 + 3600_000));
    expect((await stateOf(h, uid))?.client_id).toBe(other.cid);
    const trip = (await tripsOf(h, uid)).find((t) => t.type === 0)!;
    expect(trip.client_id).toBe(other.cid);
    expect(h.published.unit.at(-1)?.client_id).toBe(other.cid);
  });

  it('stores an ongoing trip again if its row was removed meanwhile', async () => {
    h = await createHarness([DEV], mode);
    const uid = h.units[DEV];
    h.now = T0 + 3600_000;
    const recs = drive();
    await h.pipeline.submit(recs.slice(0, 30));
    const open = (await tripsOf(h, uid)).find((t) => t.open === 1)!;
    expect(open.type).toBe(0);
    await h.handle.db.deleteFrom('trips').where('id', '=', open.id).execute();
    await h.pipeline.submit(recs.slice(30));
    const trips = await tripsOf(h, uid);
    expect(trips.map((t) => [t.type, t.open, t.start_time])).toEqual([
      [1, 0, T0],
      [0, 1, open.start_time],
    ]);
    expect(trips[1].end_time).toBe(recs[recs.length - 1].fixTime);
  });

  it('stores every position of a large batch once, with its values and attributes', async () => {
    h = await createHarness([DEV], mode);
    const uid = h.units[DEV];
    h.now = T0 + 3600_000;
    // 150 fixes in one submit (the fast writer's statements take 64, 8 and 1 rows), one of
    // them resent within the submit.
    const step = (60 / (6378137 * Math.cos((26.1 * Math.PI) / 180))) * (180 / Math.PI);
    const recs = Array.from({ length: 150 }, (_, i) =>
      fix(DEV, T0 + i * 5000, -26.1, 28.05 + i * step, 43, {
        altitude: 1500 + i,
        satellites: 9,
        ignition: true,
        power: 13.9,
        attributes: { io16: 1000 + i, tag: `t"${i}` },
      }),
    );
    await h.pipeline.submit([...recs.slice(0, 100), recs[40], ...recs.slice(100)]);
    const rows = await h.handle.db
      .selectFrom('positions')
      .selectAll()
      .where('unit_id', '=', uid)
      .orderBy('fix_time')
      .execute();
    expect(rows.map((r) => Number(r.fix_time))).toEqual(recs.map((r) => r.fixTime));
    expect(h.pipeline.stats.duplicates).toBe(1);
    const last = rows[149];
    expect(last).toMatchObject({ lat: -26.1, speed: 43, altitude: 1649, satellites: 9 });
    expect(last.ignition).toBe(1);
    expect(last.odometer).toBeCloseTo(149 * 60, 0);
    expect(JSON.parse(rows[7].attributes)).toEqual({ io16: 1007, tag: 't"7', power: 13.9 });
  });
});
