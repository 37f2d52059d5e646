// The simulated Teltonika UDP tracker against the real UDP gateway: batches of up to 50 reports,
// resends until its AVL packet id is acknowledged, and nothing else moves its queue.
import dgram from 'node:dgram';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLog } from '../../../src/ingest/log';
import { startUdpGateway, type UdpGateway } from '../../../src/ingest/udp';
import { teltonikaUdpHandler } from '../../../src/ingest/teltonika-udp-session';
import {
  decodeTeltonikaUdp,
  encodeTeltonikaUdpAck,
} from '../../../src/ingest/protocols/teltonika-udp';
import { TeltonikaUdpDevice } from '../../../src/sim/teltonika-udp-device';
import type { SimReport } from '../../../src/sim/vehicle';
import { sleep } from './client';
import { FakeSink, until } from './fakes';

const IMEI = '356307042441013';
const T0 = Date.UTC(2026, 10, 21, 10, 0, 0);
const report = (i: number): SimReport => ({
  time: T0 + i * 10_000,
  lat: -26.2,
  lon: 28.04 + i / 10_000,
  speed: 50,
  course: 90,
  altitude: 1600,
  satellites: 9,
  ignition: true,
  moving: true,
  odometer: 1000 + i * 100,
  power: 13.8,
  battery: 4.1,
  event: i === 3 ? 'harsh_braking' : undefined,
});

let gateway: UdpGateway | null = null;
let dev: TeltonikaUdpDevice | null = null;
afterEach(async () => {
  await dev?.stop();
  dev = null;
  await gateway?.close();
  gateway = null;
});

describe('simulated Teltonika UDP tracker', () => {
  it('delivers its reports in datagrams of up to 50, each acknowledged after commit', async () => {
    const sink = new FakeSink();
    gateway = await startUdpGateway({
      protocol: 'teltonika',
      port: 0,
      host: '127.0.0.1',
      log: silentLog,
      handle: teltonikaUdpHandler(sink, silentLog),
    });
    dev = new TeltonikaUdpDevice(IMEI, '127.0.0.1', gateway.port, silentLog, {
      ackTimeoutMs: 1000,
    });
    for (let i = 0; i < 60; i++) dev.push(report(i));
    await until(() => dev!.delivered === 60, '60 delivered', 5000);
    expect(dev.pending).toBe(0);
    expect(dev.resends).toBe(0);
    // The first report leaves at once; the rest queue behind its ack and go 50 at a time.
    expect(sink.batches.map((b) => b.length)).toEqual([1, 50, 9]);
    expect(sink.records.map((r) => r.fixTime)).toEqual(
      Array.from({ length: 60 }, (_, i) => T0 + i * 10_000),
    );
    expect(sink.records[3].events).toContain('harsh_braking');
    expect(sink.records[0]).toMatchObject({ deviceId: IMEI, ignition: true, power: 13.8 });
  });

  it('sends the same datagram again until it is acknowledged', async () => {
    const sink = new FakeSink();
    sink.failing = true;
    gateway = await startUdpGateway({
      protocol: 'teltonika',
      port: 0,
      host: '127.0.0.1',
      log: silentLog,
      handle: teltonikaUdpHandler(sink, silentLog),
    });
    dev = new TeltonikaUdpDevice(IMEI, '127.0.0.1', gateway.port, silentLog, {
      ackTimeoutMs: 100,
    });
    dev.push(report(1));
    await sleep(350);
    expect(dev.delivered).toBe(0);
    expect(dev.resends).toBeGreaterThanOrEqual(2);
    sink.failing = false;
    await until(() => dev!.delivered === 1, 'one delivered', 5000);
    expect(sink.batches).toHaveLength(1);
  });

  it('takes only an answer with its AVL packet id as the acknowledgement', async () => {
    // A fake server that first answers with a wrong AVL packet id, then with the right one.
    const server = dgram.createSocket('udp4');
    await new Promise<void>((resolve) => server.bind(0, '127.0.0.1', resolve));
    const seen: number[] = [];
    server.on('message', (m: Buffer, from) => {
      const d = decodeTeltonikaUdp(m, 0, m.length, T0);
      if (d.kind !== 'packet') return;
      seen.push(d.avlPacketId);
      const id = seen.length === 1 ? d.avlPacketId ^ 0xff : d.avlPacketId;
      server.send(encodeTeltonikaUdpAck(d.packetId, id, 1), from.port, from.address);
      server.send(Buffer.from('noise'), from.port, from.address);
    });
    try {
      dev = new TeltonikaUdpDevice(IMEI, '127.0.0.1', server.address().port, silentLog, {
        ackTimeoutMs: 100,
      });
      dev.push(report(1));
      await until(() => dev!.delivered === 1, 'one delivered', 5000);
      expect(seen.length).toBe(2);
      expect(seen[0]).toBe(seen[1]); // the resend is the same AVL packet
      expect(dev.resends).toBe(1);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
