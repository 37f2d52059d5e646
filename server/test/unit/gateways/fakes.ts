// Test doubles for the gateway contract: an IngestSink that records what it is given, a command
// channel that records what a session tells the dispatcher, and a Connection that captures writes,
// plus a replay helper over the real framing pump.
import { expect } from 'vitest';
import type { CommandChannel, CommandLink, CommandReply } from '../../../src/ingest/commands';
import type { DeviceRecord, IngestSink, Protocol } from '../../../src/ingest/types';
import { FramePump, type Connection, type FrameSession } from '../../../src/ingest/tcp';

export class FakeSink implements IngestSink {
  readonly batches: DeviceRecord[][] = [];
  /** Every committed record, in order. */
  readonly records: DeviceRecord[] = [];
  readonly identified: { protocol: Protocol; deviceId: string }[] = [];
  /** Ids that identify() accepts; null accepts every id. */
  known: Set<string> | null = null;
  /** The device model set per device id (set_unit_device's model). */
  readonly models = new Map<string, string>();
  /** While set, submit() rejects (a database outage). */
  failing = false;
  submitDelayMs = 0;
  private waiters: { count: number; resolve: () => void }[] = [];

  async identify(protocol: Protocol, deviceId: string): Promise<boolean> {
    this.identified.push({ protocol, deviceId });
    return this.known === null || this.known.has(deviceId);
  }

  async deviceModel(_protocol: Protocol, deviceId: string): Promise<string | null> {
    return this.models.get(deviceId) ?? null;
  }

  async submit(records: DeviceRecord[]): Promise<void> {
    if (this.submitDelayMs) await new Promise((r) => setTimeout(r, this.submitDelayMs));
    if (this.failing) throw new Error('database unavailable');
    this.batches.push(records);
    for (const r of records) this.records.push(r);
    const total = this.records.length;
    this.waiters = this.waiters.filter((w) => (total >= w.count ? (w.resolve(), false) : true));
  }

  /** Resolves once at least `count` records were committed. */
  waitFor(count: number, timeoutMs = 5000): Promise<void> {
    if (this.records.length >= count) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(new Error(`timed out waiting for ${count} records, have ${this.records.length}`)),
        timeoutMs,
      );
      this.waiters.push({
        count,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      });
    });
  }
}

/** Records what a session tells the command dispatcher; `protocol` is the one it must announce. */
export class FakeChannel implements CommandChannel {
  readonly links = new Map<string, CommandLink>();
  readonly replies: { deviceId: string; reply: CommandReply }[] = [];
  /** Records passed on after their commit. */
  readonly committed: DeviceRecord[] = [];
  readonly gone: string[] = [];
  constructor(private readonly protocol: Protocol) {}
  connected(protocol: string, deviceId: string, link: CommandLink): void {
    expect(protocol).toBe(this.protocol);
    this.links.set(deviceId, link);
  }
  disconnected(deviceId: string, link: CommandLink): void {
    if (this.links.get(deviceId) === link) this.gone.push(deviceId);
  }
  reply(deviceId: string, reply: CommandReply): void {
    this.replies.push({ deviceId, reply });
  }
  records(_deviceId: string, records: readonly DeviceRecord[]): void {
    this.committed.push(...records);
  }
}

/** Polls `done` every 20 ms; fails naming `what` after `timeoutMs`. */
export async function until(done: () => boolean, what: string, timeoutMs = 4000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > end) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Fails unless every acknowledgement (a count of records) is covered, in order, by that many
 * records of one committed batch, none covered twice: a device is never told that records were
 * stored before they were. (Frames that arrive together are stored in one batch: submit-group.ts.)
 */
export function expectAcksCommitted(acks: number[], batches: DeviceRecord[][]): void {
  let batch = 0;
  let used = 0;
  for (const n of acks) {
    while (batch < batches.length && batches[batch].length - used < n) {
      batch++;
      used = 0;
    }
    if (batch >= batches.length) {
      const sizes = batches.map((b) => b.length).join(', ');
      throw new Error(`ack of ${n} records without a committed batch for them (batches: ${sizes})`);
    }
    used += n;
  }
}

export interface FakeConnection extends Connection {
  readonly writes: Buffer[];
}

export function fakeConnection(): FakeConnection {
  let closed = false;
  const writes: Buffer[] = [];
  return {
    id: 1,
    remoteAddress: '127.0.0.1',
    writes,
    get closed() {
      return closed;
    },
    write(bytes) {
      if (!closed) writes.push(Buffer.from(bytes));
    },
    close() {
      closed = true;
    },
  };
}

/** Feeds chunks through the gateway's own frame pump and waits until they are handled. */
export async function replay(
  makeSession: (conn: Connection) => FrameSession,
  chunks: Buffer[],
  conn: FakeConnection = fakeConnection(),
): Promise<FakeConnection> {
  const pump = new FramePump(makeSession(conn), conn, (err) => {
    throw err;
  });
  for (const chunk of chunks) {
    pump.push(chunk);
    await pump.idle();
  }
  return conn;
}
