// Teltonika Codec 7 (GH3000), Codec 12/13 messages and the TCP session's handling of them: exact
// values from the corpus captures and from hand-built frames.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crc16Ibm } from '../../../src/ingest/crc';
import { resetClock, setClock } from '../../../src/clock';
import { silentLog } from '../../../src/ingest/log';
import type { CommandChannel, CommandReply } from '../../../src/ingest/commands';
import { teltonikaSession } from '../../../src/ingest/teltonika-session';
import {
  decodeTeltonikaAvl,
  decodeTeltonikaData,
  decodeTeltonikaFrame,
  type TeltonikaFrameResult,
} from '../../../src/ingest/protocols/teltonika';
import {
  CODEC12_RESPONSE,
  encodeCodec12,
  encodeCodec13,
} from '../../../src/ingest/protocols/teltonika-command';
import { encodeTeltonikaImei } from '../../../src/ingest/protocols/teltonika-encode';
import { FakeSink, replay } from '../gateways/fakes';
import { bytesOf, loadSamples } from './samples';

const DEV = '356307042441013';
const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);
const samples = loadSamples('teltonika');
const frame = (i: number) => bytesOf(samples[i]);
const decode = (b: Buffer): TeltonikaFrameResult => decodeTeltonikaFrame(b, 0, b.length, DEV, NOW);

/** A TCP frame around an AVL data field. */
function wrap(data: Buffer): Buffer {
  const b = Buffer.alloc(data.length + 12);
  b.writeUInt32BE(data.length, 4);
  data.copy(b, 8);
  b.writeUInt32BE(crc16Ibm(data), 8 + data.length);
  return b;
}

/** One GH3000 record with every GPS field and three IO groups. */
function gh3000Record(seconds2007: number): Buffer {
  const b = Buffer.alloc(5 + 1 + 8 + 2 + 1 + 1 + 1 + 4 + 1 + 4);
  b.writeUInt32BE(2 * 2 ** 30 + seconds2007, 0); // priority 2
  b[4] = 0x0f; // GPS + 1-, 2-, 4-byte IO
  b[5] = 0xff; // every GPS field
  b.writeFloatBE(-26.25, 6);
  b.writeFloatBE(28.5, 10);
  b.writeUInt16BE(1750, 14);
  b[16] = 64; // 90°
  b[17] = 80; // km/h
  b[18] = 7;
  b.writeUInt16BE(0x1234, 19);
  b.writeUInt16BE(0x5678, 21);
  b[23] = 20;
  b.writeUInt32BE(65501, 24);
  const io = Buffer.from([
    ...[2, 222, 1, 1, 55], // 1-byte: SOS, battery level
    ...[1, 67, 0x0f, 0xa0], // 2-byte: battery 4000 mV
    ...[1, 5, 0, 0, 0x0e, 0x10], // 4-byte: uptime 3600
  ]);
  return Buffer.concat([b, io]);
}

beforeAll(() => setClock({ start: NOW, rate: 0 }));
afterAll(() => resetClock());

