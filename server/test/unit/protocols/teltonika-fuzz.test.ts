// Bad input never crashes the Teltonika Codec 7/12/13 decoders, the UDP decoder or the UDP handler:
// random bytes, damaged valid frames and datagrams, and sizes, counts and lengths claiming more than
// the bytes there give a typed result, never an exception, and nothing is allocated on their word.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetClock, setClock } from '../../../src/clock';
import { silentLog } from '../../../src/ingest/log';
import type { DeviceRecord } from '../../../src/ingest/types';
import { teltonikaSession } from '../../../src/ingest/teltonika-session';
import { teltonikaUdpHandler } from '../../../src/ingest/teltonika-udp-session';
import {
  decodeTeltonikaData,
  decodeTeltonikaFrame,
  type TeltonikaData,
} from '../../../src/ingest/protocols/teltonika';
import {
  CODEC12_RESPONSE,
  encodeCodec12,
  encodeCodec13,
} from '../../../src/ingest/protocols/teltonika-command';
import {
  CODEC_8,
  CODEC_8E,
  CODEC_16,
  encodeTeltonikaAvlData,
} from '../../../src/ingest/protocols/teltonika-encode';
import {
  decodeTeltonikaUdp,
  decodeTeltonikaUdpAck,
  encodeTeltonikaUdp,
} from '../../../src/ingest/protocols/teltonika-udp';
import { FakeSink, expectAcksCommitted, replay } from '../gateways/fakes';
import {
  applyMutation,
  chunked,
  DEVICE,
  fixTeltonikaCrc,
  HUGE,
  mutation,
  NOW,
  TELTONIKA_HELLO,
  teltonikaLengthFields,
  type LengthFields,
} from './fuzz-frames';
import { bytesOf, loadSamples } from './samples';

const RUNS = { numRuns: 600 };
const FRAME_STATUSES = ['ok', 'serial', 'ignored', 'bad-crc', 'malformed', 'unsupported'];
/** The smallest record of any codec: a GH3000 record's time and mask; a Codec 12/13 head. */
const MIN_RECORD = 5;
const bytes = fc.uint8Array({ maxLength: 600 }).map((a) => Buffer.from(a));
const corpus = loadSamples('teltonika').map(bytesOf);

/** Whole TCP frames of Codec 7, 12 and 13: the corpus's valid ones and encoded ones. */
const FRAME_SEEDS: Buffer[] = [
  ...corpus.filter(
    (b) => b.length > 12 && [7, 0x0c, 0x0d].includes(b[8]) && decode(b).status === 'serial',
  ),
  ...corpus.filter((b) => b.length > 12 && b[8] === 7 && decode(b).status === 'ok'),
  encodeCodec12('DOUT1:1 Timeout:INFINITY', CODEC12_RESPONSE),
  encodeCodec13('GTSL|6|1|0|12749884|1|\r\n', NOW),
  encodeCodec13('\x00\x01binary', NOW),
];

/** Datagrams: the corpus's and one per codec. */
const dataField = (f: Buffer) => f.subarray(8, f.length - 4);
const rec = (i: number) => ({
  time: NOW - 60_000 + i * 1000,
  lat: -26.2,
  lon: 28.04,
  course: 90,
  speed: 40 + i,
  satellites: 9,
  io: [{ id: 239, value: 1, size: 1 as const }],
});
const UDP_SEEDS: Buffer[] = [
  corpus[51],
  ...[CODEC_8, CODEC_8E, CODEC_16].map((c) =>
    encodeTeltonikaUdp(DEVICE, 7, 8, encodeTeltonikaAvlData([rec(0), rec(1)], c)),
  ),
  ...FRAME_SEEDS.map((f, i) => encodeTeltonikaUdp(DEVICE, i, i, dataField(f))),
];

/** Codec 12/13's message size, besides the fields every TCP frame has. */
const frameLengthFields: LengthFields = (f) => [
  ...teltonikaLengthFields(f),
  { at: 8 + 3, width: 4 },
];
const udpLengthFields: LengthFields = (f) => [
  { at: 0, width: 2 }, // the datagram's length
  { at: 6, width: 2 }, // the IMEI's
  { at: 23 + 1, width: 1 }, // the record count, with a 15-digit IMEI
  { at: f.length - 1, width: 1 }, // the repeated count
  { at: 23 + 3, width: 4 }, // a Codec 12/13 message size
];

function decode(b: Buffer) {
  return decodeTeltonikaFrame(b, 0, b.length, DEVICE, NOW);
}

