// The PDF format (issue 14 item 2): the file parses, its pages say "Page x of y", it carries the
// header (brand, client, period, subjects, generation time in the client's zone), the summary, a
// chart, a map with the towns along the route, and tables with their header on every page and the
// totals; an empty report still has its header and note; 7,300 rows draw well under 1.5 s.
import { execFileSync } from 'node:child_process';
import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { renderReport } from '../../src/reports/render';
import type { ServerReportDoc, StreamedTable } from '../../src/reports/model';
import {
  emptyDoc,
  longRow,
  longTable,
  makeDoc,
  streamedTable,
  TRIP_COLUMNS,
  tripsDoc,
} from '../fixtures/reports/docs';
import { pdfPageCount, pdfText } from '../support/pdf-text';
import { streamBytes } from '../support/report-files';

async function pdfOf(doc: ServerReportDoc) {
  const started = process.cpuUsage();
  const rendered = renderReport(doc, 'pdf');
  const bytes = await streamBytes(rendered.stream);
  const used = process.cpuUsage(started);
  // One string per content stream (pages in order, then the page total written last).
  const streams = pdfText(bytes).split('\n');
  const cpuMs = (used.user + used.system) / 1000;
  return { rendered, bytes, text: streams.join(''), streams, pages: pdfPageCount(bytes), cpuMs };
}

const count = (text: string, word: string) => text.split(word).length - 1;

let pdfinfo = true;
try {
  execFileSync('pdfinfo', ['-v'], { stdio: 'ignore' });
} catch {
  pdfinfo = false;
}

