// Replays every Teltonika sample of the shared corpus through the real session and framing code.
import { describe, expect, it } from 'vitest';
import { teltonikaSession } from '../../../src/ingest/teltonika-session';
import { silentLog } from '../../../src/ingest/log';
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

const IMEI = Buffer.concat([Buffer.from([0x00, 0x0f]), Buffer.from('123456789012345')]);

/** Bitwise CRC-16/IBM, independent of the table-driven one under test. */
function crcIbm(b: Buffer): number {
  let crc = 0;
  for (const byte of b) {
    crc ^= byte;
    for (let i = 0; i < 8; i++) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
  }
  return crc;
}

/** Why a sample is outside the gateway's brief (TCP Codec 8/8E/16), or null. */
function scopeOf(s: Sample): string | null {
  if (s.verify === 'verifyNull') return null; // "store nothing" holds for any bytes
  const b = bytesOf(s);
  if (b.length > 4 && b.readUInt16BE(2) === 0xcafe) return 'UDP transport (the gateway is TCP)';
  if (b.length < 12 || b.readUInt32BE(0) !== 0) return null;
  const len = b.readUInt32BE(4);
  if (len + 12 !== b.length) return "capture's length field disagrees with its bytes";
  const codec = b[8];
  if (codec === 0x0c || codec === 0x0d) return 'Codec 12/13 command messages';
  if (codec !== 0x08 && codec !== 0x8e && codec !== 0x10) return `Codec ${codec} (GH3000)`;
  if (crcIbm(b.subarray(8, 8 + len)) !== b.readUInt32BE(8 + len)) {
    return 'corrupt CRC in the capture (dropped without ack, asserted)';
  }
  return null;
}

const run = sampleReplayer((c, sink) => teltonikaSession(c, sink, silentLog), IMEI);

describe('Teltonika sample corpus', () => {
  const samples = loadSamples('teltonika');
  const corpus: CorpusRun = {
    protocol: 'teltonika',
    samples,
    scopeOf,
    run,
    greetingReply: Buffer.from([1]),
    checkReply(s, { sink, conn }) {
      // The ack is the record count, sent after the records were committed.
      expect(conn.writes[1]?.readUInt32BE(0), `#${s.index} ack`).toBe(sink.records.length);
    },
  };

  it('handles every in-scope sample as the corpus README says', async () => {
    const report = await checkCorpus(corpus);
    console.log(formatReport(report));
    expect(report.handled).toBeGreaterThanOrEqual(35);
  });

  it('decodes the same records when each sample arrives one byte at a time', async () => {
    await checkByteByByte(corpus);
  });

  it('decodes packets merged into one chunk, acking each in order', async () => {
    const avl = samples.filter(
      (s) => !scopeOf(s) && s.verify !== 'verifyNull' && bytesOf(s).readUInt32BE(0) === 0,
    );
    const singles = await Promise.all(avl.map((s) => run(s)));
    const merged = await run(avl[0], [Buffer.concat(avl.map(bytesOf))]);
    expect(merged.sink.batches).toHaveLength(avl.length);
    expect(merged.conn.writes.slice(1).map((w) => w.readUInt32BE(0))).toEqual(
      singles.map((r) => r.sink.records.length),
    );
  });
});
