// The live hub and the pipeline react to bus topics when things change, not on a timer: a
// revoked or expired session's socket closes at once, a user's new units stream without
// reconnecting, and a device attached to a unit is accepted on its next frame.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { sessionCleanupJob } from '../../src/jobs/session-cleanup';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let url: string;
let demo: string;
let units: number[];
let demoClient: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.running.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.running.app.server.address() as { port: number };
  url = `ws://127.0.0.1:${address.port}/api/live`;
  demo = await t.login('demo');
  const list = (await t.task(demo, 'get_unit_list_full')).data.units;
  units = list.map((u: { uid: number }) => u.uid);
  demoClient = (
    await t.running.services.db.db
      .selectFrom('clients')
      .select('cid')
      .where('name', '=', 'Demo Fleet')
      .executeTakeFirstOrThrow()
  ).cid;
});
afterAll(() => t.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Socket {
  ws: WebSocket;
  uids: Set<number>;
  closed: Promise<number>;
  /** Resolves with the close code, or 'open' if the socket is still open after `ms`. */
  closedWithin(ms: number): Promise<number | 'open'>;
}

async function connect(token: string): Promise<Socket> {
  const ws = new WebSocket(url);
  const uids = new Set<number>();
  let ready = false;
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  ws.on('message', (m) => {
    const msg = JSON.parse(String(m));
    if (msg.type === 'ready') ready = true;
    if (msg.type === 'units') for (const u of msg.units) uids.add(u.uid);
  });
  await new Promise((resolve) => ws.on('open', resolve));
  ws.send(JSON.stringify({ type: 'auth', token }));
  for (let i = 0; i < 150 && !ready; i++) await sleep(20);
  if (!ready) throw new Error('the live socket did not get ready');
  return {
    ws,
    uids,
    closed,
    closedWithin: (ms) => Promise.race([closed, sleep(ms).then(() => 'open' as const)]),
  };
}

/** Publishes an update of `uid` every 100 ms until `socket` has it or `ms` pass. */
async function arrives(socket: Socket, uid: number, clientId: number, ms = 3000) {
  for (let waited = 0; waited < ms && !socket.uids.has(uid); waited += 100) {
    t.running.services.bus.publish('unit', { uid, client_id: clientId, park_state: 1 });
    await sleep(100);
  }
  return socket.uids.has(uid);
}

describe('live hub on bus topics', () => {
  it('closes the socket of a session that logs out, at once', async () => {
    const token = await t.login('demo');
    const socket = await connect(token);
    expect(await socket.closedWithin(300)).toBe('open');
    expect((await t.post('/api/logout', {}, token)).result).toBe(0);
    expect(await socket.closedWithin(2000)).toBe(4001);
  });

  it('closes the socket of a session that expired once the clean-up job runs', async () => {
    const token = await t.login('demo');
    const socket = await connect(token);
    const { db, bus } = { db: t.running.services.db.db, bus: t.running.services.bus };
    const newest = await db
      .selectFrom('sessions')
      .select('id')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await db.updateTable('sessions').set({ expires: 1 }).where('id', '=', newest.id).execute();
    const log = { info() {}, warn() {}, error() {} };
    await sessionCleanupJob.run({ db, bus, log, runId: 'test', scheduledAt: 0 });
    expect(await socket.closedWithin(2000)).toBe(4001);
  });

  it("streams a user's newly assigned units without reconnecting, and stops the removed ones", async () => {
    const users = (await t.task(demo, 'get_users', {})).data.users;
    const lite = users.find((u: { username: string }) => u.username === 'lite');
    const assign = async (uids: number[]) =>
      expect(
        (await t.task(demo, 'set_user_units', { nid: lite.nid, all_units: false, uids })).result,
      ).toBe(0);
    await assign([units[0]]);
    const socket = await connect(await t.login('lite'));
    expect(await arrives(socket, units[0], demoClient)).toBe(true);
    expect(await arrives(socket, units[1], demoClient, 500)).toBe(false);

    await assign([units[1]]);
    expect(await arrives(socket, units[1], demoClient)).toBe(true);
    socket.uids.clear();
    expect(await arrives(socket, units[0], demoClient, 500)).toBe(false);
    expect(socket.ws.readyState).toBe(WebSocket.OPEN);
    socket.ws.close();
    await t.task(demo, 'set_user_units', { nid: lite.nid, all_units: true });
  });

  it("streams a client's new unit to its users and support, not to other clients", async () => {
    const db = t.running.services.db.db;
    const template = await db
      .selectFrom('units')
      .selectAll()
      .where('uid', '=', units[0])
      .executeTakeFirstOrThrow();
    const { uid: _uid, ...fields } = template;
    const sockets = {
      demo: await connect(demo),
      support: await connect(await t.login('support')),
      other: await connect(await t.login('other')),
    };
    const added = await db
      .insertInto('units')
      .values({ ...fields, name: 'Added Later', device_id: null, protocol: null })
      .returning('uid')
      .executeTakeFirstOrThrow();
    t.running.services.bus.publish('units_changed', { clientId: demoClient });
    expect(await arrives(sockets.demo, added.uid, demoClient)).toBe(true);
    expect(await arrives(sockets.support, added.uid, demoClient)).toBe(true);
    expect(await arrives(sockets.other, added.uid, demoClient, 500)).toBe(false);
    for (const s of Object.values(sockets)) s.ws.close();
  });
});

describe('pipeline on bus topics', () => {
  it('accepts the next frame of a device as soon as it is attached to a unit', async () => {
    const pipeline = t.running.devices.pipeline!;
    const imei = '868000000000123';
    // Refused while unknown; the refusal is cached for a while (unknownCacheTtlMs).
    expect(await pipeline.identify('gt06', imei, '10.0.0.9')).toBe(false);
    const support = await t.login('support');
    const res = await t.task(support, 'set_unit_device', {
      uid: units[3],
      device_id: imei,
      protocol: 'gt06',
    });
    expect(res.result).toBe(0);
    expect(await pipeline.identify('gt06', imei, '10.0.0.9')).toBe(true);
  });
});
