// Alert delivery in the running server (SMS_URL, SMTP_URL, the 'outbox_queued' wake-up): an SMS
// gateway gets one POST per message with the outbox id as its reference, and an SMTP server that
// fails slowly neither delays ingest nor the SMS.
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceRecord } from '../../src/ingest/types';
import { now } from '../../src/clock';
import { OUTBOX_SENT } from '../../src/notify/outbox';
import { createTestApp, type TestApp } from '../support/test-app';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Post {
  to: string;
  message: string;
  reference: string;
}

let t: TestApp;
let gateway: http.Server;
let smtp: net.Server;
const posts: Post[] = [];
let gatewayStatus = 200;
let smtpConnections = 0;
let clientId: number;
let unit: { uid: number; name: string; device_id: string; protocol: DeviceRecord['protocol'] };
let raid: number;

const listen = (s: net.Server) =>
  new Promise<number>((r) =>
    s.listen(0, '127.0.0.1', () => r((s.address() as net.AddressInfo).port)),
  );
const close = (s: net.Server) => new Promise<void>((r) => s.close(() => r()));

beforeAll(async () => {
  gateway = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      if (gatewayStatus === 200) posts.push(JSON.parse(body));
      res.writeHead(gatewayStatus, { 'content-type': 'application/json' });
      res.end(gatewayStatus === 200 ? '{"ok":true}' : '{"error":"busy"}');
    });
  });
  // An SMTP server that keeps every caller waiting 1.5 s, then refuses.
  smtp = net.createServer((socket) => {
    smtpConnections += 1;
    socket.on('error', () => {});
    setTimeout(() => socket.end('421 4.3.2 Try again later\r\n'), 1500);
  });
  const [gatewayPort, smtpPort] = [await listen(gateway), await listen(smtp)];
  t = await createTestApp({
    SMS_URL: `http://127.0.0.1:${gatewayPort}/send`,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    PUBLIC_URL: 'https://fleet.example.com',
  });
  const db = t.running.services.db.db;
  clientId = (
    await db
      .selectFrom('clients')
      .select('cid')
      .where('name', '=', 'Demo Fleet')
      .executeTakeFirstOrThrow()
  ).cid;
  unit = (await db
    .selectFrom('units')
    .select(['uid', 'name', 'device_id', 'protocol'])
    .where('client_id', '=', clientId)
    .where('device_id', 'is not', null)
    .orderBy('uid')
    .executeTakeFirstOrThrow()) as typeof unit;
  raid = (
    await db
      .insertInto('rule_alerts')
      .values({
        client_id: clientId,
        rule_id: 1,
        rule_name: 'Night movement',
        type: 'vehicle_moving',
        unit_id: unit.uid,
        time: now() - 60_000,
        end_time: null,
        open: 1,
        lat: -33.9249,
        lon: 18.4241,
        speed: 40,
        evidence: JSON.stringify({ min_speed: 10, peak: 40, duration_s: 60 }),
        created: now(),
      })
      .returning('raid')
      .executeTakeFirstOrThrow()
  ).raid;
});
afterAll(async () => {
  await t?.close();
  await close(gateway);
  await close(smtp);
});

/** Queues rows as the rule engine does in its transaction, then announces them after commit. */
async function queue(rows: { kind: 'email' | 'sms'; to: string }[]) {
  const db = t.running.services.db.db;
  const ids: number[] = [];
  for (const r of rows) {
    const row = await db
      .insertInto('outbox')
      .values({
        client_id: clientId,
        kind: r.kind,
        recipient: r.to,
        topic: 'rule_alert',
        ref: raid,
        next_at: now(),
        lease_until: null,
        sent_at: null,
        last_error: null,
        created: now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  t.running.services.bus.publish('outbox_queued', { count: rows.length });
  return ids;
}

const rowsOf = (ids: number[]) =>
  t.running.services.db.db.selectFrom('outbox').selectAll().where('id', 'in', ids).execute();

async function until(what: () => Promise<boolean> | boolean, ms = 5000) {
  for (let waited = 0; waited < ms; waited += 20) {
    if (await what()) return true;
    await sleep(20);
  }
  return false;
}

describe('alert delivery in the server', () => {
  it('POSTs each SMS to SMS_URL once, with the outbox id as its reference', async () => {
    const ids = await queue([
      { kind: 'sms', to: '+27825550001' },
      { kind: 'sms', to: '+27825550002' },
    ]);
    expect(await until(() => posts.length >= 2)).toBe(true);
    expect(posts.map((p) => p.reference).sort()).toEqual(ids.map(String).sort());
    expect(posts.map((p) => p.to).sort()).toEqual(['+27825550001', '+27825550002']);
    expect(posts[0].message).toMatch(
      new RegExp(
        `^Vehicle Moving: ${unit.name}, in Cape Town, \\w{3} \\d+ \\w{3} \\d{4} \\d\\d:\\d\\d SAST`,
      ),
    );
    expect(posts[0].message.length).toBeLessThanOrEqual(160);
    expect(
      await until(async () => (await rowsOf(ids)).every((r) => r.status === OUTBOX_SENT)),
    ).toBe(true);
    // Another wake-up and the next sweep find nothing to send.
    t.running.services.bus.publish('outbox_queued', { count: 0 });
    await sleep(5500);
    expect(posts).toHaveLength(2);
  });

  it('retries an SMS the gateway refuses', async () => {
    gatewayStatus = 503;
    const [id] = await queue([{ kind: 'sms', to: '+27825550003' }]);
    expect(await until(async () => (await rowsOf([id]))[0].attempts === 1)).toBe(true);
    const [row] = await rowsOf([id]);
    expect(row).toMatchObject({ status: 0, attempts: 1 });
    expect(row.last_error).toMatch(/503/);
    expect(row.next_at).toBeGreaterThanOrEqual(now() + 25_000);
    gatewayStatus = 200;
  });

  it('keeps ingesting, and sends the SMS, while the SMTP server fails slowly', async () => {
    const [mail, sms] = await queue([
      { kind: 'email', to: 'ops@example.com' },
      { kind: 'sms', to: '+27825550004' },
    ]);
    expect(await until(() => smtpConnections > 0)).toBe(true);
    // The mail is in flight: the server has not answered yet.
    const pipeline = t.running.devices.pipeline!;
    const at = now();
    const records: DeviceRecord[] = [0, 1, 2].map((i) => ({
      deviceId: unit.device_id,
      protocol: unit.protocol,
      fixTime: at + i * 1000,
      hasLocation: true,
      valid: true,
      lat: -33.9249 + i * 0.001,
      lon: 18.4241,
      speed: 40,
      course: 0,
      events: [],
      attributes: {},
    }));
    const t0 = performance.now();
    await pipeline.submit(records);
    expect(performance.now() - t0).toBeLessThan(1000);
    expect((await rowsOf([mail]))[0]).toMatchObject({ status: 0, attempts: 0 });

    // The SMS did not wait for the mail; the mail is then retried later.
    expect(await until(() => posts.some((p) => p.reference === String(sms)), 1000)).toBe(true);
    expect(await until(async () => (await rowsOf([mail]))[0].attempts === 1)).toBe(true);
    const [failed] = await rowsOf([mail]);
    expect(failed.status).toBe(0);
    expect(failed.last_error).toMatch(/421/);
  });
});
