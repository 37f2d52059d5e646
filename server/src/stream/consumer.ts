// The pipeline's side of the record stream (issue 17): the stream's partitions are shared out among
// the live pipeline processes through the database (stream_partitions, stream_members). Each
// process renews its leases every couple of seconds, takes free partitions up to its fair share
// and gives back what is over it, so a new process gets work and a dead one's partitions move
// (its leases run out). Each partition it holds is read by a PartitionReader
// (partition-reader.ts).
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { jetstream } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db';
import type { Pipeline } from '../pipeline';
import {
  DB_NOW,
  DEFAULT_TIMING,
  PartitionReader,
  type ConsumerLog,
  type ConsumerTiming,
  type ReaderContext,
} from './partition-reader';
import { ensureStream, partitionOf, type StreamSettings } from './records';

export { isConnectionError, type ConsumerLog, type ConsumerTiming } from './partition-reader';

export interface StreamConsumer {
  readonly holder: string;
  /** The partitions this process consumes now. */
  held(): number[];
  /** Whether this process stores a device's records now (its partition is held here). */
  owns(deviceId: string): boolean;
  /** One round of lease renewal and sharing (tests drive it; it also runs on a timer). */
  rebalance(): Promise<void>;
  /**
   * Stops consuming, waits for the batch in progress, and gives the partitions back; with
   * `release: false` it leaves its leases to run out instead, as a killed process does.
   */
  close(opts?: { release?: boolean }): Promise<void>;
}

export async function startStreamConsumer(opts: {
  nc: NatsConnection;
  db: Kysely<Database>;
  pipeline: Pipeline;
  settings: StreamSettings;
  log: ConsumerLog;
  timing?: Partial<ConsumerTiming>;
  holder?: string;
}): Promise<StreamConsumer> {
  const { db, pipeline, settings, log } = opts;
  const timing = { ...DEFAULT_TIMING, ...opts.timing };
  const holder = opts.holder ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 6)}`;
  const jsm = await ensureStream(opts.nc, settings);
  const js = jetstream(opts.nc);
  const stream = settings.stream;
  const rows = Array.from({ length: settings.partitions }, (_, partition) => ({
    stream,
    partition,
    holder: null,
    leased_until: 0,
    committed_seq: 0,
  }));
  await db
    .insertInto('stream_partitions')
    .values(rows)
    .onConflict((oc) => oc.columns(['stream', 'partition']).doNothing())
    .execute();

  const running = new Map<number, PartitionReader>();
  let closed = false;
  const ctx: ReaderContext = {
    db,
    jsm,
    js,
    settings,
    timing,
    log,
    pipeline,
    holder,
    closed: () => closed,
    ended: (reader) => {
      if (running.get(reader.partition) === reader) running.delete(reader.partition);
    },
  };
  let rebalancing: Promise<void> | null = null;

  async function rebalanceOnce(): Promise<void> {
    const lease = sql<number>`${DB_NOW} + ${timing.leaseMs}`;
    await db
      .insertInto('stream_members')
      .values({ stream, holder, seen_until: lease as unknown as number })
      .onConflict((oc) =>
        oc.columns(['stream', 'holder']).doUpdateSet({ seen_until: lease as any }),
      )
      .execute();
    const renewed = await db
      .updateTable('stream_partitions')
      .set({ leased_until: lease as any })
      .where('stream', '=', stream)
      .where('holder', '=', holder)
      .where('leased_until', '>', DB_NOW as any)
      .returning('partition')
      .execute();
    const mine = new Set(renewed.map((r) => r.partition));
    let changed = false;
    // Held in the database but not read here (its reader gave up on a lease it thought lost, or
    // a partition past NATS_PARTITIONS): given back, to be taken again fairly.
    for (const p of mine) {
      if (running.has(p) && p < settings.partitions) continue;
      mine.delete(p);
      await release(p);
    }
    // Lost while away (a pause longer than the lease): another process may hold it now.
    for (const [p, reader] of running) {
      if (mine.has(p)) continue;
      log.warn({ partition: p }, 'record stream: partition lease lost');
      running.delete(p);
      await reader.stop();
      changed = true;
    }
    const live = await db
      .selectFrom('stream_members')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('stream', '=', stream)
      .where('seen_until', '>', DB_NOW as any)
      .executeTakeFirstOrThrow();
    const share = Math.ceil(settings.partitions / Math.max(1, Number(live.n)));
    // Over the share (another process joined): give back the highest partitions.
    const held = [...running.keys()].sort((a, b) => b - a);
    for (const p of held.slice(0, Math.max(0, held.length - share))) {
      const reader = running.get(p)!;
      running.delete(p);
      await reader.stop();
      await release(p);
      changed = true;
    }
    const wanted = share - running.size;
    const claimed =
      wanted > 0 && !closed
        ? await db
            .updateTable('stream_partitions')
            .set({ holder, leased_until: lease as any })
            .where('stream', '=', stream)
            .where('partition', 'in', (qb) =>
              qb
                .selectFrom('stream_partitions')
                .select('partition')
                .where('stream', '=', stream)
                .where('partition', '<', settings.partitions)
                .where('leased_until', '<', DB_NOW as any)
                .orderBy('partition')
                .limit(wanted)
                .forUpdate()
                .skipLocked(),
            )
            .returning(['partition', 'committed_seq'])
            .execute()
        : [];
    // Units whose partition came or went are read again from what was committed before their
    // next record, so no process works from another's stale state; then the new readers start.
    if (changed || claimed.length) await pipeline.reassigned();
    for (const c of claimed.sort((a, b) => a.partition - b.partition)) {
      const reader = new PartitionReader(ctx, c.partition, Number(c.committed_seq));
      running.set(c.partition, reader);
      reader.start();
    }
    if (claimed.length)
      log.info(
        { holder, partitions: claimed.map((c) => c.partition) },
        `record stream: took partitions ${claimed.map((c) => c.partition).join(', ')}`,
      );
    // Members that vanished long ago (a process killed) leave no row behind for ever.
    await db
      .deleteFrom('stream_members')
      .where('stream', '=', stream)
      .where('seen_until', '<', sql<number>`${DB_NOW} - ${60 * timing.leaseMs}` as any)
      .execute();
  }

  async function release(p: number): Promise<void> {
    await db
      .updateTable('stream_partitions')
      .set({ holder: null, leased_until: 0 })
      .where('stream', '=', stream)
      .where('partition', '=', p)
      .where('holder', '=', holder)
      .execute();
  }

  function rebalance(): Promise<void> {
    rebalancing ??= rebalanceOnce().finally(() => (rebalancing = null));
    return rebalancing;
  }

  const timer = setInterval(() => {
    rebalance().catch((err) =>
      log.warn({ err: (err as Error).message }, 'record stream: lease renewal failed'),
    );
  }, timing.heartbeatMs);
  timer.unref?.();

  await rebalance();

  return {
    holder,
    held: () => [...running.keys()].sort((a, b) => a - b),
    owns: (deviceId) => running.has(partitionOf(deviceId, settings.partitions)),
    rebalance,
    async close({ release: giveBack = true } = {}) {
      closed = true;
      clearInterval(timer);
      await rebalancing?.catch(() => {});
      const readers = [...running];
      running.clear();
      await Promise.all(readers.map(([, r]) => r.stop()));
      if (!giveBack) return;
      for (const [p] of readers) await release(p).catch(() => {});
      await db
        .deleteFrom('stream_members')
        .where('stream', '=', stream)
        .where('holder', '=', holder)
        .execute()
        .catch(() => {});
    },
  };
}
