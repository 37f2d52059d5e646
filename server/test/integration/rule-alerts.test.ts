// Rule alerts through /api/call (issue 11, SPEC §3: newest first by raid): the list with its
// filters and pages, one alert with the fixes around it and its rule (null once deleted), the
// top-bar count of new alerts and what opening the icon does, the units a user may see, and
// another client's alert answering like a missing one. Alerts are inserted directly here; the
// pipeline tests show how they are raised.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let demo: string;
let demoCid: number;
let rid: number;
let u1: number;
let u2: number;
let u3: number;

const db = () => t.running.services.db.db;
const HOUR = 3_600_000;
const BASE = Date.now() - 10 * HOUR;

async function addAlert(
  unitId: number,
  type: string,
  time: number,
  evidence: Record<string, unknown>,
  extra: {
    end_time?: number | null;
    rule_id?: number;
    client_id?: number;
    rule_name?: string;
  } = {},
): Promise<number> {
  const { raid } = await db()
    .insertInto('rule_alerts')
    .values({
      client_id: extra.client_id ?? demoCid,
      rule_id: extra.rule_id ?? rid,
      rule_name: extra.rule_name ?? 'Highway limit',
      type,
      unit_id: unitId,
      time,
      end_time: extra.end_time === undefined ? time + 250_000 : extra.end_time,
      open: extra.end_time === null ? 1 : 0,
      lat: -26.2,
      lon: 28.05,
      speed: 132,
      evidence: JSON.stringify(evidence),
      created: time,
    })
    .returning('raid')
    .executeTakeFirstOrThrow();
  return raid;
}

async function addFix(unitId: number, at: number, speed: number): Promise<void> {
  await db()
    .insertInto('positions')
    .values({
      unit_id: unitId,
      fix_time: at,
      server_time: at,
      lat: -26.2 + speed / 100_000,
      lon: 28.05,
      speed,
      course: 0,
      altitude: null,
      satellites: null,
      valid: 1,
      ignition: 1,
      odometer: 0,
      attributes: '{}',
    })
    .execute();
}

const SPEEDING = { limit: 120, peak: 132, duration_s: 250, grace_s: 10 };
let a1: number; // u1 speeding, oldest
let a2: number; // u2 towing
let a3: number; // u1 speeding, newest, still open

beforeAll(async () => {
  t = await createTestApp();
  demo = await t.login('demo');
  demoCid = (
    await db()
      .selectFrom('clients')
      .select('cid')
      .where('name', '=', 'Demo Fleet')
      .executeTakeFirstOrThrow()
  ).cid;
  [u1, u2, u3] = (
    await db()
      .selectFrom('units')
      .select('uid')
      .where('client_id', '=', demoCid)
      .orderBy('uid')
      .execute()
  ).map((u) => u.uid);
  const rule = await t.task(demo, 'set_rule', {
    name: 'Highway limit',
    type: 'speeding',
    param: { limit: 120 },
  });
  rid = rule.data.rule.rid;
  a1 = await addAlert(u1, 'speeding', BASE, SPEEDING);
  a2 = await addAlert(u2, 'towing', BASE + HOUR, { peak: 25, duration_s: 90 });
  a3 = await addAlert(u1, 'speeding', BASE + 2 * HOUR, SPEEDING, { end_time: null });
});
afterAll(() => t.close());

const raids = (res: any) => res.data.rule_alerts.map((a: any) => a.raid);