function checkRecord(r: DeviceRecord, deviceId: string): void {
  expect(r.deviceId).toBe(deviceId);
  expect(r.protocol).toBe('teltonika');
  for (const k of ['fixTime', 'lat', 'lon', 'speed', 'course'] as const) {
    expect(Number.isFinite(r[k]), `${k} = ${r[k]}`).toBe(true);
  }
  if (r.hasLocation) {
    expect(Math.abs(r.lat)).toBeLessThanOrEqual(90);
    expect(Math.abs(r.lon)).toBeLessThanOrEqual(180);
  }
  for (const v of Object.values(r.attributes)) {
    expect(['number', 'string', 'boolean']).toContain(typeof v);
  }
}

function checkData(d: TeltonikaData, len: number, deviceId: string): void {
  expect(FRAME_STATUSES).toContain(d.status);
  if (d.status === 'ok' || d.status === 'serial') {
    expect(d.records.length * MIN_RECORD).toBeLessThanOrEqual(len);
    if (d.status === 'ok') expect(d.records).toHaveLength(d.count);
    d.records.forEach((r) => checkRecord(r, deviceId));
  }
}

/** What the TCP frame decoder and the data-field decoder say about `buf[off..end)`. */
function checkFrame(buf: Buffer, off = 0, end = buf.length): void {
  const r = decodeTeltonikaFrame(buf, off, end - off, DEVICE, NOW);
  if (r.status !== 'bad-crc') checkData(r, end - off, DEVICE);
  checkData(decodeTeltonikaData(buf, off, end, DEVICE, NOW), end - off, DEVICE);
}

function checkUdp(buf: Buffer, off = 0, end = buf.length): void {
  const r = decodeTeltonikaUdp(buf, off, end - off, NOW);
  if (r.kind === 'malformed') return;
  expect(r.kind).toBe('packet');
  expect(r.imei).toMatch(/^\d{1,32}$/);
  expect(r.dataStart).toBeGreaterThanOrEqual(off + 9);
  expect(r.dataEnd).toBe(end);
  checkData(r.data, end - off, r.imei);
}

beforeAll(() => setClock({ start: NOW, rate: 0 }));
afterAll(() => resetClock());

