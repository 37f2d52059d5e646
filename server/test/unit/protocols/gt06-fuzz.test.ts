// The GT06 packet families (cells and Wi-Fi, information, command answers, modules, status items,
// dash cameras, model variants, frames without CRC) against bad input: arbitrary contents behind a
// valid header and CRC, damaged corpus frames of every type, and inner length and count fields
// claiming more than the frame holds. A decoder gives a typed result, never throws, never loops
// or allocates by a declared length, and the framer decides within a bounded number of bytes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gt06Session } from '../../../src/ingest/gt06-session';
import { silentLog } from '../../../src/ingest/log';
import {
  decodeGt06,
  encodeGt06Frame,
  gt06FrameLength,
  type Gt06Result,
} from '../../../src/ingest/protocols/gt06';
import { wifiFrameLength } from '../../../src/ingest/protocols/gt06-lbs';
import { FakeSink, replay } from '../gateways/fakes';
import {
  applyMutation,
  chunked,
  DEVICE,
  fixGt06Crc,
  GT06_HELLO,
  gt06LengthFields,
  gt06Seeds,
  HUGE,
  mutation,
  NOW,
  type LengthFields,
} from './fuzz-frames';
import { bytesOf, loadSamples } from './samples';

const KINDS = ['bad-crc', 'login', 'data', 'ignored', 'malformed'];
/** The largest answer: the 0x97 "no address" long frame (27 bytes). */
const MAX_REPLY = 27;
/** The longest Wi-Fi frame without CRC: 255 access points and 255 cells. */
const MAX_WIFI = 4 + 6 + 255 * 7 + 4 + 255 * 5 + 2;

/** Every type the gateway decodes or answers, and the lengths that select a model variant. */
const TYPES = [
  0x10, 0x11, 0x12, 0x13, 0x15, 0x16, 0x17, 0x18, 0x19, 0x1a, 0x1e, 0x21, 0x22, 0x23, 0x24, 0x25,
  0x26, 0x27, 0x28, 0x2a, 0x2c, 0x2d, 0x2e, 0x31, 0x32, 0x33, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39,
  0x61, 0x69, 0x70, 0x8a, 0x8c, 0x94, 0x95, 0x9b, 0xa0, 0xa1, 0xa2, 0xa3, 0xa4, 0xa5, 0xa7, 0xa9,
  0xf1, 0xf2, 0xf3,
];
const VARIANT_LENGTHS = [0x0c, 0x13, 0x15, 0x18, 0x21, 0x24, 0x26, 0x27, 0x28, 0x29, 0x2a, 0x2b];
const MODELS = [null, 'LW', 'SEEWORLD', 'R11', 'NT20', 'VL103', 'QH302R'];

/** The corpus frames of every family, including the forms without CRC. */
const SEEDS = gt06Seeds();
const FAMILY_SEEDS = loadSamples('gt06')
  .map(bytesOf)
  .filter((b) => b.length >= 10 && gt06FrameLength(b, 0, b.length) === b.length)
  .filter((b) => decodeGt06(b, 0, b.length, DEVICE, NOW).kind === 'data');

function checkResult(r: Gt06Result, len: number): void {
  expect(KINDS).toContain(r.kind);
  if (r.kind === 'data') {
    expect(r.records.length).toBeGreaterThan(0);
    expect(r.reply.length).toBeLessThanOrEqual(MAX_REPLY);
    for (const rec of r.records) {
      expect(rec.deviceId).toBe(DEVICE);
      expect(Number.isFinite(rec.fixTime)).toBe(true);
      expect(Number.isFinite(rec.lat) && Number.isFinite(rec.lon)).toBe(true);
      // Nothing decoded from a frame is bigger than the frame.
      for (const v of Object.values(rec.attributes)) {
        if (typeof v === 'string') expect(v.length).toBeLessThanOrEqual(8 * len);
      }
    }
  }
  if (r.kind === 'ignored' && r.reply) expect(r.reply.length).toBeLessThanOrEqual(MAX_REPLY);
}

/** Framer and decoder on `buf[off..end)`, with and without a model; throws only if they do. */
function check(buf: Buffer, model: string | null = null, off = 0, end = buf.length): void {
  const n = gt06FrameLength(buf, off, end);
  expect(Number.isInteger(n) && Math.abs(n) <= end - off).toBe(true);
  for (const len of [end - off, ...(n > 0 ? [n] : [])]) {
    checkResult(decodeGt06(buf, off, len, DEVICE, NOW, { model, tzMinutes: 120 }), len);
  }
}

/** Inner length and count fields of the new families, by offset in the frame. */
const innerLengths: LengthFields = (f) => {
  const long = f[0] === 0x79;
  const c = long ? 5 : 4; // first content byte
  return [
    ...gt06LengthFields(f),
    { at: 2, width: 1 }, // a Wi-Fi packet's access point count
    { at: c, width: 1 }, // 0x15 command length, 0xF3 AP count, 0x94 sub-type
    { at: c + 4, width: 2 }, // first 0x70 module length, 0xF1/0xF2 first item
    { at: c + 6, width: 1 }, // 0x24 / 0xA9 cell count, a Wi-Fi cell count
    { at: c + 10, width: 1 },
    { at: c + 6 + 1 + 42 + 1, width: 1 }, // the AP count after seven cells (0x2C, 0xA2)
    { at: c + 18, width: 2 }, // AZ735 cell length and counts
    { at: f.length - 8, width: 1 }, // a trailing count (0x25 driver tag length)
  ];
};

