// The split deployment (issue 17 item 4): two api processes, one ingest, two pipeline and one jobs,
// as separate server processes on a fresh PostgreSQL database and a fresh JetStream stream. A
// Teltonika device streams through the ingest process; one pipeline process is killed with
// SIGKILL mid-stream; every record the device had acknowledged is stored exactly once, the
// other pipeline process takes the dead one's partitions, a browser socket on each api process
// sees the unit move, and a session ended on one api process closes its socket on the other.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { connectNats } from '../../src/live/nats';
import { partitionOf } from '../../src/stream/records';
import { startChildServer, type ChildServer } from '../support/child-server';
import { NATS_URL, natsReachable, reachable } from '../support/nats';
import { Device, steadyDrive } from '../support/teltonika-device';
import { ADMIN_URL, createPostgresDatabase } from '../support/test-db';

const servicesUp = (await natsReachable()) && (await reachable(ADMIN_URL, 5432));
if (!servicesUp)
  console.warn(`split deployment test skipped: it needs PostgreSQL and NATS (${NATS_URL})`);

const BATCH = 4;
const WINDOW = 3;
const KILL_AT = 15;
const PACKETS = 40;
const T0 = Date.now() - 3600_000;
const { record, packet } = steadyDrive(T0, BATCH);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Socket {
  messages: any[];
  closed: Promise<number>;
  close(): void;
}

async function liveSocket(url: string, token: string): Promise<Socket> {
  const ws = new WebSocket(`${url.replace('http', 'ws')}/api/live`);
  const messages: any[] = [];
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  ws.on('message', (m) => messages.push(JSON.parse(String(m))));
  await new Promise((resolve, reject) => {
    ws.on('open', resolve);
    ws.on('error', reject);
  });
  ws.send(JSON.stringify({ type: 'auth', token }));
  for (let i = 0; i < 150 && !messages.some((m) => m.type === 'ready'); i++) await sleep(20);
  return { messages, closed, close: () => ws.close() };
}

async function login(url: string): Promise<string> {
  const res = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo', password: 'demo', channel: 'test' }),
  });
  const body = (await res.json()) as { result: number; token: string };
  if (body.result !== 0) throw new Error(`login failed: ${JSON.stringify(body)}`);
  return body.token;
}

const processes: ChildServer[] = [];
const cleanup: (() => Promise<void>)[] = [];
afterAll(async () => {
  await Promise.all(processes.map((p) => p.stop()));
  for (const c of cleanup.reverse()) await c().catch(() => {});
});

