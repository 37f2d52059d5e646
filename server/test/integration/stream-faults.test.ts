// Faults of the split deployment (issue 17): NATS down at start (the process says so and keeps
// trying), NATS killed and restarted mid-stream (submits fail meanwhile, so devices are not
// answered; afterwards the resent records are stored once and nothing is lost), and PostgreSQL
// dropping every connection mid-stream (the pipeline waits and retries; nothing is set aside as a
// dead letter). NATS here is a server of the test's own on a free port, so killing it disturbs
// no other test; skipped with a message where nats-server or PostgreSQL is missing.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { NatsConnection } from '@nats-io/transport-node';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { migrate, openDb, type Db } from '../../src/db';
import type { DeviceRecord } from '../../src/ingest/types';
import { createMemoryBus } from '../../src/live/bus';
import { connectNats } from '../../src/live/nats';
import { createPipeline } from '../../src/pipeline';
import { startStreamConsumer } from '../../src/stream/consumer';
import { createStreamSink } from '../../src/stream/publisher';
import type { StreamSettings } from '../../src/stream/records';
import { freePort } from '../support/child-server';
import { reachable } from '../support/nats';
import { unitRow } from '../support/raw-rows';
import { ADMIN_URL, createPostgresDatabase } from '../support/test-db';
import { fix } from './pipeline/harness';

const NATS_SERVER = '/usr/sbin/nats-server';
const ready = fs.existsSync(NATS_SERVER) && (await reachable(ADMIN_URL, 5432));
if (!ready) console.warn(`stream fault tests skipped: they need ${NATS_SERVER} and PostgreSQL`);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const DEVICE = '352093081099001';
const fixAt = (n: number, t0: number): DeviceRecord =>
  fix(DEVICE, t0 + n * 10_000, -26.2 + n * 0.0005, 28.05, 40);

/** A NATS server with JetStream of the test's own, on `port`, keeping its store in `dir`. */
function natsServer(port: number, dir: string) {
  let child: ChildProcess | null = null;
  return {
    async start() {
      child = spawn(NATS_SERVER, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', dir], {
        stdio: 'ignore',
      });
      for (let i = 0; i < 100 && !(await reachable(`nats://127.0.0.1:${port}`, port)); i++)
        await sleep(50);
    },
    async kill() {
      const c = child;
      child = null;
      if (!c || c.exitCode !== null) return;
      const gone = new Promise((r) => c.once('exit', r));
      c.kill('SIGKILL');
      await gone;
    },
  };
}

