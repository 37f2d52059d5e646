// Bad input never crashes the Queclink gateway (issue 9): arbitrary bytes, generated @Track
// messages and damaged corpus samples give one of the decoder's typed results, never an
// exception; the framer decides within QUECLINK_MAX_FRAME bytes and never claims more than it
// was given; a count in a message (positions, sensors, Wi-Fi points) larger than the fields
// really there is not looped over; and a session replayed over the real frame pump keeps storing
// what follows garbage, acknowledging only what it committed.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { silentLog } from '../../../src/ingest/log';
import {
  decodeQueclink,
  QUECLINK_MAX_FRAME,
  queclinkFrameLength,
} from '../../../src/ingest/protocols/queclink';
import {
  encodeQueclinkEvent,
  encodeQueclinkFri,
  encodeQueclinkHeartbeat,
  encodeQueclinkIgnition,
} from '../../../src/ingest/protocols/queclink-encode';
import { queclinkSession } from '../../../src/ingest/queclink-session';
import type { DeviceRecord } from '../../../src/ingest/types';
import { FakeSink, replay } from '../gateways/fakes';
import { applyMutation, chunked, mutation, type LengthFields } from './fuzz-frames';
import { bytesOf, loadSamples } from './samples';

const IMEI = '862894020180553';
const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);
const KINDS = ['data', 'heartbeat', 'ignored', 'malformed'];

const fix = {
  time: NOW - 30_000,
  lat: -29.8587,
  lon: 31.0218,
  speed: 96,
  course: 214,
  altitude: 20,
  valid: true,
};
const h = (count: number) => ({ imei: IMEI, sendTime: NOW, count });
const withTail = (b: Buffer) =>
  b[b.length - 1] === 0x24 ? b : Buffer.concat([b, Buffer.from('$')]);
const SEEDS: Buffer[] = [
  ...loadSamples('gl200').map(bytesOf).map(withTail),
  encodeQueclinkFri(h(1), fix, { ignition: true, power: 13.8, batteryLevel: 90, odometer: 1e6 }),
  encodeQueclinkEvent(h(2), 'SOS', fix, 1000),
  encodeQueclinkIgnition(h(3), true, fix, 1000),
  encodeQueclinkHeartbeat(h(4)),
];
const GOOD = SEEDS[SEEDS.length - 4];

/** Text has no binary length fields; the "length" mutation patches the count number instead. */
const countField: LengthFields = (f) => [{ at: Math.max(0, f.length - 5), width: 2 }];

function checkRecord(r: DeviceRecord): void {
  expect(r.deviceId).toMatch(/^(\d{15}|[0-9A-Fa-f]{14})$/);
  expect(r.protocol).toBe('queclink');
  expect(Number.isFinite(r.fixTime)).toBe(true);
  expect(r.speed >= 0 && Number.isFinite(r.speed)).toBe(true);
  expect(r.course >= 0 && r.course <= 360).toBe(true);
  if (r.hasLocation) expect(Math.abs(r.lat) <= 90 && Math.abs(r.lon) <= 180).toBe(true);
  for (const v of Object.values(r.attributes)) {
    if (typeof v === 'number') expect(Number.isFinite(v)).toBe(true);
  }
}

/** What the framer and the decoder say about `buf[off..end)`; throws only if one of them does. */
function check(buf: Buffer, off = 0, end = buf.length): void {
  const n = queclinkFrameLength(buf, off, end);
  expect(Number.isInteger(n) && Math.abs(n) <= end - off).toBe(true);
  expect(n).toBeLessThanOrEqual(QUECLINK_MAX_FRAME);
  for (const len of [end - off, ...(n > 0 ? [n] : [])]) {
    const r = decodeQueclink(buf, off, len, NOW);
    expect(KINDS).toContain(r.kind);
    if (r.kind === 'data') {
      expect(r.records.length).toBeGreaterThan(0);
      r.records.forEach(checkRecord);
    }
  }
}

const bytes = fc.uint8Array({ maxLength: 600 }).map((a) => Buffer.from(a));
const field = fc.oneof(
  fc.constantFrom('', '0', '00', '1', '10', 'FFFFFFFF', '99999999999', '-0.5', 'nan', 'H12', 'P9'),
  fc.constantFrom('121.354335', '-31.222073', '20090214013254', '0460', '18d8', '2147483647'),
  fc.string({ maxLength: 12 }).map((s) => s.replace(/[,$]/g, '')),
);
const TYPES = ['FRI', 'ERI', 'CAN', 'INF', 'IGN', 'OBD', 'IDA', 'BAA', 'GSM', 'LBS', 'SOS', 'DTT'];
const message = fc
  .tuple(
    fc.constantFrom('RESP', 'BUFF', 'ACK'),
    fc.constantFrom(...TYPES),
    fc.constantFrom('060228', '1A0102', 'F10415', '8020050605', 'DE0115', '6E0202', 'C30303'),
    fc.array(field, { maxLength: 80 }),
  )
  .map(([h, t, v, fs]) => Buffer.from(`+${h}:GT${t},${v},${IMEI},${fs.join(',')}$`, 'latin1'));

