// Replays every Queclink (Traccar 'gl200') sample of the shared corpus through the real session
// and framing code. Every message names its device: there is no greeting.
import { describe, expect, it } from 'vitest';
import { queclinkSession } from '../../../src/ingest/queclink-session';
import { silentLog } from '../../../src/ingest/log';
import { encodeQueclinkSack } from '../../../src/ingest/protocols/queclink';
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

/**
 * Traccar's decoder tests feed it messages its frame decoder has already cut at the tail
 * character, and some corpus samples lost their `$` with it. On TCP every @Track message ends
 * with `$` (the framer also accepts a NUL), so the replay restores it.
 */
const TAIL = Buffer.from('$');
const framed = (s: Sample): Buffer[] =>
  bytesOf(s).toString('latin1').endsWith('$') ? [bytesOf(s)] : [bytesOf(s), TAIL];

const replayer = sampleReplayer((c, sink) => queclinkSession(c, sink, silentLog), null);
const run = (s: Sample, chunks?: Buffer[]) => {
  const parts = chunks ?? framed(s);
  const missing = !bytesOf(s).toString('latin1').endsWith('$');
  return replayer(s, chunks && missing ? [...parts, TAIL] : parts);
};

/** The count number a message ends with (4 hex digits), or null. */
function countOf(s: Sample): string | null {
  const last = bytesOf(s).toString('latin1').replace(/\$$/, '').split(',').pop() ?? '';
  return /^[0-9A-Fa-f]{4}$/.test(last) ? last : null;
}

describe('Queclink sample corpus', () => {
  const samples = loadSamples('gl200');
  const corpus: CorpusRun = {
    protocol: 'queclink',
    samples,
    scopeOf: () => null,
    run,
    greetingReply: null,
    checkReply(s, { conn }) {
      // +SACK:<count>$ once the records are committed; a message without a count gets none.
      const count = countOf(s);
      expect(conn.writes, `#${s.index} reply`).toEqual(count ? [encodeQueclinkSack(count)] : []);
    },
  };

  it('handles every sample as the corpus README says', async () => {
    const report = await checkCorpus(corpus);
    console.log(formatReport(report));
    expect(report.handled).toBe(samples.length);
  });

  it('decodes the same records when each sample arrives one byte at a time', async () => {
    await checkByteByByte(corpus);
  });

  it('decodes every sample of one connection merged into a single chunk', async () => {
    let expected = 0;
    for (const s of samples) expected += (await run(s)).sink.records.length;
    const merged = await run(samples[0], [Buffer.concat(samples.flatMap(framed))]);
    expect(merged.sink.records).toHaveLength(expected);
  });
});
