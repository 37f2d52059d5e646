// Seeds and mutations for the decoder fuzz tests: valid frames of each binary protocol (the sample
// corpus plus encoded ones) and fast-check arbitraries that damage them the ways a bad link or a
// hostile client does: bit flips, truncation, spliced bytes and length fields claiming gigabytes.
import fc from 'fast-check';
import { crc16Ibm, crc16X25 } from '../../../src/ingest/crc';
import { decodeGt06, encodeGt06Frame, gt06FrameLength } from '../../../src/ingest/protocols/gt06';
import {
  encodeGt06Alarm,
  encodeGt06Heartbeat,
  encodeGt06Location,
  encodeGt06Login,
} from '../../../src/ingest/protocols/gt06-encode';
import { decodeTeltonikaAvl } from '../../../src/ingest/protocols/teltonika';
import {
  CODEC_16,
  CODEC_8,
  CODEC_8E,
  encodeTeltonikaAvl,
  encodeTeltonikaImei,
  type AvlRecord,
} from '../../../src/ingest/protocols/teltonika-encode';
import { bytesOf, loadSamples } from './samples';

export const DEVICE = '356307042441013';
export const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);

const avlRecord = (i: number): AvlRecord => ({
  time: NOW - 60_000 + i * 1000,
  lat: -26.2 + i / 1000,
  lon: 28.04,
  course: 90,
  speed: 40 + i,
  satellites: 9,
  eventId: 239,
  io: [
    { id: 239, value: 1, size: 1 },
    { id: 66, value: 13200, size: 2 },
    { id: 16, value: 123456, size: 4 },
    { id: 78, value: 987654321, size: 8 },
  ],
});

/** Whole AVL frames that decode to records: the corpus's valid ones and one per codec. */
export function teltonikaSeeds(): Buffer[] {
  const corpus = loadSamples('teltonika')
    .map(bytesOf)
    .filter((b) => b.length > 12 && decodeTeltonikaAvl(b, 0, b.length, DEVICE).status === 'ok');
  const encoded = [CODEC_8, CODEC_8E, CODEC_16].map((codec) =>
    encodeTeltonikaAvl([avlRecord(0), avlRecord(1), avlRecord(2)], codec),
  );
  return [...corpus, ...encoded];
}

export const TELTONIKA_HELLO = encodeTeltonikaImei(DEVICE);

/** Whole GT06 frames: the corpus's well-framed ones and the packets our simulator sends. */
export function gt06Seeds(): Buffer[] {
  const corpus = loadSamples('gt06')
    .map(bytesOf)
    .filter((b) => b.length >= 10 && gt06FrameLength(b, 0, b.length) === b.length)
    .filter((b) => decodeGt06(b, 0, b.length, DEVICE, NOW).kind !== 'bad-crc');
  const fix = {
    time: NOW - 30_000,
    lat: -29.8587,
    lon: 31.0218,
    speed: 96,
    course: 214,
    satellites: 9,
    valid: true,
  };
  const status = { ignition: true, voltageLevel: 5, gsm: 4, alarm: 1 };
  return [
    ...corpus,
    encodeGt06Login(DEVICE, 1),
    encodeGt06Location(fix, 2),
    encodeGt06Alarm(fix, status, 3),
    encodeGt06Heartbeat(status, 4),
    encodeGt06Frame(0x94, 5, Buffer.alloc(300, 0x41), true),
  ];
}

export const GT06_HELLO = encodeGt06Login(DEVICE, 1);

/** Lengths a hostile or broken client may claim: around the limits and up to 4 GiB. */
export const HUGE = [
  0xffffffff,
  0xfffffff0,
  0x80000000,
  0x7fffffff,
  0x40000000,
  1 << 30,
  1 << 24,
  0x10001,
  0x10000,
];

export type Mutation =
  | { kind: 'flip'; bits: { at: number; bit: number }[] }
  | { kind: 'truncate'; keep: number }
  | { kind: 'splice'; at: number; bytes: Uint8Array }
  | { kind: 'patch'; at: number; width: 1 | 2 | 4; value: number }
  /** One of the protocol's own length/count fields (see LENGTH_FIELDS). */
  | { kind: 'length'; field: number; value: number };