describe('Queclink decoder fuzzing', () => {
  it('arbitrary bytes give a typed result, never an exception', () => {
    fc.assert(
      fc.property(bytes, fc.nat(), (b, at) => {
        check(b);
        if (b.length) check(b, at % b.length);
      }),
      { numRuns: 3000 },
    );
  });

  it('generated messages of every decoded type with hostile fields stay typed and sane', () => {
    fc.assert(
      fc.property(message, (b) => check(b)),
      { numRuns: 6000 },
    );
  });

  it('corpus and simulator messages with bit flips, truncation, splices and patches', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SEEDS), mutation, (seed, m) =>
        check(applyMutation(seed, m, countField)),
      ),
      { numRuns: 4000 },
    );
  });

  it('never needs more than a maximal frame of bytes to decide', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('+RESP:GTFRI,', '+BUFF:', '+ACK:GT', '+', '+R'),
        fc.nat(255),
        (head, fill) => {
          const body = Buffer.alloc(QUECLINK_MAX_FRAME, fill === 0x24 || fill === 0 ? 0x31 : fill);
          const b = Buffer.concat([Buffer.from(head), body]);
          expect(queclinkFrameLength(b, 0, b.length)).not.toBe(0);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('counts far larger than the message are not looped over or allocated', () => {
    const huge = ['2147483647', '4294967295', '99999999999999', '65535'];
    const lying = huge.flatMap((n) => [
      // ERI: number of positions, then 1-wire, fuel and BLE sensor counts.
      `+RESP:GTERI,060228,${IMEI},,000001FF,,10,${n},1,0.0,0,1.0,18.42,-33.92,20260101000000,,,,,00$`,
      `+RESP:GTERI,060228,${IMEI},,000001FF,,10,1,1,0.0,0,1.0,18.42,-33.92,20260101000000,,,,,00,` +
        `0.0,,,,90,210100,,FF,${n},1,2,0190,${n},${n},${n}$`,
      // GT501 Wi-Fi count inside a block, LBS cells, GSM cells.
      `+RESP:GTFRI,423037,${IMEI},GT501,0,1,1,5,12,0.1,0,46.8,-95.559173,30.109955,` +
        `20231110185836,${n},0e36c9916485,-50,,,,310,10,711D,81ECF0F,00,,93,20231110185839,0005$`,
      `+RESP:GTLBS,660400,${IMEI},GL50BLITE,0,0,${n},,2,,,0000,0204,0008,0cee,b951$`,
    ]);
    const before = process.memoryUsage().arrayBuffers;
    const started = performance.now();
    for (let i = 0; i < 500; i++) {
      for (const t of lying) {
        const b = Buffer.from(t);
        expect(KINDS).toContain(decodeQueclink(b, 0, b.length, NOW).kind);
      }
    }
    expect(performance.now() - started).toBeLessThan(3000);
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(8 * 1024 * 1024);
  });
});

describe('Queclink session fed damaged input over the real frame pump', () => {
  const frame = fc.oneof(
    fc.constantFrom(...SEEDS),
    fc.tuple(fc.constantFrom(...SEEDS), mutation).map(([s, m]) => applyMutation(s, m, countField)),
    bytes,
    message,
  );

  it('acknowledges only committed or empty messages, never throws, keeps going after garbage', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(frame, { maxLength: 6 }), fc.array(fc.nat()), async (fs, cuts) => {
        const sink = new FakeSink();
        // A good message after whatever came before must still be stored: a `$` ends a cut-off
        // text message, and a maximal frame of filler completes a binary one that claims more.
        const filler = Buffer.alloc(QUECLINK_MAX_FRAME + 16, 0x78);
        const stream = [...chunked(Buffer.concat(fs), cuts), Buffer.from('$'), filler, GOOD];
        const conn = await replay((c) => queclinkSession(c, sink, silentLog), stream);
        for (const w of conn.writes) expect(w.toString('latin1')).toMatch(/^\+SACK:[^$]*\$$/);
        const ids = sink.identified.map((i) => i.deviceId);
        for (const r of sink.records) expect(ids).toContain(r.deviceId);
        sink.records.forEach(checkRecord);
        expect(conn.closed).toBe(false);
        expect(sink.records.at(-1)?.power).toBe(13.8);
        expect(conn.writes.at(-1)?.toString()).toBe('+SACK:0001$');
      }),
      { numRuns: 400 },
    );
  });

  it('closes on an unknown device, storing nothing', async () => {
    const sink = new FakeSink();
    sink.known = new Set();
    const conn = await replay((c) => queclinkSession(c, sink, silentLog), SEEDS.slice(0, 20));
    expect(conn.closed).toBe(true);
    expect(sink.records).toHaveLength(0);
    expect(conn.writes).toHaveLength(0);
  });
});
