// Fleets and labels through /api/call (issue 12): create, read, edit and delete with change-log
// rows and rules_changed, lists by name (global labels last, SPEC §4), bad input refused naming
// the field with nothing stored, another client's ids answering not found, and global labels:
// written by support staff, seen by every client, each client's units staying its own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { changeLogsOf, clientIdOf, listen, rowCount, unitsOf } from '../support/fleet-records';

let t: TestApp;
let demo: string;
let other: string;
let support: string;
let demoCid: number;
let otherCid: number;
let demoUids: number[];
let otherUids: number[];

const db = () => t.running.services.db.db;
const names = (rows: { name: string }[]) => rows.map((r) => r.name);

beforeAll(async () => {
  t = await createTestApp();
  demo = await t.login('demo');
  other = await t.login('other');
  support = await t.login('support');
  demoCid = await clientIdOf(db(), 'Demo Fleet');
  otherCid = await clientIdOf(db(), 'Other Fleet');
  demoUids = (await unitsOf(db(), demoCid)).map((u) => u.uid);
  otherUids = (await unitsOf(db(), otherCid)).map((u) => u.uid);
});
afterAll(() => t.close());

describe('fleets', () => {
  it('creates, reads, edits and deletes a fleet, logged, telling the rules', async () => {
    const rules = listen(t, 'rules_changed');
    const created = await t.task(demo, 'set_fleet', {
      name: 'Zulu run',
      uids: demoUids.slice(0, 3),
    });
    expect(created.result, created.message).toBe(0);
    const fid = created.data.fleet.fid;
    expect(created.data.fleet).toEqual({ fid, name: 'Zulu run', uids: demoUids.slice(0, 3) });
    const edited = await t.task(demo, 'set_fleet', {
      fid,
      name: 'alpha run',
      uids: [demoUids[2], demoUids[3]],
    });
    expect(edited.data.fleet).toEqual({ fid, name: 'alpha run', uids: [demoUids[2], demoUids[3]] });
    expect((await t.task(demo, 'get_fleet', { fid })).data.fleet).toEqual(edited.data.fleet);
    // SPEC §4: by name ascending, whatever the case.
    const list = (await t.task(demo, 'get_fleets', { page_size: 500 })).data.fleets;
    const lower = names(list).map((n) => n.toLowerCase());
    expect(lower).toEqual([...lower].sort());
    expect(names(list)).toContain('alpha run');
    expect((await t.task(demo, 'delete_fleet', { fid })).result).toBe(0);
    expect((await t.task(demo, 'get_fleet', { fid })).message).toBe('Fleet not found');
    expect(
      await db().selectFrom('fleet_units').selectAll().where('fleet_id', '=', fid).execute(),
    ).toEqual([]);
    rules.stop();
    expect(rules.messages.filter((m) => m.client_id === demoCid)).toHaveLength(3);
    const logs = await changeLogsOf(db(), 'Fleet', fid);
    expect(logs.map((l) => [l.action, l.description])).toEqual([
      ['I', 'Fleet Zulu run added with 3 vehicles'],
      ['E', 'Fleet alpha run edited (was Zulu run): 2 vehicles (1 added, 2 removed)'],
      ['D', 'Fleet alpha run deleted'],
    ]);
  });

  it('refuses bad input naming the field and stores nothing', async () => {
    await t.task(demo, 'set_fleet', { name: 'Taken fleet' });
    const fleets = await rowCount(db(), 'fleets');
    const members = await rowCount(db(), 'fleet_units');
    for (const [params, message] of [
      [{ name: 'TAKEN FLEET' }, 'name: a fleet with this name already exists'],
      [{ name: 'Mixed', uids: [demoUids[0], otherUids[0]] }, 'uids: Unit not found'],
      [{ name: '' }, 'name: is required'],
      [{ name: 'A <b>fleet</b>' }, /^name: must not contain/],
    ] as const) {
      const res = await t.task(demo, 'set_fleet', params);
      expect(res.result).toBe(1);
      expect(res.message).toMatch(message);
    }
    expect(await rowCount(db(), 'fleets')).toBe(fleets);
    expect(await rowCount(db(), 'fleet_units')).toBe(members);
  });

  it("answers another client's fleet as not found and changes nothing", async () => {
    const theirs = (await t.task(other, 'set_fleet', { name: 'Theirs', uids: [otherUids[0]] })).data
      .fleet;
    for (const [task, params] of [
      ['get_fleet', { fid: theirs.fid }],
      ['set_fleet', { fid: theirs.fid, name: 'Mine' }],
      ['delete_fleet', { fid: theirs.fid }],
    ] as const) {
      expect(await t.task(demo, task, params)).toMatchObject({
        result: 1,
        message: 'Fleet not found',
      });
    }
    expect((await t.task(other, 'get_fleet', { fid: theirs.fid })).data.fleet).toEqual(theirs);
  });
});