describe('Codec 7 (GH3000)', () => {
  it('decodes a captured packet to exact values (corpus #37)', () => {
    const r = decode(frame(37));
    expect(r.status).toBe('ok');
    if (r.status !== 'ok') return;
    expect(r.count).toBe(2);
    expect(r.records[0]).toMatchObject({
      fixTime: Date.parse('2013-07-31T22:30:35Z'),
      hasLocation: true,
      valid: true,
      altitude: 61,
      satellites: 5,
      speed: 0,
      attributes: { lac: 100, cid: 33791 },
    });
    expect(r.records[0].lat).toBeCloseTo(44.44019, 5);
    expect(r.records[0].lon).toBeCloseTo(26.09313, 5);
    expect(r.records[1].fixTime).toBe(Date.parse('2013-07-31T22:30:03Z'));
  });

  it('keeps records without a GPS element as statuses (corpus #31)', () => {
    const r = decode(frame(31));
    if (r.status !== 'ok') throw new Error(r.status);
    expect(r.records.map((x) => x.hasLocation)).toEqual([false, true, true, false]);
    expect(r.records[3]).toMatchObject({
      batteryLevel: 100,
      battery: 4.108,
      gsm: 26,
      motion: true,
    });
    expect(r.records[3].attributes).toMatchObject({ operator: 21803, uptime: 5, roaming: false });
  });

  it('reads every GPS field and IO group of a hand-built record', () => {
    const at = Date.UTC(2026, 10, 21, 10, 0, 0);
    const rec = gh3000Record((at - Date.UTC(2007, 0, 1)) / 1000);
    const r = decode(wrap(Buffer.concat([Buffer.from([7, 1]), rec, Buffer.from([1])])));
    if (r.status !== 'ok') throw new Error(r.status);
    expect(r.records[0]).toMatchObject({
      fixTime: at,
      lat: -26.25,
      lon: 28.5,
      altitude: 1750,
      course: 90,
      speed: 80,
      satellites: 7,
      gsm: 20,
      batteryLevel: 55,
      battery: 4,
      events: ['panic'],
      attributes: { priority: 2, lac: 0x1234, cid: 0x5678, operator: 65501, alarm: 'sos' },
    });
    expect(r.records[0].attributes.uptime).toBe(3600);
  });

  it('refuses counts and groups the bytes cannot hold', () => {
    const rec = gh3000Record(1000);
    const many = Buffer.concat([Buffer.from([7, 200]), rec, Buffer.from([200])]);
    expect(decode(wrap(many)).status).toBe('malformed');
    const cut = Buffer.concat([
      Buffer.from([7, 1]),
      rec.subarray(0, rec.length - 2),
      Buffer.from([1]),
    ]);
    expect(decode(wrap(cut)).status).toBe('malformed');
    const trailing = Buffer.concat([Buffer.from([7, 1]), rec, Buffer.from([0, 1])]);
    expect(decode(wrap(trailing)).status).toBe('malformed');
  });

  it('is left to decodeTeltonikaFrame: the FM-series decoder still calls it unsupported', () => {
    const b = frame(37);
    expect(decodeTeltonikaAvl(b, 0, b.length, DEV)).toEqual({ status: 'unsupported', codec: 7 });
  });
});

describe('Codec 12 and 13 messages', () => {
  it('keeps a printable Codec 12 response as its trimmed text (corpus #39)', () => {
    const r = decode(frame(39));
    expect(r).toMatchObject({
      status: 'serial',
      responses: ['#FM2=262032761721396,26203,07.02.05'],
    });
    if (r.status !== 'serial') return;
    expect(r.records[0]).toMatchObject({
      fixTime: NOW,
      hasLocation: false,
      attributes: { type: 6, result: '#FM2=262032761721396,26203,07.02.05' },
    });
  });

  it('keeps a binary response as hex (corpus #17) and axle loads as values (corpus #16)', () => {
    const bin = decode(frame(17));
    if (bin.status !== 'serial') throw new Error(bin.status);
    expect(bin.records[0].attributes.result).toBe('010300010015d5c5');
    const axles = decode(frame(16));
    if (axles.status !== 'serial') throw new Error(axles.status);
    expect(axles.records[0].attributes).toMatchObject({
      axle1: 6.4,
      axle2: 4.2,
      loadTruck: 1.3,
      totalTruck: 10.7,
      totalTrailer: 0,
    });
    expect(axles.records[0].attributes.result).toBeUndefined();
    expect(axles.responses).toEqual([]);
  });

  it('stores no record for a camera message (corpus #48)', () => {
    expect(decode(frame(48))).toEqual({ status: 'serial', codec: 12, records: [], responses: [] });
  });

  it('uses the Codec 13 timestamp and reads a driver login (corpus #5)', () => {
    const r = decode(frame(5));
    if (r.status !== 'serial') throw new Error(r.status);
    expect(r.records[0]).toMatchObject({
      fixTime: Date.parse('2023-04-03T20:45:05Z'),
      driverId: '12749884',
      hasLocation: false,
    });
    expect(r.responses).toEqual([]);
  });

  it('reads an 8-byte millisecond timestamp where 4 bytes are no date (corpus #15)', () => {
    const r = decode(frame(15));
    if (r.status !== 'serial') throw new Error(r.status);
    expect(r.records[0].fixTime).toBe(Date.parse('2019-07-19T13:52:52Z'));
    expect(r.records[0].attributes.result).toBe('getinfo');
  });

  it('round-trips the device-side encoders; a time before 2000 becomes the receive time', () => {
    const at = Date.UTC(2026, 10, 20, 7, 0, 0);
    const r13 = decode(encodeCodec13('Hello\n', at));
    if (r13.status !== 'serial') throw new Error(r13.status);
    expect(r13.records[0]).toMatchObject({ fixTime: at, attributes: { result: 'Hello' } });
    const old = decode(encodeCodec13('x', 5000));
    if (old.status !== 'serial') throw new Error(old.status);
    expect(old.records[0].fixTime).toBe(NOW);
    const r12 = decode(encodeCodec12('DOUT1:1 Timeout:INFINITY\r\n', CODEC12_RESPONSE));
    expect(r12).toMatchObject({ status: 'serial', responses: ['DOUT1:1 Timeout:INFINITY'] });
  });

  it('refuses sizes that disagree with the data field', () => {
    const good = encodeCodec12('getver', CODEC12_RESPONSE);
    const data = Buffer.from(good.subarray(8, good.length - 4));
    for (const size of [0xffffffff, 7, 5, 0x10000]) {
      data.writeUInt32BE(size, 3);
      expect(decodeTeltonikaData(data, 0, data.length, DEV, NOW).status, `size ${size}`).toBe(
        'malformed',
      );
    }
    const c13 = encodeCodec13('ab', NOW);
    const d13 = Buffer.from(c13.subarray(8, c13.length - 4));
    d13.writeUInt32BE(3, 3); // less than its timestamp
    expect(decodeTeltonikaData(d13, 0, d13.length, DEV, NOW).status).toBe('malformed');
  });
});

