// The record stream (issue 17): gateways publish records to JetStream and resolve only once it
// stored them; pipeline processes share the partitions, store each partition in order, move the
// committed sequence in the batch's transaction and acknowledge JetStream only after the commit;
// a process that goes away hands its partitions over with nothing lost or stored twice; a
// message that cannot be stored is set aside as a dead letter and its partition goes on. Runs on
// the machine's PostgreSQL and NATS (a database and a stream of its own), in every test run.
import { randomUUID } from 'node:crypto';
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { migrate, openDb, type Db } from '../../src/db';
import type { DeviceRecord } from '../../src/ingest/types';
import { createMemoryBus } from '../../src/live/bus';
import { connectNats } from '../../src/live/nats';
import { createPipeline, type Pipeline } from '../../src/pipeline';
import { startStreamConsumer, type StreamConsumer } from '../../src/stream/consumer';
import { createStreamSink, type StreamSink } from '../../src/stream/publisher';
import {
  ensureStream,
  partitionOf,
  subjectOf,
  type StreamSettings,
} from '../../src/stream/records';
import { NATS_URL, natsReachable, reachable } from '../support/nats';
import { ADMIN_URL, createPostgresDatabase } from '../support/test-db';
import { unitRow } from '../support/raw-rows';
import { fix } from './pipeline/harness';

const quiet = { info() {}, warn() {}, error() {} };
const servicesUp = (await natsReachable()) && (await reachable(ADMIN_URL, 5432));
if (!servicesUp)
  console.warn(`record stream tests skipped: they need PostgreSQL and NATS (${NATS_URL})`);

const FAST = { heartbeatMs: 200, leaseMs: 1500, retryMs: 100, attempts: 2 };
const DEVICES = Array.from(
  { length: 12 },
  (_, i) => `3520930${String(81000 + i).padStart(8, '0')}`,
);

const fixOf = (deviceId: string, time: number, n: number): DeviceRecord =>
  fix(deviceId, time, -26.2 + n * 0.0005, 28.05, 40);

/** Runs `statement` again while PostgreSQL cancels it as a deadlock's victim (SQLSTATE 40P01). */
async function retryDeadlock<T>(statement: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await statement();
    } catch (err) {
      if (attempt >= 5 || (err as { code?: string }).code !== '40P01') throw err;
    }
  }
}

