// The outbox sender (notify/outbox.ts): each queued e-mail and SMS goes out once, with two server
// processes sending at the same time (two connections to one database) and across a restart; a
// failing SMTP server is retried with backoff (30 s, doubling) and given up after 10 tries.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openDb, type Db } from '../../src/db';
import { resetClock, setClock } from '../../src/clock';
import type { JobLog } from '../../src/jobs';
import { createMailer, type Mail, type Mailer } from '../../src/notify/mailer';
import { createSmsSender, type Sms, type SmsSender } from '../../src/notify/sms';
import {
  createOutboxSender,
  OUTBOX_GIVEN_UP,
  OUTBOX_SENT,
  type OutboxSender,
} from '../../src/notify/outbox';
import { createTestDatabase, type TestDatabase } from '../support/test-db';
import { unitRow } from '../support/raw-rows';

// Wed 25 Nov 2026 19:14 UTC, 21:14 in Johannesburg.
const T0 = Date.UTC(2026, 10, 25, 19, 14, 0);
const BASE = 'https://fleet.example.com';

let tdb: TestDatabase;
let a: Db;
let b: Db;
let clientId: number;
let uid: number;
let raid: number;
let panicId: number;

const at = (t: number) => setClock({ start: t, rate: 0 });
const quiet: JobLog = { info() {}, warn() {}, error() {} };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  tdb = await createTestDatabase('outbox_test');
  const open = () => openDb({ databaseUrl: tdb.databaseUrl, dataDir: tdb.dataDir });
  a = open();
  await migrate(a);
  b = open();
  const { db } = a;
  clientId = (
    await db
      .insertInto('clients')
      .values({ name: 'Acme', state: 1, created: T0 })
      .returning('cid')
      .executeTakeFirstOrThrow()
  ).cid;
  uid = (
    await db
      .insertInto('units')
      .values(
        unitRow(clientId, '356307042441099', T0, {
          name: 'Truck 7',
          reg: 'CA 123-456',
          vehicle_class_ref: 'truck',
        }),
      )
      .returning('uid')
      .executeTakeFirstOrThrow()
  ).uid;
  raid = (
    await db
      .insertInto('rule_alerts')
      .values({
        client_id: clientId,
        rule_id: 1,
        rule_name: 'Highway 120',
        type: 'speeding',
        unit_id: uid,
        time: T0 - 300_000,
        end_time: T0,
        open: 0,
        lat: -25.66,
        lon: 28.28,
        speed: 132,
        evidence: JSON.stringify({ limit: 120, peak: 132, duration_s: 250, grace_s: 30 }),
        created: T0,
      })
      .returning('raid')
      .executeTakeFirstOrThrow()
  ).raid;
  panicId = (
    await db
      .insertInto('device_events')
      .values({
        unit_id: uid,
        client_id: clientId,
        time: T0,
        type: 'panic',
        lat: -25.66,
        lon: 28.28,
        speed: 0,
        attributes: '{}',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await tdb?.drop();
});

const senders: OutboxSender[] = [];
afterEach(async () => {
  await Promise.all(senders.splice(0).map((s) => s.stop()));
  await a.db.deleteFrom('outbox').execute();
  resetClock();
});

/** Queues what the rule engine would: one row per recipient, due now. */
async function queue(rows: { kind: 'email' | 'sms'; to: string; topic?: string; ref?: number }[]) {
  const ids: number[] = [];
  for (const r of rows) {
    const row = await a.db
      .insertInto('outbox')
      .values({
        client_id: clientId,
        kind: r.kind,
        recipient: r.to,
        topic: r.topic ?? 'rule_alert',
        ref: r.ref ?? raid,
        next_at: T0,
        lease_until: null,
        sent_at: null,
        last_error: null,
        created: T0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}

const recipients = (n: number, kind: 'email' | 'sms') =>
  Array.from({ length: n }, (_, i) => ({
    kind,
    to: kind === 'email' ? `m${i}@example.com` : `+2782555${String(i).padStart(4, '0')}`,
  }));

/** A mailer and SMS sender that record what they were given (by outbox id), a little slowly. */
function recorder(delayMs = 2) {
  const sent: { id: number; kind: string; to: string; body: string }[] = [];
  const mailer: Mailer = {
    async send(mail: Mail) {
      await sleep(delayMs);
      sent.push({ id: mail.outboxId!, kind: 'email', to: mail.to, body: mail.text });
    },
  };
  const sms: SmsSender = {
    async send(s: Sms) {
      await sleep(delayMs);
      sent.push({ id: Number(s.reference), kind: 'sms', to: s.to, body: s.message });
    },
  };
  return { sent, mailer, sms };
}

function sender(db: Db, channels: { mailer: Mailer; sms: SmsSender }, extra = {}) {
  const s = createOutboxSender({ db: db.db, ...channels, baseUrl: BASE, log: quiet, ...extra });
  senders.push(s);
  return s;
}

const rows = () => a.db.selectFrom('outbox').selectAll().orderBy('id').execute();
const countBy = (ids: number[]) =>
  ids.reduce((m, id) => m.set(id, (m.get(id) ?? 0) + 1), new Map<number, number>());

describe('outbox: sent once', () => {
  it('two processes sending at the same time send each mail and SMS exactly once', async () => {
    at(T0);
    const ids = await queue([...recipients(15, 'email'), ...recipients(15, 'sms')]);
    const one = recorder(3);
    const two = recorder(3);
    const A = sender(a, one, { batch: 4 });
    const B = sender(b, two, { batch: 4 });
    await Promise.all([A.run(), B.run(), A.run(), B.run()]);

    const all = [...one.sent, ...two.sent];
    expect(all).toHaveLength(30);
    expect([...countBy(all.map((s) => s.id)).values()].every((n) => n === 1)).toBe(true);
    expect(new Set(all.map((s) => s.id))).toEqual(new Set(ids));
    // Both took part, so the claims really were contended.
    expect(one.sent.length).toBeGreaterThan(0);
    expect(two.sent.length).toBeGreaterThan(0);
    const stored = await rows();
    expect(stored.every((r) => r.status === OUTBOX_SENT && r.sent_at === T0)).toBe(true);
    // The texts are the alert's.
    const sms = all.find((s) => s.kind === 'sms')!;
    expect(sms.body).toMatch(
      /^Speeding: Truck 7, 13 km NE of Pretoria, Wed 25 Nov 2026 \d\d:\d\d SAST/,
    );
    expect(all.find((s) => s.kind === 'email')!.body).toContain(
      `${BASE}/#/portal/alerts/unit_alert/${raid}`,
    );
    // Nothing is left to send.
    expect(await A.run()).toEqual({ sent: 0, failed: 0, givenUp: 0 });
  });

  it('a run that loses some of its claimed rows to another process goes on to the rest', async () => {
    at(T0);
    const ids = await queue(recipients(20, 'email'));
    const one = recorder(0);
    // Another process claims the first two rows between this one's look for due rows and its
    // claims (the race of the test above, made certain).
    let raced = false;
    const racing = a.db.withPlugin({
      transformQuery: (args) => args.node,
      async transformResult(args) {
        const rows = args.result.rows as { id?: number }[];
        if (!raced && rows.length === 4 && Object.keys(rows[0]).join() === 'id') {
          raced = true;
          await b.db
            .updateTable('outbox')
            .set({ lease_until: T0 + 3600_000 })
            .where('id', 'in', [rows[0].id!, rows[1].id!])
            .execute();
        }
        return args.result;
      },
    });
    const A = sender({ ...a, db: racing }, one, { batch: 4 });
    await A.run();
    expect(raced).toBe(true);
    // One run sends every row it could claim, not only the first short batch.
    expect(one.sent.map((s) => s.id).sort((x, y) => x - y)).toEqual(ids.slice(2));
  });

  it('a process stopped mid-way leaves the rest to the next one, and nothing is sent twice', async () => {
    at(T0);
    const ids = await queue(recipients(12, 'email'));
    const one = recorder(5);
    const A = sender(a, one, { batch: 5, parallel: 1 });
    const running = A.run();
    while (!one.sent.length) await sleep(1);
    await A.stop(); // finishes the batch it holds, then takes no more
    await running;
    expect(one.sent.length).toBe(5);

    const two = recorder(1);
    await sender(b, two).run();
    const all = [...one.sent, ...two.sent].map((s) => s.id);
    expect(all.sort((x, y) => x - y)).toEqual(ids);
  });

  it('a crash between sending and marking resends after the lease under the same id: one file per message', async () => {
    at(T0);
    const dir = path.join(tdb.dataDir, 'crash');
    const ids = await queue([...recipients(3, 'email'), ...recipients(3, 'sms')]);
    const files = {
      mailer: createMailer({ from: 'Fleet <alerts@fleet.example.com>', dataDir: dir }),
      sms: createSmsSender({ dataDir: dir }),
    };
    // The first process writes the 2nd message and dies before it can mark it sent.
    let writes = 0;
    const dying = {
      mailer: {
        async send(m: Mail) {
          await files.mailer.send(m);
          if (++writes === 2) await new Promise(() => {});
        },
      },
      sms: files.sms,
    };
    // It claims two rows at a time: the other four stay free for the next process.
    void sender(a, dying, { parallel: 1, batch: 2 }).run();
    while (writes < 2) await sleep(5);
    senders.pop(); // dead: never stopped, never resumes

    // The restarted process sends the rest at once; the dead one's row waits for its lease.
    const B = sender(b, files, { parallel: 1 });
    expect((await B.run()).sent).toBe(4);
    const held = (await rows()).filter((r) => r.status !== OUTBOX_SENT);
    expect(held.map((r) => r.id)).toEqual([ids[1]]);
    at(T0 + 119_000);
    expect((await B.run()).sent).toBe(0);
    at(T0 + 121_000);
    expect((await B.run()).sent).toBe(1);

    // Sent twice, stored once: one file per outbox row, named by its id.
    const names = fs.readdirSync(path.join(dir, 'outbox')).sort();
    expect(names).toEqual(
      [
        ...ids.slice(0, 3).map((id) => `${id}.eml`),
        ...ids.slice(3).map((id) => `${id}.txt`),
      ].sort(),
    );
    const eml = fs.readFileSync(path.join(dir, 'outbox', `${ids[1]}.eml`), 'utf8');
    expect(eml).toContain(`Message-ID: <outbox-${ids[1]}@fleet.example.com>`);
    expect(eml).toContain('To: m1@example.com');
    expect(fs.readFileSync(path.join(dir, 'outbox', `${ids[4]}.txt`), 'utf8')).toMatch(
      /^To: \+27825550001\n\nSpeeding: Truck 7/,
    );
    expect((await rows()).every((r) => r.status === OUTBOX_SENT)).toBe(true);
  });

  it('sends a panic message and gives up at once on one whose alert is gone', async () => {
    at(T0);
    const [panic, gone] = await queue([
      { kind: 'sms', to: '+27825550100', topic: 'panic', ref: panicId },
      { kind: 'email', to: 'x@example.com', topic: 'rule_alert', ref: raid + 1000 },
    ]);
    const one = recorder();
    expect(await sender(a, one).run()).toEqual({ sent: 1, failed: 0, givenUp: 1 });
    expect(one.sent.map((s) => s.id)).toEqual([panic]);
    expect(one.sent[0].body).toMatch(/^Panic button pressed on Truck 7 near Pretoria at /);
    const stored = new Map((await rows()).map((r) => [r.id, r]));
    expect(stored.get(gone)).toMatchObject({ status: OUTBOX_GIVEN_UP, attempts: 1 });
    expect(stored.get(gone)!.last_error).toMatch(/no longer exists/);
  });
});

/** A local SMTP server: 'fail' answers 421 and hangs up; 'ok' takes every message. */
function smtpServer() {
  const state = { mode: 'fail' as 'fail' | 'ok', connections: 0, messages: [] as string[] };
  const server = net.createServer((socket) => {
    state.connections += 1;
    if (state.mode === 'fail') {
      socket.end('421 4.3.2 Service not available, try later\r\n');
      return;
    }
    let data: string | null = null;
    let buffer = '';
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (data !== null) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          state.messages.push(data + buffer.slice(0, end));
          buffer = buffer.slice(end + 5);
          data = null;
          socket.write('250 2.0.0 queued\r\n');
          continue;
        }
        const nl = buffer.indexOf('\r\n');
        if (nl < 0) return;
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 test\r\n');
        else if (verb === 'DATA') {
          data = '';
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
    socket.on('error', () => {});
  });
  return { server, state };
}

describe('outbox: a failing SMTP server', () => {
  let smtp: ReturnType<typeof smtpServer>;
  let smtpUrl: string;
  beforeAll(async () => {
    smtp = smtpServer();
    await new Promise<void>((r) => smtp.server.listen(0, '127.0.0.1', r));
    smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as net.AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => smtp.server.close(() => r())));

  it('is retried after 30 s, then 60 s, and the mail goes once it answers', async () => {
    smtp.state.mode = 'fail';
    at(T0);
    const [id] = await queue([{ kind: 'email', to: 'ops@example.com' }]);
    const mailer = createMailer({
      smtpUrl,
      from: 'Fleet <alerts@fleet.example.com>',
      dataDir: tdb.dataDir,
    });
    const s = sender(a, { mailer, sms: recorder().sms });
    const row = async () => (await rows()).find((r) => r.id === id)!;

    expect(await s.run()).toEqual({ sent: 0, failed: 1, givenUp: 0 });
    expect(await row()).toMatchObject({
      status: 0,
      attempts: 1,
      next_at: T0 + 30_000,
      lease_until: null,
    });
    expect((await row()).last_error).toMatch(/421/);

    // Not due yet: the server is not even asked.
    const asked = smtp.state.connections;
    at(T0 + 29_000);
    expect((await s.run()).failed).toBe(0);
    expect(smtp.state.connections).toBe(asked);

    at(T0 + 30_000);
    expect((await s.run()).failed).toBe(1);
    expect(await row()).toMatchObject({ attempts: 2, next_at: T0 + 90_000 });

    smtp.state.mode = 'ok';
    at(T0 + 90_000);
    expect((await s.run()).sent).toBe(1);
    expect(await row()).toMatchObject({ status: OUTBOX_SENT, attempts: 3, sent_at: T0 + 90_000 });
    expect(smtp.state.messages).toHaveLength(1);
    expect(smtp.state.messages[0]).toContain(`Message-ID: <outbox-${id}@fleet.example.com>`);
    expect(smtp.state.messages[0]).toContain('Subject: Speeding: Truck 7 (Highway 120)');
    at(T0 + 10 * 3600_000);
    expect((await s.run()).sent).toBe(0);
    expect(smtp.state.messages).toHaveLength(1);
  });

  it('waits at most an hour between tries and gives up after the 10th, saying so in the log', async () => {
    smtp.state.mode = 'fail';
    at(T0);
    const [id] = await queue([{ kind: 'email', to: 'ops@example.com' }]);
    const warned: string[] = [];
    const log = { ...quiet, warn: (_: object, msg?: string) => void warned.push(msg ?? '') };
    const mailer = createMailer({ smtpUrl, from: 'Fleet <a@b.example>', dataDir: tdb.dataDir });
    const s = sender(a, { mailer, sms: recorder().sms }, { log });
    const waits: number[] = [];
    let t = T0;
    for (let i = 0; i < 10; i++) {
      at(t);
      await s.run();
      const r = (await rows()).find((x) => x.id === id)!;
      if (r.status === OUTBOX_GIVEN_UP) break;
      waits.push(r.next_at - t);
      t = r.next_at;
    }
    expect(waits.map((w) => w / 1000)).toEqual([30, 60, 120, 240, 480, 960, 1920, 3600, 3600]);
    expect(await rows()).toMatchObject([{ id, status: OUTBOX_GIVEN_UP, attempts: 10 }]);
    expect(warned).toEqual([expect.stringMatching(/ops@example\.com given up: .*421/)]);
  });
});
