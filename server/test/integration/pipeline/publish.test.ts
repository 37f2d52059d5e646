// What the pipeline stores and publishes per commit: unit_state, device events, bus messages.
import { afterEach, describe, expect, it } from 'vitest';
import { count, createHarness, fix, stateOf, status, T0, type Harness, MODES } from './harness';

const DEV = '356307042441041';
let h: Harness;

afterEach(async () => {
  await h?.close();
});

describe.each(MODES)('state, events and live messages (%s)', (mode) => {
  it('publishes the live unit fields after commit, and each stored event once', async () => {
    h = await createHarness([DEV], mode);
    const uid = h.units[DEV];
    h.now = T0 + 60_000;
    await h.pipeline.submit([
      fix(DEV, T0, -26.1, 28.05, 0, { ignition: false, power: 12.7 }),
      fix(DEV, T0 + 10_000, -26.1, 28.05, 0, { ignition: true, power: 13.9, course: 181.6 }),
    ]);
    expect(h.published.unit).toEqual([
      {
        client_id: h.clientId,
        uid,
        position: {
          lat: -26.1,
          lon: 28.05,
          speed: 0,
          direction: 182,
          datetime: new Date(T0 + 10_000).toISOString(),
          ignition: true,
        },
        park_state: 1,
        connected: true,
      },
    ]);
    expect(h.published.device_event).toMatchObject([
      {
        client_id: h.clientId,
        uid,
        type: 'ignition_on',
        time: new Date(T0 + 10_000).toISOString(),
        lat: -26.1,
        lon: 28.05,
        speed: 0,
      },
    ]);
    const stored = await h.handle.db
      .selectFrom('device_events')
      .selectAll()
      .where('unit_id', '=', uid)
      .execute();
    expect(stored.map((e) => [e.id, e.type, e.time])).toEqual([
      [h.published.device_event[0].id, 'ignition_on', T0 + 10_000],
    ]);

    // A status record: no position row, the live values change, no new position is published.
    h.published.unit.length = 0;
    await h.pipeline.submit([status(DEV, T0 + 20_000, { power: 0.4, events: ['tamper'] })]);
    expect(await count(h, 'positions', uid)).toBe(2);
    const state = await stateOf(h, uid);
    expect(state).toMatchObject({
      fix_time: T0 + 10_000,
      power: 0.4,
      ignition: 1,
      server_time: T0 + 60_000,
    });
    expect(h.published.device_event.map((e) => e.type)).toEqual([
      'ignition_on',
      'tamper',
      'power_cut',
    ]);
    expect(h.published.unit).toEqual([]);
    // A status event is placed at the last known position.
    const tamper = await h.handle.db
      .selectFrom('device_events')
      .selectAll()
      .where('type', '=', 'tamper')
      .executeTakeFirstOrThrow();
    expect([tamper.lat, tamper.lon, tamper.speed]).toEqual([-26.1, 28.05, null]);
  });

  it('keeps a unit that has only sent status records without a position', async () => {
    h = await createHarness([DEV], mode);
    await h.pipeline.submit([status(DEV, T0, { battery: 3.9, gsm: 4 })]);
    const state = await stateOf(h, h.units[DEV]);
    expect(state).toMatchObject({
      fix_time: 0,
      park_state: 2,
      battery: 3.9,
      gsm: 4,
      server_time: T0,
    });
    expect(h.published.unit).toEqual([
      { client_id: h.clientId, uid: h.units[DEV], position: null, park_state: 2, connected: true },
    ]);
  });

  it('stores resent data once, also when the resend reaches a restarted server', async () => {
    h = await createHarness([DEV], mode);
    const uid = h.units[DEV];
    h.now = T0 + 3600_000;
    const packet = (from: number) =>
      Array.from({ length: 10 }, (_, i) =>
        fix(DEV, T0 + (from + i) * 10_000, -26.1, 28.05 + (from + i) * 0.001, 36, {
          events: i === 3 ? ['harsh_braking'] : [],
        }),
      );
    for (let p = 0; p < 10; p++) await h.pipeline.submit(packet(p * 10));
    expect(await count(h, 'positions', uid)).toBe(100);
    const odometer = (await stateOf(h, uid))!.odometer;
    // Lost acks: an old packet (beyond what the pipeline remembers in memory) and the last one.
    await h.pipeline.submit(packet(0));
    await h.pipeline.submit(packet(90));
    await h.restart();
    await h.pipeline.submit(packet(50));
    await h.pipeline.submit(packet(90));
    expect(await count(h, 'positions', uid)).toBe(100);
    expect(await count(h, 'device_events', uid)).toBe(10);
    expect((await stateOf(h, uid))!.odometer).toBe(odometer);
    expect((await stateOf(h, uid))!.fix_time).toBe(T0 + 99 * 10_000);
  });
});
