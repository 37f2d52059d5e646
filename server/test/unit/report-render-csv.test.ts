// The CSV format (issue 14 item 2): UTF-8 with a BOM, RFC 4180, titles with units, numbers
// unformatted, times local in the client's zone, the totals row last; a streamed table arrives
// whole and in order while only a batch or two is read ahead, and memory stays flat.
import { describe, expect, it } from 'vitest';
import { renderReport } from '../../src/reports/render';
import { csvField } from '../../src/reports/render/csv';
import type { StreamedTable } from '../../src/reports/model';
import {
  emptyDoc,
  longRow,
  makeDoc,
  streamedTable,
  TRIP_COLUMNS,
  tripsDoc,
} from '../fixtures/reports/docs';
import { parseCsv, streamBytes } from '../support/report-files';

async function csvOf(doc: Parameters<typeof renderReport>[0]) {
  const rendered = renderReport(doc, 'csv');
  const bytes = await streamBytes(rendered.stream);
  return { rendered, bytes, records: parseCsv(bytes.subarray(3).toString('utf8')) };
}

describe('CSV', () => {
  it('is the primary table with a BOM, unit titles, raw numbers, local times and the totals last', async () => {
    const { rendered, bytes, records } = await csvOf(tripsDoc());
    expect(rendered.contentType).toBe('text/csv; charset=utf-8');
    expect(rendered.filename).toBe('trips-bakkie-1-2026-11-25-2026-11-25.csv');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString('utf8')).toContain('\r\n');
    expect(records).toEqual([
      ['Start', 'End', 'From', 'To', 'Distance (km)', 'Driving time (s)', 'Max speed (km/h)'],
      // 06:15 UTC is 08:15 in Johannesburg (UTC+2)
      [
        '2026-11-25 08:15:00',
        '2026-11-25 09:20:00',
        'Depot, Midrand',
        'Sandton "City"',
        '12.35',
        '3900',
        '96',
      ],
      [
        '2026-11-25 11:00:30',
        '2026-11-25 11:12:00',
        'Sandton "City"',
        'Rosebank',
        '4.10',
        '690',
        '64',
      ],
      [
        '2026-11-25 16:45:00',
        '2026-11-25 17:50:00',
        'Rosebank',
        'Depot, Midrand',
        '20.57',
        '3600',
        '118',
      ],
      ['Total', '', '', '', '37.02', '8190', '118'],
    ]);
  });

  it('quotes what needs it and keeps a formula-like name as text', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvField('=HYPERLINK("x")', true)).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('-12.5')).toBe('-12.5');
  });

  it('carries the table marked primary, not the first', async () => {
    const other: StreamedTable = {
      kind: 'table',
      title: 'Stops',
      columns: [{ key: 'place', title: 'Place', kind: 'text' }],
      rows: [{ place: 'Depot' }],
    };
    const doc = tripsDoc();
    doc.sections.unshift(other);
    const { records } = await csvOf(doc);
    expect(records[0][0]).toBe('Start');
    expect(records).toHaveLength(5);
  });

  it('is the header row only for an empty report', async () => {
    const { bytes, records } = await csvOf(emptyDoc());
    expect(records).toEqual([
      ['Start', 'End', 'From', 'To', 'Distance (km)', 'Driving time (s)', 'Max speed (km/h)'],
    ]);
    expect(bytes.toString('utf8').split('\r\n')).toHaveLength(2);
  });

  it('streams every batch of a streamed table in order', async () => {
    const doc = makeDoc({ sections: [streamedTable(1234, 100, 7)] });
    const { records } = await csvOf(doc);
    expect(records).toHaveLength(1 + 1234);
    records.slice(1).forEach((r, i) => expect(r[2]).toBe(`Place ${i}`));
    expect(records[1235 - 1][4]).toBe((longRow(1233).distance as number).toFixed(2));
  });

  it('reads the rows as it writes them: only a batch or two ahead of the reader', async () => {
    let made = 0;
    const table: StreamedTable = {
      kind: 'table',
      columns: TRIP_COLUMNS,
      rows: [],
      async *more() {
        for (let b = 0; b < 50; b++) {
          made++;
          yield Array.from({ length: 1000 }, (_, i) => longRow(b * 1000 + i));
        }
      },
    };
    const stream = renderReport(makeDoc({ sections: [table] }), 'csv').stream;
    let read = 0;
    for await (const chunk of stream) {
      read++;
      // the header chunk, then one chunk per batch
      expect(made).toBeLessThanOrEqual(read + 2);
      void chunk;
    }
    expect(made).toBe(50);
  });

  it('keeps memory flat for 200,000 rows', async () => {
    const before = process.memoryUsage().heapUsed;
    let peak = before;
    let bytes = 0;
    const stream = renderReport(
      makeDoc({ sections: [streamedTable(200_000, 2000)] }),
      'csv',
    ).stream;
    for await (const chunk of stream) {
      bytes += (chunk as Buffer).length;
      peak = Math.max(peak, process.memoryUsage().heapUsed);
    }
    expect(bytes).toBeGreaterThan(200_000 * 60);
    expect(peak - before).toBeLessThan(100 * 1024 * 1024);
  });
});
