// The Queclink gateway over real sockets (startTcpGateway with the Queclink session): messages
// stored and acknowledged (+SACK) only after commit, heartbeats answered at once, unknown devices
// refused, garbage on one connection not disturbing another, and the simulated GV300 delivering
// its reports and answering a command sent through the command channel.
import { afterEach, describe, expect, it } from 'vitest';
import { silentLog } from '../../../src/ingest/log';
import type { CommandChannel } from '../../../src/ingest/commands';
import { queclinkCommandDialect } from '../../../src/ingest/protocols/queclink-command';
import {
  encodeQueclinkEvent,
  encodeQueclinkFri,
  encodeQueclinkHeartbeat,
  type QueclinkFix,
} from '../../../src/ingest/protocols/queclink-encode';
import { queclinkSession } from '../../../src/ingest/queclink-session';
import { startTcpGateway, type TcpGateway } from '../../../src/ingest/tcp';
import type { SimCommand } from '../../../src/sim/device';
import { QueclinkDevice } from '../../../src/sim/queclink-device';
import type { SimReport } from '../../../src/sim/vehicle';
import { connect, sleep } from './client';
import { FakeChannel, FakeSink, until } from './fakes';

const IMEI = '862894020180553';
const T0 = Date.UTC(2026, 10, 21, 10, 0, 0);
const fix = (i: number): QueclinkFix => ({
  time: T0 + i * 1000,
  lat: -33.92,
  lon: 18.42 + i / 1000,
  speed: 50 + i,
  course: 90,
  altitude: 10,
  valid: true,
});
const status = { ignition: true, power: 13.6, batteryLevel: 95, odometer: 5000 };
const fri = (i: number, imei = IMEI) =>
  encodeQueclinkFri({ imei, sendTime: T0 + i * 1000, count: i }, fix(i), status);
const sack = (count: number) =>
  Buffer.from(`+SACK:${count.toString(16).toUpperCase().padStart(4, '0')}$`);

let gateway: TcpGateway | null = null;
let device: QueclinkDevice | null = null;
afterEach(async () => {
  await device?.stop();
  device = null;
  await gateway?.close();
  gateway = null;
});

async function start(sink: FakeSink, commands?: CommandChannel): Promise<number> {
  gateway = await startTcpGateway({
    protocol: 'queclink',
    port: 0,
    host: '127.0.0.1',
    idleTimeoutMs: 10_000,
    log: silentLog,
    createSession: (conn) => queclinkSession(conn, sink, silentLog, commands),
  });
  return gateway.port;
}

describe('Queclink gateway', () => {
  it('stores a device’s messages and acknowledges each after commit', async () => {
    const sink = new FakeSink();
    sink.submitDelayMs = 200;
    const c = await connect(await start(sink));
    const sos = encodeQueclinkEvent({ imei: IMEI, sendTime: T0, count: 2 }, 'SOS', fix(2), 0);
    c.send(Buffer.concat([fri(1), sos]));
    await sleep(100);
    expect(c.received()).toHaveLength(0); // nothing before the commit
    const got = await c.waitBytes(2 * sack(1).length);
    expect(got).toEqual(Buffer.concat([sack(1), sack(2)]));
    expect(sink.records.map((r) => [r.deviceId, r.speed, r.events])).toEqual([
      [IMEI, 51, []],
      [IMEI, 52, ['panic']],
    ]);
    expect(sink.identified).toEqual([{ protocol: 'queclink', deviceId: IMEI }]);
    c.close();
  });

  it('answers a heartbeat at once and stores nothing for it', async () => {
    const sink = new FakeSink();
    const c = await connect(await start(sink));
    c.send(encodeQueclinkHeartbeat({ imei: IMEI, sendTime: T0, count: 0x11f0 }));
    const want = Buffer.from('+SACK:GTHBD,060228,11F0$');
    expect(await c.waitBytes(want.length)).toEqual(want);
    expect(sink.records).toHaveLength(0);
    c.close();
  });

  it('sends no ack while the sink rejects, and acks the resend once it recovers', async () => {
    const sink = new FakeSink();
    sink.failing = true;
    const c = await connect(await start(sink));
    c.send(fri(7));
    await sleep(300);
    expect(c.received()).toHaveLength(0);
    expect(sink.records).toHaveLength(0);
    sink.failing = false;
    c.send(fri(7));
    expect(await c.waitBytes(sack(7).length)).toEqual(sack(7));
    expect(sink.batches).toHaveLength(1);
    c.close();
  });

  it('refuses an unknown device: identified, closed, nothing stored or answered', async () => {
    const sink = new FakeSink();
    sink.known = new Set(['111111111111111']);
    const c = await connect(await start(sink));
    c.send(fri(1));
    await c.waitClose();
    expect(c.received()).toHaveLength(0);
    expect(sink.identified).toEqual([{ protocol: 'queclink', deviceId: IMEI }]);
    expect(sink.records).toHaveLength(0);
  });

  it('closes when a later message names an unknown device, keeping what came before', async () => {
    const sink = new FakeSink();
    sink.known = new Set([IMEI]);
    const c = await connect(await start(sink));
    c.send(Buffer.concat([fri(1), fri(2, '862894020180554'), fri(3)]));
    await c.waitClose();
    expect(c.received()).toEqual(sack(1));
    expect(sink.records.map((r) => r.deviceId)).toEqual([IMEI]);
    expect(sink.identified.map((i) => i.deviceId)).toEqual([IMEI, '862894020180554']);
  });

  it('serves two connections while one sends garbage, which it skips', async () => {
    const sink = new FakeSink();
    const port = await start(sink);
    const a = await connect(port);
    const b = await connect(port);
    a.send(Buffer.from('GET / HTTP/1.1\r\n\r\n\u0000\u00ff+XYZ garbage'));
    const other = '862894020180561';
    b.send(fri(1, other));
    await b.waitBytes(sack(1).length);
    a.send(Buffer.concat([fri(2).subarray(0, 30), Buffer.from('\r\n'), fri(3)]));
    expect(await a.waitBytes(sack(3).length)).toEqual(sack(3));
    expect(sink.records.map((r) => r.deviceId).sort()).toEqual([IMEI, other].sort());
    expect(gateway!.connectionCount()).toBe(2);
    a.close();
    b.close();
  });
});