describe('PDF', () => {
  it('holds the header, summary, chart, map and table of a day of trips', async () => {
    const { rendered, bytes, text, pages } = await pdfOf(tripsDoc());
    expect(rendered.contentType).toBe('application/pdf');
    expect(rendered.filename).toBe('trips-bakkie-1-2026-11-25-2026-11-25.pdf');
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.subarray(-6).toString()).toMatch(/%%EOF\s*$/);
    expect(pages).toBe(2);
    for (const s of [
      'Dev Fleet',
      'Trips and stops',
      'Hand Made Haulage',
      '25 Nov 2026',
      'Bakkie 1',
      // 04:00 UTC in Johannesburg
      '2026-11-26 06:00 (Africa/Johannesburg)',
      // summary
      '37.02 km',
      '2 h 17 min',
      '118 km/h',
      // chart title and its categories
      'Distance per trip',
      '08:1511:0016:45',
      // map: its title, markers, towns along the route, scale
      'Route on 25 Nov 2026',
      'Start 08:15',
      'Harsh braking',
      'Randburg',
      'Alexandra',
      'Natural Earth',
      // the table's rows and totals in the client's zone
      '2026-11-25 08:152026-11-25 09:20Depot, MidrandSandton "City"12.35 km1 h 05 min96 km/h',
      '2026-11-25 11:002026-11-25 11:12Sandton "City"Rosebank4.10 km12 min64 km/h',
      'Total37.02 km2 h 17 min118 km/h',
      'Page 1 of',
      'Page 2 of',
    ])
      expect(text).toContain(s);
    // A town far from the route is not on its map.
    expect(text).not.toContain('Cape Town');
    expect(text).not.toContain('Staging report server');
  });

  it('marks a staging report on every page', async () => {
    const { text, pages } = await pdfOf(tripsDoc({ staging: true }));
    // the header badge and each footer
    expect(count(text, 'Staging report server')).toBe(pages + 1);
  });

  it('is parsed by poppler with the pages it counts', async () => {
    if (!pdfinfo) return;
    const { bytes, pages } = await pdfOf(tripsDoc());
    const info = execFileSync('pdfinfo', ['-'], { input: bytes }).toString();
    expect(info).toMatch(new RegExp(`Pages:\\s+${pages}\\n`));
    expect(info).toMatch(/Page size:\s+595\.28 x 841\.89 pts \(A4\)/);
    expect(info).toMatch(/Title:\s+Trips and stops/);
  });

  it('still has its header and note when empty', async () => {
    const { text, pages } = await pdfOf(emptyDoc());
    expect(pages).toBe(1);
    expect(text).toContain('Trips and stops');
    expect(text).toContain('Hand Made Haulage');
    expect(text).toContain('Bakkie 1 made no trips in this period.');
    expect(text).not.toContain('No rows.');
    expect(text).not.toContain('Total');
  });

  it('says nothing happened when an empty report has no note of its own', async () => {
    const { text } = await pdfOf(makeDoc({ empty: true, sections: [] }));
    expect(text).toContain('Nothing happened in this period.');
  });

  it('draws 7,300 rows well under 1.5 s, the header on every page', async () => {
    const doc = makeDoc({ sections: [longTable(7300)] });
    // CPU time, not wall time: the test machine's two cores are shared with other suites, and a
    // busy neighbour must not fail this (alone, the wall time is the same, about 0.4 s).
    const { streams, text, pages, cpuMs } = await pdfOf(doc);
    expect(cpuMs).toBeLessThan(1500);
    // Every row is there: each names two places.
    expect(count(text, 'Place ')).toBe(2 * 7300);
    // 14 pt rows on A4 portrait between the 15 pt header (40 pt from the top) and the footer
    // (52 pt from the bottom): floor((841.89 - 40 - 52 - 15) / 14) = 52 rows a page after the first.
    const firstPage = count(streams[0], 'Place ') / 2;
    expect(firstPage).toBeGreaterThan(20);
    expect(pages).toBe(1 + Math.ceil((7300 - firstPage) / 52));
    expect(count(text, 'Driving time')).toBe(pages);
    // The footer's total, written once at the end, is the page count.
    expect(streams.filter((s) => /^\d+$/.test(s))).toEqual([String(pages)]);
    expect(text).toContain(`Page ${pages} of`);
  });

  it('writes every batch of a streamed table', async () => {
    const { text } = await pdfOf(makeDoc({ sections: [streamedTable(1000, 150, 20)] }));
    expect(count(text, 'Place ')).toBe(2 * 1000);
    expect(text.indexOf('Place 149')).toBeLessThan(text.indexOf('Place 150'));
    expect(text).toContain('Place 999');
  });

  it('fails the stream, not a cut-short file, when reading rows fails mid-way', async () => {
    const table: StreamedTable = {
      ...streamedTable(0, 1),
      rows: [longRow(0)],
      async *more() {
        yield [longRow(1)];
        throw new Error('database went away');
      },
    };
    await expect(
      streamBytes(renderReport(makeDoc({ sections: [table] }), 'pdf').stream),
    ).rejects.toThrow('database went away');
    await expect(
      streamBytes(renderReport(makeDoc({ sections: [table] }), 'csv').stream),
    ).rejects.toThrow('database went away');
  });

  it('stops reading rows when the reader goes away', async () => {
    let batches = 0;
    const table: StreamedTable = {
      ...streamedTable(0, 1),
      async *more() {
        for (let b = 0; b < 1000; b++) {
          batches++;
          yield Array.from({ length: 500 }, (_, i) => longRow(b * 500 + i));
        }
      },
    };
    const stream = renderReport(makeDoc({ sections: [table] }), 'pdf').stream as Readable;
    await new Promise<void>((resolve) => stream.once('data', () => resolve()));
    stream.destroy();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(batches).toBeLessThan(1000);
    const seen = batches;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(batches).toBe(seen);
  });

  it('turns landscape for a table of more than 7 columns', async () => {
    const wide = makeDoc({
      sections: [
        {
          kind: 'table',
          columns: [...TRIP_COLUMNS, { key: 'note', title: 'Note', kind: 'text' }],
          rows: [{ from: 'Depot', note: 'x'.repeat(300) }],
        },
      ],
    });
    const { bytes, text } = await pdfOf(wide);
    expect(bytes.toString('latin1')).toContain('/MediaBox [0 0 841.89 595.28]');
    // A text too long for its column is cut with an ellipsis (WinAnsi 0x85).
    expect(text).toMatch(/x{10,}\x85/);
    expect(text).not.toContain('x'.repeat(300));
  });

  it('shows the brand title alone when the logo file is missing, and ? for what Helvetica lacks', async () => {
    const doc = tripsDoc({
      brand: { title: 'No Logo Fleet', logo: 'themes/none/logo.svg' },
      subjects: ['Öffice bakkie 🚚'],
    });
    const { text } = await pdfOf(doc);
    expect(text).toContain('No Logo Fleet');
    expect(text).toContain('Öffice bakkie ?');
    // The dev theme's logo says DEV; without it the header has the title alone.
    expect(text).not.toContain('DEV');
    expect((await pdfOf(tripsDoc())).text).toContain('DEVDev Fleet');
  });

  it('draws the first 60 rows of a heat table of many and says so', async () => {
    const rows = Array.from({ length: 100 }, (_, i) => `Vehicle ${i + 1}`);
    const doc = makeDoc({
      sections: [
        {
          kind: 'chart',
          title: 'Hours used per day',
          chart: 'heatmap',
          categories: ['1 Dec', '2 Dec'],
          series: [],
          rows,
          cells: rows.flatMap((_, r): [number, number, number][] => [
            [0, r, r % 9],
            [1, r, 1],
          ]),
          unit: 'h',
        },
      ],
    });
    const { text } = await pdfOf(doc);
    expect(text).toContain('The first 60 of 100 rows are drawn.');
    expect(text).toContain('Vehicle 1');
    expect(text).not.toContain('Vehicle 61');
  });
});
