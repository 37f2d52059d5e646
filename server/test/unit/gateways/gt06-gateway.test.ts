// The GT06 gateway over real sockets: login, replies after commit, resync, refusal.
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

let gateways: RunningGateways | null = null;
afterEach(async () => {
  await gateways?.close();
  gateways = null;
});

async function start(sink: FakeSink) {
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
});
