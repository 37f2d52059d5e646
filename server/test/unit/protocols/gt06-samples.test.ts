// Replays every GT06 sample of the shared corpus through the real session and framing code.
import { describe, expect, it } from 'vitest';
import { gt06Session } from '../../../src/ingest/gt06-session';
import { silentLog } from '../../../src/ingest/log';
import { encodeGt06Frame } from '../../../src/ingest/protocols/gt06';
import {
  bytesOf,
  checkByteByByte,
  checkCorpus,
  formatReport,
  loadSamples,
  sampleReplayer,
  type CorpusRun,
  type Sample,
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

const run = sampleReplayer((c, sink) => gt06Session(c, sink, silentLog), LOGIN);

describe('GT06 sample corpus', () => {
  const samples = loadSamples('gt06');
  const otherTypes = new Set<string>();
  const corpus: CorpusRun = {
    protocol: 'gt06',
    samples,
    scopeOf,
    run,
    greetingReply: encodeGt06Frame(0x01, 1, Buffer.alloc(0)),
    checkReply(s, { conn }) {
      // The reply echoes the packet's type and serial, and leaves after the commit.
      const b = bytesOf(s);
      const { long, type, total } = frameOf(b);
      const serial = b.readUInt16BE(total - 6);
      expect(conn.writes[1], `#${s.index} reply`).toEqual(
        encodeGt06Frame(type, serial, Buffer.alloc(0), long),
      );
    },
    onOutOfScope(s, reason) {
      if (reason.startsWith('packet types')) otherTypes.add(frameOf(bytesOf(s)).type.toString(16));
    },
  };

  it('handles every in-scope sample as the corpus README says', async () => {
    const report = await checkCorpus(corpus);
    console.log(formatReport(report) + ` — other types: 0x${[...otherTypes].sort().join(', 0x')}`);
    expect(report.handled).toBeGreaterThanOrEqual(69);
  });

  it('decodes the same records when each sample arrives one byte at a time', async () => {
    await checkByteByByte(corpus, stripNow);
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
function stripNow<T extends { fixTime: number; hasLocation: boolean }>(r: T): T {
  return r.hasLocation ? r : { ...r, fixTime: 0 };
}