describe('GT06 packet families: arbitrary contents', () => {
  it('any content behind a valid header and CRC, for every type, length and model', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...TYPES),
        fc.oneof(fc.constant(-1), fc.constantFrom(...VARIANT_LENGTHS)),
        fc.uint8Array({ maxLength: 300 }),
        fc.boolean(),
        fc.constantFrom(...MODELS),
        (type, variantLength, bytes, long, model) => {
          const content = Buffer.from(bytes);
          const sized =
            variantLength > 0 && !long
              ? Buffer.concat([content, Buffer.alloc(variantLength)]).subarray(0, variantLength - 5)
              : content;
          check(encodeGt06Frame(type, 1, sized, long), model);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('Wi-Fi frames without CRC: the framer decides within one maximal Wi-Fi frame', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(0x17, 0x69),
        fc.nat({ max: 255 }),
        fc.uint8Array({ maxLength: 64 }),
        fc.nat({ max: 255 }),
        (type, count, head, fill) => {
          const time = Buffer.from('261015120000', 'hex');
          const b = Buffer.concat([
            Buffer.from([0x78, 0x78, count, type]),
            time,
            Buffer.from(head),
            Buffer.alloc(MAX_WIFI, fill),
          ]);
          const n = gt06FrameLength(b, 0, b.length);
          expect(n).not.toBe(0);
          expect(wifiFrameLength(b, 0, b.length)).toBeLessThanOrEqual(MAX_WIFI);
          check(b, null, 0, Math.min(b.length, Math.max(10, Math.abs(n))));
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('GT06 packet families: damaged corpus frames', () => {
  it('bit flips, truncation, splices and patched inner lengths, CRC kept or fixed', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...FAMILY_SEEDS),
        mutation,
        fc.boolean(),
        fc.constantFrom(...MODELS),
        (seed, m, fixCrc, model) => {
          const b = applyMutation(seed, m, innerLengths);
          check(fixCrc ? fixGt06Crc(b) : b, model);
        },
      ),
      { numRuns: 4000 },
    );
  });

  it('inner lengths and counts claiming gigabytes: a typed result at once, nothing allocated', () => {
    const lying: Buffer[] = [];
    for (const seed of FAMILY_SEEDS) {
      for (const f of innerLengths(seed)) {
        for (const v of [0xff, 0xffff, ...HUGE.slice(0, 3)]) {
          const b = applyMutation(
            seed,
            { kind: 'patch', at: f.at, width: f.width, value: v },
            innerLengths,
          );
          lying.push(fixGt06Crc(b));
        }
      }
    }
    for (const b of lying) check(b);
    // Decoding alone: about 11,000 lying frames, five times over.
    const before = process.memoryUsage().arrayBuffers;
    const started = performance.now();
    for (let i = 0; i < 5; i++) {
      for (const b of lying) decodeGt06(b, 0, b.length, DEVICE, NOW);
    }
    expect(performance.now() - started).toBeLessThan(3000);
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(8 * 1024 * 1024);
  });
});

describe('GT06 sessions fed damaged frames of every family', () => {
  it('stores only for the logged-in device and writes only frames or Wi-Fi echoes', async () => {
    const frame = fc.oneof(
      fc.constantFrom(...SEEDS),
      fc.tuple(fc.constantFrom(...SEEDS), mutation, fc.boolean()).map(([s, m, fix]) => {
        const b = applyMutation(s, m, innerLengths);
        return fix ? fixGt06Crc(b) : b;
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(frame, { maxLength: 6 }), fc.array(fc.nat()), async (fs, cuts) => {
        const sink = new FakeSink();
        sink.known = new Set([DEVICE]);
        const conn = await replay(
          (c) => gt06Session(c, sink, silentLog),
          [GT06_HELLO, ...chunked(Buffer.concat(fs), cuts)],
        );
        for (const r of sink.records) expect(r.deviceId).toBe(DEVICE);
        for (const w of conn.writes) {
          const wifiEcho = w.length === 12 && w[2] === 0 && (w[3] === 0x17 || w[3] === 0x69);
          if (!wifiEcho) expect(gt06FrameLength(w, 0, w.length)).toBe(w.length);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('answers no data packet of any family while the store fails', async () => {
    const sink = new FakeSink();
    sink.failing = true;
    for (const seed of FAMILY_SEEDS) {
      const conn = await replay((c) => gt06Session(c, sink, silentLog), [GT06_HELLO, seed]);
      expect(conn.writes, seed.toString('hex')).toHaveLength(1);
    }
    expect(sink.records).toHaveLength(0);
  });
});