/** Offset and width of each length or count field of a frame, by protocol. */
export type LengthFields = (frame: Buffer) => { at: number; width: 1 | 2 | 4 }[];

export const teltonikaLengthFields: LengthFields = (f) => [
  { at: 4, width: 4 }, // data length
  { at: 9, width: 1 }, // record count
  { at: f.length - 5, width: 1 }, // record count, repeated
  { at: 8 + 2 + 26, width: 2 }, // first IO group count in Codec 8E (1 byte in the others)
  { at: 8 + 2 + 26, width: 1 },
  { at: 0, width: 2 }, // a handshake's IMEI length
];

export const gt06LengthFields: LengthFields = (f) =>
  f[0] === 0x79
    ? [
        { at: 2, width: 2 },
        { at: 5 + 18 + 9, width: 1 },
      ]
    : [
        { at: 2, width: 1 },
        { at: 4 + 18, width: 1 }, // the cell block's own length byte, where there is one
        { at: 4 + 18 + 8 + 5, width: 1 }, // the card length of 0x12 card readers
      ];

const bigValue = fc.oneof(fc.constantFrom(...HUGE), fc.nat({ max: 0xffffffff }));

export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({
    kind: fc.constant('flip' as const),
    bits: fc.array(fc.record({ at: fc.nat(), bit: fc.nat({ max: 7 }) }), {
      minLength: 1,
      maxLength: 8,
    }),
  }),
  fc.record({ kind: fc.constant('truncate' as const), keep: fc.nat() }),
  fc.record({
    kind: fc.constant('splice' as const),
    at: fc.nat(),
    bytes: fc.uint8Array({ minLength: 1, maxLength: 40 }),
  }),
  fc.record({
    kind: fc.constant('patch' as const),
    at: fc.nat(),
    width: fc.constantFrom(1 as const, 2 as const, 4 as const),
    value: bigValue,
  }),
  fc.record({ kind: fc.constant('length' as const), field: fc.nat(), value: bigValue }),
);

function write(b: Buffer, at: number, width: 1 | 2 | 4, value: number): void {
  if (at < 0 || at + width > b.length) return;
  b.writeUIntBE(value % 2 ** (8 * width), at, width);
}

/** A damaged copy of `frame`; the original is left alone. */
export function applyMutation(frame: Buffer, m: Mutation, fields: LengthFields): Buffer {
  const b = Buffer.from(frame);
  switch (m.kind) {
    case 'flip':
      for (const { at, bit } of m.bits) b[at % b.length] ^= 1 << bit;
      return b;
    case 'truncate':
      return b.subarray(0, m.keep % b.length);
    case 'splice': {
      const at = m.at % (b.length + 1);
      return Buffer.concat([b.subarray(0, at), Buffer.from(m.bytes), b.subarray(at)]);
    }
    case 'patch':
      write(b, m.at % b.length, m.width, m.value);
      return b;
    case 'length': {
      const list = fields(b);
      const f = list[m.field % list.length];
      write(b, f.at, f.width, m.value);
      return b;
    }
  }
}

/** Makes the CRC right again after a mutation, so that the damage reaches the record parser. */
export function fixTeltonikaCrc(b: Buffer): Buffer {
  if (b.length >= 13) b.writeUInt32BE(crc16Ibm(b, 8, b.length - 4), b.length - 4);
  return b;
}

export function fixGt06Crc(b: Buffer): Buffer {
  if (b.length >= 10) b.writeUInt16BE(crc16X25(b, 2, b.length - 4), b.length - 4);
  return b;
}

/** Splits bytes into chunks at the given cut points, as TCP may deliver them. */
export function chunked(b: Buffer, cuts: number[]): Buffer[] {
  const points = [...new Set(cuts.map((c) => c % (b.length + 1)))].sort((x, y) => x - y);
  const out: Buffer[] = [];
  let from = 0;
  for (const p of points) {
    if (p > from) out.push(b.subarray(from, p));
    from = Math.max(from, p);
  }
  if (from < b.length) out.push(b.subarray(from));
  return out;
}
