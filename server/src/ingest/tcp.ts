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
}

export interface TcpGateway {
  readonly port: number;
  connectionCount(): number;
  close(): Promise<void>;
}

const PAUSE_AT = 256 * 1024;
let nextId = 1;

/**
 * Reassembles frames from chunks and hands them to the session one at a time: the next frame
 * waits until the previous one is handled (its records committed and its ack written).
 */
export class FramePump {
  private buf: Buffer = Buffer.alloc(0);
  private off = 0;
  private end = 0;
  private running: Promise<void> | null = null;
  /** Bytes arrived since the running loop last looked (it may have finished synchronously). */
  private dirty = false;

  constructor(
    private readonly session: FrameSession,
    private readonly conn: Connection,
    private readonly onFailure: (err: unknown) => void,
  ) {}

  /** Bytes received and not yet handled. */
  get buffered(): number {
    return this.end - this.off;
  }

  get busy(): boolean {
    return this.running !== null;
  }

  push(chunk: Buffer): void {
    if (this.off === this.end) {
      this.buf = chunk;
      this.off = 0;
      this.end = chunk.length;
    } else {
      this.buf = Buffer.concat([this.buf.subarray(this.off, this.end), chunk]);
      this.off = 0;
      this.end = this.buf.length;
    }
    this.dirty = true;
    if (!this.running) this.start();
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
    try {
      while (!conn.closed && this.off < this.end) {
        this.dirty = false;
        const n = session.frameLength(this.buf, this.off, this.end);
        if (n === 0) break;
        if (n < 0) {
          this.off = Math.min(this.end, this.off - n);
          if (!session.onGarbage(-n)) conn.close();
          continue;
        }
        const frame = this.buf;
        const at = this.off;
        this.off += n;
        const result = session.handleFrame(frame, at, n);
        const keep = typeof result === 'boolean' ? result : await result;
        if (!keep) conn.close();
      }
    } catch (err) {
      this.onFailure(err);
      conn.close();
    }
    this.dirty = this.dirty && this.off < this.end;
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

  const server = net.createServer({ noDelay: true }, (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    serve(socket);
  });

  function serve(socket: net.Socket): void {
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
    const pump = new FramePump(session, conn, (err) =>
      log.error({ protocol, remoteAddress, err }, 'gateway: frame handling failed'),
    );

    socket.setTimeout(opts.idleTimeoutMs, () => {
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
    close() {
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
    },
  };
}
