import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let url: string;
let demoUid: number;
let otherUid: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.running.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.running.app.server.address() as { port: number };
  url = `ws://127.0.0.1:${address.port}/api/live`;
  const db = t.running.services.db.db;
  const demoUnit = await db
    .selectFrom('units')
    .innerJoin('clients', 'clients.cid', 'units.client_id')
    .select('units.uid')
    .where('clients.name', '=', 'Demo Fleet')
    .executeTakeFirstOrThrow();
  const otherUnit = await db
    .selectFrom('units')
    .innerJoin('clients', 'clients.cid', 'units.client_id')
    .select('units.uid')
    .where('clients.name', '=', 'Other Fleet')
    .executeTakeFirstOrThrow();
  demoUid = demoUnit.uid;
  otherUid = otherUnit.uid;
});
afterAll(() => t.close());

interface Socket {
  ws: WebSocket;
  messages: any[];
  closed: Promise<number>;
}

async function connect(token: string): Promise<Socket> {
  const ws = new WebSocket(url);
  const messages: any[] = [];
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  ws.on('message', (m) => messages.push(JSON.parse(String(m))));
  await new Promise((resolve) => ws.on('open', resolve));
  ws.send(JSON.stringify({ type: 'auth', token }));
  const start = Date.now();
  while (!messages.some((m) => m.type === 'ready') && Date.now() - start < 3000) await sleep(20);
  return { ws, messages, closed };
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function publishUnit(uid: number, clientId: number, speed: number) {
  t.running.services.bus.publish('unit', {
    uid,
    client_id: clientId,
    position: {
      lat: -26,
      lon: 28,
      speed,
      direction: 90,
      datetime: new Date().toISOString(),
      ignition: true,
    },
    park_state: 0,
  });
}

describe('/api/live', () => {
  it('closes with 4001 without a valid auth message', async () => {
    const ws = new WebSocket(url);
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    await new Promise((resolve) => ws.on('open', resolve));
    ws.send(JSON.stringify({ type: 'auth', token: 'garbage-garbage-garbage-garbage' }));
    expect(await closed).toBe(4001);
  });

  it("delivers only the user's own client's units, coalesced to one update per unit per second", async () => {
    const other = await connect(await t.login('other'));
    const demo = await connect(await t.login('demo'));
    for (let speed = 10; speed <= 50; speed += 10) {
      publishUnit(demoUid, 2, speed);
      publishUnit(otherUid, 3, speed);
    }
    await sleep(1300);
    const otherUpdates = other.messages.filter((m) => m.type === 'units').flatMap((m) => m.units);
    const demoUpdates = demo.messages.filter((m) => m.type === 'units').flatMap((m) => m.units);
    expect(otherUpdates.map((u) => u.uid)).toEqual([otherUid]);
    expect(otherUpdates[0].position.speed).toBe(50);
    expect(otherUpdates[0].client_id).toBeUndefined();
    expect(demoUpdates.map((u) => u.uid)).toEqual([demoUid]);
    other.ws.close();
    demo.ws.close();
  });

  it('pushes a unit that was quiet for a second at once, and holds a faster one to once a second', async () => {
    const demo = await connect(await t.login('demo'));
    const updates = () =>
      demo.messages
        .filter((m) => m.type === 'units')
        .flatMap((m) => m.units)
        .filter((u) => u.uid === demoUid);
    await sleep(1100); // whatever the earlier tests sent is a second old
    const sent = performance.now();
    publishUnit(demoUid, 2, 61);
    while (!updates().length && performance.now() - sent < 2000) await sleep(5);
    // Well under the second the old fixed flush took.
    expect(performance.now() - sent).toBeLessThan(400);
    expect(updates().map((u) => u.position.speed)).toEqual([61]);
    publishUnit(demoUid, 2, 62);
    publishUnit(demoUid, 2, 63);
    await sleep(300);
    expect(updates()).toHaveLength(1);
    await sleep(1000);
    expect(updates().map((u) => u.position.speed)).toEqual([61, 63]);
    demo.ws.close();
  });

  it("closes a revoked session's socket with 4001", async () => {
    const keeper = await t.login('demo');
    const victim = await t.login('demo');
    const socket = await connect(victim);
    const sessions = await t.task(keeper, 'get_user_sessions');
    const victimSession = sessions.data.tokens.find(
      (s: any) => !s.current && s.id === Math.max(...sessions.data.tokens.map((x: any) => x.id)),
    );
    expect((await t.task(keeper, 'delete_user_session', { id: victimSession.id })).result).toBe(0);
    expect(await socket.closed).toBe(4001);
  });
});
