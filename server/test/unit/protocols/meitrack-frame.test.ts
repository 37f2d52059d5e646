// The framing's byte-level paths against what they replace: the claimed checksum read as a number
// (it was upper-cased text compared with meitrackChecksum's), a frame written straight into its
// buffer (it was three Buffer.from and a concat), and a connection's known id reused as the
// frame's id only when the bytes spell it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  encodeMeitrackFrame,
  meitrackChecksum,
  meitrackClaimedChecksum,
  splitMeitrackFrame,
} from '../../../src/ingest/protocols/meitrack';
import {
  encodeMeitrackAaa,
  encodeMeitrackCce,
  MEITRACK_SA_CELL,
  type MeitrackFix,
} from '../../../src/ingest/protocols/meitrack-encode';

const IMEI = '353358017784062';

/** encodeMeitrackFrame as it was written first. */
function reference(lead: string, flag: string, id: string, content: string | Buffer): Buffer {
  const body = typeof content === 'string' ? Buffer.from(content, 'latin1') : content;
  const length = 1 + id.length + 1 + body.length + 1 + 2 + 2;
  const head = Buffer.from(`${lead}${flag}${length},${id},`, 'latin1');
  const frame = Buffer.concat([head, body, Buffer.from('*00\r\n', 'latin1')]);
  const star = frame.length - 5;
  frame.write(meitrackChecksum(frame, 0, star + 1), star + 1, 'latin1');
  return frame;
}

const fix: MeitrackFix = {
  time: Date.UTC(2026, 10, 21, 12, 0, 0),
  lat: -26.2,
  lon: 28.04,
  speed: 40,
  course: 90,
  altitude: 1500,
  satellites: 9,
  valid: true,
  event: 35,
  cell: MEITRACK_SA_CELL,
};
/** Whole messages, text and binary, with a right checksum. */
const SEEDS = [
  encodeMeitrackAaa(IMEI, fix, 'A'),
  encodeMeitrackCce(IMEI, [fix, { ...fix, event: 1 }], 'z', 3, 7),
  encodeMeitrackFrame('$$', 'B', IMEI, 'C01,OK'),
];

/** A claimed checksum byte: `how` it relates to the right one (`right`), or a byte of its own. */
function claimed(how: string | number, right: number): number {
  switch (how) {
    case 'right':
      return right;
    case 'swapped':
      return right >= 0x41 ? right ^ 0x20 : right;
    case 'next':
      return right + 1;
    case 'previous':
      return right - 1;
    default:
      return Number(how);
  }
}

describe('meitrack framing fast paths', () => {
  it('meitrackClaimedChecksum reads every byte pair as the upper-cased text compare did', () => {
    // Exhaustive: the old compare, upper-cased latin1 text equal to meitrackChecksum's two upper-case
    // hex digits, holds for a sum exactly when the text is such a pair worth that sum.
    const pair = Buffer.alloc(2);
    for (let high = 0; high < 256; high++) {
      for (let low = 0; low < 256; low++) {
        pair[0] = high;
        pair[1] = low;
        const text = pair.toString('latin1').toUpperCase();
        const expected = /^[0-9A-F]{2}$/.test(text) ? parseInt(text, 16) : -1;
        if (meitrackClaimedChecksum(pair, 0) !== expected) {
          expect(meitrackClaimedChecksum(pair, 0), text).toBe(expected);
        }
      }
    }
  });

  it('checksumOk is the claimed characters, upper-cased, equal to meitrackChecksum', () => {
    // Each claimed byte: the right digit, in the other case, next to it, past a hex digit range's
    // edge, or any; the sums vary with the content of a command answer.
    const EDGES = [
      0x2f, 0x30, 0x39, 0x3a, 0x40, 0x41, 0x46, 0x47, 0x60, 0x61, 0x66, 0x67, 0xc1, 0xe6,
    ];
    const claim = fc.oneof(
      fc.constantFrom('right', 'swapped', 'next', 'previous'),
      fc.constantFrom(...EDGES),
      fc.nat({ max: 255 }),
    );
    const seed = fc.oneof(
      fc.constantFrom(...SEEDS),
      fc.nat().map((n) => encodeMeitrackFrame('$$', 'B', IMEI, `C01,${n}`)),
    );
    fc.assert(
      fc.property(seed, claim, claim, (frame, high, low) => {
        const b = Buffer.from(frame);
        const star = b.length - 5;
        const sum = Buffer.from(meitrackChecksum(b, 0, star + 1), 'latin1');
        b[star + 1] = claimed(high, sum[0]);
        b[star + 2] = claimed(low, sum[1]);
        const f = splitMeitrackFrame(b, 0, b.length);
        if (typeof f === 'string') throw new Error(f);
        const text = b.toString('latin1', star + 1, star + 3).toUpperCase();
        expect(f.checksumOk).toBe(text === meitrackChecksum(b, 0, star + 1));
      }),
      { numRuns: 5000 },
    );
  });

  it('encodeMeitrackFrame writes the bytes the Buffer.concat version wrote', () => {
    const chars = fc.string({
      unit: fc.constantFrom(...'0123456789AZaz,*$@|.\u00ff\u0100\u20ac'),
      maxLength: 40,
    });
    const unicode = fc.string({ unit: 'binary', maxLength: 40 });
    fc.assert(
      fc.property(
        fc.constantFrom('$$', '@@'),
        fc.oneof(fc.string({ minLength: 1, maxLength: 2 }), fc.constantFrom('A', 'z')),
        fc.oneof(chars, fc.constant(IMEI)),
        fc.oneof(
          chars,
          unicode,
          fc.uint8Array({ maxLength: 200 }).map((a) => Buffer.from(a)),
        ),
        (lead, flag, id, content) => {
          expect(encodeMeitrackFrame(lead, flag, id, content)).toEqual(
            reference(lead, flag, id, content),
          );
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('a known id is the frame id only when the bytes spell it', () => {
    const ids = fc.oneof(
      fc.constantFrom(IMEI, '353358017784061', '35335801778406', '3533580177840620', ''),
      fc.string({ unit: fc.constantFrom(...'0123456789\u0133'), maxLength: 20 }),
    );
    fc.assert(
      fc.property(fc.constantFrom(...SEEDS), ids, (seed, known) => {
        const plain = splitMeitrackFrame(seed, 0, seed.length);
        const hinted = splitMeitrackFrame(seed, 0, seed.length, known);
        expect(hinted).toEqual(plain);
        if (typeof hinted !== 'string' && known === IMEI) expect(hinted.id).toBe(known);
      }),
      { numRuns: 2000 },
    );
  });
});
