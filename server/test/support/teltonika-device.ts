// A Teltonika device over real TCP for the tests that kill servers under it: the IMEI handshake,
// then packets and their 4-byte acks, noted in order as they arrive.
import net from 'node:net';
import {
  encodeTeltonikaAvl,
  encodeTeltonikaImei,
  type AvlRecord,
} from '../../src/ingest/protocols/teltonika-encode';

/**
 * A steady drive to stream: record n is n seconds after `t0`, about 36 km/h east, so no stage of
 * the pipeline takes it for a jump; packet p holds records p * size to p * size + size - 1.
 */
export function steadyDrive(t0: number, size: number) {
  const record = (n: number): AvlRecord => ({
    time: t0 + n * 1000,
    lat: -26.2,
    lon: 28.0 + n * 0.0001,
    course: 90,
    speed: 36,
    satellites: 10,
    io: [{ id: 239, value: 1, size: 1 }],
  });
  const records = (p: number) => Array.from({ length: size }, (_, j) => record(p * size + j));
  return {
    record,
    packet: (p: number) => encodeTeltonikaAvl(records(p)),
    timesOf: (p: number) => records(p).map((r) => r.time),
  };
}

/** One Teltonika device session: the IMEI handshake, then packets and their 4-byte acks. */
export class Device {
  private buf = Buffer.alloc(0);
  readonly acks: number[] = [];
  closed = false;
  /** Told of each ack as it arrives, before anything else runs. */
  onAck: (count: number) => void = () => {};
  private waiters: (() => void)[] = [];

  private constructor(private readonly socket: net.Socket) {
    socket.on('data', (chunk) => {
      this.buf = Buffer.concat([this.buf, chunk]);
      this.notify();
    });
    socket.on('close', () => {
      this.closed = true;
      this.notify();
    });
    socket.on('error', () => {});
  }

  static async connect(port: number, imei: string): Promise<Device> {
    const socket = net.connect({ port, host: '127.0.0.1' });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
    const d = new Device(socket);
    socket.write(encodeTeltonikaImei(imei));
    await d.until(() => d.buf.length >= 1, 'the handshake answer');
    if (d.buf[0] !== 1) throw new Error(`IMEI ${imei} refused`);
    d.buf = d.buf.subarray(1);
    return d;
  }

  private notify(): void {
    while (this.buf.length >= 4) {
      this.acks.push(this.buf.readUInt32BE(0));
      this.buf = this.buf.subarray(4);
      this.onAck(this.acks[this.acks.length - 1]);
    }
    this.waiters.forEach((w) => w());
  }

  until(done: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
    return new Promise((resolve, reject) => {
      const check = () => {
        if (done()) {
          clearTimeout(timer);
          this.waiters = this.waiters.filter((w) => w !== check);
          resolve();
        } else if (this.closed) {
          clearTimeout(timer);
          reject(new Error(`connection closed while waiting for ${what}`));
        }
      };
      const timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), timeoutMs);
      this.waiters.push(check);
      check();
    });
  }

  send(bytes: Buffer): void {
    this.socket.write(bytes);
  }

  close(): void {
    this.socket.destroy();
  }
}
