// The H02 gateway over real sockets: the shared TCP layer (startTcpGateway) with the H02 session,
// a FakeSink and a fake command channel. Answers only after the commit (none when it fails),
// refusal of unknown ids, garbage on one connection while another is served, and the simulated
// tracker end to end, answering a command sent through the link.
import { afterEach, describe, expect, it } from 'vitest';
import { silentLog } from '../../../src/ingest/log';
import { h02Session } from '../../../src/ingest/h02-session';
import { startTcpGateway, type TcpGateway } from '../../../src/ingest/tcp';
import { h02CommandDialect } from '../../../src/ingest/protocols/h02-command';
import {
  encodeH02Binary,
  encodeH02Heartbeat,
  encodeH02Position,
  type H02Fix,
} from '../../../src/ingest/protocols/h02-encode';
import { h02StatusWord, H02_STATUS_IDLE } from '../../../src/ingest/protocols/h02-status';
import { H02Device, h02Packet } from '../../../src/sim/h02-device';
import type { SimCommand } from '../../../src/sim/device';
import type { SimEvent, SimReport } from '../../../src/sim/vehicle';
import { connect, sleep } from './client';
import { FakeChannel, FakeSink, until } from './fakes';

const IMEI = '862798052429087';
const OTHER = '4106000826';

const fix = (i: number): H02Fix => ({
  time: Date.UTC(2026, 10, 21, 10, 0, i),
  lat: -33.92,
  lon: 18.42 + i / 1000,
  speed: 50 + i,
  course: 90,
  valid: true,
});
const driving = h02StatusWord({ ignition: true });
/** `*HQ,<id>,V4,V1,yyyyMMddHHmmss#`: the time answer to a V1 (its time varies). */
const TIME_ANSWER = /^\*HQ,(\d+),V4,V1,\d{14}#$/;

let gateway: TcpGateway | null = null;
const devices: H02Device[] = [];
afterEach(async () => {
  for (const d of devices.splice(0)) await d.stop();
  await gateway?.close();
  gateway = null;
});

async function start(sink: FakeSink, channel?: FakeChannel): Promise<number> {
  gateway = await startTcpGateway({
    protocol: 'h02',
    port: 0,
    host: '127.0.0.1',
    idleTimeoutMs: 10_000,
    log: silentLog,
    createSession: (conn) => h02Session(conn, sink, silentLog, channel),
  });
  return gateway.port;
}

