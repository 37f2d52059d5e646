// TCP layer shared by the binary gateways: connections, reassembly of frames split across or merged
// within chunks, one-at-a-time frame handling (so acks leave in order and only after commit),
// backpressure, idle timeout and clean shutdown. Protocol specifics live in the session objects.
import net from 'node:net';
import type { Protocol } from './types';
import type { IngestLog } from './log';

export interface Connection {
  readonly id: number;
  readonly remoteAddress: string;
  readonly closed: boolean;
  write(bytes: Buffer): void;
  /** Flushes what was written, then closes. */
  close(): void;
}

export interface FrameSession {
  /** > 0: a whole frame of that length at `off`; 0: need more bytes; < 0: discard that many. */
  frameLength(buf: Buffer, off: number, end: number): number;
  /** Handles one whole frame; resolving false closes the connection. */
  handleFrame(buf: Buffer, off: number, len: number): boolean | Promise<boolean>;
  /**
   * No whole frame is left in the buffer: finish what the frames handled so far started (store
   * the records they queued, send the answers that wait for the commit: submit-group.ts). Called
   * also when the connection closes mid-buffer. Must not throw.
   */
  flush?(): Promise<void>;
  /** Bytes were discarded as garbage; false closes the connection. */
  onGarbage(bytes: number): boolean;
  onClose?(): void;
}

export interface TcpGatewayOptions {
  protocol: Protocol;
  port: number;
  host?: string;
  idleTimeoutMs: number;
  log: IngestLog;
  createSession(conn: Connection): FrameSession;
  /** Unprocessed bytes held per connection before it is dropped as a flood. */
  maxBuffered?: number;
  /** Garbage bytes skipped since the last good frame before the connection is dropped. */
  maxGarbage?: number;
}

/** What a gateway has seen since it started (GET /api/health shows them; docs/protocols.md). */
export interface GatewayStats {
  /** Connections accepted. */
  connections: number;
  /** Connections open now. */
  open: number;
  /** Frames handled. */
  frames: number;
  /** Bytes skipped as garbage. */
  garbageBytes: number;
  /** Connections dropped for sending garbage (no good frame within maxGarbage bytes). */
  garbageFloods: number;
  /** Connections dropped for holding more than maxBuffered unframed bytes. */
  overflows: number;
  /** Connections closed after idleTimeoutMs of silence. */
  idleClosed: number;
}

export interface TcpGateway {
  readonly port: number;
  connectionCount(): number;
  stats(): GatewayStats;
  close(): Promise<void>;
}

/** Garbage a connection may send between good frames before it is dropped (a noisy line's worth). */
export const DEFAULT_MAX_GARBAGE = 16 * 1024;

const PAUSE_AT = 256 * 1024;
let nextId = 1;

/**
 * Reassembles frames from chunks and hands them to the session one at a time, in order: the next
 * frame waits until the previous one is handled. Once no whole frame is left, the session's flush
 * stores what the frames queued (the frames that arrived together, in one submit).
 */
export class FramePump {
  private buf: Buffer = Buffer.alloc(0);
  private off = 0;
  private end = 0;
  /** Chunks arrived while the loop was busy, joined once it needs them (not at every push). */
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private running: Promise<void> | null = null;
  /** Bytes arrived since the running loop last looked (it may have finished synchronously). */
  private dirty = false;
  /** Garbage bytes skipped since the last whole frame. */
  private garbage = 0;

  constructor(
    private readonly session: FrameSession,
    private readonly conn: Connection,
    private readonly onFailure: (err: unknown) => void,
    private readonly limits: {
      maxGarbage?: number;
      onGarbage?: (bytes: number) => void;
      onFlood?: (bytes: number) => void;
      onFrame?: () => void;
    } = {},
  ) {}

  /** Bytes received and not yet handled. */
  get buffered(): number {
    return this.end - this.off + this.pendingBytes;
  }

  get busy(): boolean {
    return this.running !== null;
  }

  push(chunk: Buffer): void {
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    this.dirty = true;
    if (!this.running) this.start();
  }

  /** Joins the chunks that arrived to what is left of the buffer; false if none arrived. */
  private absorb(): boolean {
    if (this.pending.length === 0) return false;
    const rest = this.end - this.off;
    if (rest === 0 && this.pending.length === 1) this.buf = this.pending[0];
    else
      this.buf = Buffer.concat(
        rest ? [this.buf.subarray(this.off, this.end), ...this.pending] : this.pending,
      );
    this.off = 0;
    this.end = this.buf.length;
    this.pending = [];
    this.pendingBytes = 0;
    return true;
  }

  private start(): void {
    this.running = this.run().finally(() => {
      this.running = null;
      if (this.dirty && !this.conn.closed) this.start();
    });
  }

