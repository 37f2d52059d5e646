// The demo's rules (issue 11): seeded with the demo so that a fresh install shows real alerts, seen
// through the tasks (every parameter valid for its type, the depot rule pointing at the depot),
// never duplicated by another start, added once to a demo that predates them and never again to a
// client whose users deleted them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RULE_PARAMS, type RuleTypeKey } from '@fleet/common';
import { seedDemo } from '../../src/demo/seed';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.running.services.db.db;

async function ruleNames(client: string): Promise<string[]> {
  const rows = await db()
    .selectFrom('rules')
    .innerJoin('clients', 'clients.cid', 'rules.client_id')
    .select('rules.name')
    .where('clients.name', '=', client)
    .orderBy('rules.name')
    .execute();
  return rows.map((r) => r.name);
}

describe('demo rules', () => {
  it('gives each demo client rules its fleet trips, valid for their types, and two notices', async () => {
    const token = await t.login('demo');
    const answer = await t.task(token, 'get_rules', { page_size: 100 });
    expect(answer.result).toBe(0);
    const rules = answer.data.rules as {
      name: string;
      type: RuleTypeKey;
      param: Record<string, unknown>;
      uids: number[];
    }[];
    expect(rules.map((r) => r.type).sort()).toEqual(
      [
        'harsh_driving',
        'location',
        'route_violation',
        'speeding',
        'towing',
        'vehicle_moving',
      ].sort(),
    );
    for (const r of rules) {
      expect(RULE_PARAMS[r.type].safeParse(r.param).success, r.name).toBe(true);
      expect(r.uids.length, r.name).toBeGreaterThan(0);
    }
    const depot = rules.find((r) => r.type === 'location')!;
    const location = await t.task(token, 'get_location', { lid: depot.param.lid });
    expect(location.data.location.name).toBe('Johannesburg Main Depot');
    expect(await ruleNames('Other Fleet')).toEqual(['Night movement', 'Speeding over 110 km/h']);
    const notices = await t.task(token, 'get_notices', {});
    expect(notices.data.notices.map((n: { priority: number }) => n.priority).sort()).toEqual([
      0, 1,
    ]);
  });

  it('seeds them once, and not again for a client whose users deleted them', async () => {
    const before = await ruleNames('Demo Fleet');
    await seedDemo(db());
    expect(await ruleNames('Demo Fleet')).toEqual(before);
    const token = await t.login('demo');
    for (const r of (await t.task(token, 'get_rules', { page_size: 100 })).data.rules)
      expect((await t.task(token, 'delete_rule', { rid: r.rid })).result).toBe(0);
    await seedDemo(db());
    expect(await ruleNames('Demo Fleet')).toEqual([]);
    expect(await ruleNames('Other Fleet')).toHaveLength(2);
  });
});
