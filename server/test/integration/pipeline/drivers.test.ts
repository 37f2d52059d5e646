// Drivers on trips (issue 12): a tracker's driver identifier (Teltonika iButton IO 78 and RFID IO
// 207 in real Codec 8 frames, a GT06 sample of the shared corpus) names the unit's current driver,
// goes on the trip and logs driver_changed; a trip without one gets the vehicle's default driver;
// people_changed makes the pipeline read a client's tags and default drivers again.
import { afterEach, describe, expect, it } from 'vitest';
import { CODEC_8, decodeTeltonikaAvl } from '../../../src/ingest/protocols/teltonika';
import { encodeTeltonikaAvl, type AvlRecord } from '../../../src/ingest/protocols/teltonika-encode';
import { decodeGt06 } from '../../../src/ingest/protocols/gt06';
import type { DeviceRecord } from '../../../src/ingest/types';
import { insertPerson } from '../../support/people';
import { createHarness, stateOf, tripsOf, T0, MODES, type Harness } from './harness';

const DEV = '356307042441061';
let h: Harness;

afterEach(async () => {
  await h?.close();
});

const STEP = (150 / (6378137 * Math.cos((26.1 * Math.PI) / 180))) * (180 / Math.PI);

/**
 * Parked, then 10 minutes east at 54 km/h, then parked again: as a Teltonika FMB sends it in
 * Codec 8, with the key in the reader (`io`: 78 iButton, 207 RFID) while the ignition is on.
 */
function teltonikaDrive(from: number, key: number | null, io = 78): DeviceRecord[] {
  const avl: AvlRecord[] = [];
  const add = (i: number, lon: number, speed: number, ignition: boolean) =>
    avl.push({
      time: from + i * 10_000,
      lat: -26.1,
      lon,
      course: 90,
      speed,
      satellites: 9,
      // The record of the moment the key is presented is an event record of its IO.
      eventId: ignition && key !== null && i === 1 ? io : 0,
      io: [
        { id: 239, value: ignition ? 1 : 0, size: 1 },
        { id: 66, value: 13_800, size: 2 },
        ...(ignition && key !== null ? [{ id: io, value: key, size: 8 as const }] : []),
      ],
    });
  add(0, 28.05, 0, false);
  for (let i = 1; i <= 60; i++) add(i, 28.05 + i * STEP, 54, true);
  for (let i = 61; i <= 100; i++) add(i, 28.05 + 60 * STEP, 0, false);
  const records: DeviceRecord[] = [];
  for (let i = 0; i < avl.length; i += 50) {
    const bytes = encodeTeltonikaAvl(avl.slice(i, i + 50), CODEC_8);
    const result = decodeTeltonikaAvl(bytes, 0, bytes.length, DEV);
    if (result.status !== 'ok') throw new Error(result.status);
    records.push(...result.records);
  }
  return records;
}

const person = (tag: string | null, name = 'Lindiwe') =>
  insertPerson(h.handle.db, h.clientId, { driver_tag: tag, first_name: name });

async function events(type: string) {
  return h.handle.db
    .selectFrom('device_events')
    .selectAll()
    .where('type', '=', type)
    .orderBy('time')
    .execute();
}

const driving = async (uid: number) => (await tripsOf(h, uid)).filter((t) => t.type === 0);

