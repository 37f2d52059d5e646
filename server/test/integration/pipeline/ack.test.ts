// No acknowledgement before commit: submit() settles with the transaction that holds the records.
import { afterEach, describe, expect, it } from 'vitest';
import {
  breakPositions,
  count,
  createHarness,
  fix,
  stateOf,
  status,
  T0,
  type Harness,
  MODES,
} from './harness';

const DEV = '356307042441013';
const OTHER = '356307042441014';
let h: Harness;

afterEach(async () => {
  await h?.close();
});

describe.each(MODES)('submit and commit (%s)', (mode) => {
  it('resolves only once the records are readable from the database', async () => {
    h = await createHarness([DEV], mode);
    const uid = h.units[DEV];
    const done = h.pipeline.submit([
      fix(DEV, T0, -26.1, 28.05, 0),
      fix(DEV, T0 + 10_000, -26.1, 28.05, 0),
    ]);
    let settled = false;
    void done.then(() => (settled = true));
    expect(settled).toBe(false);
    await done;
    expect(await count(h, 'positions', uid)).toBe(2);
    expect((await stateOf(h, uid))?.fix_time).toBe(T0 + 10_000);
  });

  it('rejects when the write fails, leaves nothing behind, and stores the retry exactly once', async () => {
    h = await createHarness([DEV], mode);
    const uid = h.units[DEV];
    await h.pipeline.submit([fix(DEV, T0, -26.1, 28.05, 0, { ignition: false })]);

    // The device's next packet: a move with an ignition change (a derived event) and a panic.
    const packet = [
      fix(DEV, T0 + 60_000, -26.1, 28.06, 50, { ignition: true }),
      fix(DEV, T0 + 70_000, -26.1, 28.061, 40, { ignition: true, events: ['panic'] }),
    ];
    const undo = await breakPositions(h);
    await expect(h.pipeline.submit(packet)).rejects.toThrow(/disk I\/O error/);
    expect(await count(h, 'positions', uid)).toBe(1);
    expect(await count(h, 'device_events', uid)).toBe(0);
    expect((await stateOf(h, uid))?.fix_time).toBe(T0);
    expect(h.published.device_event).toHaveLength(0);

    await undo();
    // No ack came, so the device sends the same packet again.
    await h.pipeline.submit(packet);
    expect(await count(h, 'positions', uid)).toBe(3);
    const events = await h.handle.db
      .selectFrom('device_events')
      .select('type')
      .where('unit_id', '=', uid)
      .orderBy('time')
      .execute();
    expect(events.map((e) => e.type).sort()).toEqual(['ignition_on', 'panic']);
    const state = await stateOf(h, uid);
    expect(state?.fix_time).toBe(T0 + 70_000);
    // The odometer counts the two legs once: 0.011° of longitude at 26.1° S is 1,100 m.
    expect(state!.odometer).toBeCloseTo(1099.7, 0);
    expect(h.published.device_event.map((e) => e.type).sort()).toEqual(['ignition_on', 'panic']);

    // And if the ack is lost after the commit, the third copy changes nothing.
    await h.pipeline.submit(packet);
    expect(await count(h, 'positions', uid)).toBe(3);
    expect(await count(h, 'device_events', uid)).toBe(2);
    expect((await stateOf(h, uid))!.odometer).toBe(state!.odometer);
  });

  it('refuses only the submit whose write fails when batched with others', async () => {
    h = await createHarness([DEV, OTHER], mode);
    const undo = await breakPositions(h, h.units[DEV]);
    const a = h.pipeline.submit([fix(DEV, T0, -26.1, 28.05, 10)]);
    const b = h.pipeline.submit([fix(OTHER, T0, -26.2, 28.05, 10)]);
    const c = h.pipeline.submit([status(OTHER, T0 + 5000, { power: 12.5 })]);
    const results = await Promise.allSettled([a, b, c]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
    expect(await count(h, 'positions', h.units[DEV])).toBe(0);
    expect(await count(h, 'positions', h.units[OTHER])).toBe(1);
    expect((await stateOf(h, h.units[OTHER]))?.power).toBe(12.5);
    await undo();
  });

  it('groups concurrent submits into one transaction', async () => {
    h = await createHarness([DEV, OTHER], mode);
    const all = [];
    for (let i = 0; i < 20; i++) {
      all.push(
        h.pipeline.submit([fix(i % 2 ? DEV : OTHER, T0 + i * 1000, -26.1, 28.05 + i * 0.001, 20)]),
      );
    }
    await Promise.all(all);
    expect(h.pipeline.stats.batches).toBe(1);
    expect(await count(h, 'positions')).toBe(20);
  });
});
