// Teltonika over UDP: the datagram and answer layouts (Teltonika wiki, "Teltonika Data Sending
// Protocols" § Codec 8 Extended, "sending over UDP": the device's example 00A1CAFE001B000F<IMEI>…
// and the answer 0005CAFE01DD02 to AVL packet 0xDD of two records), and the handler the UDP
// gateway runs per datagram.
import { describe, expect, it } from 'vitest';
import { silentLog } from '../../../src/ingest/log';
import { teltonikaUdpHandler } from '../../../src/ingest/teltonika-udp-session';
import {
  decodeTeltonikaUdp,
  decodeTeltonikaUdpAck,
  decodeTeltonikaUdpHeader,
  encodeTeltonikaUdp,
  encodeTeltonikaUdpAck,
} from '../../../src/ingest/protocols/teltonika-udp';
import {
  CODEC_8,
  encodeTeltonikaAvlData,
  type AvlRecord,
} from '../../../src/ingest/protocols/teltonika-encode';
import { encodeCodec12, CODEC12_RESPONSE } from '../../../src/ingest/protocols/teltonika-command';
import { FakeSink } from '../gateways/fakes';
import { bytesOf, loadSamples } from './samples';

const IMEI = '356307042441013';
const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);
/** The wiki's datagram. Its body is laid out as Codec 8 although its codec byte says 0x8E. */
const WIKI = Buffer.from(
  '00A1CAFE001B000F3335363330373034323434313031338E010000013FEBDD19C8000F0E9FF0209A718000690000' +
    '120000001E09010002000300040016014703F0001504C8000C0900910A00440B004D130044431555440000B5000B' +
    'B60005422E9B180000CD0386CE000107C700000000F10000601A460000013C4800000BB84900000BB84A00000BB8' +
    '4C00000000024E0000000000000000CF000000000000000001',
  'hex',
);
const rec = (i: number): AvlRecord => ({
  time: NOW - 60_000 + i * 1000,
  lat: -26.2,
  lon: 28.04 + i / 1000,
  course: 90,
  speed: 40 + i,
  satellites: 9,
});
const remote = { address: '10.0.0.7', port: 40001 };

describe('Teltonika UDP datagrams', () => {
  it("reads the wiki example's headers; its body decodes once its codec byte says Codec 8", () => {
    expect(decodeTeltonikaUdpHeader(WIKI, 0, WIKI.length)).toEqual({
      packetId: 0xcafe,
      packetType: 0,
      avlPacketId: 0x1b,
      imei: IMEI,
      dataStart: 23,
      dataEnd: WIKI.length,
    });
    const fixed = Buffer.from(WIKI);
    fixed[23] = CODEC_8;
    const r = decodeTeltonikaUdp(fixed, 0, fixed.length, NOW);
    if (r.kind !== 'packet' || r.data.status !== 'ok') throw new Error('not decoded');
    expect(r.data.count).toBe(1);
    expect(r.data.records[0]).toMatchObject({
      deviceId: IMEI,
      // 0x0000013FEBDD19C8 ms, longitude 0x0F0E9FF0 and latitude 0x209A7180 (× 1e-7 degrees)
      fixTime: Date.parse('2013-07-17T09:01:43.240Z'),
      lat: 54.6992512,
      lon: 25.2616688,
      satellites: 18,
    });
  });

  it("encodes the wiki's answer byte for byte", () => {
    expect(encodeTeltonikaUdpAck(0xcafe, 0xdd, 2).toString('hex').toUpperCase()).toBe(
      '0005CAFE01DD02',
    );
    expect(decodeTeltonikaUdpAck(Buffer.from('0005CAFE01DD02', 'hex'))).toEqual({
      packetId: 0xcafe,
      avlPacketId: 0xdd,
      count: 2,
    });
    expect(decodeTeltonikaUdpAck(Buffer.from('0006CAFE01DD02', 'hex'))).toBeNull();
  });

  it('round-trips the device-side encoder (corpus #51 has the same layout)', () => {
    const data = encodeTeltonikaAvlData([rec(1), rec(2)], CODEC_8);
    const d = encodeTeltonikaUdp(IMEI, 0x1234, 0x56, data);
    const r = decodeTeltonikaUdp(d, 0, d.length, NOW);
    expect(r).toMatchObject({ kind: 'packet', packetId: 0x1234, avlPacketId: 0x56, imei: IMEI });
    if (r.kind === 'packet') expect(r.data).toMatchObject({ status: 'ok', count: 2 });
    const corpus = bytesOf(loadSamples('teltonika')[51]);
    expect(decodeTeltonikaUdpHeader(corpus, 0, corpus.length)).toMatchObject({
      packetId: 0xcafe,
      packetType: 1,
      avlPacketId: 0x22,
      imei: '357454072713975',
    });
  });

  it('refuses a length field, IMEI length or IMEI that disagrees with the bytes', () => {
    const d = encodeTeltonikaUdp(IMEI, 1, 1, encodeTeltonikaAvlData([rec(1)], CODEC_8));
    const variants: [string, (b: Buffer) => void][] = [
      ['length too long', (b) => b.writeUInt16BE(b.length - 1, 0)],
      ['length too short', (b) => b.writeUInt16BE(b.length - 3, 0)],
      ['IMEI length 0', (b) => b.writeUInt16BE(0, 6)],
      ['IMEI length past the end', (b) => b.writeUInt16BE(0xffff, 6)],
      ['IMEI not digits', (b) => (b[10] = 0x41)],
    ];
    for (const [what, damage] of variants) {
      const b = Buffer.from(d);
      damage(b);
      expect(decodeTeltonikaUdp(b, 0, b.length, NOW), what).toEqual({ kind: 'malformed' });
    }
    expect(decodeTeltonikaUdp(d, 0, d.length - 1, NOW)).toEqual({ kind: 'malformed' });
    expect(decodeTeltonikaUdp(d, 5, d.length, NOW)).toEqual({ kind: 'malformed' });
  });
});