describe('the TCP session with Codec 7, 12 and 13', () => {
  function channel() {
    const replies: CommandReply[] = [];
    const commands: CommandChannel = {
      connected: () => {},
      disconnected: () => {},
      reply: (_id, r) => replies.push(r),
      records: () => {},
    };
    return { commands, replies };
  }

  it('stores a Codec 12 response, passes it to the dispatcher and sends no ack', async () => {
    const sink = new FakeSink();
    const { commands, replies } = channel();
    const conn = await replay(
      (c) => teltonikaSession(c, sink, silentLog, commands),
      [encodeTeltonikaImei(DEV), encodeCodec12('DOUT1:1 Timeout:INFINITY', CODEC12_RESPONSE)],
    );
    expect(conn.writes).toEqual([Buffer.from([1])]);
    expect(replies).toEqual([{ text: 'DOUT1:1 Timeout:INFINITY' }]);
    expect(sink.records).toMatchObject([
      { deviceId: DEV, hasLocation: false, attributes: { result: 'DOUT1:1 Timeout:INFINITY' } },
    ]);
  });

  it('stores Codec 13 text without ack or reply; a failing store still tells the dispatcher', async () => {
    const sink = new FakeSink();
    const { commands, replies } = channel();
    const conn = await replay(
      (c) => teltonikaSession(c, sink, silentLog, commands),
      [encodeTeltonikaImei(DEV), encodeCodec13('serial data', NOW - 1000)],
    );
    expect(conn.writes).toHaveLength(1);
    expect(replies).toEqual([]);
    expect(sink.records[0].fixTime).toBe(NOW - 1000);

    const failing = new FakeSink();
    failing.failing = true;
    const c2 = await replay(
      (c) => teltonikaSession(c, failing, silentLog, commands),
      [encodeTeltonikaImei(DEV), encodeCodec12('DOUT1:0', CODEC12_RESPONSE)],
    );
    expect(c2.closed).toBe(false);
    expect(c2.writes).toHaveLength(1);
    expect(replies).toEqual([{ text: 'DOUT1:0' }]);
  });

  it('acknowledges a Codec 7 packet with its record count after commit', async () => {
    const sink = new FakeSink();
    const conn = await replay(
      (c) => teltonikaSession(c, sink, silentLog),
      [encodeTeltonikaImei(DEV), frame(31)],
    );
    expect(conn.writes).toEqual([Buffer.from([1]), Buffer.from([0, 0, 0, 4])]);
    expect(sink.records).toHaveLength(4);
  });
});
