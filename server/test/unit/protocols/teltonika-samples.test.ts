// Replays every Teltonika sample of the shared corpus through the real session and framing code:
// TCP frames after the IMEI handshake, the UDP datagram through the UDP handler.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetClock, setClock } from '../../../src/clock';
import { teltonikaSession } from '../../../src/ingest/teltonika-session';
import { teltonikaUdpHandler } from '../../../src/ingest/teltonika-udp-session';
import { encodeTeltonikaUdpAck } from '../../../src/ingest/protocols/teltonika-udp';
import { silentLog } from '../../../src/ingest/log';
import { FakeSink, fakeConnection } from '../gateways/fakes';
import {
  bytesOf,
  checkByteByByte,
  checkCorpus,
  formatReport,
  loadSamples,
  sampleReplayer,
  type CorpusRun,
  type Replayed,
  type Sample,
} from './samples';

const IMEI = Buffer.concat([Buffer.from([0x00, 0x0f]), Buffer.from('123456789012345')]);
const BROKEN_LENGTH = "capture's length field disagrees with its bytes (refused, asserted)";

/** Bitwise CRC-16/IBM, independent of the table-driven one under test. */
function crcIbm(b: Buffer): number {
  let crc = 0;
  for (const byte of b) {
    crc ^= byte;
    for (let i = 0; i < 8; i++) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
  }
  return crc;
}

const isUdp = (b: Buffer) => b.length > 4 && b.readUInt16BE(0) === b.length - 2 && b[4] === 0x01;
const isAvl = (b: Buffer) => b.length >= 12 && b.readUInt32BE(0) === 0;
/** Codec 12/13 messages: stored, never acknowledged. */
const isSerial = (b: Buffer) => isAvl(b) && (b[8] === 0x0c || b[8] === 0x0d);

/** Why a sample is refused: only captures proven broken (length field or CRC wrong). */
function scopeOf(s: Sample): string | null {
  if (s.verify === 'verifyNull') return null; // "store nothing" holds for any bytes
  const b = bytesOf(s);
  if (!isAvl(b)) return null;
  const len = b.readUInt32BE(4);
  if (len + 12 !== b.length) return BROKEN_LENGTH;
  if (crcIbm(b.subarray(8, 8 + len)) !== b.readUInt32BE(8 + len)) {
    return 'corrupt CRC in the capture (dropped without ack, asserted)';
  }
  return null;
}

const tcp = sampleReplayer((c, sink) => teltonikaSession(c, sink, silentLog), IMEI);

/** The handshake's 0x01 is checked and left out: `conn.writes` holds the answers to the sample. */
async function run(s: Sample, chunks?: Buffer[]): Promise<Replayed> {
  const b = bytesOf(s);
  if (isUdp(b)) {
    // A datagram arrives whole or not at all: the chunks of the byte-by-byte run do not apply.
    const sink = new FakeSink();
    const conn = fakeConnection();
    await teltonikaUdpHandler(sink, silentLog)(b, { address: '127.0.0.1', port: 5027 }, (r) =>
      conn.write(r),
    );
    return { sink, conn };
  }
  const r = await tcp(s, chunks);
  expect(r.conn.writes[0], `#${s.index} handshake answer`).toEqual(Buffer.from([1]));
  r.conn.writes.shift();
  return r;
}

const samples = loadSamples('teltonika');
const corpus: CorpusRun = {
  protocol: 'teltonika',
  samples,
  scopeOf,
  run,
  greetingReply: null,
  checkReply(s, { sink, conn }) {
    const b = bytesOf(s);
    if (isUdp(b)) {
      // [length 5][packet id][0x01][AVL packet id][count], after the records were committed.
      expect(conn.writes, `#${s.index} udp ack`).toEqual([
        encodeTeltonikaUdpAck(b.readUInt16BE(2), b[5], sink.records.length),
      ]);
    } else if (isSerial(b)) {
      expect(conn.writes, `#${s.index} no answer to Codec 12/13`).toEqual([]);
    } else {
      // The ack is the record count, sent after the records were committed.
      expect(
        conn.writes.map((w) => w.readUInt32BE(0)),
        `#${s.index} ack`,
      ).toEqual([sink.records.length]);
    }
  },
};

// Codec 12 responses are stamped with the receive time: a still clock makes runs comparable.
beforeAll(() => setClock({ start: Date.UTC(2026, 10, 21, 12, 0, 0), rate: 0 }));
afterAll(() => resetClock());

describe('Teltonika sample corpus', () => {
  it('handles every sample except broken captures, as the corpus README says', async () => {
    const report = await checkCorpus(corpus);
    console.log(formatReport(report));
    expect(report.handled).toBe(45);
    expect([...report.outOfScope.values()].flat().sort((a, b) => a - b)).toEqual([
      14, 20, 22, 28, 33, 36, 40,
    ]);
  });

  it('stores nothing and answers nothing for captures whose length field is wrong', async () => {
    const broken = samples.filter((s) => scopeOf(s) === BROKEN_LENGTH);
    expect(broken.map((s) => s.index)).toEqual([28, 33, 36, 40]);
    for (const s of broken) {
      const { sink, conn } = await run(s);
      expect(sink.records, `#${s.index}`).toEqual([]);
      expect(conn.writes, `#${s.index}`).toEqual([]);
    }
  });

  it('decodes the same records when each sample arrives one byte at a time', async () => {
    await checkByteByByte(corpus);
  });

  it('decodes packets merged into one chunk, answering each in order', async () => {
    const tcpOnes = samples.filter(
      (s) => !scopeOf(s) && s.verify !== 'verifyNull' && isAvl(bytesOf(s)),
    );
    const singles = await Promise.all(tcpOnes.map((s) => run(s)));
    const merged = await run(tcpOnes[0], [Buffer.concat(tcpOnes.map(bytesOf))]);
    // One read: one batch, each packet acknowledged after it, in order.
    expect(merged.sink.batches).toHaveLength(1);
    expect(merged.sink.records).toEqual(singles.flatMap((r) => r.sink.records));
    expect(merged.conn.writes).toEqual(singles.flatMap((r) => r.conn.writes));
  });
});