describe('rule alerts', () => {
  it('lists alerts newest first, with filters by unit, rule, type and date, and pages', async () => {
    const mine = await t.task(demo, 'get_rule_alerts', { rid });
    expect(raids(mine)).toEqual([a3, a2, a1]);
    expect(mine.data).toMatchObject({ count: 3, page_count: 1 });
    const first = mine.data.rule_alerts[2];
    expect(first).toMatchObject({
      raid: a1,
      rid,
      rule_name: 'Highway limit',
      type: 'speeding',
      type_name: 'Speeding',
      uid: u1,
      time: new Date(BASE).toISOString(),
      end: new Date(BASE + 250_000).toISOString(),
      open: false,
      lat: -26.2,
      lon: 28.05,
      speed: 132,
      evidence: SPEEDING,
    });
    expect(first.unit_name).toBeTruthy();
    expect(first.summary).toContain('132 km/h');
    expect(first.summary).toContain('120 km/h');
    expect(mine.data.rule_alerts[0]).toMatchObject({ raid: a3, open: true, end: null });

    expect(raids(await t.task(demo, 'get_rule_alerts', { rid, uid: u1 }))).toEqual([a3, a1]);
    expect(raids(await t.task(demo, 'get_rule_alerts', { rid, type: 'towing' }))).toEqual([a2]);
    const window = await t.task(demo, 'get_rule_alerts', {
      rid,
      from: new Date(BASE + 1).toISOString(),
      to: new Date(BASE + HOUR).toISOString(),
    });
    expect(raids(window)).toEqual([a2]);
    const page2 = await t.task(demo, 'get_rule_alerts', { rid, page_size: 2, page: 2 });
    expect(raids(page2)).toEqual([a1]);
    expect(page2.data).toMatchObject({ count: 3, page_count: 2 });
  });

  it('shows one alert with the fixes from a minute before to a minute after, and its rule', async () => {
    const end = BASE + 250_000;
    for (const [at, speed] of [
      [BASE - 61_000, 100], // before the window
      [BASE - 30_000, 118],
      [BASE + 120_000, 132],
      [end + 59_000, 110],
      [end + 61_000, 90], // after it
    ])
      await addFix(u1, at, speed);
    const res = await t.task(demo, 'get_rule_alert', { raid: a1 });
    expect(res.result).toBe(0);
    const alert = res.data.rule_alert;
    expect(alert.points.map((p: any) => p.speed)).toEqual([118, 132, 110]);
    expect(alert.points[1]).toMatchObject({
      datetime: new Date(BASE + 120_000).toISOString(),
      lon: 28.05,
    });
    expect(alert.rule).toMatchObject({ rid, name: 'Highway limit', type: 'speeding' });

    // An open incident reaches to now; the alert outlives its rule, which then reads null.
    await addFix(u1, Date.now() - 5_000, 140);
    const open = await t.task(demo, 'get_rule_alert', { raid: a3 });
    expect(open.data.rule_alert.points.map((p: any) => p.speed)).toEqual([140]);
    expect((await t.task(demo, 'delete_rule', { rid })).result).toBe(0);
    const orphan = await t.task(demo, 'get_rule_alert', { raid: a1 });
    expect(orphan.data.rule_alert).toMatchObject({
      raid: a1,
      rule_name: 'Highway limit',
      rule: null,
    });
    expect(raids(await t.task(demo, 'get_rule_alerts', { rid }))).toEqual([a3, a2, a1]);
  });

  it('counts new alerts until the icon is opened, then only newer ones', async () => {
    const count = async (token: string) =>
      (await t.task(token, 'get_new_rule_alerts_count')).data.new_rule_alerts_count;
    expect(await count(demo)).toBeGreaterThanOrEqual(3);
    const seen = await t.task(demo, 'set_rule_alerts_seen');
    expect(seen).toMatchObject({ result: 0, data: { new_rule_alerts_count: 0 } });
    expect(await count(demo)).toBe(0);
    const listed = await t.task(demo, 'get_rule_alerts', { rid });
    expect(listed.data.rule_alerts.map((a: any) => a.new)).toEqual([false, false, false]);

    const a4 = await addAlert(u3, 'speeding', BASE + 3 * HOUR, SPEEDING);
    expect(await count(demo)).toBe(1);
    const after = await t.task(demo, 'get_rule_alerts', { rid });
    expect(after.data.rule_alerts.map((a: any) => [a.raid, a.new])).toEqual([
      [a4, true],
      [a3, false],
      [a2, false],
      [a1, false],
    ]);
    // Another user of the client keeps their own mark.
    const full2 = await t.login('lite');
    expect(await count(full2)).toBeGreaterThanOrEqual(4);
    expect((await t.task(demo, 'set_rule_alerts_seen')).data.new_rule_alerts_count).toBe(0);
  });

  it('shows a user only the alerts of the units they may see', async () => {
    const liteUser = await db()
      .selectFrom('users')
      .select('nid')
      .where('username', '=', 'lite')
      .executeTakeFirstOrThrow();
    const assigned = await t.task(demo, 'set_user_units', {
      nid: liteUser.nid,
      all_units: false,
      uids: [u2],
    });
    expect(assigned.result).toBe(0);
    const lite = await t.login('lite');
    expect(raids(await t.task(lite, 'get_rule_alerts', { rid }))).toEqual([a2]);
    expect((await t.task(lite, 'get_rule_alert', { raid: a1 })).message).toBe(
      'Rule alert not found',
    );
    expect((await t.task(lite, 'get_new_rule_alerts_count')).data.new_rule_alerts_count).toBe(1);
    await t.task(lite, 'set_rule_alerts_seen');
    const mark = await db()
      .selectFrom('rule_alert_marks')
      .select('seen_raid')
      .where('user_id', '=', liteUser.nid)
      .executeTakeFirstOrThrow();
    // The mark moves to the newest alert the user could see, not past alerts hidden from them.
    const { top } = await db()
      .selectFrom('rule_alerts')
      .select((eb) => eb.fn.max('raid').as('top'))
      .where('unit_id', '=', u2)
      .executeTakeFirstOrThrow();
    expect(Number(mark.seen_raid)).toBe(Number(top));
  });

  it("answers another client's alert exactly like one that does not exist", async () => {
    const other = await t.login('other');
    const theirs = await t.task(other, 'get_rule_alert', { raid: a1 });
    const missing = await t.task(other, 'get_rule_alert', { raid: 987654 });
    expect(theirs).toEqual({ ...missing, ref: theirs.ref });
    expect(theirs.message).toBe('Rule alert not found');
    const list = await t.task(other, 'get_rule_alerts', { rid });
    expect(list.data).toMatchObject({ rule_alerts: [], count: 0 });
    const otherCount = await t.task(other, 'get_new_rule_alerts_count');
    const otherCid = (
      await db()
        .selectFrom('clients')
        .select('cid')
        .where('name', '=', 'Other Fleet')
        .executeTakeFirstOrThrow()
    ).cid;
    const { n } = await db()
      .selectFrom('rule_alerts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('client_id', '=', otherCid)
      .executeTakeFirstOrThrow();
    expect(otherCount.data.new_rule_alerts_count).toBe(Number(n));
  });

  it('needs the rule-alerts role', async () => {
    const made = await t.task(demo, 'set_user', {
      username: 'no-alerts',
      password: 'Correct-Horse-Battery-9',
      user_type: 'full',
      roles: ['feature_dashboard'],
    });
    expect(made.result, made.message).toBe(0);
    const token = await t.login('no-alerts', 'Correct-Horse-Battery-9');
    for (const task of ['get_rule_alerts', 'get_new_rule_alerts_count', 'set_rule_alerts_seen'])
      expect((await t.task(token, task)).result, task).toBe(3);
  });
});
