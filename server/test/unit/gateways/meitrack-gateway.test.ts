// The Meitrack gateway over real sockets: the shared TCP layer (startTcpGateway) with the Meitrack
// session, a FakeSink and a fake command channel. Acks after commit, refusal of unknown ids,
// garbage on one connection while another is served, and the simulated tracker end to end.
import { afterEach, describe, expect, it } from 'vitest';
import { silentLog } from '../../../src/ingest/log';
import { meitrackSession } from '../../../src/ingest/meitrack-session';
import { startTcpGateway, type TcpGateway } from '../../../src/ingest/tcp';
import { decodeMeitrack, meitrackChecksum } from '../../../src/ingest/protocols/meitrack';
import { meitrackCommandDialect } from '../../../src/ingest/protocols/meitrack-command';
import {
  encodeMeitrackAaa,
  encodeMeitrackCce,
  type MeitrackFix,
} from '../../../src/ingest/protocols/meitrack-encode';
import { MeitrackDevice, meitrackAnswer, meitrackPacket } from '../../../src/sim/meitrack-device';
import type { SimCommand } from '../../../src/sim/device';
import type { SimEvent, SimReport } from '../../../src/sim/vehicle';
import { connect, sleep } from './client';
import { FakeChannel, FakeSink, until } from './fakes';

const IMEI = '864606044993987';
const OTHER = '862090050462736';

const fix = (i: number, event = 35): MeitrackFix => ({
  time: Date.UTC(2026, 10, 21, 10, 0, i),
  lat: -33.92,
  lon: 18.42 + i / 1000,
  speed: 50 + i,
  course: 90,
  satellites: 8,
  valid: true,
  event,
  inputs: 0x02,
  power: 13.8,
  battery: 4.1,
});

/** The acknowledgement of a batch, spelled out as the manual lays it out. */
function ack(flag: string, id: string, count: number): string {
  const head = `@@${flag}${27 + String(count).length - 1},${id},CCE,${count}*`;
  return `${head}${meitrackChecksum(Buffer.from(head), 0, head.length)}\r\n`;
}

let gateway: TcpGateway | null = null;
const devices: MeitrackDevice[] = [];
afterEach(async () => {
  for (const d of devices.splice(0)) await d.stop();
  await gateway?.close();
  gateway = null;
});

async function start(sink: FakeSink, channel?: FakeChannel): Promise<number> {
  gateway = await startTcpGateway({
    protocol: 'meitrack',
    port: 0,
    host: '127.0.0.1',
    idleTimeoutMs: 10_000,
    log: silentLog,
    createSession: (conn) => meitrackSession(conn, sink, silentLog, channel),
  });
  return gateway.port;
}

describe('Meitrack gateway', () => {
  it('stores what a device sends and acknowledges each CCE batch only after the commit', async () => {
    const sink = new FakeSink();
    sink.submitDelayMs = 150;
    const c = await connect(await start(sink));
    c.send(
      Buffer.concat([
        encodeMeitrackCce(IMEI, [fix(1), fix(2)], 'f'),
        encodeMeitrackAaa(IMEI, fix(3, 1), 'g'),
      ]),
    );
    await sleep(80);
    expect(c.received()).toHaveLength(0); // not committed yet: no ack
    const want = ack('f', IMEI, 2);
    const got = await c.waitBytes(want.length);
    expect(got.toString('latin1')).toBe(want);
    await sink.waitFor(3);
    expect(sink.records.map((r) => r.speed)).toEqual([51, 52, 53]);
    expect(sink.records[2]).toMatchObject({ deviceId: IMEI, events: ['panic'], ignition: true });
    await sleep(50);
    expect(c.received().toString('latin1')).toBe(want); // the AAA report gets no answer
    c.close();
  });

  it('sends no ack while the sink fails, and acknowledges the resend', async () => {
    const sink = new FakeSink();
    sink.failing = true;
    const c = await connect(await start(sink));
    const batch = encodeMeitrackCce(IMEI, [fix(1)], 'h');
    c.send(batch);
    await sleep(200);
    expect(c.received()).toHaveLength(0);
    expect(sink.records).toHaveLength(0);
    sink.failing = false;
    c.send(batch);
    const want = ack('h', IMEI, 1);
    expect((await c.waitBytes(want.length)).toString('latin1')).toBe(want);
    expect(sink.records).toHaveLength(1);
    c.close();
  });

  it('refuses an unknown id: closed, nothing stored, the id listed for provisioning', async () => {
    const sink = new FakeSink();
    sink.known = new Set([OTHER]);
    const c = await connect(await start(sink));
    c.send(encodeMeitrackCce(IMEI, [fix(1)], 'i'));
    await c.waitClose();
    expect(c.received()).toHaveLength(0);
    expect(sink.records).toHaveLength(0);
    expect(sink.identified).toEqual([{ protocol: 'meitrack', deviceId: IMEI }]);
  });

  it('identifies each id a connection names; an unknown second one closes it', async () => {
    const sink = new FakeSink();
    sink.known = new Set([IMEI, OTHER]);
    const c = await connect(await start(sink));
    c.send(encodeMeitrackAaa(IMEI, fix(1), 'A'));
    c.send(encodeMeitrackAaa(OTHER, fix(2), 'B'));
    c.send(encodeMeitrackAaa(IMEI, fix(3), 'C'));
    await sink.waitFor(3);
    expect(sink.records.map((r) => r.deviceId)).toEqual([IMEI, OTHER, IMEI]);
    expect(sink.identified.map((i) => i.deviceId)).toEqual([IMEI, OTHER]);
    c.send(encodeMeitrackAaa('111111111111111', fix(4), 'D'));
    await c.waitClose();
    expect(sink.records).toHaveLength(3);
  });

  it('serves two connections while one of them sends garbage', async () => {
    const sink = new FakeSink();
    const port = await start(sink);
    const bad = await connect(port);
    const good = await connect(port);
    for (let i = 0; i < 20; i++) bad.send(Buffer.from(`garbage ${i} \x00\xff\r\n*$`, 'latin1'));
    for (let i = 0; i < 5; i++) good.send(encodeMeitrackCce(IMEI, [fix(i)], 'K'));
    const want = ack('K', IMEI, 1).repeat(5);
    expect((await good.waitBytes(want.length)).toString('latin1')).toBe(want);
    // The garbage was skipped: the same connection's next whole message is stored.
    bad.send(encodeMeitrackAaa(OTHER, fix(9), 'Z'));
    await sink.waitFor(6);
    expect(sink.records.filter((r) => r.deviceId === OTHER)).toHaveLength(1);
    expect(bad.received()).toHaveLength(0);
    expect(gateway!.connectionCount()).toBe(2);
    bad.close();
    good.close();
  });
});

