// One partition of the record stream read into the pipeline by the process that holds its lease
// (stream/consumer.ts shares the partitions out). It reads from the sequence after the
// partition's committed one, stores each read as one batch whose transaction moves the committed
// sequence (refused, rolling the batch back, when the lease is no longer this process's), and
// acknowledges JetStream only after that commit. A message that cannot be stored (not records, or
// a write the database refuses on every try) goes to dead_letters with the reason, in the same
// transaction as the sequence move, so the partition goes on; while the database or NATS is away
// the partition waits and retries, losing nothing.
import {
  AckPolicy,
  DeliverPolicy,
  type ConsumerMessages,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
} from '@nats-io/jetstream';
import { sql, type Kysely } from 'kysely';
import { now } from '../clock';
import type { Database } from '../db';
import type { DeviceRecord } from '../ingest/types';
import type { Pipeline } from '../pipeline';
import type { BatchMark } from '../pipeline/process';
import { decodeRecords, subjectOf, type StreamSettings } from './records';

export interface ConsumerLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface ConsumerTiming {
  /** How often leases are renewed and the partitions shared out again (real ms). */
  heartbeatMs: number;
  /** A lease (and a member's presence) lasts this long without renewal (real ms). */
  leaseMs: number;
  /** The most messages stored in one batch. */
  fetchMax: number;
  /** Pause before trying again after NATS or the database failed (real ms). */
  retryMs: number;
  /** Tries of a message alone before it is set aside as a dead letter. */
  attempts: number;
}

export const DEFAULT_TIMING: ConsumerTiming = {
  heartbeatMs: 2000,
  leaseMs: 10_000,
  fetchMax: 256,
  retryMs: 1000,
  attempts: 3,
};

/** The database's own clock in epoch ms, so processes on several machines agree on leases. */
export const DB_NOW = sql<number>`(extract(epoch from clock_timestamp()) * 1000)::bigint`;

export class LeaseLost extends Error {
  constructor(partition: number) {
    super(`partition ${partition} is no longer held by this process`);
  }
}

/** Errors of reaching the database (not of the data): never a reason to set a message aside. */
export function isConnectionError(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown };
  const code = typeof e?.code === 'string' ? e.code : '';
  if (/^(08|53|57P|58)/.test(code)) return true;
  if (/^E(CONNREFUSED|CONNRESET|PIPE|TIMEDOUT|HOSTUNREACH|NOTFOUND)$/.test(code)) return true;
  const message = typeof e?.message === 'string' ? e.message : '';
  return /Connection terminated|connection is closed|Client has encountered a connection error/i.test(
    message,
  );
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What a partition's reader works with: its process's connections, settings and pipeline. */
export interface ReaderContext {
  db: Kysely<Database>;
  jsm: JetStreamManager;
  js: JetStreamClient;
  settings: StreamSettings;
  timing: ConsumerTiming;
  log: ConsumerLog;
  pipeline: Pipeline;
  /** This process's name on the leases. */
  holder: string;
  /** True once the whole consumer is closing. */
  closed(): boolean;
  /** Told when the reader ends on its own (it found its lease lost). */
  ended(reader: PartitionReader): void;
}

/** Reads one partition from the stream into the pipeline until stopped. */
export class PartitionReader {
  private stopped = false;
  private done: Promise<void> = Promise.resolve();
  private readonly name: string;
  /** Messages delivered and not stored yet, in stream order. */
  private buffer: JsMsg[] = [];
  private messages: ConsumerMessages | null = null;
  private wake: (() => void) | null = null;
  /** The highest sequence delivered since subscribing: a redelivery of one in hand is ignored. */
  private delivered = 0;

  constructor(
    private readonly ctx: ReaderContext,
    readonly partition: number,
    private committed: number,
  ) {
    this.name = `pipeline-p${partition}`;
  }

  start(): void {
    this.done = this.run()
      .catch((err) => {
        if (!(err instanceof LeaseLost))
          this.ctx.log.error(
            { err, partition: this.partition },
            'record stream: partition reader failed',
          );
      })
      .finally(() => {
        this.unsubscribe();
        // Ended on its own (a lease found lost): the next round gives it back or takes it anew.
        this.ctx.ended(this);
      });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.done;
  }

