// The GT06 gateway over real sockets: login, the unit's device model, replies after commit (and
// the ones with content), command answers, resync, refusal.
import { afterEach, describe, expect, it } from 'vitest';
import { startGateways, type RunningGateways } from '../../../src/ingest/gateways';
import { silentLog } from '../../../src/ingest/log';
import { encodeGt06Frame } from '../../../src/ingest/protocols/gt06';
import {
  encodeGt06Alarm,
  encodeGt06Location,
  encodeGt06Login,
  type Gt06Fix,
} from '../../../src/ingest/protocols/gt06-encode';
import type { CommandChannel, CommandReply } from '../../../src/ingest/commands';
import type { Protocol } from '../../../src/ingest/types';
import { bytesOf, loadSamples } from '../protocols/samples';
import { connect, sleep } from './client';
import { FakeSink } from './fakes';

const IMEI = '862798052429087';
const fix = (i: number): Gt06Fix => ({
  time: Date.UTC(2026, 10, 21, 10, 0, i),
  lat: -33.92,
  lon: 18.42 + i / 1000,
  speed: 50 + i,
  course: 90,
  satellites: 8,
  valid: true,
  ignition: true,
});
const reply = (type: number, serial: number) => encodeGt06Frame(type, serial, Buffer.alloc(0));
const samples = loadSamples('gt06');

let gateways: RunningGateways | null = null;
afterEach(async () => {
  await gateways?.close();
  gateways = null;
});

async function start(sink: FakeSink, commands?: CommandChannel) {
  gateways = await startGateways(
    {
      osmandPort: 0,
      teltonikaPort: 0,
      gt06Port: 'ephemeral',
      idleTimeoutMs: 10_000,
      host: '127.0.0.1',
    },
    sink,
    silentLog,
    commands,
  );
  return gateways.ports.gt06!;
}

async function login(port: number) {
  const c = await connect(port);
  c.send(encodeGt06Login(IMEI, 1));
  await c.waitBytes(10);
  return c;
}

describe('GT06 gateway', () => {
  it('answers a known login and each data packet with its serial after commit', async () => {
    const sink = new FakeSink();
    const c = await login(await start(sink));
    expect(c.received()).toEqual(reply(0x01, 1));
    c.send(encodeGt06Location(fix(1), 2));
    c.send(encodeGt06Alarm(fix(2), { ignition: true, voltageLevel: 6, gsm: 4, alarm: 0x01 }, 3));
    const got = await c.waitBytes(30);
    expect(got.subarray(10)).toEqual(Buffer.concat([reply(0x22, 2), reply(0x16, 3)]));
    expect(sink.records.map((r) => r.events)).toEqual([[], ['panic']]);
    expect(sink.records[0]).toMatchObject({ deviceId: IMEI, protocol: 'gt06', speed: 51 });
    c.close();
  });

  it('closes an unknown login without a reply', async () => {
    const sink = new FakeSink();
    sink.known = new Set();
    const c = await connect(await start(sink));
    c.send(encodeGt06Login(IMEI, 1));
    await c.waitClose();
    expect(c.received()).toHaveLength(0);
    expect(sink.records).toHaveLength(0);
  });

  it('withholds the reply while the sink rejects, and answers the resend', async () => {
    const sink = new FakeSink();
    const c = await login(await start(sink));
    sink.failing = true;
    c.send(encodeGt06Location(fix(1), 7));
    await sleep(300);
    expect(c.received()).toHaveLength(10);
    sink.failing = false;
    c.send(encodeGt06Location(fix(1), 7));
    const got = await c.waitBytes(20);
    expect(got.subarray(10)).toEqual(reply(0x22, 7));
    expect(sink.records).toHaveLength(1);
    c.close();
  });

  it('skips garbage and corrupt frames, keeps the connection and reads what follows', async () => {
    const sink = new FakeSink();
    const c = await login(await start(sink));
    const corrupt = encodeGt06Location(fix(1), 2);
    corrupt[12] ^= 0x55;
    const good = encodeGt06Location(fix(2), 3);
    c.send(
      Buffer.concat([Buffer.from('garbage!'), corrupt, Buffer.from([0x78]), good.subarray(0, 9)]),
    );
    await sleep(20);
    c.send(good.subarray(9));
    const got = await c.waitBytes(20);
    expect(got.subarray(10)).toEqual(reply(0x22, 3));
    expect(sink.records.map((r) => r.speed)).toEqual([52]);
    c.close();
  });

  it('ignores data sent before login', async () => {
    const sink = new FakeSink();
    const c = await connect(await start(sink));
    c.send(encodeGt06Location(fix(1), 2));
    await sleep(200);
    expect(c.received()).toHaveLength(0);
    expect(sink.records).toHaveLength(0);
    c.close();
  });

  it("reads the unit's device model once after login and decodes by it", async () => {
    const sink = new (class extends FakeSink {
      asked = 0;
      override async deviceModel(protocol: Protocol, deviceId: string) {
        this.asked++;
        return super.deviceModel(protocol, deviceId);
      }
    })();
    sink.models.set(IMEI, 'LW');
    const c = await login(await start(sink));
    // Corpus #169: an LW tracker's 0x13 with the external power where others have the alarm.
    const status = bytesOf(samples[169]);
    c.send(Buffer.concat([status, status]));
    await c.waitBytes(30);
    expect(sink.records.map((r) => r.power)).toEqual([13.1, 13.1]);
    expect(sink.asked).toBe(1);
    c.close();
  });

  it('stores a command answer (0x15), tells the dispatcher, then answers it', async () => {
    const sink = new FakeSink();
    const replies: CommandReply[] = [];
    const commands: CommandChannel = {
      connected: () => {},
      disconnected: () => {},
      reply: (_id, reply) => replies.push(reply),
      records: () => {},
    };
    const c = await login(await start(sink, commands));
    const answer = bytesOf(samples[137]); // "Cut off the fuel supply: Success!"
    c.send(answer);
    const got = await c.waitBytes(20);
    expect(got.subarray(10)).toEqual(reply(0x15, answer.readUInt16BE(answer.length - 6)));
    expect(sink.records[0].attributes.result).toBe('Cut off the fuel supply: Success!');
    expect(replies).toEqual([{ serverFlag: 0, text: 'Cut off the fuel supply: Success!' }]);
    c.close();
  });

  it('echoes a Wi-Fi packet its time once stored, and not while the store fails', async () => {
    const sink = new FakeSink();
    const c = await login(await start(sink));
    const wifi = bytesOf(samples[76]); // 0x69 without CRC
    sink.failing = true;
    c.send(wifi);
    await sleep(200);
    expect(c.received()).toHaveLength(10);
    sink.failing = false;
    c.send(wifi);
    const got = await c.waitBytes(22);
    expect(got.subarray(10).toString('hex')).toBe('787800691901210509030d0a');
    expect(sink.records).toHaveLength(1);
    c.close();
  });

  it('answers an address request (0x2A) with a 0x97 "no address", storing nothing', async () => {
    const sink = new FakeSink();
    const c = await login(await start(sink));
    c.send(bytesOf(samples[162]));
    const got = await c.waitBytes(10 + 27);
    expect(got.subarray(10, 15).toString('hex')).toBe('7979001597');
    expect(got.subarray(15, 31).toString('latin1')).toContain('NA&&NA&&0##');
    expect(sink.records).toHaveLength(0);
    c.close();
  });
});
