// The connection logic a real TCP tracker has: connect, log in, send one packet at a time, wait
// for the ack, send it again when none comes, reconnect when the line drops. Protocol details
// (login, packet encoding, ack matching) come from the subclass.
import net from 'node:net';
import type { IngestLog } from '../ingest/log';
import { DEFAULT_TIMINGS, type DeviceTimings, type SimCommand, type SimDevice } from './device';
import type { SimReport } from './vehicle';

export interface Outgoing {
  bytes: Buffer;
  /** How many queued reports this packet carries. */
  reports: number;
  /** What the matching ack carries (protocol specific). */
  key?: number;
}

export abstract class TcpDevice implements SimDevice {
  protected readonly queue: SimReport[] = [];
  private socket: net.Socket | null = null;
  private ready = false;
  private inFlight: (Outgoing & { timer: NodeJS.Timeout; tries: number }) | null = null;
  private rx: Buffer = Buffer.alloc(0);
  private stopped = false;
  private reconnectTimer: NodeJS.Timeout | null = null;
  delivered = 0;
  resends = 0;
  onCommand?: (command: SimCommand) => void;
  protected readonly timings: DeviceTimings;

  constructor(
    protected readonly id: string,
    private readonly host: string,
    private readonly port: number,
    protected readonly log: IngestLog,
    timings?: Partial<DeviceTimings>,
  ) {
    this.timings = { ...DEFAULT_TIMINGS, ...timings };
  }

  get pending(): number {
    return this.queue.length;
  }

  /** Writes bytes on the open connection (command answers). */
  protected write(bytes: Buffer): void {
    if (this.socket && !this.socket.destroyed) this.socket.write(bytes);
  }

  /** A server command was parsed: the tracker applies it (and its vehicle is told). */
  protected applyCommand(command: SimCommand): void {
    this.onCommand?.(command);
  }

  /** Resets per-connection protocol state. */
  protected onConnect(): void {}
  /**
   * The login frame sent right after connecting; null for protocols whose every message names the
   * device (H02, Meitrack, Queclink): the device is ready as soon as it is connected.
   */
  protected abstract login(): Buffer | null;
  /**
   * False for protocols whose server does not acknowledge data (H02): a packet counts as delivered
   * once the socket has written it, and what was unwritten when the line dropped goes again.
   */
  protected readonly acked: boolean = true;
  /**
   * Parses received bytes: returns how many were consumed and what they were, or 0 consumed
   * when more bytes are needed.
   */
  protected abstract parse(rx: Buffer): {
    used: number;
    kind: 'login-ok' | 'refused' | 'ack' | 'other';
    ack?: number;
  };
  /** Builds the next packet from the head of the queue. */
  protected abstract nextPacket(): Outgoing;
  /** True when `ack` acknowledges the packet in flight. */
  protected abstract acks(ack: number, packet: Outgoing): boolean;

  push(report: SimReport): void {
    this.queue.push(report);
    const excess = this.queue.length - this.timings.maxQueue;
    // Offline too long: drop the oldest reports, but not those of the packet awaiting its ack.
    if (excess > 0) this.queue.splice(this.inFlight?.reports ?? 0, excess);
    this.kick();
  }

  /** Connects and logs in now; the line stays open (and is opened again when it drops). */
  open(): void {
    this.kick();
  }

  private kick(): void {
    if (this.stopped) return;
    if (!this.socket && !this.reconnectTimer) this.connect();
    else if (this.ready && !this.inFlight && this.queue.length) this.send(this.nextPacket(), 1);
  }

  private connect(): void {
    const socket = net.connect({ host: this.host, port: this.port });
    this.socket = socket;
    this.ready = false;
    this.rx = Buffer.alloc(0);
    socket.setNoDelay(true);
    socket.on('connect', () => {
      this.onConnect();
      const login = this.login();
      if (login) socket.write(login);
      else {
        this.ready = true;
        this.kick();
      }
    });
    socket.on('data', (chunk: Buffer) => this.receive(chunk));
    socket.on('error', (err) =>
      this.log.debug({ deviceId: this.id, err }, 'sim: connection error'),
    );
    socket.on('close', () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.ready = false;
      if (this.inFlight) clearTimeout(this.inFlight.timer);
      this.inFlight = null; // its reports are still queued: they go again after reconnecting
      this.scheduleReconnect(this.timings.reconnectMs);
    });
  }

  private scheduleReconnect(ms: number): void {
    if (this.stopped || this.reconnectTimer) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      // Back on the line even with nothing to send: the server may have a command waiting.
      this.kick();
    }, ms);
    this.reconnectTimer.unref?.();
  }

  private receive(chunk: Buffer): void {
    this.rx = this.rx.length ? Buffer.concat([this.rx, chunk]) : chunk;
    for (;;) {
      const r = this.parse(this.rx);
      if (r.used === 0) return;
      this.rx = this.rx.subarray(r.used);
      if (r.kind === 'login-ok') {
        this.ready = true;
        this.kick();
      } else if (r.kind === 'refused') {
        this.log.warn({ deviceId: this.id }, 'sim: the gateway refused this device');
        this.socket?.destroy();
      } else if (r.kind === 'ack' && this.inFlight && this.acks(r.ack ?? -1, this.inFlight)) {
        this.delivered1();
      }
    }
  }

  /** The packet in flight was delivered. */
  private delivered1(): void {
    if (!this.inFlight) return;
    clearTimeout(this.inFlight.timer);
    this.queue.splice(0, this.inFlight.reports);
    this.delivered += this.inFlight.reports;
    this.inFlight = null;
    this.kick();
  }

  private send(packet: Outgoing, tries: number): void {
    const socket = this.socket;
    if (!socket) return;
    if (!this.acked) {
      const flight = { ...packet, timer: setTimeout(() => undefined, 0), tries };
      this.inFlight = flight;
      socket.write(packet.bytes, (err) => {
        if (!err && this.inFlight === flight) this.delivered1();
      });
      return;
    }
    socket.write(packet.bytes);
    const timer = setTimeout(() => {
      if (this.inFlight?.timer !== timer) return;
      this.resends++;
      if (tries >= 3) {
        // No ack three times: drop the line and start over, as trackers do.
        this.inFlight = null;
        socket.destroy();
        return;
      }
      this.send(packet, tries + 1);
    }, this.timings.ackTimeoutMs);
    timer.unref?.();
    this.inFlight = { ...packet, timer, tries };
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.inFlight) clearTimeout(this.inFlight.timer);
    const socket = this.socket;
    this.socket = null;
    if (socket && !socket.destroyed) {
      await new Promise<void>((resolve) => {
        socket.once('close', () => resolve());
        socket.destroy();
      });
    }
  }
}
