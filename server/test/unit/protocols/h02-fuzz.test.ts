// Bad input never crashes the H02 gateway (issue 9): arbitrary bytes, generated text messages and
// damaged corpus samples give one of the decoder's typed results, never an exception; the framer
// decides within H02_MAX_FRAME bytes and never claims more than it was given; a count field
// larger than the fields really there is refused without looping over it; and a session replayed
// over the real frame pump keeps storing what follows garbage.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { h02Session } from '../../../src/ingest/h02-session';
import { silentLog } from '../../../src/ingest/log';
import { decodeH02, h02FrameLength, H02_MAX_FRAME } from '../../../src/ingest/protocols/h02';
import {
  encodeH02Answer,
  encodeH02Binary,
  encodeH02Heartbeat,
  encodeH02Position,
} from '../../../src/ingest/protocols/h02-encode';
import { h02StatusWord } from '../../../src/ingest/protocols/h02-status';
import type { DeviceRecord } from '../../../src/ingest/types';
import { FakeSink, replay } from '../gateways/fakes';
import { applyMutation, chunked, mutation, type LengthFields } from './fuzz-frames';
import { bytesOf, loadSamples } from './samples';

const DEVICE = '4106000826';
const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);
const RUNS = { numRuns: 600 };
const KINDS = ['records', 'ignored', 'malformed'];

const fix = {
  time: NOW - 30_000,
  lat: -29.8587,
  lon: 31.0218,
  speed: 96,
  course: 214,
  valid: true,
};
const status = h02StatusWord({ ignition: true, sos: true });
const SEEDS: Buffer[] = [
  ...loadSamples('h02').map(bytesOf),
  encodeH02Position(DEVICE, fix, status),
  encodeH02Binary(DEVICE, fix, status, 3),
  encodeH02Answer(DEVICE, 'S20,DONE,115930', fix, status),
  encodeH02Heartbeat(DEVICE, 70),
];
const GOOD = encodeH02Position(DEVICE, fix, status);
const LATER = { ...fix, time: fix.time + 10_000 };
/** The message after the good one: a binary record cut short is told from a whole one only by
 * what follows it, so the first message after it may be lost; the next one must not be. */
const NEXT = encodeH02Position(DEVICE, LATER, status);

/** No H02 message has a binary length field: the "length" mutations patch the id and time. */
const h02Fields: LengthFields = () => [
  { at: 1, width: 4 },
  { at: 6, width: 2 },
];

function sane(r: DeviceRecord): void {
  expect(r.protocol).toBe('h02');
  expect(r.deviceId).toMatch(/^\d{1,20}$/);
  expect(Number.isFinite(r.fixTime)).toBe(true);
  expect(r.speed >= 0 && Number.isFinite(r.speed)).toBe(true);
  expect(r.course >= 0 && r.course < 360).toBe(true);
  if (r.hasLocation) {
    expect(Math.abs(r.lat)).toBeLessThanOrEqual(90);
    expect(Math.abs(r.lon)).toBeLessThanOrEqual(180);
  }
}

/** What the framer and the decoder say about `buf[off..end)`; throws only if one of them does. */
function check(buf: Buffer, off = 0, end = buf.length): void {
  const n = h02FrameLength(buf, off, end);
  expect(Number.isInteger(n)).toBe(true);
  expect(Math.abs(n)).toBeLessThanOrEqual(end - off);
  expect(n).toBeLessThanOrEqual(H02_MAX_FRAME);
  const spans = [end - off, ...(n > 0 ? [n] : [])];
  for (const len of spans) {
    for (const deviceId of [DEVICE, null]) {
      const r = decodeH02(buf, off, len, { deviceId, now: NOW, previous: () => status });
      expect(KINDS).toContain(r.kind);
      if (r.kind === 'records') {
        expect(r.records).toHaveLength(1);
        r.records.forEach(sane);
        if (r.reply) expect(r.reply.length).toBeLessThan(64);
      }
    }
  }
}