describe('labels', () => {
  it('creates, reads, edits and deletes a label, logged, telling the rules', async () => {
    const rules = listen(t, 'rules_changed');
    const created = await t.task(demo, 'set_tag', {
      name: 'Cold chain',
      colour: '#13c2c2',
      uids: [demoUids[0], demoUids[1]],
    });
    expect(created.result, created.message).toBe(0);
    const tgid = created.data.tag.tgid;
    expect(created.data.tag).toEqual({
      tgid,
      name: 'Cold chain',
      colour: '#13c2c2',
      is_global: false,
      uids: [demoUids[0], demoUids[1]],
    });
    const edited = await t.task(demo, 'set_tag', {
      tgid,
      name: 'Cold chain 2',
      uids: [demoUids[1]],
    });
    expect(edited.data.tag).toMatchObject({ colour: '#13c2c2', uids: [demoUids[1]] });
    expect((await t.task(demo, 'get_tag', { tgid })).data.tag).toEqual(edited.data.tag);
    // Members are left alone when uids is absent.
    const renamed = await t.task(demo, 'set_tag', { tgid, name: 'Cold chain 3' });
    expect(renamed.data.tag.uids).toEqual([demoUids[1]]);
    expect((await t.task(demo, 'delete_tag', { tgid })).result).toBe(0);
    expect((await t.task(demo, 'get_tag', { tgid })).message).toBe('Label not found');
    rules.stop();
    expect(rules.messages.some((m) => m.client_id === demoCid)).toBe(true);
    const logs = await changeLogsOf(db(), 'Tag', tgid);
    expect(logs.map((l) => [l.action, l.description])).toEqual([
      ['I', 'New Label Cold chain: 2 vehicles added, 0 removed'],
      ['E', 'Label Cold chain 2 (was Cold chain): 0 vehicles added, 1 removed'],
      ['E', 'Label Cold chain 3 (was Cold chain 2)'],
      ['D', 'Label Cold chain 3 deleted'],
    ]);
  });

  it('refuses bad input naming the field and stores nothing', async () => {
    await t.task(demo, 'set_tag', { name: 'Taken label' });
    const theirs = (await t.task(other, 'set_tag', { name: 'Their label' })).data.tag.tgid;
    const tags = await rowCount(db(), 'tags');
    const links = await rowCount(db(), 'unit_tags');
    for (const [task, params, message] of [
      ['set_tag', { name: 'taken LABEL' }, 'name: a label with this name already exists'],
      [
        'set_tag',
        { name: 'Global', is_global: true },
        'is_global: only support staff create global labels',
      ],
      ['set_tag', { name: 'Mixed', uids: [otherUids[0]] }, 'uids: Unit not found'],
      ['set_tag', { name: 'Red', colour: 'red' }, /^colour: must be a colour/],
      ['set_tag', { tgid: theirs, name: 'Mine' }, 'Label not found'],
      ['delete_tag', { tgid: theirs }, 'Label not found'],
      ['set_unit_tags', { uid: demoUids[0], tgids: [theirs] }, 'tgids: Label not found'],
      ['set_unit_tags', { uid: otherUids[0], tgids: [] }, 'Unit not found'],
    ] as const) {
      const res = await t.task(demo, task, params);
      expect(res.result, JSON.stringify(params)).toBe(1);
      expect(res.message).toMatch(message);
    }
    expect(await rowCount(db(), 'tags')).toBe(tags);
    expect(await rowCount(db(), 'unit_tags')).toBe(links);
  });

  it("sets one unit's labels, logged as Assign Tags", async () => {
    const a = (await t.task(demo, 'set_tag', { name: 'Aardvark' })).data.tag.tgid;
    const b = (await t.task(demo, 'set_tag', { name: 'Badger' })).data.tag.tgid;
    const uid = demoUids[10];
    const res = await t.task(demo, 'set_unit_tags', { uid, tgids: [b, a] });
    expect(res.result, res.message).toBe(0);
    expect(res.data.tags.map((x: any) => x.name)).toEqual(
      expect.arrayContaining(['Aardvark', 'Badger']),
    );
    const again = await t.task(demo, 'set_unit_tags', { uid, tgids: [] });
    expect(again.data).toEqual({ uid, tags: [] });
    const logs = await changeLogsOf(db(), 'Assign Tags', uid);
    expect(logs.at(-1)!.description).toMatch(/labels .*Aardvark, Badger.* → none$/);
  });
});