describe('Teltonika Codec 7/12/13 decoder fuzzing', () => {
  it('has seeds of every codec', () => {
    expect(new Set(FRAME_SEEDS.map((b) => b[8]))).toEqual(new Set([7, 0x0c, 0x0d]));
  });

  it('arbitrary bytes give a typed result, never an exception', () => {
    fc.assert(
      fc.property(bytes, fc.nat(), (b, at) => {
        checkFrame(b);
        if (b.length) checkFrame(b, at % b.length);
      }),
      RUNS,
    );
  });

  it('arbitrary bytes behind a valid preamble, length and CRC reach the parsers safely', () => {
    fc.assert(
      fc.property(bytes, fc.constantFrom(7, 0x0c, 0x0d), fc.nat({ max: 255 }), (b, codec, n) => {
        const data = Buffer.concat([Buffer.from([codec, n]), b, Buffer.from([n])]);
        const frame = Buffer.alloc(data.length + 12);
        frame.writeUInt32BE(data.length, 4);
        data.copy(frame, 8);
        checkFrame(fixTeltonikaCrc(frame));
      }),
      RUNS,
    );
  });

  it('valid frames with bit flips, truncation, splices and patched sizes, CRC kept or fixed', () => {
    fc.assert(
      fc.property(fc.constantFrom(...FRAME_SEEDS), mutation, fc.boolean(), (seed, m, fix) => {
        const b = applyMutation(seed, m, frameLengthFields);
        checkFrame(fix ? fixTeltonikaCrc(b) : b);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('Teltonika UDP decoder fuzzing', () => {
  it('arbitrary bytes give a typed result, never an exception', () => {
    fc.assert(
      fc.property(bytes, fc.nat(), (b, at) => {
        checkUdp(b);
        if (b.length) checkUdp(b, at % b.length);
        expect(() => decodeTeltonikaUdpAck(b)).not.toThrow();
      }),
      RUNS,
    );
  });

  it('valid datagrams with bit flips, truncation, splices and patched lengths', () => {
    fc.assert(
      fc.property(fc.constantFrom(...UDP_SEEDS), mutation, (seed, m) => {
        checkUdp(applyMutation(seed, m, udpLengthFields));
      }),
      { numRuns: 2000 },
    );
  });

  it('lengths, sizes and counts claiming more than the bytes are refused fast, allocating nothing', () => {
    const lying: Buffer[] = [];
    for (const v of HUGE) {
      const c12 = Buffer.from(FRAME_SEEDS[0]);
      c12.writeUInt32BE(v >>> 0, 8 + 3);
      lying.push(fixTeltonikaCrc(c12));
      // The Codec 8 datagram's lengths and counts, and the Codec 13 datagram's message size.
      const fields: [Buffer, { at: number; width: 1 | 2 | 4 }][] = [
        ...udpLengthFields(UDP_SEEDS[0])
          .slice(0, 4)
          .map((f): [Buffer, typeof f] => [UDP_SEEDS[0], f]),
        [UDP_SEEDS[4], udpLengthFields(UDP_SEEDS[4])[4]],
      ];
      for (const [seed, f] of fields) {
        const d = Buffer.from(seed);
        d.writeUIntBE(v % 2 ** (8 * f.width), f.at, f.width);
        if (!d.equals(seed)) lying.push(d); // 0x10001 leaves a 1-byte count as it was
      }
    }
    const gh = Buffer.from(corpus[31]);
    gh[9] = 255;
    gh[gh.length - 5] = 255;
    lying.push(fixTeltonikaCrc(gh));
    const before = process.memoryUsage();
    const started = performance.now();
    const accepted: number[] = [];
    for (let i = 0; i < 2000; i++) {
      lying.forEach((b, k) => {
        const tcp = decode(b).status;
        const udp = decodeTeltonikaUdp(b, 0, b.length, NOW);
        const udpStatus = udp.kind === 'packet' ? udp.data.status : udp.kind;
        if (['ok', 'serial'].includes(tcp) || ['ok', 'serial'].includes(udpStatus))
          accepted.push(k);
      });
    }
    const after = process.memoryUsage();
    expect(accepted).toEqual([]);
    expect(performance.now() - started).toBeLessThan(3000);
    expect(after.arrayBuffers - before.arrayBuffers).toBeLessThan(4 * 1024 * 1024);
  });
});

describe('Teltonika handlers fed damaged input', () => {
  const datagram = fc.oneof(
    fc.constantFrom(...UDP_SEEDS),
    fc
      .tuple(fc.constantFrom(...UDP_SEEDS), mutation)
      .map(([s, m]) => applyMutation(s, m, udpLengthFields)),
    bytes,
  );

  it('UDP: answers only stored batches of acknowledged codecs, with their count; never throws', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(datagram, { maxLength: 8 }), async (ds) => {
        const sink = new FakeSink();
        const handler = teltonikaUdpHandler(sink, silentLog);
        const replies: Buffer[] = [];
        for (const d of ds) {
          const verdict = await handler(d, { address: '10.0.0.1', port: 1 }, (b) =>
            replies.push(b),
          );
          expect(typeof verdict).toBe('boolean');
        }
        const acked = sink.batches.filter((b) => b[0].attributes.priority !== undefined);
        expect(replies.map((r) => decodeTeltonikaUdpAck(r)?.count)).toEqual(
          acked.map((b) => b.length),
        );
        for (const r of sink.records)
          expect(sink.identified.map((i) => i.deviceId)).toContain(r.deviceId);
      }),
      { numRuns: 300 },
    );
  });

  it('TCP: acknowledges exactly the committed batches of acknowledged codecs', async () => {
    const frame = fc.oneof(
      fc.constantFrom(...FRAME_SEEDS),
      fc.tuple(fc.constantFrom(...FRAME_SEEDS), mutation, fc.boolean()).map(([s, m, fix]) => {
        const b = applyMutation(s, m, frameLengthFields);
        return fix ? fixTeltonikaCrc(b) : b;
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(frame, { maxLength: 6 }), fc.array(fc.nat()), async (fs, cuts) => {
        const sink = new FakeSink();
        const conn = await replay(
          (c) => teltonikaSession(c, sink, silentLog),
          [TELTONIKA_HELLO, ...chunked(Buffer.concat(fs), cuts)],
        );
        expect(conn.writes[0]).toEqual(Buffer.from([1]));
        const acks = conn.writes.filter((w) => w.length === 4).map((w) => w.readUInt32BE(0));
        // Codec 8/8E/16 records (they carry a priority) are acknowledged, each once after its
        // commit; Codec 12/13 messages are stored unacknowledged.
        const acked = sink.batches.map((b) => b.filter((r) => r.attributes.priority !== undefined));
        const positive = acks.filter((n) => n > 0);
        expectAcksCommitted(positive, acked);
        expect(positive.reduce((a, b) => a + b, 0)).toBe(acked.flat().length);
      }),
      { numRuns: 300 },
    );
  });
});
