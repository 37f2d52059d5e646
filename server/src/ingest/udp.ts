// UDP layer shared by the datagram gateways (Teltonika over UDP): one socket, datagrams of different
// senders handled concurrently, each sender's one at a time and in order (so its acks leave in order
// and only after commit), bounded queues, and no crash on a handler's failure. UDP has no connection
// to close: a sender whose datagrams keep failing to decode is ignored for a while instead.
import dgram from 'node:dgram';
import { performance } from 'node:perf_hooks';
import type { Protocol } from './types';
import type { IngestLog } from './log';

export interface UdpRemote {
  address: string;
  port: number;
}

/**
 * Handles one datagram; `reply` sends a datagram back to its sender. Resolving false says the
 * datagram was garbage (not the protocol, or undecodable): counted against the sender. A rejection
 * is logged and not counted (a store or lookup failure is not the sender's fault).
 */
export type UdpHandler = (
  datagram: Buffer,
  remote: UdpRemote,
  reply: (bytes: Buffer) => void,
) => Promise<boolean | void>;

export interface UdpGatewayOptions {
  protocol: Protocol;
  port: number;
  host?: string;
  log: IngestLog;
  handle: UdpHandler;
  /** Datagrams of one sender waiting for its previous ones; more are dropped (default 64). */
  maxQueuedPerSender?: number;
  /** Bytes waiting across all senders; more are dropped (default 16 MiB). */
  maxQueuedBytes?: number;
  /** Garbage datagrams in a row after which a sender is ignored (default 20). */
  garbageLimit?: number;
  /** How long such a sender is ignored, real ms (default 10 minutes). */
  ignoreMs?: number;
  /** Senders tracked at once; a new one beyond this is dropped until others go idle (default 50,000). */
  maxSenders?: number;
}

export interface UdpGateway {
  readonly port: number;
  /** Senders currently tracked (queued, recently seen, or ignored). */
  senderCount(): number;
  close(): Promise<void>;
}

interface Sender {
  chain: Promise<void>;
  queued: number;
  /** Garbage datagrams in a row. */
  garbage: number;
  /** Real ms (performance.now) until which its datagrams are dropped. */
  ignoredUntil: number;
  lastSeen: number;
}

/** A sender quiet this long (real ms) with nothing queued is forgotten. */
const IDLE_MS = 60_000;

export async function startUdpGateway(opts: UdpGatewayOptions): Promise<UdpGateway> {
  const { log, protocol } = opts;
  const maxQueued = opts.maxQueuedPerSender ?? 64;
  const maxBytes = opts.maxQueuedBytes ?? 16 * 1024 * 1024;
  const garbageLimit = opts.garbageLimit ?? 20;
  const ignoreMs = opts.ignoreMs ?? 10 * 60_000;
  const maxSenders = opts.maxSenders ?? 50_000;
  const senders = new Map<string, Sender>();
  let queuedBytes = 0;
  let closed = false;
  const socket = dgram.createSocket(opts.host?.includes(':') ? 'udp6' : 'udp4');

  function sweep(at: number): void {
    for (const [key, s] of senders) {
      if (s.queued === 0 && s.ignoredUntil <= at && at - s.lastSeen >= IDLE_MS) senders.delete(key);
    }
  }

  const reply = (remote: UdpRemote) => (bytes: Buffer) => {
    if (closed) return;
    socket.send(bytes, remote.port, remote.address, (err) => {
      if (err) log.debug({ protocol, remote, err }, 'gateway: udp send failed');
    });
  };

  async function run(s: Sender, datagram: Buffer, remote: UdpRemote): Promise<void> {
    try {
      const verdict = await opts.handle(datagram, remote, reply(remote));
      if (verdict !== false) s.garbage = 0;
      else if (++s.garbage >= garbageLimit) {
        s.garbage = 0;
        s.ignoredUntil = performance.now() + ignoreMs;
        log.warn(
          { protocol, remote, ignoreMs },
          'gateway: udp sender keeps sending garbage, ignored for a while',
        );
      }
    } catch (err) {
      log.error({ protocol, remote, err }, 'gateway: datagram handling failed');
    } finally {
      s.queued--;
      queuedBytes -= datagram.length;
    }
  }

  socket.on('message', (datagram: Buffer, rinfo: dgram.RemoteInfo) => {
    if (closed) return;
    const at = performance.now();
    const key = `${rinfo.address}|${rinfo.port}`;
    let s = senders.get(key);
    if (!s) {
      if (senders.size >= maxSenders) sweep(at);
      if (senders.size >= maxSenders) {
        log.debug({ protocol, address: rinfo.address }, 'gateway: udp sender table full, dropped');
        return;
      }
      s = { chain: Promise.resolve(), queued: 0, garbage: 0, ignoredUntil: 0, lastSeen: at };
      senders.set(key, s);
    }
    s.lastSeen = at;
    if (s.ignoredUntil > at) return;
    if (s.queued >= maxQueued || queuedBytes + datagram.length > maxBytes) {
      log.debug({ protocol, address: rinfo.address }, 'gateway: udp queue full, datagram dropped');
      return;
    }
    s.queued++;
    queuedBytes += datagram.length;
    const sender = s;
    const remote: UdpRemote = { address: rinfo.address, port: rinfo.port };
    sender.chain = sender.chain.then(() => run(sender, datagram, remote));
  });

  await new Promise<void>((resolve, reject) => {
    const failed = (err: Error) => {
      closed = true;
      socket.close();
      reject(err);
    };
    socket.once('error', failed);
    socket.bind({ port: opts.port, address: opts.host }, () => {
      socket.off('error', failed);
      resolve();
    });
  });
  socket.on('error', (err) => log.error({ protocol, err }, 'gateway: udp socket error'));
  const sweeper = setInterval(() => sweep(performance.now()), IDLE_MS);
  sweeper.unref();

  return {
    port: socket.address().port,
    senderCount: () => senders.size,
    close() {
      if (closed) return Promise.resolve();
      closed = true;
      clearInterval(sweeper);
      return new Promise<void>((resolve) => socket.close(() => resolve()));
    },
  };
}