describe.runIf(servicesUp)('split deployment: 2 api, 1 ingest, 2 pipeline, 1 jobs', () => {
  it('loses nothing when a pipeline process is killed, and every api process sees every change', async () => {
    const scratch = await createPostgresDatabase('scale_out', ADMIN_URL);
    cleanup.push(() => scratch.drop());
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scale-out-'));
    cleanup.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const id = randomUUID().slice(0, 8);
    const stream = `TEST_SCALE_${id}`;
    cleanup.push(async () => {
      const nc = await connectNats(NATS_URL, { info() {}, warn() {} });
      await (await jetstreamManager(nc)).streams.delete(stream).catch(() => {});
      await nc.close();
    });
    const start = async (roles: string) => {
      const p = await startChildServer({
        dataDir,
        databaseUrl: scratch.url,
        startTimeoutMs: 120_000,
        env: {
          ROLES: roles,
          NATS_URL,
          NATS_SUBJECT: `test${id}`,
          NATS_STREAM: stream,
          NATS_PARTITIONS: '8',
        },
      });
      processes.push(p);
      return p;
    };
    // The first api process migrates and seeds the demo data; the rest start together.
    const api1 = await start('api');
    const [api2, ingest, pipeline1, pipeline2] = await Promise.all([
      start('api'),
      start('ingest'),
      start('pipeline'),
      start('pipeline'),
      start('jobs'),
    ]);

    const db = new pg.Client({ connectionString: scratch.url });
    await db.connect();
    cleanup.push(() => db.end());
    const {
      rows: [unit],
    } = await db.query(
      "select uid, device_id from units where protocol = 'teltonika' and active = 1 order by uid limit 1",
    );
    // The two pipeline processes share the eight partitions.
    for (let i = 0; i < 100; i++) {
      const { rows } = await db.query(
        'select holder, count(*)::int as n from stream_partitions where leased_until > 0 group by holder',
      );
      if (rows.length === 2 && rows.every((r) => r.n === 4)) break;
      await sleep(200);
    }

    // A browser on each api process, and one more session to end later.
    const watch1 = await liveSocket(api1.url, await login(api1.url));
    const watch2 = await liveSocket(api2.url, await login(api2.url));
    const doomed = await login(api1.url);
    const doomedSocket = await liveSocket(api2.url, doomed);
    expect(watch2.messages.some((m) => m.type === 'ready')).toBe(true);

    // The process that stores the device's partition is the one to kill.
    const { rows: owner } = await db.query(
      'select holder from stream_partitions where partition = $1',
      [partitionOf(unit.device_id, 8)],
    );
    const [pipelineA, pipelineB] = owner[0].holder.includes(`:${pipeline1.pid}:`)
      ? [pipeline1, pipeline2]
      : [pipeline2, pipeline1];
    expect(owner[0].holder).toContain(`:${pipelineA.pid}:`);

    // The device streams; the moment the KILL_AT-th answer arrives, that pipeline process dies.
    const device = await Device.connect(ingest.teltonikaPort, unit.device_id);
    device.onAck = () => {
      if (device.acks.length === KILL_AT) pipelineA.killNow();
    };
    let next = 0;
    while (device.acks.length < PACKETS) {
      while (next < PACKETS && next - device.acks.length < WINDOW) device.send(packet(next++));
      const have = device.acks.length;
      await device.until(() => device.acks.length > have, 'an ack', 60_000);
    }
    device.close();
    await pipelineA.kill(); // already sent; waits until the process is gone
    expect(pipelineA.exited()).toBe(true);
    expect(device.acks.every((n) => n === BATCH)).toBe(true);

    // Every acknowledged record once: the survivor took the dead process's partitions.
    const times = Array.from({ length: PACKETS * BATCH }, (_, i) => record(i).time);
    let counts = new Map<number, number>();
    for (let i = 0; i < 200; i++) {
      const { rows } = await db.query(
        'select fix_time, count(*)::int as n from positions where unit_id = $1 and fix_time >= $2 group by fix_time',
        [unit.uid, T0],
      );
      counts = new Map(rows.map((r) => [Number(r.fix_time), r.n]));
      if (times.every((t) => counts.get(t) === 1)) break;
      await sleep(250);
    }
    const wrong = times.filter((t) => counts.get(t) !== 1);
    expect(wrong, `records not stored exactly once\n${pipelineB.output()}`).toEqual([]);
    expect(counts.size).toBe(times.length);
    const { rows: holders } = await db.query('select distinct holder from stream_partitions');
    expect(holders.map((h) => h.holder)).toEqual([expect.stringContaining(`:${pipelineB.pid}:`)]);

    // Both api processes pushed the unit's new position to their browsers.
    const lastLon = record(times.length - 1).lon;
    for (const watch of [watch1, watch2]) {
      for (let i = 0; i < 100; i++) {
        const seen = watch.messages
          .filter((m) => m.type === 'units')
          .flatMap((m) => m.units)
          .filter((u) => u.uid === unit.uid && u.position);
        if (seen.some((u) => Math.abs(u.position.lon - lastLon) < 1e-6)) break;
        await sleep(100);
      }
      const lons = watch.messages
        .filter((m) => m.type === 'units')
        .flatMap((m) => m.units)
        .filter((u) => u.uid === unit.uid && u.position)
        .map((u) => u.position.lon);
      expect(lons.some((lon) => Math.abs(lon - lastLon) < 1e-6)).toBe(true);
    }

    // Logging out on api1 closes that session's socket on api2.
    await fetch(`${api1.url}/api/logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${doomed}` },
      body: '{}',
    });
    const code = await Promise.race([doomedSocket.closed, sleep(5000).then(() => -1)]);
    expect(code).toBe(4001);
    watch1.close();
    watch2.close();
  }, 240_000);
});