describe('the simulated Meitrack tracker', () => {
  const report = (i: number, event?: SimEvent): SimReport => ({
    time: Date.UTC(2026, 10, 21, 10, 0, i),
    lat: -33.92,
    lon: 18.42 + i / 1000,
    speed: 60,
    course: 90,
    altitude: 20,
    satellites: 9,
    ignition: true,
    moving: true,
    odometer: 1000 * i,
    power: 13.8,
    battery: 4.1,
    ...(event ? { event } : {}),
  });

  it('reports each event as the tracker does (pure meitrackPacket)', () => {
    const events: [SimEvent, number, string[]][] = [
      ['panic', 1, ['panic']],
      ['power_cut', 23, ['power_cut']],
      ['power_restored', 22, ['power_restored']],
      ['towing', 36, ['towing']],
      ['overspeed', 19, ['overspeed']],
      ['harsh_braking', 129, ['harsh_braking']],
      ['harsh_acceleration', 130, ['harsh_acceleration']],
      ['ignition_on', 2, []],
      ['ignition_off', 10, []],
    ];
    for (const [event, code, want] of events) {
      const b = meitrackPacket(report(1, event), 7, IMEI);
      const r = decodeMeitrack(b, 0, b.length, { now: 0 });
      if (r.kind !== 'data') throw new Error(r.kind);
      expect(r.records[0].attributes.event, event).toBe(code);
      expect(r.records[0].events, event).toEqual(want);
      expect(r.records[0]).toMatchObject({
        ignition: true,
        speed: 60,
        power: 13.8,
        deviceId: IMEI,
      });
    }
    expect(meitrackPacket(report(1), 0, IMEI).toString('latin1', 0, 3)).toBe('$$A');
  });

  it('answers C01 and B07 as the manual shows, and applies them', () => {
    expect(meitrackAnswer('C01,0,12222')).toEqual({
      command: { kind: 'output', dout1: 1 },
      reply: 'C01,OK',
    });
    expect(meitrackAnswer('C01,0,02222')).toEqual({
      command: { kind: 'output', dout1: 0 },
      reply: 'C01,OK',
    });
    expect(meitrackAnswer('B07,80')).toEqual({
      command: { kind: 'buzzer', limit: 80 },
      reply: 'B07,OK',
    });
    expect(meitrackAnswer('B07,0')).toEqual({
      command: { kind: 'buzzer', limit: null },
      reply: 'B07,OK',
    });
    expect(meitrackAnswer('A10').command).toBeNull();
  });

  it('delivers its reports end to end and answers a command sent through the link', async () => {
    const sink = new FakeSink();
    const channel = new FakeChannel('meitrack');
    const port = await start(sink, channel);
    const device = new MeitrackDevice(IMEI, '127.0.0.1', port, silentLog, {
      ackTimeoutMs: 1000,
      reconnectMs: 200,
    });
    devices.push(device);
    const applied: SimCommand[] = [];
    device.onCommand = (c) => applied.push(c);
    device.push(report(1));
    device.push(report(2, 'panic'));
    device.push(report(3));
    await sink.waitFor(3);
    await until(() => device.delivered === 3, 'acks');
    expect(device.pending).toBe(0);
    expect(sink.records.map((r) => r.events)).toEqual([[], ['panic'], []]);

    const link = channel.links.get(IMEI)!;
    expect(link).toBeDefined();
    const text = meitrackCommandDialect.wireText('immobiliser', 'immobilise');
    link.send(text, 7);
    await until(() => channel.replies.length === 1, 'the answer');
    expect(channel.replies[0]).toEqual({ deviceId: IMEI, reply: { text: 'C01,OK' } });
    expect(meitrackCommandDialect.judgeReply('immobiliser', 'immobilise', 'C01,OK')).toBe(
      'confirmed',
    );
    expect(applied).toEqual([{ kind: 'output', dout1: 1 }]);
    await sink.waitFor(4);
    expect(sink.records[3].attributes.result).toBe('C01,OK');
    expect(channel.committed).toHaveLength(4);

    await device.stop();
    await until(() => channel.gone.includes(IMEI), 'disconnected');
  });
});