const lines = (b: Buffer) =>
  b
    .toString('latin1')
    .split(/(?<=#)/)
    .filter(Boolean);

describe('H02 gateway', () => {
  it("stores a device's messages and sends its answers only after the commit", async () => {
    const sink = new FakeSink();
    sink.submitDelayMs = 150;
    const channel = new FakeChannel('h02');
    const c = await connect(await start(sink, channel));
    c.send(
      Buffer.concat([
        encodeH02Position(IMEI, fix(1), driving),
        encodeH02Position(IMEI, fix(2), h02StatusWord({ ignition: true, sos: true })),
        encodeH02Heartbeat(IMEI, 90),
      ]),
    );
    await sleep(80);
    expect(c.received()).toHaveLength(0); // nothing committed yet: no answer
    await sink.waitFor(3);
    await until(() => lines(c.received()).length === 3, 'three answers');
    const got = lines(c.received());
    expect(got[0]).toMatch(TIME_ANSWER);
    expect(got[1]).toMatch(TIME_ANSWER);
    expect(got[2]).toBe(`*HQ,${IMEI},HTBT#`);
    expect(sink.records.map((r) => r.events)).toEqual([[], ['panic'], []]);
    expect(sink.records[0]).toMatchObject({ deviceId: IMEI, protocol: 'h02', ignition: true });
    expect(sink.records[2].batteryLevel).toBe(90);
    expect(channel.links.has(IMEI)).toBe(true);
    expect(channel.committed).toHaveLength(3);
    c.close();
    await until(() => channel.gone.includes(IMEI), 'disconnected');
  });

  it('sends no answer while the sink rejects, and stores what comes next', async () => {
    const sink = new FakeSink();
    const c = await connect(await start(sink));
    sink.failing = true;
    c.send(encodeH02Position(IMEI, fix(1), driving));
    await sleep(250);
    expect(c.received()).toHaveLength(0);
    expect(sink.records).toHaveLength(0);
    sink.failing = false;
    c.send(encodeH02Position(IMEI, fix(2), driving));
    await sink.waitFor(1);
    await c.waitBytes(1);
    expect(lines(c.received())[0]).toMatch(TIME_ANSWER);
    expect(sink.records[0].fixTime).toBe(fix(2).time);
    c.close();
  });

  it('refuses an unknown id by closing, storing nothing; a known one is identified once', async () => {
    const sink = new FakeSink();
    sink.known = new Set([IMEI]);
    const port = await start(sink);
    const bad = await connect(port);
    bad.send(encodeH02Position(OTHER, fix(1), driving));
    await bad.waitClose();
    expect(bad.received()).toHaveLength(0);
    expect(sink.records).toHaveLength(0);
    expect(sink.identified).toEqual([{ protocol: 'h02', deviceId: OTHER }]);

    const good = await connect(port);
    good.send(Buffer.from(`*HQ,${IMEI},XT#`));
    good.send(encodeH02Position(IMEI, fix(2), driving));
    await sink.waitFor(1);
    expect(sink.identified.filter((x) => x.deviceId === IMEI)).toHaveLength(1);
    // A second device on the same line is identified too, and refused.
    good.send(encodeH02Position(OTHER, fix(3), driving));
    await good.waitClose();
    expect(sink.records).toHaveLength(1);
    expect(sink.identified.map((x) => x.deviceId)).toEqual([OTHER, IMEI, OTHER]);
  });

  it('serves two connections while one of them sends garbage', async () => {
    const sink = new FakeSink();
    const port = await start(sink);
    const noisy = await connect(port);
    const quiet = await connect(port);
    const cut = encodeH02Position(OTHER, fix(9), driving).subarray(0, 40);
    noisy.send(Buffer.concat([Buffer.from('GET / HTTP/1.1\r\n\r\n'), cut, Buffer.alloc(50, 0x24)]));
    quiet.send(encodeH02Binary(OTHER, fix(1), driving, 1));
    noisy.send(Buffer.from('\x00\xff*#$X garbage'));
    quiet.send(encodeH02Position(IMEI, fix(2), driving));
    noisy.send(encodeH02Position(OTHER, fix(3), driving));
    await sink.waitFor(3);
    expect(sink.records.map((r) => r.fixTime).sort()).toEqual(
      [fix(1).time, fix(2).time, fix(3).time].sort(),
    );
    expect(gateway!.connectionCount()).toBe(2);
    noisy.close();
    quiet.close();
  });
});

describe('the simulated H02 tracker', () => {
  const report = (i: number, event?: SimEvent, more: Partial<SimReport> = {}): SimReport => ({
    time: Date.UTC(2026, 10, 21, 10, 0, i),
    lat: -26.2,
    lon: 28.04 + i / 1000,
    speed: 60,
    course: 45,
    altitude: 1700,
    satellites: 9,
    ignition: true,
    moving: true,
    odometer: 1000 * i,
    power: 13.8,
    battery: 4.1,
    event,
    ...more,
  });

  it('reports events the way an H02 device does', () => {
    const status = (r: SimReport) => {
      const text = h02Packet(r, 1, IMEI).toString();
      return parseInt(text.slice(text.lastIndexOf(',') + 1, -1), 16);
    };
    expect(status(report(1))).toBe(0xffffffff);
    expect(status(report(1, undefined, { ignition: false }))).toBe(H02_STATUS_IDLE);
    expect(status(report(1, 'panic')) & 2).toBe(0);
    expect(status(report(1, 'overspeed')) & 4).toBe(0);
    expect(status(report(1, 'towing')) & (1 << 25)).toBe(0);
    expect(status(report(1, 'power_cut', { power: 0 })) & (1 << 19)).toBe(0);
    expect(status(report(1, 'power_restored')) & (1 << 19)).not.toBe(0);
    expect(status(report(1, 'harsh_braking'))).toBe(0xffffffff);
    expect(status(report(1, undefined, { dout1: 1 })) & (1 << 27)).toBe(0);
    expect(h02Packet(report(1), 7, OTHER, true)).toHaveLength(32);
  });

  it('delivers its reports end to end and answers a command sent through the link', async () => {
    const sink = new FakeSink();
    const channel = new FakeChannel('h02');
    const port = await start(sink, channel);
    const device = new H02Device(IMEI, '127.0.0.1', port, silentLog, { reconnectMs: 200 });
    devices.push(device);
    const applied: SimCommand[] = [];
    device.onCommand = (c) => applied.push(c);
    device.push(report(1));
    device.push(report(2, 'panic'));
    device.push(report(3, 'power_cut', { power: 0 }));
    device.push(report(4, 'power_restored'));
    await sink.waitFor(4);
    await until(() => device.delivered === 4, 'delivered');
    expect(device.pending).toBe(0);
    expect(sink.records.map((r) => r.events)).toEqual([
      [],
      ['panic'],
      ['power_cut'],
      ['power_restored'],
    ]);

    const link = channel.links.get(IMEI)!;
    expect(link).toBeDefined();
    link.send(h02CommandDialect.wireText('immobiliser', 'immobilise'), 7);
    await until(() => channel.replies.length === 1, 'the answer');
    const { text } = channel.replies[0].reply;
    expect(channel.replies[0].deviceId).toBe(IMEI);
    expect(text).toMatch(/^S20,DONE,\d{6}$/);
    expect(h02CommandDialect.judgeReply('immobiliser', 'immobilise', text)).toBe('confirmed');
    expect(applied).toEqual([{ kind: 'output', dout1: 1 }]);
    await sink.waitFor(5);
    // The answer carries the latest fix with the relay now holding (DOUT1 = 1).
    expect(sink.records[4]).toMatchObject({ hasLocation: true, outputs: 1 });
    expect(channel.committed).toHaveLength(5);

    await device.stop();
    await until(() => channel.gone.includes(IMEI), 'disconnected');
  });
});
