// The UDP listener (startUdpGateway) and the Teltonika UDP handler over real sockets: ack after
// commit, unknown devices, garbage senders, failing stores, ordering and bounded queues.
import dgram from 'node:dgram';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLog, type IngestLog } from '../../../src/ingest/log';
import { startUdpGateway, type UdpGateway, type UdpHandler } from '../../../src/ingest/udp';
import { teltonikaUdpHandler } from '../../../src/ingest/teltonika-udp-session';
import {
  encodeTeltonikaUdp,
  encodeTeltonikaUdpAck,
} from '../../../src/ingest/protocols/teltonika-udp';
import {
  CODEC_8,
  encodeTeltonikaAvlData,
  type AvlRecord,
} from '../../../src/ingest/protocols/teltonika-encode';
import { sleep } from './client';
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
const datagram = (avlId: number, records: AvlRecord[], imei = IMEI) =>
  encodeTeltonikaUdp(imei, 0xca00 + avlId, avlId, encodeTeltonikaAvlData(records, CODEC_8));

/** A device-side UDP socket that keeps what it receives. */
async function client() {
  const socket = dgram.createSocket('udp4');
  const received: Buffer[] = [];
  const waiters = new Set<() => void>();
  socket.on('message', (m: Buffer) => {
    received.push(m);
    waiters.forEach((w) => w());
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    received,
    send: (b: Buffer) => socket.send(b, gateway!.port, '127.0.0.1'),
    /** Resolves once `n` datagrams have arrived. */
    wait(n: number, timeoutMs = 3000): Promise<Buffer[]> {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (received.length < n) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(received);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`timed out waiting for ${n} datagrams, have ${received.length}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}

let gateway: UdpGateway | null = null;
const clients: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await gateway?.close();
  gateway = null;
});

async function start(handle: UdpHandler, extra: { garbageLimit?: number; log?: IngestLog } = {}) {
  gateway = await startUdpGateway({
    protocol: 'teltonika',
    port: 0,
    host: '127.0.0.1',
    log: extra.log ?? silentLog,
    handle,
    garbageLimit: extra.garbageLimit,
  });
  return gateway;
}

async function device() {
  const c = await client();
  clients.push(c);
  return c;
}

describe('Teltonika UDP gateway', () => {
  it('answers a Codec 8 datagram only after its records are in the sink', async () => {
    const sink = new FakeSink();
    sink.submitDelayMs = 200;
    await start(teltonikaUdpHandler(sink, silentLog));
    const c = await device();
    c.send(datagram(0x21, [rec(1), rec(2)]));
    await sleep(100);
    expect(c.received).toEqual([]);
    const [ack] = await c.wait(1);
    expect(ack).toEqual(encodeTeltonikaUdpAck(0xca21, 0x21, 2));
    expect(sink.records.map((r) => r.speed)).toEqual([61, 62]);
    expect(sink.records[0]).toMatchObject({ deviceId: IMEI, protocol: 'teltonika' });
  });

  it('gives an unknown IMEI no answer and lists it through identify', async () => {
    const sink = new FakeSink();
    sink.known = new Set(['111111111111111']);
    await start(teltonikaUdpHandler(sink, silentLog));
    const c = await device();
    c.send(datagram(1, [rec(1)]));
    await sleep(200);
    expect(c.received).toEqual([]);
    expect(sink.identified).toEqual([{ protocol: 'teltonika', deviceId: IMEI }]);
    expect(sink.records).toEqual([]);
  });

  it('ignores a sender that keeps sending garbage and keeps serving the others', async () => {
    const sink = new FakeSink();
    const warnings: string[] = [];
    const log: IngestLog = { ...silentLog, warn: (_o, msg) => warnings.push(msg ?? '') };
    await start(teltonikaUdpHandler(sink, log), { garbageLimit: 5, log });
    const junk = await device();
    const good = await device();
    for (let i = 0; i < 8; i++) junk.send(Buffer.from(`garbage ${i}`));
    good.send(datagram(2, [rec(1)]));
    await good.wait(1);
    await sleep(100);
    expect(warnings).toContain('gateway: udp sender keeps sending garbage, ignored for a while');
    // Ignored now: even its valid datagram gets no answer, while the other sender's does.
    junk.send(datagram(3, [rec(2)]));
    good.send(datagram(4, [rec(3)]));
    await good.wait(2);
    await sleep(100);
    expect(junk.received).toEqual([]);
    expect(sink.records.map((r) => r.speed)).toEqual([61, 63]);
  });

  it('sends no answer when the store fails, and answers the resend once it recovers', async () => {
    const sink = new FakeSink();
    sink.failing = true;
    await start(teltonikaUdpHandler(sink, silentLog));
    const c = await device();
    const d = datagram(5, [rec(1)]);
    c.send(d);
    await sleep(200);
    expect(c.received).toEqual([]);
    sink.failing = false;
    c.send(d);
    expect(await c.wait(1)).toEqual([encodeTeltonikaUdpAck(0xca05, 5, 1)]);
    expect(sink.batches).toHaveLength(1);
  });
});

describe('startUdpGateway', () => {
  it("handles one sender's datagrams in order and different senders concurrently", async () => {
    const log: string[] = [];
    await start(async (d, _remote, reply) => {
      const text = d.toString();
      log.push(`start ${text}`);
      await sleep(text.startsWith('a') ? 150 : 10);
      log.push(`end ${text}`);
      reply(Buffer.from(`ok ${text}`));
    });
    const a = await device();
    const b = await device();
    a.send(Buffer.from('a1'));
    a.send(Buffer.from('a2'));
    await sleep(20);
    b.send(Buffer.from('b1'));
    await a.wait(2);
    await b.wait(1);
    expect(a.received.map(String)).toEqual(['ok a1', 'ok a2']);
    // b1 ran while a1 was still being handled; a2 started only after a1 ended.
    expect(log.indexOf('end b1')).toBeLessThan(log.indexOf('end a1'));
    expect(log.indexOf('start a2')).toBeGreaterThan(log.indexOf('end a1'));
  });

  it('survives a handler that throws and drops what a busy sender queues beyond its bound', async () => {
    let handled = 0;
    gateway = await startUdpGateway({
      protocol: 'teltonika',
      port: 0,
      host: '127.0.0.1',
      log: silentLog,
      maxQueuedPerSender: 2,
      async handle(d, _r, reply) {
        handled++;
        if (d.toString() === 'throw') throw new Error('handler bug');
        await sleep(100);
        reply(d);
      },
    });
    const c = await device();
    c.send(Buffer.from('throw'));
    await sleep(50);
    for (let i = 0; i < 6; i++) c.send(Buffer.from(`m${i}`));
    await c.wait(2);
    await sleep(300);
    expect(c.received.map(String)).toEqual(['m0', 'm1']);
    expect(handled).toBe(3);
    expect(gateway.senderCount()).toBe(1);
  });
});