describe.runIf(servicesUp)('record stream over JetStream', () => {
  let scratch: { url: string; drop(): Promise<void> };
  let handle: Db;
  let nc: NatsConnection;
  let jsm: JetStreamManager;
  let settings: StreamSettings;
  const uids = new Map<string, number>();
  const closers: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    scratch = await createPostgresDatabase('record_stream', ADMIN_URL);
    handle = openDb({ databaseUrl: scratch.url, dataDir: '/tmp' });
    await migrate(handle);
    nc = await connectNats(NATS_URL, quiet);
    jsm = await jetstreamManager(nc);
    const id = randomUUID().slice(0, 8);
    settings = {
      stream: `TEST_RECORDS_${id}`,
      subject: `test.records.${id}`,
      partitions: 4,
      maxAgeMs: 3600_000,
    };
    const client = await handle.db
      .insertInto('clients')
      .values({ name: 'Stream Transport', state: 1, created: Date.now() })
      .returning('cid')
      .executeTakeFirstOrThrow();
    for (const deviceId of DEVICES) {
      const row = await handle.db
        .insertInto('units')
        .values(unitRow(client.cid, deviceId, Date.now()))
        .returning('uid')
        .executeTakeFirstOrThrow();
      uids.set(deviceId, row.uid);
    }
  });

  afterAll(async () => {
    for (const close of closers.reverse()) await close().catch(() => {});
    await jsm?.streams.delete(settings.stream).catch(() => {});
    await nc?.close();
    await handle?.close();
    await scratch?.drop();
  });

  /** A pipeline process: its own pipeline and stream consumer on the shared database. */
  async function pipelineProcess(holder: string): Promise<{
    pipeline: Pipeline;
    consumer: StreamConsumer;
    stop(release?: boolean): Promise<void>;
  }> {
    let consumer: StreamConsumer | null = null;
    const pipeline = createPipeline({
      db: handle.db,
      dialect: 'postgres',
      bus: createMemoryBus(),
      config: { expireIntervalMs: 0 },
      owns: (d) => consumer?.owns(d) ?? false,
    });
    consumer = await startStreamConsumer({
      nc,
      db: handle.db,
      pipeline,
      settings,
      log: quiet,
      timing: FAST,
      holder,
    });
    const c = consumer;
    const stop = async (release = true) => {
      await c.close({ release });
      await pipeline.close();
    };
    closers.push(stop);
    return { pipeline, consumer: c, stop };
  }

  function sink(): StreamSink {
    const s = createStreamSink({ nc, db: handle.db, bus: createMemoryBus(), settings });
    closers.push(async () => s.close());
    return s;
  }

  const stored = async () =>
    Number(
      (await sql<{ n: string }>`select count(*) as n from positions`.execute(handle.db)).rows[0].n,
    );
  const committed = async () =>
    (
      await handle.db
        .selectFrom('stream_partitions')
        .select(['partition', 'committed_seq', 'holder'])
        .orderBy('partition')
        .execute()
    ).map((r) => ({ ...r, committed_seq: Number(r.committed_seq) }));
  const ackFloor = async (p: number) =>
    (await jsm.consumers.info(settings.stream, `pipeline-p${p}`)).ack_floor.stream_seq;

  it('answers a submit only once JetStream stored it, and refuses it when there is no stream', async () => {
    const lost = createStreamSink({
      nc,
      db: handle.db,
      bus: createMemoryBus(),
      settings: { ...settings, subject: `${settings.subject}-nowhere` },
    });
    await expect(lost.submit([fixOf(DEVICES[0], Date.now() - 60_000, 0)])).rejects.toThrow();
    lost.close();

    await ensureStream(nc, settings);
    const before = (await jsm.streams.info(settings.stream)).state.messages;
    await sink().submit([fixOf(DEVICES[0], Date.now() - 60_000, 0)]);
    // Resolved: the stream holds it, whether or not any pipeline read it yet.
    expect((await jsm.streams.info(settings.stream)).state.messages).toBe(before + 1);
  });

  it('stores every record once and in order, and acknowledges the stream only after the commit', async () => {
    const a = await pipelineProcess('proc-a');
    expect(a.consumer.held()).toEqual([0, 1, 2, 3]);
    const s = sink();
    const t0 = Date.now() - 30 * 60_000;
    // Ten fixes a device, a few devices a submit, as gateways send them.
    for (let n = 0; n < 10; n++)
      await s.submit(DEVICES.slice(0, 6).map((d) => fixOf(d, t0 + n * 10_000, n)));
    await vi.waitFor(async () => expect(await stored()).toBe(1 + 60), { timeout: 10_000 });
    for (const row of await committed()) {
      expect(row.holder).toBe('proc-a');
      await vi.waitFor(async () => expect(await ackFloor(row.partition)).toBe(row.committed_seq));
    }

    // The database cannot write positions (an I/O error, SQLSTATE 58030): nothing is committed,
    // so nothing is acknowledged, and the partition waits rather than setting the data aside.
    await sql`create function fail_positions() returns trigger as $$ begin
      raise exception 'could not write block' using errcode = '58030'; end $$
      language plpgsql`.execute(handle.db);
    await sql`create trigger fail_positions before insert on positions
      for each row execute function fail_positions()`.execute(handle.db);
    const device = DEVICES[0];
    const p = partitionOf(device, settings.partitions);
    const seqBefore = (await committed())[p].committed_seq;
    await s.submit([fixOf(device, t0 + 100_000, 10)]);
    await new Promise((r) => setTimeout(r, 800));
    expect((await committed())[p].committed_seq).toBe(seqBefore);
    expect(await ackFloor(p)).toBe(seqBefore);
    expect(await stored()).toBe(61);

    // Once it stores again, the same message is stored (after a try or two) and acknowledged.
    // Dropping the trigger may deadlock with the pipeline's retried batch (PostgreSQL then cancels
    // one of the two, here once the statement): it is run again, as an operator would.
    await retryDeadlock(() => sql`drop trigger fail_positions on positions`.execute(handle.db));
    await sql`drop function fail_positions()`.execute(handle.db);
    await vi.waitFor(async () => expect(await stored()).toBe(62), { timeout: 10_000 });
    const after = (await committed())[p].committed_seq;
    expect(after).toBe((await jsm.streams.info(settings.stream)).state.last_seq);
    await vi.waitFor(async () => expect(await ackFloor(p)).toBe(after));
    expect(await sql`select count(*)::int as n from dead_letters`.execute(handle.db)).toMatchObject(
      { rows: [{ n: 0 }] },
    );
    // Every device's fixes in the order sent.
    const rows = await handle.db
      .selectFrom('positions')
      .select(['unit_id', 'fix_time', 'odometer'])
      .where('unit_id', '=', uids.get(DEVICES[1])!)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.fix_time)).toEqual(
      Array.from({ length: 10 }, (_, n) => t0 + n * 10_000),
    );
    await a.stop();
  });

  it('shares the partitions between processes and hands a vanished one’s over, losing and repeating nothing', async () => {
    const start = await stored();
    const a = await pipelineProcess('proc-a2');
    const b = await pipelineProcess('proc-b');
    // a gives back half of what it took alone, and b takes it.
    await vi.waitFor(
      () => {
        expect(a.consumer.held()).toHaveLength(2);
        expect([...a.consumer.held(), ...b.consumer.held()].sort()).toEqual([0, 1, 2, 3]);
      },
      { timeout: 5000 },
    );

    const s = sink();
    const t0 = Date.now() - 20 * 60_000;
    const sent: Promise<void>[] = [];
    for (let n = 0; n < 40; n++) {
      sent.push(s.submit(DEVICES.map((d) => fixOf(d, t0 + n * 5000, n))));
      // Half-way, b stops renewing and reading without a word (as if killed): its leases run out.
      if (n === 20) await b.stop(false);
    }
    await Promise.all(sent);
    await vi.waitFor(async () => expect(await stored()).toBe(start + 40 * DEVICES.length), {
      timeout: 20_000,
    });
    expect(a.consumer.held()).toEqual([0, 1, 2, 3]);
    // Exactly once: no unit has two rows of one fix time (the key would refuse them anyway), and
    // every unit has all 40.
    const per = await sql<{ unit_id: number; n: number }>`
      select unit_id, count(*)::int as n from positions
      where fix_time >= ${t0} and fix_time < ${t0 + 40 * 5000}
      group by unit_id`.execute(handle.db);
    expect(per.rows.map((r) => r.n)).toEqual(DEVICES.map(() => 40));
  });

  it('sets a message it cannot read aside as a dead letter and goes on with its partition', async () => {
    const a = await pipelineProcess('proc-c');
    const device = DEVICES[3];
    const p = partitionOf(device, settings.partitions);
    const js = (await import('@nats-io/jetstream')).jetstream(nc);
    await js.publish(subjectOf(settings, p), new TextEncoder().encode('{"not": "records"}'));
    const before = await stored();
    await sink().submit([fixOf(device, Date.now() - 5 * 60_000, 99)]);
    await vi.waitFor(async () => expect(await stored()).toBe(before + 1), { timeout: 10_000 });
    const dead = await handle.db.selectFrom('dead_letters').selectAll().execute();
    expect(dead).toEqual([
      expect.objectContaining({
        partition: p,
        payload: '{"not": "records"}',
        reason: 'unreadable: not a list of records',
      }),
    ]);
    await a.stop();
  });
});
