// The Website file (issue 14 item 2): one self-contained page (no request of its own) with the
// header, an inline SVG for each chart and map, tables with sort buttons and their totals; every
// name is escaped, so a vehicle called "<script>" is shown as text.
import { describe, expect, it } from 'vitest';
import { renderReport } from '../../src/reports/render';
import type { ServerReportDoc } from '../../src/reports/model';
import { emptyDoc, makeDoc, streamedTable, tripsDoc } from '../fixtures/reports/docs';
import { streamBytes } from '../support/report-files';

async function htmlOf(doc: ServerReportDoc) {
  const rendered = renderReport(doc, 'html');
  return { rendered, html: (await streamBytes(rendered.stream)).toString('utf8') };
}

const count = (text: string, word: string) => text.split(word).length - 1;
const EVIL = '<script>alert(1)</script>';

describe('Website file', () => {
  it('is one page with the header, summary, a chart, a map and the sortable table', async () => {
    const { rendered, html } = await htmlOf(tripsDoc({ staging: true }));
    expect(rendered.contentType).toBe('text/html; charset=utf-8');
    expect(rendered.filename).toBe('trips-bakkie-1-2026-11-25-2026-11-25.html');
    expect(html).toMatch(/^<!doctype html><html lang="en">/);
    expect(html).toContain('<h1>Trips and stops</h1>');
    for (const s of [
      'Dev Fleet',
      'Hand Made Haulage',
      '25 Nov 2026',
      '2026-11-26 06:00 (Africa/Johannesburg)',
      'Staging report server',
      '<h2>Summary</h2>',
      '<strong>37.02 km</strong>',
      '<h2>Distance per trip</h2>',
      '<h2>Route on 25 Nov 2026</h2>',
      '<h2>Trips</h2>',
      '<button type="button">Driving time</button>',
      // the cell shows the time in the client's zone and sorts by the instant
      `data-v="${Date.parse('2026-11-25T06:15:00.000Z')}">2026-11-25 08:15</td>`,
      'data-v="12.35">12.35 km</td>',
      'Sandton &quot;City&quot;',
      '<tfoot><tr><td data-v="Total">Total</td>',
    ])
      expect(html).toContain(s);
    // One SVG for the chart and one for the map; the logo is an image in a data URL.
    expect(count(html, '<svg')).toBe(2);
    expect(html).toContain('aria-label="Map: Route on 25 Nov 2026"');
    expect(html).toContain('<img src="data:image/svg+xml;base64,');
    // Headings in order: one h1, then h2s.
    expect(html.match(/<h\d/g)).toEqual(['<h1', '<h2', '<h2', '<h2', '<h2']);
  });

  it('asks for nothing outside the file', async () => {
    const { html } = await htmlOf(tripsDoc());
    const urls = [...html.matchAll(/(?:src|href)="([^"]*)"|url\(([^)]*)\)/g)].map(
      (m) => m[1] ?? m[2],
    );
    expect(urls.length).toBeGreaterThan(0);
    for (const u of urls) expect(u).toMatch(/^data:/);
    expect(html).not.toMatch(/<link|<script src|@import/);
  });

  it('escapes every name', async () => {
    const doc = tripsDoc({ subjects: [EVIL], client: `${EVIL} & Co` });
    doc.sections.push(
      { kind: 'note', text: EVIL },
      {
        kind: 'chart',
        title: EVIL,
        chart: 'bar',
        categories: [EVIL],
        series: [{ name: EVIL, values: [1] }],
      },
      {
        kind: 'map',
        title: EVIL,
        paths: [],
        markers: [{ lon: 28.05, lat: -26.1, label: EVIL, kind: 'stop' }],
      },
      {
        kind: 'table',
        title: EVIL,
        columns: [{ key: 'name', title: EVIL, kind: 'text' }],
        rows: [{ name: EVIL }],
      },
    );
    const { html } = await htmlOf(doc);
    // The page's own sorter is its one script.
    expect(count(html, '<script>')).toBe(1);
    expect(count(html, '&lt;script&gt;alert(1)&lt;/script&gt;')).toBeGreaterThanOrEqual(9);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; Co');
  });

  it('says so when empty', async () => {
    const { html } = await htmlOf(emptyDoc());
    expect(html).toContain('<p>Bakkie 1 made no trips in this period.</p>');
    // The empty table is there for the CSV's header: the page shows the note alone.
    expect(html).not.toContain('No rows.');
    expect(html).not.toContain('<table');
    expect(html).not.toContain('<tfoot>');
  });

  it('holds every row of a streamed table, in order', async () => {
    const { html } = await htmlOf(makeDoc({ sections: [streamedTable(500, 64, 3)] }));
    const places = [...html.matchAll(/<td data-v="Place (\d+)">/g)].map((m) => Number(m[1]));
    // From and To of each row: 0,1, 1,2, 2,3, ...
    expect(places).toHaveLength(1000);
    places.forEach((p, i) => expect(p).toBe(Math.floor(i / 2) + (i % 2)));
  });
});
