// Every OsmAnd sample of the shared corpus through the pure decoder.
import { describe, expect, it } from 'vitest';
import { decodeOsmand } from '../../../src/ingest/protocols/osmand';
import { formatReport, loadSamples, sampleProblem, type ScopeReport } from './samples';

describe('OsmAnd sample corpus', () => {
  it('handles every sample as the corpus README says', () => {
    const samples = loadSamples('osmand');
    const report: ScopeReport = {
      protocol: 'osmand',
      total: samples.length,
      handled: 0,
      outOfScope: new Map(),
      failures: [],
    };
    for (const s of samples) {
      const m = s.message;
      const headers = Object.fromEntries(
        Object.entries(m.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]),
      );
      const r = decodeOsmand(
        { method: m.method!, url: m.uri!, contentType: headers['content-type'], body: m.body },
        Date.now(),
      );
      const problem = sampleProblem(s, r.ok ? r.records : []);
      if (problem) report.failures.push(`#${s.index} ${s.verify}: ${problem}`);
      else report.handled++;
    }
    console.log(formatReport(report));
    expect(report.failures).toEqual([]);
    expect(report.handled).toBe(samples.length);
  });
});