describe.each(MODES)('drivers on trips (%s)', (mode) => {
  it('an iButton in a Codec 8 frame names the driver of the trip and the unit, once', async () => {
    h = await createHarness([DEV], mode);
    const uid = h.units[DEV];
    // The record holds the key as printed on it (12 digits); the tracker reports 16.
    const pid = await person('0000A1B2C301');
    h.now = T0 + 3600_000;
    const records = teltonikaDrive(T0, 0xa1b2c301);
    expect(records[1].driverId).toBe('00000000A1B2C301');
    await h.pipeline.submit(records);
    const [trip] = await driving(uid);
    expect(trip.driver_id).toBe(pid);
    expect((await stateOf(h, uid))?.driver_id).toBe(pid);
    const changed = await events('driver_changed');
    expect(changed).toHaveLength(1);
    expect(JSON.parse(changed[0].attributes)).toMatchObject({ pid, previous: null });
    // The tracker's own IO 78 event is stored once: the key read again is no new event.
    expect(await events('driver_id')).toHaveLength(1);
  });

  it('an RFID card (IO 207) names the driver too, and another card changes the driver', async () => {
    h = await createHarness([DEV], mode);
    const uid = h.units[DEV];
    const first = await person('12749884');
    const second = await person('00C0FFEE', 'Sibusiso');
    h.now = T0 + 6 * 3600_000;
    await h.pipeline.submit(
      teltonikaDrive(T0, 12749884 /* a decimal card number, 0xC28C3C */, 207),
    );
    // The card's id arrives as hex digits: a person holding its decimal number is not it.
    expect((await driving(uid))[0].driver_id).toBe(null);
    await h.handle.db
      .updateTable('people')
      .set({ driver_tag: 'C28C3C' })
      .where('pid', '=', first)
      .execute();
    h.bus.publish('people_changed', { client_id: h.clientId });
    await h.pipeline.submit(teltonikaDrive(T0 + 3600_000, 0xc28c3c, 207));
    await h.pipeline.submit(teltonikaDrive(T0 + 2 * 3600_000, 0xc0ffee, 207));
    const trips = await driving(uid);
    expect(trips.map((t) => t.driver_id)).toEqual([null, first, second]);
    const changed = (await events('driver_changed')).map((e) => JSON.parse(e.attributes));
    expect(changed.map((a) => [a.previous, a.pid])).toEqual([
      [null, first],
      [first, second],
    ]);
  });

  it('a trip without a tag gets the default driver; a new default after people_changed', async () => {
    h = await createHarness([DEV], mode);
    const uid = h.units[DEV];
    const assigned = await person(null, 'Default');
    const later = await person(null, 'Later');
    await h.handle.db
      .updateTable('units')
      .set({ driver_id: assigned })
      .where('uid', '=', uid)
      .execute();
    h.pipeline.invalidate();
    h.now = T0 + 6 * 3600_000;
    await h.pipeline.submit(teltonikaDrive(T0, null));
    expect((await driving(uid)).map((t) => t.driver_id)).toEqual([assigned]);
    expect((await stateOf(h, uid))?.driver_id).toBe(null);
    expect(await events('driver_changed')).toHaveLength(0);
    // The vehicle's default driver changes (set_vehicle publishes people_changed).
    await h.handle.db
      .updateTable('units')
      .set({ driver_id: later })
      .where('uid', '=', uid)
      .execute();
    h.bus.publish('people_changed', { client_id: h.clientId });
    await h.pipeline.submit(teltonikaDrive(T0 + 3600_000, null));
    expect((await driving(uid)).map((t) => t.driver_id)).toEqual([assigned, later]);
  });

  it('learns a tag added to a person at once on people_changed, and forgets a deleted person', async () => {
    h = await createHarness([DEV], mode);
    const uid = h.units[DEV];
    h.now = T0 + 6 * 3600_000;
    await h.pipeline.submit(teltonikaDrive(T0, 0xfeed01));
    expect((await driving(uid))[0].driver_id).toBe(null);
    const pid = await person('FEED01');
    // Without the message the unknown tag is still cached...
    await h.pipeline.submit(teltonikaDrive(T0 + 3600_000, 0xfeed01));
    expect((await driving(uid))[1].driver_id).toBe(null);
    // ...with it, the next record names the driver.
    h.bus.publish('people_changed', { client_id: h.clientId });
    await h.pipeline.submit(teltonikaDrive(T0 + 2 * 3600_000, 0xfeed01));
    expect((await driving(uid))[2].driver_id).toBe(pid);
    expect((await stateOf(h, uid))?.driver_id).toBe(pid);
    // delete_person clears the tag and tells the pipeline: the unit has no current driver now.
    await h.handle.db
      .updateTable('people')
      .set({ driver_tag: null, roles: '[0,6,11]' })
      .where('pid', '=', pid)
      .execute();
    h.bus.publish('people_changed', { client_id: h.clientId, deleted_pid: pid });
    await h.pipeline.submit(teltonikaDrive(T0 + 3 * 3600_000, null));
    expect((await stateOf(h, uid))?.driver_id).toBe(null);
    // The trips it drove keep it.
    expect((await driving(uid))[2].driver_id).toBe(pid);
  });

  it('a GT06 alarm packet of the corpus carrying a driver id names the driver', async () => {
    h = await createHarness([DEV], mode);
    const uid = h.units[DEV];
    const pid = await person('C3000001453F9201');
    // Sample #185 of server/test/fixtures/device-samples/gt06.json (KEY_DRIVER_UNIQUE_ID).
    const bytes = Buffer.from(
      '78782d16190c1d0e3b03cf026cc8d40c367d800014000801cc0025ef40e88c450604e801c3000001453f920100271e590d0a',
      'hex',
    );
    const result = decodeGt06(bytes, 0, bytes.length, DEV, Date.UTC(2025, 11, 29, 15, 0));
    expect(result.kind).toBe('data');
    const records = result.kind === 'data' ? result.records : [];
    expect(records[0].driverId).toBe('c3000001453f9201');
    h.now = records[0].fixTime + 60_000;
    await h.pipeline.submit(records);
    expect((await stateOf(h, uid))?.driver_id).toBe(pid);
    expect(await events('driver_changed')).toHaveLength(1);
  });
});
