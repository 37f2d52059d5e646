// The CSV format (issue 14 item 2): the report's primary table as RFC 4180 text, UTF-8 with a BOM so
// Excel reads the names right, CRLF line ends, a header row of titles with their units, the rows,
// then the totals row. Written batch by batch as the reader pulls, so a million-row export never
// sits in memory.
import { Readable } from 'node:stream';
import type { ReportColumn, ReportRow } from '@fleet/common';
import type { ServerReportDoc } from '../model';
import { csvTitle, csvValue, primaryTable, tableBatches, totalsRow } from './format';

const BOM = '\uFEFF';

/**
 * One field, quoted when it holds a comma, quote or line break. A text that starts like a formula
 * (= + - @) gets a leading apostrophe, so a vehicle named "=HYPERLINK(...)" stays text in a
 * spreadsheet instead of running.
 */
export function csvField(text: string, isText = false): string {
  const safe = isText && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function line(columns: ReportColumn[], row: ReportRow, zone: string): string {
  let out = '';
  for (let i = 0; i < columns.length; i++) {
    const c = columns[i];
    if (i) out += ',';
    out += csvField(csvValue(row[c.key] ?? null, c.kind, zone, c.decimals), c.kind === 'text');
  }
  return out + '\r\n';
}

async function* csvChunks(doc: ServerReportDoc): AsyncGenerator<string> {
  const table = primaryTable(doc);
  if (!table) {
    // A report of figures only: its summary as two columns.
    yield `${BOM}Item,Value\r\n`;
    for (const s of doc.sections)
      if (s.kind === 'summary')
        for (const item of s.items)
          yield `${csvField(item.label, true)},${csvField(csvValue(item.value, item.kind, doc.zone))}\r\n`;
    return;
  }
  const { columns } = table;
  yield BOM + columns.map((c) => csvField(csvTitle(c))).join(',') + '\r\n';
  let written = 0;
  for await (const batch of tableBatches(table)) {
    let chunk = '';
    for (const row of batch) chunk += line(columns, row, doc.zone);
    written += batch.length;
    yield chunk;
  }
  const totals = totalsRow(table);
  if (totals && written) yield line(columns, totals, doc.zone);
}

export function csvStream(doc: ServerReportDoc): Readable {
  return Readable.from(csvChunks(doc), { objectMode: false });
}