describe.runIf(ready)('record stream faults', () => {
  let port: number;
  let dir: string;
  let nats: ReturnType<typeof natsServer>;
  let scratch: { url: string; drop(): Promise<void> };
  let handle: Db;
  const logs: string[] = [];
  const log = {
    info: (_: object, msg?: string) => void logs.push(`info ${msg}`),
    warn: (_: object, msg?: string) => void logs.push(`warn ${msg}`),
    error: (_: object, msg?: string) => void logs.push(`error ${msg}`),
  };
  const cleanup: (() => Promise<unknown>)[] = [];

  beforeAll(async () => {
    port = await freePort();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nats-faults-'));
    nats = natsServer(port, dir);
    scratch = await createPostgresDatabase('stream_faults', ADMIN_URL);
    handle = openDb({ databaseUrl: scratch.url, dataDir: dir });
    await migrate(handle);
    const client = await handle.db
      .insertInto('clients')
      .values({ name: 'Faults Transport', state: 1, created: Date.now() })
      .returning('cid')
      .executeTakeFirstOrThrow();
    await handle.db
      .insertInto('units')
      .values(unitRow(client.cid, DEVICE, Date.now()))
      .execute();
  });
  afterAll(async () => {
    for (const c of cleanup.reverse()) await c().catch(() => {});
    await nats?.kill();
    await handle?.close();
    await scratch?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const stored = async (t0: number) =>
    (
      await handle.db
        .selectFrom('positions')
        .select('fix_time')
        .where('fix_time', '>=', t0)
        .orderBy('fix_time')
        .execute()
    ).map((r) => r.fix_time);

  let nc: NatsConnection;

  /** A pipeline process on `settings`' stream (closed when the file's tests end). */
  async function pipelineWithConsumer(settings: StreamSettings) {
    const pipeline = createPipeline({
      db: handle.db,
      dialect: 'postgres',
      bus: createMemoryBus(),
      config: { expireIntervalMs: 0 },
    });
    const consumer = await startStreamConsumer({
      nc,
      db: handle.db,
      pipeline,
      settings,
      log,
      timing: { heartbeatMs: 200, leaseMs: 5000, retryMs: 100 },
    });
    cleanup.push(
      () => pipeline.close(),
      () => consumer.close(),
    );
  }

  it('says NATS is unreachable at start and connects once it is up', async () => {
    const connecting = connectNats(`nats://127.0.0.1:${port}`, log, { retryMs: 100 });
    await vi.waitFor(() =>
      expect(
        logs.some((l) => l.startsWith(`warn NATS at nats://127.0.0.1:${port} unreachable`)),
      ).toBe(true),
    );
    await nats.start();
    nc = await connecting;
    cleanup.push(() => nc.close());
    expect(logs).toContain(`info NATS connected at 127.0.0.1:${port}`);
  });

  it('refuses submits while NATS is gone and stores the resent records once it is back', async () => {
    const settings: StreamSettings = {
      stream: 'FAULTS',
      subject: 'faults.records',
      partitions: 2,
      maxAgeMs: 3600_000,
    };
    await pipelineWithConsumer(settings);
    const sink = createStreamSink({
      nc,
      db: handle.db,
      bus: createMemoryBus(),
      settings,
      publishTimeoutMs: 1000,
    });
    const t0 = Date.now() - 3600_000;
    const sent = Array.from({ length: 30 }, (_, n) => fixAt(n, t0));

    await sink.submit(sent.slice(0, 10));
    await vi.waitFor(async () => expect(await stored(t0)).toHaveLength(10), { timeout: 10_000 });

    await nats.kill();
    await expect(sink.submit(sent.slice(10, 20))).rejects.toThrow();
    await nats.start();
    // The device was not answered, so it sends the same records again, and then the rest.
    await vi.waitFor(() => sink.submit(sent.slice(10, 20)), { timeout: 15_000, interval: 200 });
    await sink.submit(sent.slice(20));
    await vi.waitFor(async () => expect(await stored(t0)).toHaveLength(30), { timeout: 15_000 });
    expect(await stored(t0)).toEqual(sent.map((r) => r.fixTime));
    sink.close();
  });

  it('waits while PostgreSQL drops every connection and sets nothing aside', async () => {
    const settings: StreamSettings = {
      stream: 'FAULTS_PG',
      subject: 'faults.pg',
      partitions: 1,
      maxAgeMs: 3600_000,
    };
    await pipelineWithConsumer(settings);
    const sink = createStreamSink({ nc, db: handle.db, bus: createMemoryBus(), settings });
    const t0 = Date.now() - 1800_000;
    const sent = Array.from({ length: 40 }, (_, n) => fixAt(n, t0));

    // An administrator's connection ends every other connection to the database, again and
    // again for two seconds, while the records stream in (as a restart does to the clients).
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    const dbName = new URL(scratch.url).pathname.slice(1);
    let terminating = true;
    const terminator = (async () => {
      while (terminating) {
        await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [dbName],
        );
        await sleep(50);
      }
    })();
    for (let i = 0; i < 4; i++) {
      await sink.submit(sent.slice(i * 10, i * 10 + 10));
      await sleep(400);
    }
    terminating = false;
    await terminator;
    await admin.end();

    await vi.waitFor(async () => expect(await stored(t0), logs.join('\n')).toHaveLength(40), {
      timeout: 20_000,
    });
    expect(await stored(t0)).toEqual(sent.map((r) => r.fixTime));
    const dead = await sql<{ n: number }>`select count(*)::int as n from dead_letters`.execute(
      handle.db,
    );
    expect(dead.rows[0].n).toBe(0);
    sink.close();
  });
});
