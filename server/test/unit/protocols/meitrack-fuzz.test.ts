// Bad input never crashes the Meitrack gateway: arbitrary bytes and damaged valid messages give a
// typed result ('malformed', 'bad-checksum', ...), never an exception; counts and lengths are
// checked against the bytes really there before anything is allocated or looped over; the framer
// decides within one maximal frame; and a session fed garbage over the real frame pump keeps going.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { silentLog } from '../../../src/ingest/log';
import { meitrackSession } from '../../../src/ingest/meitrack-session';
import {
  decodeMeitrack,
  encodeMeitrackFrame,
  MEITRACK_MAX_FRAME,
  meitrackChecksum,
  meitrackFrameLength,
  meitrackServerFrameLength,
  splitMeitrackFrame,
} from '../../../src/ingest/protocols/meitrack';
import {
  encodeMeitrackAaa,
  encodeMeitrackAnswer,
  encodeMeitrackCcc,
  encodeMeitrackCce,
  MEITRACK_SA_CELL,
  type MeitrackFix,
} from '../../../src/ingest/protocols/meitrack-encode';
import { FakeSink, expectAcksCommitted, replay } from '../gateways/fakes';
import { applyMutation, chunked, HUGE, mutation, type LengthFields } from './fuzz-frames';
import { bytesOf, loadSamples } from './samples';

const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);
const IMEI = '353358017784062';
const KINDS = ['data', 'ignored', 'bad-checksum', 'malformed'];
const bytes = fc.uint8Array({ maxLength: 600 }).map((a) => Buffer.from(a));

const fix = (i: number): MeitrackFix => ({
  time: NOW - 60_000 + i * 1000,
  lat: -26.2 + i / 1000,
  lon: 28.04,
  speed: 40 + i,
  course: 90,
  altitude: 1500,
  satellites: 9,
  valid: true,
  event: i === 1 ? 1 : 35,
  inputs: 0x02,
  outputs: 0,
  power: 13.2,
  battery: 4.1,
  odometer: 123456,
  driverId: '12165644',
  cell: MEITRACK_SA_CELL,
});

/** Whole messages: the corpus's with a right checksum and the ones our simulator sends. */
function seeds(): Buffer[] {
  const corpus = loadSamples('meitrack')
    .map(bytesOf)
    .filter((b) => {
      const f = splitMeitrackFrame(b, 0, b.length);
      return typeof f !== 'string' && f.checksumOk;
    });
  return [
    ...corpus,
    encodeMeitrackAaa(IMEI, fix(0), 'B'),
    encodeMeitrackCce(IMEI, [fix(0), fix(1), fix(2)], 'C'),
    encodeMeitrackCcc(IMEI, [fix(0), fix(1)], 'D'),
    encodeMeitrackAnswer(IMEI, 'C01,OK', 'E'),
  ];
}
const SEEDS = seeds();

/** Where a message keeps its lengths and counts: the decimal length, CCC/CCE sizes and counts. */
const lengthFields: LengthFields = (f) => {
  const at = f.indexOf('CC', 0, 'latin1');
  const p = at > 0 ? at + 4 : 8;
  return [
    { at: 3, width: 4 },
    { at: 3, width: 1 },
    { at: p + 2, width: 2 }, // CCC record size
    { at: p + 4, width: 2 }, // CCE record count
    { at: p + 6, width: 2 }, // first CCE record's length
  ];
};

/** Makes the checksum right again after a mutation, so that the damage reaches the decoder. */
function fixChecksum(b: Buffer): Buffer {
  const end = b.length >= 2 && b[b.length - 2] === 0x0d ? b.length - 2 : b.length;
  const star = end - 3;
  if (star > 0 && b[star] === 0x2a) b.write(meitrackChecksum(b, 0, star + 1), star + 1, 'latin1');
  return b;
}

/** The declared length replaced by a decimal claim (possibly huge or absurd). */
function claimLength(b: Buffer, claim: number): Buffer {
  const comma = b.indexOf(0x2c);
  if (comma < 3) return b;
  return Buffer.concat([b.subarray(0, 3), Buffer.from(String(claim)), b.subarray(comma)]);
}

function check(buf: Buffer, off = 0, end = buf.length): void {
  const n = meitrackFrameLength(buf, off, end);
  expect(Number.isInteger(n) && Math.abs(n) <= end - off && n <= MEITRACK_MAX_FRAME).toBe(true);
  for (const len of [end - off, ...(n > 0 ? [n] : [])]) {
    const r = decodeMeitrack(buf, off, len, { now: NOW });
    expect(KINDS).toContain(r.kind);
    if (r.kind === 'data') {
      expect(r.records.length).toBeGreaterThan(0);
      // CCE records take at least 8 bytes, CCC ones 52: no record is made from nothing.
      expect(r.records.length * 8).toBeLessThanOrEqual(len);
      for (const rec of r.records) expect(rec.deviceId).toBe(r.deviceId);
    }
    if ((r.kind === 'data' || r.kind === 'ignored') && r.reply) {
      expect(meitrackServerFrameLength(r.reply, 0, r.reply.length)).toBe(r.reply.length);
    }
  }
}

