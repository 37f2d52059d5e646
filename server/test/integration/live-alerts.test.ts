// The live socket's alert messages (API.md §5): a new rule alert reaches, at once, every connected
// user who may see its unit and open rule alerts (and support), followed by the count to re-read;
// nobody else hears of it. A notice change tells its clients' users to re-read their notices.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { RuleAlertMessage } from '../../src/live/bus';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let url: string;
let demoClient: number;
let otherClient: number;
let units: number[];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  t = await createTestApp();
  await t.running.app.listen({ port: 0, host: '127.0.0.1' });
  url = `ws://127.0.0.1:${(t.running.app.server.address() as { port: number }).port}/api/live`;
  const db = t.running.services.db.db;
  const cid = async (name: string) =>
    (
      await db
        .selectFrom('clients')
        .select('cid')
        .where('name', '=', name)
        .executeTakeFirstOrThrow()
    ).cid;
  demoClient = await cid('Demo Fleet');
  otherClient = await cid('Other Fleet');
  units = (
    await db
      .selectFrom('units')
      .select('uid')
      .where('client_id', '=', demoClient)
      .orderBy('uid')
      .execute()
  ).map((u) => u.uid);
  // A Demo Fleet user who may see every unit but not rule alerts.
  await db
    .updateTable('users')
    .set({ roles: JSON.stringify(['feature_realtime', 'general_change_password']) })
    .where('username', '=', 'recovery')
    .execute();
});
afterAll(() => t.close());

interface Socket {
  ws: WebSocket;
  /** Every message but unit updates, in order. */
  got: { type: string; [k: string]: unknown }[];
}

async function connect(username: string): Promise<Socket> {
  const ws = new WebSocket(url);
  const got: Socket['got'] = [];
  let ready = false;
  ws.on('message', (m) => {
    const msg = JSON.parse(String(m));
    if (msg.type === 'ready') ready = true;
    else if (msg.type !== 'units') got.push(msg);
  });
  await new Promise((resolve) => ws.on('open', resolve));
  ws.send(JSON.stringify({ type: 'auth', token: await t.login(username) }));
  for (let i = 0; i < 150 && !ready; i++) await sleep(20);
  if (!ready) throw new Error(`the live socket of ${username} did not get ready`);
  return { ws, got };
}

const alertOf = (uid: number, raid: number): RuleAlertMessage => ({
  client_id: demoClient,
  raid,
  rid: 12,
  uid,
  type: 'speeding',
  rule_name: 'Highway 120',
  time: '2026-11-25T19:14:00.000Z',
  lat: -25.66,
  lon: 28.28,
  speed: 132,
});

describe('live socket: rule alerts', () => {
  it('sends the alert and the count to those who may see it, and nothing to the others', async () => {
    // lite sees only the second unit; the alert is on the first.
    const demo = await t.login('demo');
    const liteNid = (await t.task(demo, 'get_users', {})).data.users.find(
      (u: { username: string }) => u.username === 'lite',
    ).nid;
    expect(
      (await t.task(demo, 'set_user_units', { nid: liteNid, all_units: false, uids: [units[1]] }))
        .result,
    ).toBe(0);
    const s = {
      demo: await connect('demo'),
      support: await connect('support'),
      other: await connect('other'),
      lite: await connect('lite'),
      noRole: await connect('recovery'),
    };
    t.running.services.bus.publish('rule_alert', alertOf(units[0], 501));
    await sleep(300);

    const expected = [
      {
        type: 'alert',
        alert: {
          kind: 'rule_alert',
          raid: 501,
          rid: 12,
          uid: units[0],
          type: 'speeding',
          type_name: 'Speeding',
          rule_name: 'Highway 120',
          time: '2026-11-25T19:14:00.000Z',
          lat: -25.66,
          lon: 28.28,
          speed: 132,
        },
      },
      { type: 'counts', changed: ['new_rule_alerts_count'] },
    ];
    expect(s.demo.got).toEqual(expected);
    expect(s.support.got).toEqual(expected);
    expect(s.other.got).toEqual([]);
    expect(s.lite.got).toEqual([]);
    expect(s.noRole.got).toEqual([]);

    // The unit lite may see: lite hears of it too.
    t.running.services.bus.publish('rule_alert', alertOf(units[1], 502));
    await sleep(300);
    expect(s.lite.got.map((m) => m.type)).toEqual(['alert', 'counts']);
    expect((s.lite.got[0].alert as { raid: number }).raid).toBe(502);
    expect(s.other.got).toEqual([]);
    expect(s.noRole.got).toEqual([]);
    for (const x of Object.values(s)) x.ws.close();
    await t.task(demo, 'set_user_units', { nid: liteNid, all_units: true });
  });
});

describe('live socket: notices', () => {
  it("tells the named clients' users to re-read their notices, and everyone's when none is named", async () => {
    const s = { demo: await connect('demo'), other: await connect('other') };
    const notices = { type: 'counts', changed: ['notices'] };
    t.running.services.bus.publish('notices_changed', { client_ids: [otherClient] });
    await sleep(200);
    expect(s.demo.got).toEqual([]);
    expect(s.other.got).toEqual([notices]);

    t.running.services.bus.publish('notices_changed', { client_ids: null });
    await sleep(200);
    expect(s.demo.got).toEqual([notices]);
    expect(s.other.got).toEqual([notices, notices]);
    for (const x of Object.values(s)) x.ws.close();
  });
});
