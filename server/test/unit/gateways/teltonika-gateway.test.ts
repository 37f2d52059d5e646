// The Teltonika gateway over real sockets: handshake, ack after commit, framing, idle timeout.
import { afterEach, describe, expect, it } from 'vitest';
import { startGateways, type RunningGateways } from '../../../src/ingest/gateways';
import { silentLog } from '../../../src/ingest/log';
import {
  encodeTeltonikaAvl,
  encodeTeltonikaImei,
  type AvlRecord,
} from '../../../src/ingest/protocols/teltonika-encode';
import { connect, sleep } from './client';
import { FakeSink } from './fakes';

const IMEI = '356307042441013';
const rec = (i: number): AvlRecord => ({
  time: Date.UTC(2026, 10, 21, 10, 0, i),
  lat: -26.2 - i / 1000,
  lon: 28.04,
  course: 180,
  speed: 60 + i,
  satellites: 10,
});

let gateways: RunningGateways | null = null;
afterEach(async () => {
  await gateways?.close();
  gateways = null;
});

async function start(sink: FakeSink, idleTimeoutMs = 10_000) {
  gateways = await startGateways(
    { osmandPort: 0, teltonikaPort: 'ephemeral', gt06Port: 0, idleTimeoutMs, host: '127.0.0.1' },
    sink,
    silentLog,
  );
  return gateways.ports.teltonika!;
}

async function handshake(port: number) {
  const c = await connect(port);
  c.send(encodeTeltonikaImei(IMEI));
  await c.waitBytes(1);
  return c;
}

describe('Teltonika gateway', () => {
  it('starts only the gateways asked for', async () => {
    const port = await start(new FakeSink());
    expect(port).toBeGreaterThan(0);
    expect(gateways!.ports).toMatchObject({ osmand: null, gt06: null });
  });

  it('accepts a known IMEI with 0x01 and acks the record count after commit', async () => {
    const sink = new FakeSink();
    const c = await handshake(await start(sink));
    expect(c.received()).toEqual(Buffer.from([1]));
    c.send(encodeTeltonikaAvl([rec(1), rec(2), rec(3)]));
    const got = await c.waitBytes(5);
    expect(got.subarray(1)).toEqual(Buffer.from([0, 0, 0, 3]));
    expect(sink.records.map((r) => r.speed)).toEqual([61, 62, 63]);
    expect(sink.records[0]).toMatchObject({ deviceId: IMEI, protocol: 'teltonika' });
    c.close();
  });

  it('refuses an unknown IMEI with 0x00, closes, and stores nothing', async () => {
    const sink = new FakeSink();
    sink.known = new Set(['111111111111111']);
    const c = await connect(await start(sink));
    c.send(encodeTeltonikaImei(IMEI));
    await c.waitClose();
    expect(c.received()).toEqual(Buffer.from([0]));
    expect(sink.identified).toEqual([{ protocol: 'teltonika', deviceId: IMEI }]);
    expect(sink.records).toHaveLength(0);
  });

  it('sends no ack before the records are committed', async () => {
    const sink = new FakeSink();
    sink.submitDelayMs = 300;
    const c = await handshake(await start(sink));
    c.send(encodeTeltonikaAvl([rec(1)]));
    await sleep(150);
    expect(c.received()).toHaveLength(1);
    await c.waitBytes(5);
    expect(sink.records).toHaveLength(1);
    c.close();
  });

  it('sends no ack when the sink rejects, and acks the resend once it recovers', async () => {
    const sink = new FakeSink();
    sink.failing = true;
    const c = await handshake(await start(sink));
    const packet = encodeTeltonikaAvl([rec(1), rec(2)]);
    c.send(packet);
    await sleep(300);
    expect(c.received()).toEqual(Buffer.from([1]));
    expect(sink.records).toHaveLength(0);
    sink.failing = false;
    c.send(packet);
    const got = await c.waitBytes(5);
    expect(got.subarray(1)).toEqual(Buffer.from([0, 0, 0, 2]));
    expect(sink.batches).toHaveLength(1);
    c.close();
  });

  it('drops a packet with a bad CRC without ack and keeps the connection', async () => {
    const sink = new FakeSink();
    const c = await handshake(await start(sink));
    const bad = encodeTeltonikaAvl([rec(1)]);
    bad[bad.length - 1] ^= 0xff;
    c.send(bad);
    c.send(encodeTeltonikaAvl([rec(2)]));
    const got = await c.waitBytes(5);
    expect(got.subarray(1)).toEqual(Buffer.from([0, 0, 0, 1]));
    expect(sink.records.map((r) => r.speed)).toEqual([62]);
    c.close();
  });

  it('reassembles frames split across chunks and several frames in one chunk', async () => {
    const sink = new FakeSink();
    const c = await handshake(await start(sink));
    const a = encodeTeltonikaAvl([rec(1)]);
    for (let i = 0; i < a.length; i += 7) {
      c.send(a.subarray(i, i + 7));
      await sleep(2);
    }
    await c.waitBytes(5);
    c.send(
      Buffer.concat([
        encodeTeltonikaAvl([rec(2)]),
        Buffer.from([0xff]),
        encodeTeltonikaAvl([rec(3), rec(4)]),
      ]),
    );
    const got = await c.waitBytes(13);
    expect(got.subarray(1)).toEqual(Buffer.from('000000010000000100000002', 'hex'));
    expect(sink.records.map((r) => r.speed)).toEqual([61, 62, 63, 64]);
    c.close();
  });

  it('closes a connection that sends garbage or an oversized length, and keeps serving others', async () => {
    const sink = new FakeSink();
    const port = await start(sink);
    const junk = await connect(port);
    junk.send(Buffer.from('GET / HTTP/1.1\r\nHost: x\r\n\r\n'));
    await junk.waitClose();
    const huge = await handshake(port);
    huge.send(Buffer.from('000000007fffffff08', 'hex'));
    await huge.waitClose();
    const ok = await handshake(port);
    ok.send(encodeTeltonikaAvl([rec(1)]));
    await ok.waitBytes(5);
    expect(sink.records).toHaveLength(1);
    ok.close();
  });

  it('closes an idle connection after the timeout', async () => {
    const c = await handshake(await start(new FakeSink(), 200));
    const t0 = Date.now();
    await c.waitClose(2000);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(150);
  });
});