  /** Resolves once every pushed byte that forms a frame has been handled. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async run(): Promise<void> {
    const { session, conn } = this;
    /** The connection is to be closed once what came before is stored and answered. */
    let close = false;
    try {
      while (!close && !conn.closed && (this.off < this.end || this.absorb())) {
        this.dirty = false;
        const n = session.frameLength(this.buf, this.off, this.end);
        if (n === 0) {
          if (this.absorb()) continue;
          break;
        }
        if (n < 0) {
          const skipped = Math.min(this.end - this.off, -n);
          this.off += skipped;
          this.garbage += skipped;
          this.limits.onGarbage?.(skipped);
          if (!session.onGarbage(skipped)) close = true;
          else if (this.garbage > (this.limits.maxGarbage ?? DEFAULT_MAX_GARBAGE)) {
            // A device (or scanner) sending noise and no frame is cut off, not served forever.
            this.limits.onFlood?.(this.garbage);
            close = true;
          }
          continue;
        }
        const frame = this.buf;
        const at = this.off;
        this.off += n;
        this.garbage = 0;
        this.limits.onFrame?.();
        const result = session.handleFrame(frame, at, n);
        const keep = typeof result === 'boolean' ? result : await result;
        if (!keep) close = true;
      }
    } catch (err) {
      this.onFailure(err);
      close = true;
    }
    // What the handled frames queued is stored and answered before the loop ends (idle() then
    // means committed), and before a connection being closed goes.
    await session.flush?.();
    if (close) conn.close();
    this.dirty = this.dirty && (this.off < this.end || this.pendingBytes > 0);
    if (this.off === this.end) {
      this.buf = Buffer.alloc(0);
      this.off = this.end = 0;
    }
  }
}

export async function startTcpGateway(opts: TcpGatewayOptions): Promise<TcpGateway> {
  const { log, protocol } = opts;
  const maxBuffered = opts.maxBuffered ?? 4 * 1024 * 1024;
  const sockets = new Set<net.Socket>();
  const stats: Omit<GatewayStats, 'open'> = {
    connections: 0,
    frames: 0,
    garbageBytes: 0,
    garbageFloods: 0,
    overflows: 0,
    idleClosed: 0,
  };

  const server = net.createServer({ noDelay: true }, (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    serve(socket);
  });

  function serve(socket: net.Socket): void {
    stats.connections++;
    const remoteAddress = socket.remoteAddress ?? '';
    let closed = false;
    const conn: Connection = {
      id: nextId++,
      remoteAddress,
      get closed() {
        return closed;
      },
      write(bytes) {
        if (!closed) socket.write(bytes);
      },
      close() {
        if (closed) return;
        closed = true;
        socket.end();
        // A peer that never answers our FIN must not pin the socket.
        setTimeout(() => socket.destroy(), 5000).unref();
      },
    };
    const session = opts.createSession(conn);
    const pump = new FramePump(
      session,
      conn,
      (err) => log.error({ protocol, remoteAddress, err }, 'gateway: frame handling failed'),
      {
        maxGarbage: opts.maxGarbage,
        onFrame: () => stats.frames++,
        onGarbage: (bytes) => (stats.garbageBytes += bytes),
        onFlood: (bytes) => {
          stats.garbageFloods++;
          log.warn({ protocol, remoteAddress, bytes }, 'gateway: garbage flood, disconnected');
        },
      },
    );

    socket.setTimeout(opts.idleTimeoutMs, () => {
      stats.idleClosed++;
      log.debug({ protocol, remoteAddress }, 'gateway: idle connection closed');
      closed = true;
      socket.destroy();
    });
    socket.on('error', (err) =>
      log.debug({ protocol, remoteAddress, err }, 'gateway: socket error'),
    );
    socket.on('close', () => {
      closed = true;
      session.onClose?.();
    });
    socket.on('data', (chunk: Buffer) => {
      if (closed) return;
      pump.push(chunk);
      if (pump.buffered > maxBuffered) {
        stats.overflows++;
        log.warn(
          { protocol, remoteAddress, bytes: pump.buffered },
          'gateway: too much unframed data',
        );
        closed = true;
        socket.destroy();
      } else if (pump.busy && pump.buffered > PAUSE_AT && !socket.isPaused()) {
        // Backpressure: stop reading while the sink catches up.
        socket.pause();
        void pump.idle().then(() => {
          if (!closed) socket.resume();
        });
      }
    });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: opts.port, host: opts.host }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', (err) => log.error({ protocol, err }, 'gateway: server error'));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : opts.port;

  return {
    port,
    connectionCount: () => sockets.size,
    stats: () => ({ ...stats, open: sockets.size }),
    close() {
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
    },
  };
}