describe('global labels', () => {
  it('are written by support staff, seen by every client last, and carried by its own units', async () => {
    const created = await t.task(support, 'set_tag', { name: 'Aa fleet-wide', is_global: true });
    expect(created.result, created.message).toBe(0);
    const tgid = created.data.tag.tgid;
    expect(created.data.tag).toMatchObject({ is_global: true, uids: [] });

    for (const token of [demo, other]) {
      const list = (await t.task(token, 'get_tags', { page_size: 500 })).data.tags;
      // Global labels come last, even one whose name sorts first.
      expect(list.at(-1)).toMatchObject({ tgid, name: 'Aa fleet-wide', is_global: true });
      expect(list.filter((x: any) => !x.is_global).length).toBe(list.length - 1);
    }
    expect((await t.task(demo, 'set_unit_tags', { uid: demoUids[0], tgids: [tgid] })).result).toBe(
      0,
    );
    const mine = await t.task(other, 'set_tag', {
      tgid,
      name: 'Aa fleet-wide',
      uids: [otherUids[0]],
    });
    expect(mine.result, mine.message).toBe(0);
    expect(mine.data.tag.uids).toEqual([otherUids[0]]);
    expect((await t.task(demo, 'get_tag', { tgid })).data.tag.uids).toEqual([demoUids[0]]);
    expect((await t.task(support, 'get_tag', { tgid })).data.tag.uids.sort()).toEqual(
      [demoUids[0], otherUids[0]].sort(),
    );
    const rows = await db()
      .selectFrom('unit_tags')
      .select(['unit_id', 'client_id'])
      .where('tag_id', '=', tgid)
      .orderBy('unit_id')
      .execute();
    expect(rows).toEqual(
      [
        { unit_id: demoUids[0], client_id: demoCid },
        { unit_id: otherUids[0], client_id: otherCid },
      ].sort((x, y) => x.unit_id - y.unit_id),
    );
    const tagged = (await t.task(demo, 'get_vehicles', { tgid })).data.vehicles;
    expect(tagged.map((v: any) => v.uid)).toEqual([demoUids[0]]);
    expect(tagged[0].tags.at(-1)).toMatchObject({ tgid, is_global: true });

    // A rule may pick units by a global label: only the client's own units carrying it count.
    const rule = await t.task(demo, 'set_rule', {
      name: 'Global label speeding',
      type: 'speeding',
      apply_type: 'tags',
      apply_to: [tgid],
      param: { limit: 120, grace_s: 10 },
    });
    expect(rule.result, rule.message).toBe(0);
    expect(rule.data.rule.uids).toEqual([demoUids[0]]);
    expect((await t.task(demo, 'delete_rule', { rid: rule.data.rule.rid })).result).toBe(0);

    // Clients neither rename nor delete it; support staff do.
    expect((await t.task(demo, 'set_tag', { tgid, name: 'Renamed' })).message).toBe(
      'name: only support staff edit global labels',
    );
    expect((await t.task(demo, 'delete_tag', { tgid })).message).toBe(
      'tgid: only support staff delete global labels',
    );
    const rules = listen(t, 'rules_changed');
    expect((await t.task(support, 'delete_tag', { tgid })).result).toBe(0);
    rules.stop();
    expect(rules.messages.map((m) => m.client_id)).toEqual(
      expect.arrayContaining([demoCid, otherCid]),
    );
    expect(
      await db().selectFrom('unit_tags').selectAll().where('tag_id', '=', tgid).execute(),
    ).toEqual([]);
  });

  it('keeps get_warnings working for a label a rule uses', async () => {
    const tgid = (await t.task(demo, 'set_tag', { name: 'Warned label' })).data.tag.tgid;
    const uid = demoUids[11];
    await db()
      .updateTable('units')
      .set({ service_type: 'recovery' })
      .where('uid', '=', uid)
      .execute();
    const rule = await t.task(demo, 'set_rule', {
      name: 'Label speeding',
      type: 'speeding',
      apply_type: 'tags',
      apply_to: [tgid],
      param: { limit: 120 },
    });
    expect(rule.result, rule.message).toBe(0);
    const res = await t.task(demo, 'get_warnings', { tgid, uids: [uid] });
    expect(res.data.warnings).toHaveLength(1);
    expect(res.data.warnings[0].message).toMatch(/does not support this rule type/);
  });
});
