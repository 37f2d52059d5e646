// The in-cab speed buzzer (issue 13 item 7): set_speed_buzzer stores the limit, sends Teltonika's
// overspeeding parameters over Codec 12 and shows the limit the device confirmed; bad limits and
// OsmAnd units are refused with nothing stored; the Speed Buzzer Violation rule judges a vehicle by
// its own buzzer limit and falls back to the rule's for vehicles without one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_COMMAND_CHANNEL } from '@fleet/common';
import type { RunningGateways } from '../../src/ingest/gateways';
import type { CommandDispatcher } from '../../src/ingest/commands';
import { loadClientRules } from '../../src/rules/cache';
import { EVALUATORS } from '../../src/rules/evaluators';
import { createTestApp, type TestApp } from '../support/test-app';
import { FakeTeltonika, startCommandGateways } from '../support/command-devices';
import { sleep } from '../unit/gateways/client';

let t: TestApp;
let gw: RunningGateways;
let dispatcher: CommandDispatcher;
let demo: string;
const db = () => t.running.services.db.db;
let tel: { uid: number; device_id: string; client_id: number; service_type: string };
let osm: { uid: number; service_type: string };

async function waitFor(check: () => Promise<boolean>, timeoutMs = 4000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await sleep(30);
  }
}

beforeAll(async () => {
  t = await createTestApp();
  ({ gw, dispatcher } = await startCommandGateways(t, { teltonika: true, gt06: false }));
  demo = await t.login('demo');
  const cid = (
    await db()
      .selectFrom('users')
      .select('client_id')
      .where('username', '=', 'demo')
      .executeTakeFirstOrThrow()
  ).client_id;
  const unit = (protocol: string) =>
    db()
      .selectFrom('units')
      .select(['uid', 'device_id', 'client_id', 'service_type'])
      .where('client_id', '=', cid)
      .where('protocol', '=', protocol)
      .orderBy('uid', 'desc')
      .executeTakeFirstOrThrow();
  tel = (await unit('teltonika')) as typeof tel;
  osm = (await unit('osmand')) as typeof osm;
});

afterAll(async () => {
  dispatcher?.close();
  await gw?.close();
  await t?.close();
});

describe('speed buzzer', () => {
  it('sends the limit to a Teltonika tracker and shows what it confirmed', async () => {
    const dev = await FakeTeltonika.connect(gw.ports.teltonika!, tel.device_id);
    try {
      const set = await t.task(demo, 'set_speed_buzzer', { uid: tel.uid, limit: 80 });
      expect(set.result, set.message).toBe(0);
      expect(set.data).toMatchObject({ asked_limit: 80, pending: { limit: 80 } });
      expect(await dev.waitCommand()).toBe('setparam 11100:1;11103:2;11104:80');
      dev.reply('New value 11100:1;11103:2;11104:80;');
      await waitFor(
        async () => (await t.task(demo, 'get_speed_buzzer', { uid: tel.uid })).data.limit === 80,
      );
      const got = (await t.task(demo, 'get_speed_buzzer', { uid: tel.uid })).data;
      expect(got.pending).toBeNull();
      expect(got.history.map((h: { step: string }) => h.step)).toEqual([
        'confirmed',
        'sent',
        'asked',
      ]);
      const log = await db()
        .selectFrom('change_logs')
        .select('description')
        .where('entity_type', '=', 'Speed Buzzer')
        .execute();
      expect(log.map((l) => l.description).join('\n')).toContain('Buzzer at 80 km/h confirmed');
    } finally {
      dev.close();
    }
  });

  it('refuses a limit out of bounds and an OsmAnd unit, storing nothing', async () => {
    const before = await db().selectFrom('device_commands').select('id').execute();
    const low = await t.task(demo, 'set_speed_buzzer', { uid: tel.uid, limit: 5 });
    expect(low).toMatchObject({ result: 1 });
    expect(low.message).toMatch(/limit.*20 to 160 km\/h/);
    const osmand = await t.task(demo, 'set_speed_buzzer', { uid: osm.uid, limit: 90 });
    expect(osmand).toMatchObject({ result: 1, message: NO_COMMAND_CHANNEL });
    expect(await db().selectFrom('device_commands').select('id').execute()).toHaveLength(
      before.length,
    );
    const state = (await t.task(demo, 'get_speed_buzzer', { uid: osm.uid })).data;
    expect(state).toMatchObject({ supported: false, asked_limit: null });
  });

  it("the Speed Buzzer Violation rule uses the vehicle's limit, the rule's for the others", async () => {
    const rule = await t.task(demo, 'set_rule', {
      name: 'Buzzer ignored',
      type: 'speed_buzzer',
      param: { limit: 120, seconds: 30 },
    });
    expect(rule.result, rule.message).toBe(0);
    const loaded = await loadClientRules(db(), tel.client_id, EVALUATORS);
    const limitFor = (uid: number, serviceType: string) =>
      loaded
        .forUnit({ uid, clientId: tel.client_id, serviceType, driverId: null })
        .find((r) => r.rule.rid === rule.data.rule.rid)?.rule.param as { limit?: number };
    expect(limitFor(tel.uid, 'full')?.limit).toBe(80);
    expect(limitFor(osm.uid, 'full')?.limit).toBe(120);
  });
});
