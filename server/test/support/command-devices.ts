// Fake Teltonika and GT06 trackers for the device-command tests (issue 13): they log in over real
// TCP, send records with speed and output state, and read the commands the gateway sends them.
import {
  encodeTeltonikaAvl,
  encodeTeltonikaImei,
} from '../../src/ingest/protocols/teltonika-encode';
import { CODEC_8E } from '../../src/ingest/protocols/teltonika';
import {
  CODEC12_COMMAND,
  CODEC12_RESPONSE,
  decodeCodec12,
  encodeCodec12,
} from '../../src/ingest/protocols/teltonika-command';
import { encodeGt06Frame } from '../../src/ingest/protocols/gt06';
import { encodeGt06Login } from '../../src/ingest/protocols/gt06-encode';
import { gt06FrameLength } from '../../src/ingest/protocols/gt06';
import {
  decodeGt06CommandText,
  gt06ContentOf,
  GT06_COMMAND,
  GT06_COMMAND_REPLY,
} from '../../src/ingest/protocols/gt06-command';
import { connect, sleep, type TestClient } from '../unit/gateways/client';
import { startGateways, type RunningGateways } from '../../src/ingest/gateways';
import { createCommandDispatcher, type CommandDispatcher } from '../../src/ingest/commands';
import type { TestApp } from './test-app';

async function until<T>(get: () => T | undefined, what: string, timeoutMs = 4000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = get();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out: ${what}`);
    await sleep(20);
  }
}

export class FakeTeltonika {
  /** Codec 12 command texts received, in order. */
  readonly commands: string[] = [];
  private acks = 0;
  private read = 1;

  private constructor(private readonly client: TestClient) {
    client.socket.on('data', () => this.parse());
  }

  static async connect(port: number, imei: string): Promise<FakeTeltonika> {
    const client = await connect(port);
    const dev = new FakeTeltonika(client);
    client.send(encodeTeltonikaImei(imei));
    const got = await client.waitBytes(1);
    if (got[0] !== 1) throw new Error('handshake refused');
    return dev;
  }

  private parse(): void {
    const data = this.client.received();
    while (data.length - this.read >= 4) {
      if (data.readUInt32BE(this.read) !== 0) {
        this.acks++;
        this.read += 4;
        continue;
      }
      if (data.length - this.read < 8) return;
      const total = 12 + data.readUInt32BE(this.read + 4);
      if (data.length - this.read < total) return;
      const msg = decodeCodec12(data, this.read, total);
      if (msg?.type === CODEC12_COMMAND) this.commands.push(msg.text);
      this.read += total;
    }
  }

  /** One record; resolves when the gateway acknowledged it (it is committed). */
  async record(speed: number, dout1: 0 | 1, time = Date.now()): Promise<void> {
    const acks = this.acks;
    this.client.send(
      encodeTeltonikaAvl(
        [
          {
            time,
            lat: -26.1 + speed / 1e5,
            lon: 28.05,
            course: 90,
            speed,
            satellites: 9,
            io: [
              { id: 239, value: speed > 0 ? 1 : 0, size: 1 },
              { id: 179, value: dout1, size: 1 },
            ],
          },
        ],
        CODEC_8E,
      ),
    );
    await until(() => (this.acks > acks ? true : undefined), 'AVL ack');
  }

  reply(text: string): void {
    this.client.send(encodeCodec12(text, CODEC12_RESPONSE));
  }

  waitCommand(n = 1, timeoutMs?: number): Promise<string> {
    return until(() => this.commands[n - 1], `command ${n}`, timeoutMs);
  }

  close(): void {
    this.client.close();
  }
}

export class FakeGt06 {
  readonly commands: { text: string; serverFlag: number; serial: number }[] = [];
  private read = 0;
  private loggedIn = false;

  private constructor(private readonly client: TestClient) {
    client.socket.on('data', () => this.parse());
  }

  static async connect(port: number, imei: string): Promise<FakeGt06> {
    const client = await connect(port);
    const dev = new FakeGt06(client);
    client.send(encodeGt06Login(imei, 1));
    await until(() => (dev.loggedIn ? true : undefined), 'GT06 login');
    return dev;
  }

  private parse(): void {
    const data = this.client.received();
    for (;;) {
      const n = gt06FrameLength(data, this.read, data.length);
      if (n === 0) return;
      if (n < 0) {
        this.read -= n;
        continue;
      }
      const { type, start, end } = gt06ContentOf(data, this.read, n);
      if (type === 0x01) this.loggedIn = true;
      if (type === GT06_COMMAND) {
        const cmd = decodeGt06CommandText(data, type, start, end);
        const serial = data.readUInt16BE(this.read + n - 6);
        if (cmd) this.commands.push({ ...cmd, serial });
      }
      this.read += n;
    }
  }

  /** Answers a command with 0x15 carrying its server flag. */
  reply(serverFlag: number, text: string, serial = 1): void {
    const body = Buffer.from(text, 'ascii');
    const content = Buffer.alloc(1 + 4 + body.length + 2);
    content[0] = 4 + body.length;
    content.writeUInt32BE(serverFlag, 1);
    body.copy(content, 5);
    content.writeUInt16BE(2, 5 + body.length);
    this.client.send(encodeGt06Frame(GT06_COMMAND_REPLY, serial, content));
  }

  waitCommand(n = 1) {
    return until(() => this.commands[n - 1], `GT06 command ${n}`);
  }

  close(): void {
    this.client.close();
  }
}

export { until };

/**
 * The gateways of a test app with a command dispatcher of short timeouts. The app's own dispatcher
 * has no gateways in tests (their ports are off): it is closed so only this one acts.
 */
export async function startCommandGateways(
  t: TestApp,
  ports: Partial<Record<'teltonika' | 'gt06' | 'h02' | 'meitrack' | 'queclink', boolean>>,
): Promise<{ gw: RunningGateways; dispatcher: CommandDispatcher }> {
  const silent = { info() {}, warn() {}, error() {}, debug() {} };
  t.running.devices.commands!.close();
  const dispatcher = createCommandDispatcher({
    db: t.running.services.db.db,
    bus: t.running.services.bus,
    log: silent,
    timings: { replyTimeoutMs: 1500, reconnectGraceMs: 800, tickMs: 100 },
  });
  const gw = await startGateways(
    {
      osmandPort: 0,
      teltonikaPort: ports.teltonika ? 'ephemeral' : 0,
      gt06Port: ports.gt06 ? 'ephemeral' : 0,
      h02Port: ports.h02 ? 'ephemeral' : 0,
      meitrackPort: ports.meitrack ? 'ephemeral' : 0,
      queclinkPort: ports.queclink ? 'ephemeral' : 0,
      idleTimeoutMs: 60_000,
      host: '127.0.0.1',
    },
    t.running.devices.pipeline!,
    silent,
    dispatcher,
  );
  return { gw, dispatcher };
}
