// A unit whose last report is older than the connection timeout (SPEC §4: 300 s for trip units) is
// disconnected and not moving: never shown at its last speed as if driving, neither in
// get_unit_list_full nor in the live updates the pipeline publishes.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { createHarness, fix, type Harness } from './pipeline/harness';

const HOUR = 3600_000;

describe('the unit list', () => {
  let t: TestApp;
  let demo: string;
  let uid: number;
  beforeAll(async () => {
    t = await createTestApp();
    demo = await t.login('demo');
    // A trip-type unit: its timeout is 300 s (recovery, stealth and backup units wait a day).
    const units = (await t.task(demo, 'get_unit_list_full')).data.units;
    uid = units.find((u: any) => !['recovery', 'stealth', 'backup'].includes(u.service_type)).uid;
  });
  afterAll(() => t.close());

  /** The unit's state as the pipeline would leave it: moving at 92 km/h. */
  const setState = (fixTime: number, serverTime: number) =>
    t.running.services.db.db
      .updateTable('unit_state')
      .set({ fix_time: fixTime, server_time: serverTime, speed: 92, park_state: 0 })
      .where('unit_id', '=', uid)
      .execute();
  const listed = async () =>
    (await t.task(demo, 'get_unit_list_full')).data.units.find((u: any) => u.uid === uid);

  it('shows a unit last heard 18 hours ago at 92 km/h as disconnected and parked', async () => {
    const ago = Date.now() - 18 * HOUR;
    await setState(ago, ago);
    const unit = await listed();
    expect(unit).toMatchObject({ connected: false, park_state: 1 });
    expect(unit.position.speed).toBe(0);
    expect(Date.parse(unit.last_disconnect)).toBe(ago);
    const issues = (await t.task(demo, 'get_unit_list_full', { filter: 'only_issues' })).data;
    expect(issues.units.map((u: any) => u.uid)).toContain(uid);
    const today = (await t.task(demo, 'get_dashboard_today')).data.today_array;
    expect(today.find((u: any) => u.uid === uid)).toMatchObject({ moving: 1, connected: false });
  });

  it('judges by the fix: 18-hour-old data that arrived just now is not a moving unit', async () => {
    await setState(Date.now() - 18 * HOUR, Date.now());
    const unit = await listed();
    expect(unit).toMatchObject({ connected: false, park_state: 1 });
    expect(unit.position.speed).toBe(0);
  });

  it('shows a unit that reported just now at its speed, moving', async () => {
    await setState(Date.now() - 5000, Date.now());
    const unit = await listed();
    expect(unit).toMatchObject({ connected: true, park_state: 0 });
    expect(unit.position.speed).toBe(92);
  });
});

describe('live updates', () => {
  let h: Harness;
  afterEach(() => h?.close());

  it('publish a replayed old drive as disconnected, then the fresh fix as moving', async () => {
    const DEV = '356307042441077';
    h = await createHarness([DEV]);
    const start = h.now;
    h.now = start + 18 * HOUR;
    await h.pipeline.submit(
      Array.from({ length: 6 }, (_, i) => fix(DEV, start + i * 10_000, -26.1, 28 + i * 0.003, 92)),
    );
    const old = h.published.unit.at(-1)!;
    expect(old).toMatchObject({ connected: false });
    expect(old.park_state).not.toBe(0);
    expect(old.position!.speed).toBe(0);

    await h.pipeline.submit([
      fix(DEV, h.now - 20_000, -26.0, 28.5, 92),
      fix(DEV, h.now - 10_000, -26.0, 28.503, 92),
    ]);
    const fresh = h.published.unit.at(-1)!;
    expect(fresh).toMatchObject({ connected: true, park_state: 0 });
    expect(fresh.position!.speed).toBe(92);
  });
});
