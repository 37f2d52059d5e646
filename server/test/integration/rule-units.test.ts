// The units a rule applies to (issue 11, SPEC §3 Rule apply_type): by label, by fleet or all, the
// units whose service type cannot trigger the rule's type picked out (SPEC §6, for the label
// warning of SPEC §5), and the label and fleet lists the rule form picks from (SPEC §9 sorting:
// by name, global labels last).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let demo: string;
let demoCid: number;
/** Demo Fleet units: a Full, a Recovery and a Lite one (service types set here). */
let full: number;
let rec: number;
let lt: number;

const db = () => t.running.services.db.db;

async function addTag(name: string, uids: number[], isGlobal = 0): Promise<number> {
  const at = Date.now();
  const { tgid } = await db()
    .insertInto('tags')
    .values({ client_id: demoCid, name, is_global: isGlobal, created: at, updated: at })
    .returning('tgid')
    .executeTakeFirstOrThrow();
  for (const uid of uids)
    await db()
      .insertInto('unit_tags')
      .values({ tag_id: tgid, unit_id: uid, client_id: demoCid })
      .execute();
  return tgid;
}

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
});
afterAll(() => t.close());

describe('rule units', () => {
  it('resolves units by label, fleet and all, and names those that cannot trigger the type', async () => {
    const north = await addTag('North', [full, rec]);
    const south = await addTag('South', [lt]);
    const at = Date.now();
    const { fid } = await db()
      .insertInto('fleets')
      .values({ client_id: demoCid, name: 'Rental', created: at, updated: at })
      .returning('fid')
      .executeTakeFirstOrThrow();
    for (const uid of [rec, lt])
      await db()
        .insertInto('fleet_units')
        .values({ fleet_id: fid, unit_id: uid, client_id: demoCid })
        .execute();

    const byLabel = await t.task(demo, 'set_rule', {
      name: 'Tow watch',
      type: 'towing',
      apply_type: 'tags',
      apply_to: [north, south],
    });
    const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
    // Towing is a Full-only type: the Recovery and Lite units cannot trigger it.
    expect(byLabel.data.rule).toMatchObject({
      apply_to: [north, south],
      uids: sorted([full, rec, lt]),
      unsupported_uids: sorted([rec, lt]),
    });
    const byFleet = await t.task(demo, 'set_rule', {
      name: 'Rental speed',
      type: 'speeding',
      param: { limit: 80 },
      apply_type: 'fleet',
      fid,
    });
    expect(byFleet.result, byFleet.message).toBe(0);
    expect(byFleet.data.rule).toMatchObject({
      fid,
      uids: sorted([rec, lt]),
      unsupported_uids: [rec],
    });
    // A unit labelled later is picked up at once: the rule names the label, not the units.
    await db()
      .insertInto('unit_tags')
      .values({ tag_id: south, unit_id: full, client_id: demoCid })
      .execute();
    const again = await t.task(demo, 'get_rule', { rid: byLabel.data.rule.rid });
    expect(again.data.rule.uids).toEqual(sorted([full, rec, lt]));

    const services = await db()
      .selectFrom('units')
      .select(['uid', 'service_type'])
      .where('client_id', '=', demoCid)
      .orderBy('uid')
      .execute();
    const all = await t.task(demo, 'set_rule', { name: 'All towing', type: 'towing' });
    expect(all.data.rule.uids).toEqual(services.map((u) => u.uid));
    expect(all.data.rule.unsupported_uids).toEqual(
      services.filter((u) => u.service_type !== 'full').map((u) => u.uid),
    );
  });

  it('lists labels by name with global ones last, and fleets by name, with their units', async () => {
    const a = await addTag('zz Alpha', [lt]);
    const g = await addTag('zz Global', [full], 1);
    const b = await addTag('ZZ beta', []);
    const tags = await t.task(demo, 'get_tags', { search: 'zz ' });
    expect(tags.data.tags).toEqual([
      { tgid: a, name: 'zz Alpha', colour: '#1677ff', is_global: false, uids: [lt] },
      { tgid: b, name: 'ZZ beta', colour: '#1677ff', is_global: false, uids: [] },
      { tgid: g, name: 'zz Global', colour: '#1677ff', is_global: true, uids: [full] },
    ]);
    const at = Date.now();
    for (const [name, uids] of [
      ['zz Vans', [lt, full]],
      ['ZZ Bakkies', []],
    ] as const) {
      const { fid } = await db()
        .insertInto('fleets')
        .values({ client_id: demoCid, name, created: at, updated: at })
        .returning('fid')
        .executeTakeFirstOrThrow();
      for (const uid of uids)
        await db()
          .insertInto('fleet_units')
          .values({ fleet_id: fid, unit_id: uid, client_id: demoCid })
          .execute();
    }
    const fleets = await t.task(demo, 'get_fleets', { search: 'zz ' });
    expect(fleets.data.fleets.map((f: any) => [f.name, f.uids])).toEqual([
      ['ZZ Bakkies', []],
      ['zz Vans', [full, lt].sort((x, y) => x - y)],
    ]);
    const other = await t.login('other');
    // Another client sees the global label (SPEC §3 is_global), without Demo Fleet's units.
    expect((await t.task(other, 'get_tags', { search: 'zz ' })).data.tags).toEqual([
      { tgid: g, name: 'zz Global', colour: '#1677ff', is_global: true, uids: [] },
    ]);
  });

  it('warns, in the words of SPEC §5, before a label puts a unit under a rule it cannot trigger', async () => {
    const label = await addTag('Watched', []);
    await t.task(demo, 'set_rule', {
      name: 'Watched towing',
      type: 'towing',
      apply_type: 'tags',
      apply_to: [label],
    });
    const names = await db()
      .selectFrom('units')
      .select(['uid', 'name'])
      .where('uid', 'in', [full, rec])
      .execute();
    const recName = names.find((u) => u.uid === rec)!.name;
    const answer = await t.task(demo, 'get_warnings', { tgid: label, uids: [full, rec] });
    expect(answer.result, answer.message).toBe(0);
    expect(answer.data.warnings).toEqual([
      {
        uid: rec,
        unit_name: recName,
        rid: expect.any(Number),
        rule_name: 'Watched towing',
        type: 'towing',
        message: `You are applying a label to ${recName} that is being used by a (Towing) rule. Please be aware that ${recName} does not support this rule type and therefore won't trigger this rule.`,
      },
    ]);
    // Another client's user learns nothing about these units.
    const other = await t.login('other');
    const foreign = await t.task(other, 'get_warnings', { tgid: label, uids: [rec] });
    expect(foreign.data.warnings).toEqual([]);
  });
});
