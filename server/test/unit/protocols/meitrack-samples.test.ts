// Replays every Meitrack sample of the shared corpus through the real session and framing code.
// Every message names its device, so there is no greeting. Captures whose checksum is wrong (the
// corpus has hand-edited copies of real messages: #24 differs from #25 in one field, #37 from #36
// in one sign, with the same checksum) are refused: nothing stored, nothing answered.
import { describe, expect, it } from 'vitest';
import { meitrackSession } from '../../../src/ingest/meitrack-session';
import { silentLog } from '../../../src/ingest/log';
import type { DeviceRecord } from '../../../src/ingest/types';
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

/** The manual's checksum, computed here independently: the byte sum up to and including '*'. */
function checksumOf(b: Buffer, star: number): string {
  let sum = 0;
  for (let i = 0; i <= star; i++) sum += b[i];
  return (sum & 0xff).toString(16).toUpperCase().padStart(2, '0');
}

/** The parts of a sample as the manual lays a message out. */
function partsOf(s: Sample) {
  const b = bytesOf(s);
  const text = b.toString('latin1');
  const [, flag, id, command] = /^\$\$(.)\d+,(\d+),(\w{3})/.exec(text) ?? [];
  const star = b.lastIndexOf(0x2a);
  return { b, flag, id, command, star, claimed: text.slice(star + 1, star + 3).toUpperCase() };
}

const WRONG_CHECKSUM = 'capture with a wrong checksum (dropped without reply, asserted)';

/** Why a sample is refused, or null. */
function scopeOf(s: Sample): string | null {
  if (s.verify === 'verifyNull') return null; // "store nothing" holds for any bytes
  const { b, star, claimed } = partsOf(s);
  return checksumOf(b, star) === claimed ? null : WRONG_CHECKSUM;
}

const run = sampleReplayer((c, sink) => meitrackSession(c, sink, silentLog), null);

/** The acknowledgement a CCC/CCE batch gets, built here from the manual's layout. */
function ackFor(flag: string, id: string, command: string, count: number): Buffer {
  const content = `,${id},${command},${count}*`;
  const head = `@@${flag}${content.length + 4}${content}`;
  return Buffer.from(`${head}${checksumOf(Buffer.from(head), head.length - 1)}\r\n`, 'latin1');
}

/** Command answers are stamped on arrival, which differs between runs. */
const stripNow = (r: DeviceRecord): DeviceRecord => (r.hasLocation ? r : { ...r, fixTime: 0 });

describe('Meitrack sample corpus', () => {
  const samples = loadSamples('meitrack');
  const corpus: CorpusRun = {
    protocol: 'meitrack',
    samples,
    scopeOf,
    run,
    greetingReply: null,
    checkReply(s, { sink, conn }) {
      const { flag, id, command } = partsOf(s);
      if (command === 'CCC' || command === 'CCE') {
        // The count of the records committed, after the commit (FakeSink stores synchronously).
        expect(conn.writes, `#${s.index} ack`).toEqual([
          ackFor(flag, id, command, sink.records.length),
        ]);
      } else {
        expect(conn.writes, `#${s.index} no reply`).toEqual([]);
      }
    },
  };

  it('handles every sample as the corpus README says, refusing only broken captures', async () => {
    const report = await checkCorpus(corpus);
    console.log(formatReport(report));
    const refused = report.outOfScope.get(WRONG_CHECKSUM) ?? [];
    expect(refused).toEqual([3, 4, 13, 24, 31, 37, 47]);
    expect(report.handled).toBe(samples.length - refused.length);
  });

  it('stores nothing and answers nothing for the captures with a wrong checksum', async () => {
    for (const s of samples.filter((x) => scopeOf(x) === WRONG_CHECKSUM)) {
      const { sink, conn } = await run(s);
      expect(sink.records, `#${s.index}`).toHaveLength(0);
      expect(conn.writes, `#${s.index}`).toHaveLength(0);
      expect(conn.closed, `#${s.index}`).toBe(false);
    }
  });

  it('identifies the device each message names', async () => {
    for (const s of samples.filter((x) => !scopeOf(x) && x.verify !== 'verifyNull')) {
      const { sink } = await run(s);
      const { id } = partsOf(s);
      expect(sink.identified, `#${s.index}`).toEqual([{ protocol: 'meitrack', deviceId: id }]);
      for (const r of sink.records) expect(r.deviceId).toBe(id);
    }
  });

  it('answers the AAC message with its own content', async () => {
    const s = samples.find((x) => partsOf(x).command === 'AAC')!;
    const { conn, sink } = await run(s);
    expect(sink.records).toHaveLength(0);
    expect(conn.writes.map((w) => w.toString('latin1'))).toEqual([
      '@@z27,861451040910625,AAC,1*0B\r\n',
    ]);
  });

  it('decodes the same records when each sample arrives one byte at a time', async () => {
    await checkByteByByte(corpus, stripNow);
  });

  it('decodes every sample of one connection merged into a single chunk', async () => {
    const all = samples.filter((s) => !scopeOf(s));
    let expected = 0;
    const writes: Buffer[] = [];
    for (const s of all) {
      const one = await run(s);
      expected += one.sink.records.length;
      writes.push(...one.conn.writes);
    }
    const merged = await run(all[0], [Buffer.concat(all.map(bytesOf))]);
    expect(merged.sink.records).toHaveLength(expected);
    expect(merged.conn.writes).toEqual(writes);
  });
});