  /** The batch's mark: moves the committed sequence, only while this process holds the lease. */
  private mark(seq: number): BatchMark {
    return async (trx) => {
      const res = await trx
        .updateTable('stream_partitions')
        .set({ committed_seq: seq })
        .where('stream', '=', this.ctx.settings.stream)
        .where('partition', '=', this.partition)
        .where('holder', '=', this.ctx.holder)
        .where('leased_until', '>', DB_NOW as any)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) throw new LeaseLost(this.partition);
    };
  }

  /**
   * (Re)creates the partition's consumer at the sequence after the committed one and starts
   * receiving: JetStream keeps up to fetchMax * 2 messages on their way, and the client asks
   * for more as they are taken.
   */
  private async subscribe(): Promise<void> {
    const row = await this.ctx.db
      .selectFrom('stream_partitions')
      .select(['committed_seq', 'holder'])
      .where('stream', '=', this.ctx.settings.stream)
      .where('partition', '=', this.partition)
      .executeTakeFirstOrThrow();
    if (row.holder !== this.ctx.holder) throw new LeaseLost(this.partition);
    this.committed = Number(row.committed_seq);
    await deleteConsumer(this.ctx.jsm, this.ctx.settings.stream, this.name);
    await this.ctx.jsm.consumers.add(this.ctx.settings.stream, {
      durable_name: this.name,
      filter_subject: subjectOf(this.ctx.settings, this.partition),
      ack_policy: AckPolicy.All,
      deliver_policy: DeliverPolicy.StartSequence,
      opt_start_seq: this.committed + 1,
      ack_wait: 60_000_000_000,
    });
    const consumer = await this.ctx.js.consumers.get(this.ctx.settings.stream, this.name);
    this.buffer = [];
    this.delivered = this.committed;
    this.messages = await consumer.consume({
      max_messages: this.ctx.timing.fetchMax * 2,
      callback: (m) => {
        // Not acknowledged within ack_wait (the database was away that long): sent again.
        if (m.seq <= this.delivered) return;
        this.delivered = m.seq;
        this.buffer.push(m);
        this.wake?.();
      },
    });
  }

  private unsubscribe(): void {
    this.messages?.stop();
    this.messages = null;
    this.buffer = [];
  }

  /** Resolves when a message arrives, the reader stops, or a second passes. */
  private idle(): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(t);
        this.wake = null;
        resolve();
      };
      const t = setTimeout(done, 1000);
      this.wake = done;
    });
  }

  private async run(): Promise<void> {
    while (!this.stopped && !this.ctx.closed()) {
      try {
        if (!this.messages) await this.subscribe();
      } catch (err) {
        if (err instanceof LeaseLost) throw err;
        this.ctx.log.warn(
          { partition: this.partition, err: (err as Error).message },
          'record stream: reading failed; trying again',
        );
        this.unsubscribe();
        await sleep(this.ctx.timing.retryMs);
        continue;
      }
      if (!this.buffer.length) {
        await this.idle();
        continue;
      }
      const taken = this.buffer.splice(0, this.ctx.timing.fetchMax);
      const msgs = taken.filter((m) => m.seq > this.committed);
      // Delivered again though already stored (an acknowledgement lost with NATS): ack them.
      if (msgs.length < taken.length) taken[taken.length - 1 - msgs.length].ack();
      // The database is away, or a dead letter could not be written: the same messages again
      // until they are stored (JetStream keeps what follows them unacknowledged meanwhile).
      while (msgs.length && !this.stopped && !this.ctx.closed()) {
        try {
          await this.store(msgs);
          break;
        } catch (err) {
          if (err instanceof LeaseLost) throw err;
          this.ctx.log.warn(
            { partition: this.partition, err: (err as Error).message },
            'record stream: storing failed; trying again',
          );
          await sleep(this.ctx.timing.retryMs);
          while (msgs.length && msgs[0].seq <= this.committed) msgs.shift();
        }
      }
    }
  }

  /** Stores the fetched messages, acknowledging each stored stretch after its commit. */
  private async store(msgs: JsMsg[]): Promise<void> {
    const decoded: { m: JsMsg; records: DeviceRecord[] | null; reason?: string }[] = msgs.map(
      (m) => {
        try {
          return { m, records: decodeRecords(m.string()) };
        } catch (err) {
          return { m, records: null, reason: `unreadable: ${(err as Error).message}` };
        }
      },
    );
    const good = decoded.every((d) => d.records);
    const last = msgs[msgs.length - 1];
    if (good) {
      try {
        await this.ctx.pipeline.submitMarked(
          decoded.flatMap((d) => d.records!),
          this.mark(last.seq),
        );
        this.stored(last);
        return;
      } catch (err) {
        if (err instanceof LeaseLost || isConnectionError(err)) throw err;
        // One of them is refused: find which, one message at a time.
      }
    }
    for (const d of decoded) {
      if (this.stopped) return;
      if (d.records) {
        const reason = await this.storeAlone(d.m, d.records);
        if (reason === null) continue;
        d.reason = reason;
      }
      await this.deadLetter(d.m, d.reason!);
    }
  }

  /** Tries one message alone a few times; null once stored, else the last error's message. */
  private async storeAlone(m: JsMsg, records: DeviceRecord[]): Promise<string | null> {
    let reason = '';
    for (let attempt = 1; attempt <= this.ctx.timing.attempts; attempt++) {
      try {
        await this.ctx.pipeline.submitMarked(records, this.mark(m.seq));
        this.stored(m);
        return null;
      } catch (err) {
        if (err instanceof LeaseLost || isConnectionError(err)) throw err;
        reason = (err as Error).message ?? String(err);
        if (attempt < this.ctx.timing.attempts) await sleep(this.ctx.timing.retryMs);
      }
    }
    return `not stored after ${this.ctx.timing.attempts} tries: ${reason}`;
  }

  private async deadLetter(m: JsMsg, reason: string): Promise<void> {
    await this.ctx.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('dead_letters')
        .values({
          stream: this.ctx.settings.stream,
          partition: this.partition,
          seq: m.seq,
          payload: m.string(),
          reason: reason.slice(0, 2000),
          time: now(),
        })
        .execute();
      await this.mark(m.seq)(trx);
    });
    this.ctx.log.error(
      { partition: this.partition, seq: m.seq, reason },
      'record stream: message set aside in dead_letters',
    );
    this.stored(m);
  }

  /** After the commit up to `m`: remember it and acknowledge everything up to it to JetStream. */
  private stored(m: JsMsg): void {
    this.committed = m.seq;
    m.ack();
  }
}

async function deleteConsumer(jsm: JetStreamManager, stream: string, name: string) {
  try {
    await jsm.consumers.delete(stream, name);
  } catch (err) {
    if (!/consumer not found/i.test((err as Error).message)) throw err;
  }
}
