// Rules through /api/call (issue 11): create, read, edit and delete with change-log rows and the
// rules_changed message, the list's order, search, type filter and pages, the rule types each
// account may use (SPEC §6), every bad input of the issue (refused naming the field, nothing
// stored), and another client's ids answering like missing ones. rule-units.test.ts covers the
// units a rule applies to by label, fleet or all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { placeIds } from '../support/place-ids';

let t: TestApp;
let demo: string;
let lite: string;
let recovery: string;
let support: string;
let demoCid: number;
/** Demo Fleet units: a Full, a Recovery and a Lite one (service types set here). */
let full: number;
let rec: number;
let lt: number;
let demoLid: number;
let foreign: Awaited<ReturnType<typeof placeIds>> & { uid: number };

const db = () => t.running.services.db.db;

async function ruleCount(): Promise<number> {
  const { n } = await db()
    .selectFrom('rules')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

async function clientId(name: string): Promise<number> {
  const row = await db()
    .selectFrom('clients')
    .select('cid')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.cid;
}

beforeAll(async () => {
  t = await createTestApp();
  demo = await t.login('demo');
  lite = await t.login('lite');
  recovery = await t.login('recovery');
  support = await t.login('support');
  demoCid = await clientId('Demo Fleet');
  const units = await db()
    .selectFrom('units')
    .select('uid')
    .where('client_id', '=', demoCid)
    .orderBy('uid')
    .execute();
  [full, rec, lt] = units.map((u) => u.uid);
  for (const [uid, service] of [
    [full, 'full'],
    [rec, 'recovery'],
    [lt, 'lite'],
  ] as const)
    await db().updateTable('units').set({ service_type: service }).where('uid', '=', uid).execute();
  const otherCid = await clientId('Other Fleet');
  const otherUnit = await db()
    .selectFrom('units')
    .select('uid')
    .where('client_id', '=', otherCid)
    .orderBy('uid')
    .executeTakeFirstOrThrow();
  foreign = { ...(await placeIds(db(), otherCid)), uid: otherUnit.uid };
  demoLid = (await placeIds(db(), demoCid)).lid;
});
afterAll(() => t.close());

describe('rules', () => {
  it('creates, reads, edits and deletes a rule, with change-log rows and rules_changed', async () => {
    const published: number[] = [];
    const stop = t.running.services.bus.subscribe('rules_changed', (m) =>
      published.push(m.client_id),
    );
    const created = await t.task(demo, 'set_rule', {
      name: 'Highway limit',
      type: 'speeding',
      apply_type: 'units',
      apply_to: [full, rec, full],
      param: { limit: 120 },
      emails: ['ops@example.com'],
      sms: ['+27 82 555 0101'],
      days: [5, 1, 3],
      start: '7:30',
      end: '18:00',
    });
    expect(created.result).toBe(0);
    const rule = created.data.rule;
    expect(rule).toMatchObject({
      cgid: demoCid,
      fid: null,
      name: 'Highway limit',
      type: 'speeding',
      type_name: 'Speeding',
      apply_type: 'units',
      apply_to: [full, rec],
      // grace_s comes from the type's default
      param: { limit: 120, grace_s: 10 },
      emails: ['ops@example.com'],
      sms: ['+27 82 555 0101'],
      phones: [],
      uids: [full, rec].sort((a, b) => a - b),
      // a Recovery unit cannot trigger Speeding (SPEC §6)
      unsupported_uids: [rec],
      days: [1, 3, 5],
      start: '7:30',
      end: '18:00',
      active: true,
    });
    const row = await db()
      .selectFrom('rules')
      .selectAll()
      .where('rid', '=', rule.rid)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      client_id: demoCid,
      start_min: 450,
      end_min: 1080,
      days: '[1,3,5]',
    });
    expect((await t.task(demo, 'get_rule', { rid: rule.rid })).data.rule).toEqual(rule);

    // Absent fields take their defaults: every unit, every day, 0:00 to 24:00.
    const edited = await t.task(demo, 'set_rule', {
      rid: rule.rid,
      name: 'Highway limit for all',
      type: 'speeding',
      param: { limit: 100, grace_s: 30 },
    });
    expect(edited.result, edited.message).toBe(0);
    const allUnits = await db()
      .selectFrom('units')
      .select('uid')
      .where('client_id', '=', demoCid)
      .orderBy('uid')
      .execute();
    expect(edited.data.rule).toMatchObject({
      rid: rule.rid,
      apply_type: 'all',
      apply_to: [],
      uids: allUnits.map((u) => u.uid),
      days: [1, 2, 3, 4, 5, 6, 7],
      start: '0:00',
      end: '24:00',
      param: { limit: 100, grace_s: 30 },
    });

    expect((await t.task(demo, 'delete_rule', { rid: rule.rid })).result).toBe(0);
    expect((await t.task(demo, 'get_rule', { rid: rule.rid })).message).toBe('Rule not found');
    stop();
    expect(published).toEqual([demoCid, demoCid, demoCid]);
    const logs = await db()
      .selectFrom('change_logs')
      .select(['action', 'description'])
      .where('entity_type', '=', 'Rule')
      .where('entity_id', '=', String(rule.rid))
      .orderBy('id')
      .execute();
    expect(logs).toEqual([
      { action: 'I', description: 'Rule Highway limit added (Speeding)' },
      { action: 'E', description: 'Rule Highway limit for all edited (was Highway limit)' },
      { action: 'D', description: 'Rule Highway limit for all deleted' },
    ]);
  });

  it('lists rules by name, case-insensitively, in pages, with search and type filter', async () => {
    for (const [name, type, param] of [
      ['qq-b speed', 'speeding', { limit: 90 }],
      ['QQ-a tow', 'towing', {}],
      ['qq-c idle', 'excessive_idling', { minutes: 30 }],
    ] as const)
      expect((await t.task(demo, 'set_rule', { name, type, param })).result).toBe(0);
    const first = await t.task(demo, 'get_rules', { search: 'QQ-', page_size: 2 });
    expect(first.data.rules.map((r: any) => r.name)).toEqual(['QQ-a tow', 'qq-b speed']);
    expect(first.data).toMatchObject({ count: 3, page_count: 2 });
    const second = await t.task(demo, 'get_rules', { search: 'qq-', page_size: 2, page: 2 });
    expect(second.data.rules.map((r: any) => r.name)).toEqual(['qq-c idle']);
    const towing = await t.task(demo, 'get_rules', { search: 'qq', type: 'towing' });
    expect(towing.data.rules.map((r: any) => r.name)).toEqual(['QQ-a tow']);
    // A wildcard in the search is taken literally.
    expect((await t.task(demo, 'get_rules', { search: 'qq%' })).data.count).toBe(0);
    // Another client sees none of them.
    const other = await t.login('other');
    expect((await t.task(other, 'get_rules', { search: 'qq-' })).data.count).toBe(0);
  });

  it('offers each account only its rule types (SPEC §6) and needs the edit role to write', async () => {
    const before = await ruleCount();
    const towing = await t.task(lite, 'set_rule', { name: 'Tow', type: 'towing' });
    expect(towing).toMatchObject({
      result: 1,
      message: 'type: your account cannot use Towing rules',
    });
    const speeding = await t.task(recovery, 'set_rule', {
      name: 'Fast',
      type: 'speeding',
      param: { limit: 100 },
    });
    expect(speeding.message).toBe('type: your account cannot use Speeding rules');
    expect(await ruleCount()).toBe(before);

    const liteSpeed = await t.task(lite, 'set_rule', {
      name: 'Lite speed',
      type: 'speeding',
      param: { limit: 100 },
    });
    expect(liteSpeed.result).toBe(0);
    const recoveryPlace = await t.task(recovery, 'set_rule', {
      name: 'Depot',
      type: 'location',
      param: { lid: demoLid, trigger: 'exit' },
    });
    expect(recoveryPlace.result).toBe(0);
    // Editing a rule into a type the account may not use is refused too.
    const retyped = await t.task(lite, 'set_rule', {
      rid: liteSpeed.data.rule.rid,
      name: 'Lite speed',
      type: 'harsh_driving',
    });
    expect(retyped.message).toBe('type: your account cannot use Harsh Driving rules');
    expect((await t.task(demo, 'get_rule', { rid: liteSpeed.data.rule.rid })).data.rule.type).toBe(
      'speeding',
    );

    // Support staff read every client's rules but do not hold feature_rules_edit.
    const read = await t.task(support, 'get_rule', { rid: liteSpeed.data.rule.rid });
    expect(read.data.rule.name).toBe('Lite speed');
    const write = await t.task(support, 'delete_rule', { rid: liteSpeed.data.rule.rid });
    expect(write.result).toBe(3);
  });

  it('refuses every bad input of the issue with a message naming the field; nothing is stored', async () => {
    const base = { name: 'Bad', type: 'speeding', param: { limit: 100 } };
    const cases: [Record<string, unknown>, string][] = [
      [{ param: { limit: 5 } }, 'param.limit: limit must be at least 10 km/h'],
      [{ param: { limit: 251 } }, 'param.limit: limit must be at most 250 km/h'],
      [{ type: 'excessive_idling', param: { minutes: 7 } }, 'param.minutes: must be one of'],
      [
        { type: 'speed_buzzer', param: { limit: 80, seconds: 20 } },
        'param.seconds: seconds must be 30 to 60',
      ],
      [{ days: [] }, 'days: choose at least one day'],
      [{ days: [1, 8] }, 'days.1:'],
      [{ start: '18:00', end: '7:00' }, 'end: must be after the start'],
      [{ start: '25:00' }, 'start: must be a time from 0:00 to 24:00'],
      [{ name: '' }, 'name: is required'],
      [{ type: 'teleport' }, 'type: is not a rule type'],
      [
        { type: 'location', param: { lid: 987654, trigger: 'enter' } },
        'param.lid: location not found',
      ],
      [
        { type: 'location', param: { lid: foreign.lid, trigger: 'enter' } },
        'param.lid: location not found',
      ],
      [
        { type: 'location', param: { lid: demoLid, trigger: 'inside' } },
        'param.minutes: is required',
      ],
      [
        { type: 'abnormal_park', param: { minutes: 60, lids: [demoLid, foreign.lid] } },
        'param.lids: location not found',
      ],
      [{ type: 'route_violation', param: { roid: foreign.roid } }, 'param.roid: route not found'],
      [{ type: 'route_violation', param: { roid: 987654 } }, 'param.roid: route not found'],
      [{ apply_type: 'units', apply_to: [full, foreign.uid] }, 'apply_to: unit not found'],
      [{ apply_type: 'units', apply_to: [] }, 'apply_to: choose at least one unit'],
      [{ apply_type: 'tags', apply_to: [foreign.tgid] }, 'apply_to: label not found'],
      [{ apply_type: 'fleet', fid: foreign.fid }, 'fid: fleet not found'],
      [{ apply_type: 'fleet' }, 'fid: choose a fleet'],
      [
        { emails: ['ops@example.com', 'not-an-email'] },
        'emails.1: "not-an-email" is not a valid e-mail address',
      ],
      [{ sms: ['12ab'] }, 'sms.0: "12ab" is not a valid phone number'],
      [{ phones: ['+27 82 555 0101', '555'] }, 'phones.1: "555" is not a valid phone number'],
    ];
    const before = await ruleCount();
    for (const [change, message] of cases) {
      const res = await t.task(demo, 'set_rule', { ...base, ...change });
      expect(res.result, JSON.stringify(change)).toBe(1);
      expect(res.message, JSON.stringify(change)).toContain(message);
    }
    expect(await ruleCount()).toBe(before);
  });

  it("answers another client's rule exactly like one that does not exist", async () => {
    for (const [task, params] of [
      ['get_rule', {}],
      ['delete_rule', {}],
      ['set_rule', { name: 'Taken over', type: 'towing' }],
    ] as const) {
      const theirs = await t.task(demo, task, { ...params, rid: foreign.rid });
      const missing = await t.task(demo, task, { ...params, rid: 987654 });
      expect(theirs).toEqual({ ...missing, ref: theirs.ref });
      expect(theirs.message).toBe('Rule not found');
    }
    const row = await db()
      .selectFrom('rules')
      .select('name')
      .where('rid', '=', foreign.rid)
      .executeTakeFirstOrThrow();
    expect(row.name).not.toBe('Taken over');
  });
});