describe('Queclink gateway with the simulated GV300', () => {
  const report = (i: number, extra: Partial<SimReport> = {}): SimReport => ({
    time: T0 + i * 10_000,
    lat: -26.2 + i / 1000,
    lon: 28.04,
    speed: 40 + i,
    course: 180,
    altitude: 1600,
    satellites: 9,
    ignition: true,
    moving: true,
    odometer: 10_000 + i * 100,
    power: 13.9,
    battery: 4.1,
    ...extra,
  });

  it('delivers its reports end to end, acknowledged one by one', async () => {
    const sink = new FakeSink();
    const port = await start(sink);
    device = new QueclinkDevice(IMEI, '127.0.0.1', port, silentLog, { ackTimeoutMs: 2000 });
    device.push(report(1, { event: 'ignition_on', driverTag: '01C68011010000C7' }));
    device.push(report(2));
    device.push(report(3, { event: 'panic' }));
    device.push(report(4, { event: 'power_cut', power: 0 }));
    device.push(report(5, { event: 'harsh_braking' }));
    await sink.waitFor(6);
    for (let i = 0; i < 50 && device.delivered < 5; i++) await sleep(20);
    expect(device.delivered).toBe(5);
    expect(device.pending).toBe(0);
    expect(device.resends).toBe(0);
    expect(sink.records.map((r) => r.attributes.type)).toEqual([
      'IGN',
      'IDA',
      'FRI',
      'SOS',
      'MPF',
      'HBM',
    ]);
    expect(sink.records.map((r) => r.events)).toEqual([
      [],
      ['driver_id'],
      [],
      ['panic'],
      ['power_cut'],
      ['harsh_braking'],
    ]);
    expect(sink.records[1].driverId).toBe('01C68011010000C7');
    expect(sink.records[2]).toMatchObject({ speed: 42, ignition: true, power: 13.9, outputs: 0 });
  });

  it('answers a command sent through the channel’s link, and the dispatcher hears it', async () => {
    const sink = new FakeSink();
    const channel = new FakeChannel('queclink');
    const port = await start(sink, channel);
    device = new QueclinkDevice(IMEI, '127.0.0.1', port, silentLog, { ackTimeoutMs: 2000 });
    const applied: SimCommand[] = [];
    device.onCommand = (c) => applied.push(c);
    device.push(report(1));
    await sink.waitFor(1);
    const link = channel.links.get(IMEI);
    expect(link).toBeDefined();
    const text = queclinkCommandDialect.wireText('immobiliser', 'immobilise');
    link!.send(text, 0x2a);
    await sink.waitFor(2);
    expect(applied).toEqual([{ kind: 'output', dout1: 1 }]);
    const answer = sink.records[1];
    expect(answer.hasLocation).toBe(false);
    expect(String(answer.attributes.result)).toMatch(/^\+ACK:GTOUT,060228,862894020180553,,002A,/);
    // The session hands the answer on once its submit has returned.
    await until(() => channel.replies.length > 0, 'the answer');
    expect(channel.replies).toHaveLength(1);
    const reply = channel.replies[0].reply.text;
    expect(queclinkCommandDialect.judgeReply('immobiliser', 'immobilise', reply)).toBe('confirmed');
    expect(channel.committed).toHaveLength(2);
    await device.stop();
    device = null;
    await until(() => channel.gone.length > 0, 'disconnected');
    expect(channel.gone).toEqual([IMEI]);
  });
});