const bytes = fc.uint8Array({ maxLength: 600 }).map((a) => Buffer.from(a));
const WEIRD = [
  '',
  '-',
  '.',
  '#',
  '*',
  '$',
  'X',
  '0',
  '-0',
  'NaN',
  '1e308',
  '9'.repeat(40),
  '4294967295',
  'FFFFFFFF',
  '00000000',
  '2212.8745',
  '-23-29.0095',
  '37573392',
  'N',
  'S',
  'E',
  'W',
  'A',
  'V',
  '130305',
  '999999',
  '\u0000',
  'Y',
  'Y,Y',
];
const TYPES = [
  'V1',
  'V4',
  'V19',
  'VI1',
  'VP1',
  'V3',
  'NBR',
  'LINK',
  'HTBT',
  'V0',
  'SMS',
  'ALRM',
  'XT',
];
const field = fc.oneof(
  { arbitrary: fc.constantFrom(...WEIRD), weight: 4 },
  fc.integer().map(String),
  fc.double().map(String),
  fc.string({ maxLength: 12 }),
);
const textMessage = fc
  .tuple(
    fc.constantFrom('HQ', 'TH', 'hq'),
    fc.constantFrom('', DEVICE, '353505220873067', '12a'),
    fc.constantFrom(...TYPES),
    fc.array(field, { maxLength: 30 }),
  )
  .map(([maker, id, type, fields]) =>
    Buffer.from(`*${[maker, id, type, ...fields].join(',')}#`, 'latin1'),
  );

describe('H02 decoder fuzzing', () => {
  it('arbitrary bytes give a typed result, never an exception', () => {
    fc.assert(
      fc.property(bytes, fc.nat(), (b, at) => {
        check(b);
        if (b.length) check(b, at % b.length);
      }),
      RUNS,
    );
  });

  it('generated text messages of every type, with weird fields', () => {
    fc.assert(
      fc.property(textMessage, (b) => check(b)),
      { numRuns: 3000 },
    );
  });

  it('corpus and encoded messages with bit flips, truncation, splices and patches', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SEEDS), mutation, (seed, m) => {
        check(applyMutation(seed, m, h02Fields));
      }),
      { numRuns: 3000 },
    );
  });

  it('never needs more than a maximal message of bytes to decide', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('*HQ,1,V1,', '$', 'X', '*', ''),
        fc.uint8Array({ maxLength: 16 }),
        fc.nat({ max: 255 }),
        (head, more, fill) => {
          const b = Buffer.concat([
            Buffer.from(head),
            Buffer.from(more),
            Buffer.alloc(H02_MAX_FRAME, fill),
          ]);
          expect(h02FrameLength(b, 0, b.length)).not.toBe(0);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('count fields claiming more than the message holds', () => {
  it('a V3 cell count larger than its cells is malformed at once, allocating nothing', () => {
    const lying = ['99', '4294967295', '9'.repeat(300)].map((count) =>
      Buffer.from(
        `*HQ,353111080001055,V3,044855,28403,${count},001450,011473,158,-62,0292,0,X,030817,FFFFFBFF#`,
      ),
    );
    const before = process.memoryUsage();
    const started = performance.now();
    for (let i = 0; i < 5000; i++) {
      for (const b of lying)
        expect(decodeH02(b, 0, b.length, { deviceId: null, now: NOW }).kind).toBe('malformed');
    }
    expect(performance.now() - started).toBeLessThan(3000);
    expect(process.memoryUsage().arrayBuffers - before.arrayBuffers).toBeLessThan(4 * 1024 * 1024);
  });

  it('a maximal message of commas decodes quickly', () => {
    const b = Buffer.from(`*HQ,1,V1,${','.repeat(H02_MAX_FRAME - 11)}#`);
    expect(h02FrameLength(b, 0, b.length)).toBe(b.length);
    const started = performance.now();
    for (let i = 0; i < 200; i++) decodeH02(b, 0, b.length, { deviceId: null, now: NOW });
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('H02 session fuzzing', () => {
  it('keeps storing what follows garbage, whatever the chunking', async () => {
    await fc.assert(
      fc.asyncProperty(
        bytes,
        fc.constantFrom(...SEEDS),
        mutation,
        fc.array(fc.nat(), { maxLength: 6 }),
        async (junk, seed, m, cuts) => {
          const sink = new FakeSink();
          // Garbage, a damaged message (a text one ends its line), then good ones.
          const stream = Buffer.concat([
            junk,
            applyMutation(seed, m, h02Fields),
            txt(seed[0] === 0x2a ? '\r\n' : ''),
            GOOD,
            NEXT,
          ]);
          const conn = await replay((c) => h02Session(c, sink, silentLog), chunked(stream, cuts));
          expect(conn.closed).toBe(false);
          const last = sink.records[sink.records.length - 1];
          expect(last?.deviceId).toBe(DEVICE);
          expect(last?.fixTime).toBe(LATER.time);
          sink.records.forEach(sane);
        },
      ),
      { numRuns: 300 },
    );
  });
});

function txt(s: string): Buffer {
  return Buffer.from(s, 'latin1');
}
