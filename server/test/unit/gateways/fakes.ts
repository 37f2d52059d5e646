// Test doubles for the gateway contract: an IngestSink that records what it is given and a
// Connection that captures writes, plus a replay helper over the real framing pump.
import type { DeviceRecord, IngestSink, Protocol } from '../../../src/ingest/types';
import { FramePump, type Connection, type FrameSession } from '../../../src/ingest/tcp';

export class FakeSink implements IngestSink {
  readonly batches: DeviceRecord[][] = [];
  /** Every committed record, in order. */
  readonly records: DeviceRecord[] = [];
  readonly identified: { protocol: Protocol; deviceId: string }[] = [];
  /** Ids that identify() accepts; null accepts every id. */
  known: Set<string> | null = null;
  /** While set, submit() rejects (a database outage). */
  failing = false;
  submitDelayMs = 0;
  private waiters: { count: number; resolve: () => void }[] = [];

  async identify(protocol: Protocol, deviceId: string): Promise<boolean> {
    this.identified.push({ protocol, deviceId });
    return this.known === null || this.known.has(deviceId);
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
