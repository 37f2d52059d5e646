// Replays every GT06 sample of the shared corpus through the real session and framing code.
import { describe, expect, it } from 'vitest';
import { gt06Session } from '../../../src/ingest/gt06-session';
import { silentLog } from '../../../src/ingest/log';
import { encodeGt06Frame } from '../../../src/ingest/protocols/gt06';
import { FakeSink, replay } from '../gateways/fakes';
import {
  addOutOfScope,
  bytesOf,
  formatReport,
  loadSamples,
  sampleProblem,
  type Sample,
  type ScopeReport,
} from './samples';

const LOGIN = encodeGt06Frame(0x01, 1, Buffer.from('0123456789012345', 'hex'));

/** The packet types the brief names (login, locations, status, alarms) plus close relatives. */
const DECODED = new Set([0x01, 0x10, 0x11, 0x12, 0x13, 0x16, 0x22, 0x23, 0x26, 0x27, 0x8a, 0xa0]);

/** Samples whose expected value depends on Traccar's per-device "model" setting, not the bytes. */
const MODEL_SPECIFIC = new Map([
  [169, 'LW'],
  [170, 'LW'],
  [171, 'SEEWORLD'],
  [172, 'R11'],
]);

function crcX25(b: Buffer): number {
  let crc = 0xffff;
  for (const byte of b) {
    crc ^= byte;
    for (let i = 0; i < 8; i++) crc = crc & 1 ? (crc >>> 1) ^ 0x8408 : crc >>> 1;
  }
  return ~crc & 0xffff;
}

function frameOf(b: Buffer) {
  const long = b[0] === 0x79;
  const len = long ? b.readUInt16BE(2) : b[2];
  return { long, type: b[long ? 4 : 3], total: len + (long ? 6 : 5) };
}

/** Why a sample is outside the gateway's brief, or null. */
function scopeOf(s: Sample): string | null {
  if (s.verify === 'verifyNull') return null; // "store nothing" holds for any bytes
  const b = bytesOf(s);
  const { type, total } = frameOf(b);
  if (!DECODED.has(type)) return 'packet types outside the decoded set';
  if (MODEL_SPECIFIC.has(s.index))
    return 'value set by a per-device model option (LW, SEEWORLD, R11)';
  if (total > b.length || b[total - 1] !== 0x0a) return 'truncated capture';
  if (crcX25(b.subarray(2, total - 4)) !== b.readUInt16BE(total - 4)) {
    return 'corrupt CRC in the capture (dropped without reply, asserted)';
  }
  return null;
}

async function run(s: Sample, chunks?: Buffer[]) {
  const sink = new FakeSink();
  const conn = await replay(
    (c) => gt06Session(c, sink, silentLog),
    [LOGIN, ...(chunks ?? [bytesOf(s)])],
  );
  return { sink, conn };
}

describe('GT06 sample corpus', () => {
  const samples = loadSamples('gt06');

  it('handles every in-scope sample as the corpus README says', async () => {
    const report: ScopeReport = {
      protocol: 'gt06',
      total: samples.length,
      handled: 0,
      outOfScope: new Map(),
      failures: [],
    };
    const otherTypes = new Set<string>();
    for (const s of samples) {
      const reason = scopeOf(s);
      const { sink, conn } = await run(s);
      expect(conn.writes[0], `#${s.index} login reply`).toEqual(
        encodeGt06Frame(0x01, 1, Buffer.alloc(0)),
      );
      if (reason) {
        addOutOfScope(report, reason, s.index);
        if (reason.startsWith('packet types'))
          otherTypes.add(frameOf(bytesOf(s)).type.toString(16));
        if (reason.startsWith('corrupt CRC')) {
          expect(sink.records, `#${s.index}`).toHaveLength(0);
          expect(conn.writes, `#${s.index} no reply`).toHaveLength(1);
        }
        continue;
      }
      const problem = sampleProblem(s, sink.records);
      if (problem) {
        report.failures.push(`#${s.index} ${s.verify}: ${problem}`);
        continue;
      }
      if (sink.records.length) {
        // The reply echoes the packet's type and serial, and leaves after the commit.
        const b = bytesOf(s);
        const { long, type, total } = frameOf(b);
        const serial = b.readUInt16BE(total - 6);
        expect(conn.writes[1], `#${s.index} reply`).toEqual(
          encodeGt06Frame(type, serial, Buffer.alloc(0), long),
        );
      }
      report.handled++;
    }
    console.log(formatReport(report) + ` — other types: 0x${[...otherTypes].sort().join(', 0x')}`);
    expect(report.failures).toEqual([]);
    const outOfScope = [...report.outOfScope.values()].flat().length;
    expect(report.handled).toBe(samples.length - outOfScope);
    expect(report.handled).toBeGreaterThanOrEqual(69);
  });

  it('decodes the same records when each sample arrives one byte at a time', async () => {
    for (const s of samples.filter((x) => !scopeOf(x))) {
      const whole = await run(s);
      const split = await run(
        s,
        [...bytesOf(s)].map((x) => Buffer.from([x])),
      );
      expect(split.sink.records.map(stripNow), `#${s.index}`).toEqual(
        whole.sink.records.map(stripNow),
      );
      expect(split.conn.writes, `#${s.index}`).toEqual(whole.conn.writes);
    }
  });

  it('decodes every sample of one connection merged into a single chunk', async () => {
    const all = samples.filter((s) => !scopeOf(s));
    let expected = 0;
    for (const s of all) expected += (await run(s)).sink.records.length;
    const merged = await run(all[0], [Buffer.concat(all.map(bytesOf))]);
    expect(merged.sink.records).toHaveLength(expected);
  });
});

/** Status packets carry no time: they are stamped on arrival, which differs between runs. */
function stripNow<T extends { fixTime: number; hasLocation: boolean }>(r: T) {
  return r.hasLocation ? r : { ...r, fixTime: 0 };
}
