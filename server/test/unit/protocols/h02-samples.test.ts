// Replays every H02 sample of the shared corpus through the real session and framing code. H02
// has no login: each message names its device. The one sample without an id (#14) is replayed
// after a heartbeat of a device, as it would arrive on that device's connection.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetClock, setClock } from '../../../src/clock';
import { h02Session } from '../../../src/ingest/h02-session';
import { silentLog } from '../../../src/ingest/log';
import { encodeH02TimeSync } from '../../../src/ingest/protocols/h02';
import { splitH02Text } from '../../../src/ingest/protocols/h02-text';
import type { DeviceRecord } from '../../../src/ingest/types';
import { FakeSink, replay } from '../gateways/fakes';
import {
  bytesOf,
  checkByteByByte,
  checkCorpus,
  formatReport,
  loadSamples,
  type CorpusRun,
  type Sample,
} from './samples';

/** The server's clock stands still, so the time answers and arrival stamps are the same each run. */
const NOW = Math.floor(Date.now() / 1000) * 1000;
const HELLO = Buffer.from('*HQ,4109198974,XT#');

beforeAll(() => setClock({ start: NOW, rate: 0 }));
afterAll(() => resetClock());

const textOf = (s: Sample) =>
  s.message.kind === 'text' ? splitH02Text(bytesOf(s).toString('latin1')) : null;

async function run(s: Sample, chunks?: Buffer[]) {
  const sink = new FakeSink();
  const frames = chunks ?? [bytesOf(s)];
  const t = textOf(s);
  const greet = t !== null && t.id === null;
  const conn = await replay(
    (c) => h02Session(c, sink, silentLog),
    greet ? [HELLO, ...frames] : frames,
  );
  return { sink, conn };
}

/** What the server answers after the commit: the time after V1 and NBR, the heartbeat echoed. */
function expectedReply(s: Sample): Buffer | null {
  const t = textOf(s);
  if (!t || !t.id) return null;
  if (t.type === 'V1' || t.type === 'NBR') return encodeH02TimeSync(t.maker, t.id, t.type, NOW);
  if (t.type === 'HTBT') return Buffer.from(`*${t.maker},${t.id},HTBT#`);
  return null;
}

describe('H02 sample corpus', () => {
  const samples = loadSamples('h02');
  const corpus: CorpusRun = {
    protocol: 'h02',
    samples,
    // Every capture of the corpus is whole and well formed: none is refused.
    scopeOf: () => null,
    run,
    greetingReply: null,
    checkReply(s, { conn, sink }) {
      const want = expectedReply(s);
      expect(conn.writes, `#${s.index} answer`).toEqual(want ? [want] : []);
      for (const r of sink.records) expect(r.protocol).toBe('h02');
    },
  };

  it('handles every sample as the corpus README says', async () => {
    const report = await checkCorpus(corpus);
    console.log(formatReport(report));
    expect(report.handled).toBe(samples.length);
  });

  it('stores each sample under the id it names', async () => {
    for (const s of samples) {
      const { sink } = await run(s);
      const t = textOf(s);
      const want = t ? (t.id ?? '4109198974') : bytesOf(s).toString('hex', 1, 6);
      for (const r of sink.records) {
        if (bytesOf(s).length === 42) expect(r.deviceId).toBe('352483084193293');
        else expect(r.deviceId, `#${s.index}`).toBe(want);
      }
    }
  });

  it('decodes the same records when each sample arrives one byte at a time', async () => {
    await checkByteByByte(corpus);
  });

  it('decodes every sample of one connection merged into a single chunk', async () => {
    let expected: DeviceRecord[] = [];
    for (const s of samples) expected = expected.concat((await run(s)).sink.records);
    const sink = new FakeSink();
    const all = Buffer.concat(
      samples.flatMap((s) => (textOf(s)?.id === null ? [HELLO, bytesOf(s)] : [bytesOf(s)])),
    );
    await replay((c) => h02Session(c, sink, silentLog), [all]);
    // One connection remembers each device's status: an alarm already reported is not repeated.
    const strip = (r: DeviceRecord) => ({
      ...r,
      events: [],
      attributes: { ...r.attributes, alarm: 0 },
    });
    expect(sink.records.map(strip)).toEqual(expected.map(strip));
  });
});