describe('Meitrack decoder fuzzing', () => {
  it('arbitrary bytes give a typed result, never an exception', () => {
    fc.assert(
      fc.property(bytes, fc.nat(), (b, at) => {
        check(b);
        if (b.length) check(b, at % b.length);
      }),
      { numRuns: 600 },
    );
  });

  it('arbitrary content behind a valid header and checksum reaches every parser safely', () => {
    const command = fc.constantFrom('AAA', 'AFF', 'CCC', 'CCE', 'D00', 'AAC', 'C01', 'D82');
    fc.assert(
      fc.property(command, bytes, (cmd, body) => {
        const content = Buffer.concat([Buffer.from(`${cmd},`), body]);
        check(encodeMeitrackFrame('$$', 'A', IMEI, content));
      }),
      { numRuns: 1000 },
    );
  });

  it('valid messages with bit flips, truncation, splices and patched lengths, checksum kept or fixed', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SEEDS), mutation, fc.boolean(), (seed, m, fix) => {
        const b = applyMutation(seed, m, lengthFields);
        check(fix ? fixChecksum(b) : b);
      }),
      { numRuns: 2000 },
    );
  });

  it('length fields claiming any decimal size are decided without their bytes', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SEEDS),
        fc.oneof(fc.nat({ max: 99999 }), fc.constantFrom(...HUGE)),
        (seed, claim) => check(claimLength(Buffer.from(seed), claim)),
      ),
      { numRuns: 1000 },
    );
  });

  it('never needs more than a maximal frame of bytes to decide', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 24 }), fc.nat({ max: 255 }), (head, fill) => {
        const b = Buffer.concat([Buffer.from(head), Buffer.alloc(MEITRACK_MAX_FRAME, fill)]);
        expect(meitrackFrameLength(b, 0, b.length)).not.toBe(0);
      }),
      { numRuns: 300 },
    );
  });

  it('a header claiming gigabytes is refused at once; lying counts decode fast, allocating nothing', () => {
    for (const v of HUGE) {
      const head = Buffer.from(`$$A${v},${IMEI},CCE,`);
      expect(meitrackFrameLength(head, 0, head.length)).toBeLessThan(0);
    }
    const cce = Buffer.from(encodeMeitrackCce(IMEI, [fix(0)]));
    const at = cce.indexOf('CCE,') + 4;
    const lying = [
      (b: Buffer) => b.writeUInt16LE(0xffff, at + 4), // record count
      (b: Buffer) => b.writeUInt16LE(0xffff, at + 6), // record length
      (b: Buffer) => b.writeUInt8(0xff, at + 10), // a parameter count
    ].map((patch) => {
      const b = Buffer.from(cce);
      patch(b);
      return fixChecksum(b);
    });
    const before = process.memoryUsage();
    const started = performance.now();
    for (let i = 0; i < 2000; i++) {
      for (const b of lying) {
        expect(decodeMeitrack(b, 0, b.length, { now: NOW }).kind).toBe('malformed');
      }
    }
    const after = process.memoryUsage();
    expect(performance.now() - started).toBeLessThan(2000);
    expect(after.arrayBuffers - before.arrayBuffers).toBeLessThan(4 * 1024 * 1024);
  });
});

describe('Meitrack session fed damaged messages over the real frame pump', () => {
  const frame = fc.oneof(
    fc.constantFrom(...SEEDS),
    fc.tuple(fc.constantFrom(...SEEDS), mutation, fc.boolean()).map(([s, m, fix]) => {
      const b = applyMutation(s, m, lengthFields);
      return fix ? fixChecksum(b) : b;
    }),
    bytes,
  );

  it('acknowledges only committed batches and answers only in whole "@@" messages', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(frame, { maxLength: 6 }), fc.array(fc.nat()), async (fs, cuts) => {
        const sink = new FakeSink();
        const conn = await replay(
          (c) => meitrackSession(c, sink, silentLog),
          chunked(Buffer.concat(fs), cuts),
        );
        for (const w of conn.writes) {
          expect(meitrackServerFrameLength(w, 0, w.length)).toBe(w.length);
        }
        // The CCC/CCE acks, in order, count batches that were committed (other batches are AAA
        // reports and command answers, which get no ack).
        const acks = conn.writes
          .map((w) => /,CC[CE],(\d+)\*/.exec(w.toString('latin1')))
          .filter((m) => m !== null)
          .map((m) => Number(m[1]))
          .filter((n) => n > 0);
        expectAcksCommitted(acks, sink.batches);
        const ids = sink.identified.map((x) => x.deviceId);
        for (const r of sink.records) expect(ids).toContain(r.deviceId);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps going after garbage: the next whole message is stored and acknowledged', async () => {
    const good = encodeMeitrackCce(IMEI, [fix(0), fix(1)], 'K');
    // Garbage holds no '$', so it cannot start a message of its own.
    const garbage = bytes.map((b) => Buffer.from(b.map((x) => (x === 0x24 ? 0x78 : x))));
    await fc.assert(
      fc.asyncProperty(garbage, fc.array(fc.nat()), async (g, cuts) => {
        const sink = new FakeSink();
        const conn = await replay(
          (c) => meitrackSession(c, sink, silentLog),
          chunked(Buffer.concat([g, good, g, good]), cuts),
        );
        expect(conn.closed).toBe(false);
        // Both messages stored (together when one read brought both), each acknowledged.
        expect(sink.records).toHaveLength(4);
        expect(conn.writes.map((w) => w.toString('latin1'))).toEqual([
          `@@K27,${IMEI},CCE,2*${meitrackChecksum(Buffer.from(`@@K27,${IMEI},CCE,2*`), 0, 28)}\r\n`,
          `@@K27,${IMEI},CCE,2*${meitrackChecksum(Buffer.from(`@@K27,${IMEI},CCE,2*`), 0, 28)}\r\n`,
        ]);
      }),
      { numRuns: 200 },
    );
  });
});