describe('the Teltonika UDP handler', () => {
  async function send(handler: ReturnType<typeof teltonikaUdpHandler>, d: Buffer) {
    const replies: Buffer[] = [];
    const verdict = await handler(d, remote, (b) => replies.push(b));
    return { verdict, replies };
  }
  const datagram = (id: number, records: AvlRecord[], imei = IMEI) =>
    encodeTeltonikaUdp(imei, 0x100 + id, id, encodeTeltonikaAvlData(records));

  it('stores, then answers with the AVL packet id and the stored count', async () => {
    const sink = new FakeSink();
    const { verdict, replies } = await send(
      teltonikaUdpHandler(sink, silentLog),
      datagram(7, [rec(1), rec(2), rec(3)]),
    );
    expect(verdict).toBe(true);
    expect(replies).toEqual([encodeTeltonikaUdpAck(0x107, 7, 3)]);
    expect(sink.records.map((r) => r.speed)).toEqual([41, 42, 43]);
    expect(sink.identified).toEqual([{ protocol: 'teltonika', deviceId: IMEI }]);
  });

  it('answers nothing to an unknown IMEI and asks identify once a minute only', async () => {
    const sink = new FakeSink();
    sink.known = new Set(['111111111111111']);
    const handler = teltonikaUdpHandler(sink, silentLog);
    for (let i = 0; i < 3; i++) {
      const { verdict, replies } = await send(handler, datagram(i, [rec(i)]));
      expect(verdict).toBe(true);
      expect(replies).toEqual([]);
    }
    expect(sink.records).toEqual([]);
    expect(sink.identified).toHaveLength(1);
    const fresh = teltonikaUdpHandler(sink, silentLog, { identifyCacheMs: 0 });
    await send(fresh, datagram(1, [rec(1)]));
    await send(fresh, datagram(2, [rec(2)]));
    expect(sink.identified).toHaveLength(3);
  });

  it('sends no answer when the store fails, and answers the resend once it recovers', async () => {
    const sink = new FakeSink();
    sink.failing = true;
    const handler = teltonikaUdpHandler(sink, silentLog);
    const d = datagram(9, [rec(1)]);
    expect((await send(handler, d)).replies).toEqual([]);
    sink.failing = false;
    expect((await send(handler, d)).replies).toEqual([encodeTeltonikaUdpAck(0x109, 9, 1)]);
  });

  it('calls garbage garbage, stores Codec 12 text without answer, and survives identify failing', async () => {
    const sink = new FakeSink();
    const handler = teltonikaUdpHandler(sink, silentLog);
    expect((await send(handler, Buffer.from('GET / HTTP/1.1\r\n'))).verdict).toBe(false);
    const bad = datagram(1, [rec(1)]);
    bad[bad.length - 1] ^= 0xff; // the repeated count
    expect(await send(handler, bad)).toEqual({ verdict: false, replies: [] });
    const text = encodeCodec12('getver answer', CODEC12_RESPONSE);
    const c12 = encodeTeltonikaUdp(IMEI, 1, 1, text.subarray(8, text.length - 4));
    expect(await send(handler, c12)).toEqual({ verdict: true, replies: [] });
    expect(sink.records[0].attributes.result).toBe('getver answer');

    const broken = new FakeSink();
    broken.identify = () => Promise.reject(new Error('database down'));
    const r = await send(teltonikaUdpHandler(broken, silentLog), datagram(1, [rec(1)]));
    expect(r).toEqual({ verdict: true, replies: [] });
  });
});
