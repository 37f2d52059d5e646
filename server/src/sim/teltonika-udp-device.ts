// A simulated Teltonika FMB tracker sending over UDP: one datagram per batch of up to 50 reports
// (Codec 8 Extended, the same records as the TCP tracker), sent again every ackTimeoutMs until the
// server acknowledges its AVL packet id; the records the server counts as accepted leave the queue.
// Datagrams other than a matching acknowledgement are ignored (no commands over UDP).
import dgram from 'node:dgram';
import type { IngestLog } from '../ingest/log';
import { CODEC_8E } from '../ingest/protocols/teltonika';
import { encodeTeltonikaAvlData } from '../ingest/protocols/teltonika-encode';
import { decodeTeltonikaUdpAck, encodeTeltonikaUdp } from '../ingest/protocols/teltonika-udp';
import { DEFAULT_TIMINGS, type DeviceTimings, type SimDevice } from './device';
import { toAvlRecord } from './teltonika-device';
import type { SimReport } from './vehicle';

const MAX_RECORDS = 50;

interface InFlight {
  bytes: Buffer;
  avlPacketId: number;
  reports: number;
  timer: NodeJS.Timeout;
}

export class TeltonikaUdpDevice implements SimDevice {
  private readonly queue: SimReport[] = [];
  private socket: dgram.Socket | null = null;
  private inFlight: InFlight | null = null;
  private packetId = 0;
  private avlPacketId = 0;
  private stopped = false;
  delivered = 0;
  resends = 0;
  private readonly timings: DeviceTimings;

  constructor(
    private readonly id: string,
    private readonly host: string,
    private readonly port: number,
    private readonly log: IngestLog,
    timings?: Partial<DeviceTimings>,
  ) {
    this.timings = { ...DEFAULT_TIMINGS, ...timings };
  }

  get pending(): number {
    return this.queue.length;
  }

  push(report: SimReport): void {
    this.queue.push(report);
    const excess = this.queue.length - this.timings.maxQueue;
    // Offline too long: drop the oldest reports, but not those of the packet awaiting its ack.
    if (excess > 0) this.queue.splice(this.inFlight?.reports ?? 0, excess);
    this.kick();
  }

  private line(): dgram.Socket {
    if (this.socket) return this.socket;
    const socket = dgram.createSocket(this.host.includes(':') ? 'udp6' : 'udp4');
    socket.on('message', (msg: Buffer) => this.receive(msg));
    socket.on('error', (err) => this.log.debug({ deviceId: this.id, err }, 'sim: udp error'));
    this.socket = socket;
    return socket;
  }

  private kick(): void {
    if (this.stopped || this.inFlight || !this.queue.length) return;
    const batch = this.queue.slice(0, MAX_RECORDS);
    this.packetId = (this.packetId + 1) & 0xffff;
    this.avlPacketId = (this.avlPacketId + 1) & 0xff;
    const data = encodeTeltonikaAvlData(batch.map(toAvlRecord), CODEC_8E);
    const bytes = encodeTeltonikaUdp(this.id, this.packetId, this.avlPacketId, data);
    this.send({ bytes, avlPacketId: this.avlPacketId, reports: batch.length });
  }

  /** Sends the packet, and again every ackTimeoutMs until it is acknowledged or the device stops. */
  private send(packet: Omit<InFlight, 'timer'>): void {
    if (this.stopped) return;
    this.line().send(packet.bytes, this.port, this.host, (err) => {
      if (err) this.log.debug({ deviceId: this.id, err }, 'sim: udp send failed');
    });
    const timer = setTimeout(() => {
      if (this.inFlight?.timer !== timer) return;
      this.resends++;
      this.send(packet);
    }, this.timings.ackTimeoutMs);
    timer.unref?.();
    this.inFlight = { ...packet, timer };
  }

  private receive(msg: Buffer): void {
    const ack = decodeTeltonikaUdpAck(msg);
    const flight = this.inFlight;
    // As the tracker does: the AVL packet id must match; the count says how many records of the
    // packet, from its start, the server accepted.
    if (!ack || !flight || ack.avlPacketId !== flight.avlPacketId || ack.count === 0) return;
    const accepted = Math.min(ack.count, flight.reports);
    clearTimeout(flight.timer);
    this.inFlight = null;
    this.queue.splice(0, accepted);
    this.delivered += accepted;
    this.kick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.inFlight) clearTimeout(this.inFlight.timer);
    this.inFlight = null;
    const socket = this.socket;
    this.socket = null;
    if (socket) await new Promise<void>((resolve) => socket.close(() => resolve()));
  }
}
