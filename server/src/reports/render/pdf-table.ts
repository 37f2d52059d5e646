// A report table in the PDF: fixed-height rows in zebra stripes, the header again at the top of
// every page, the totals row bold under a rule. Rows of a streamed table are drawn batch by batch
// as they are read, and the page they fill is written out before the next batch is asked for.
import type { ReportRow } from '@fleet/common';
import type { Pdf } from '../pdf';
import type { StreamedTable } from '../model';
import { alignsRight, cellText, tableBatches, totalsRow } from './format';
import {
  Batch,
  fillRect,
  hLine,
  pdfSafe,
  rgb,
  textRuns,
  type FastFont,
  type Run,
} from './pdf-text';

/** Where the table is drawn: the page flow of the document (render/pdf.ts). */
export interface Flow {
  doc: Pdf;
  zone: string;
  left: number;
  width: number;
  /** the lowest y content may reach on a page */
  bottom: number;
  /** where the next thing goes */
  y: number;
  regular: FastFont;
  bold: FastFont;
  newPage(): void;
  /** a new page unless `height` fits under y */
  room(height: number): void;
  /** waits while the reader is behind (a long table is not piled up in memory) */
  drained(): Promise<void>;
}

const SIZE = 8;
const ROW = 14;
const BASELINE = 10;
const HEADER = 24;
const PAD = 4;
const MAX_TEXT_WIDTH = 220;
const MIN_WIDTH = 30;
const SAMPLE = 200;
const INK = rgb('#1f1f1f');
const ZEBRA = rgb('#f5f5f5');
const HEAD = rgb('#e8e8e8');
const RULE = rgb('#8c8c8c');
const MUTED = rgb('#595959');

/**
 * Widths that fit `total`: every column gets what its title and first rows need; when that is too
 * much the widest are cut to one common cap (water filling), when too little all grow alike.
 */
export function fitWidths(natural: number[], total: number): number[] {
  const sum = natural.reduce((a, b) => a + b, 0);
  if (sum <= total) return natural.map((w) => (w * total) / sum);
  const sorted = [...natural].sort((a, b) => a - b);
  let left = total;
  let cap = total / natural.length;
  for (let i = 0; i < sorted.length; i++) {
    cap = left / (sorted.length - i);
    if (sorted[i] > cap) break;
    left -= sorted[i];
  }
  return natural.map((w) => Math.min(w, cap));
}

function naturalWidths(flow: Flow, table: StreamedTable, totals: ReportRow | null): number[] {
  const rows = table.rows.slice(0, SAMPLE);
  return table.columns.map((c) => {
    const title = pdfSafe(c.title);
    const whole = flow.bold.width(title, SIZE);
    const word = Math.max(...title.split(' ').map((w) => flow.bold.width(w, SIZE)));
    // A title may take two lines.
    let w = Math.min(whole, Math.max(word, whole / 2 + SIZE));
    for (const r of rows)
      w = Math.max(
        w,
        flow.regular.width(
          pdfSafe(cellText(r[c.key] ?? null, c.kind, flow.zone, c.decimals)),
          SIZE,
        ),
      );
    if (totals) {
      const text = pdfSafe(cellText(totals[c.key] ?? null, c.kind, flow.zone, c.decimals));
      w = Math.max(w, flow.bold.width(text, SIZE));
    }
    const most = c.kind === 'text' ? MAX_TEXT_WIDTH : Infinity;
    return Math.max(MIN_WIDTH, Math.min(most, w) + 2 * PAD);
  });
}

export async function drawTable(flow: Flow, table: StreamedTable): Promise<void> {
  const { doc } = flow;
  const { columns } = table;
  const totals = totalsRow(table);
  const widths = fitWidths(naturalWidths(flow, table, totals), flow.width);
  const xs: number[] = [];
  widths.reduce((x, w) => (xs.push(x), x + w), flow.left);
  const right = columns.map((c) => alignsRight(c.kind));
  // Two lines for the titles only when one needs them.
  const header2 = columns.some(
    (c, i) => flow.bold.width(pdfSafe(c.title), SIZE) > widths[i] - 2 * PAD,
  );
  const headerHeight = header2 ? HEADER : HEADER - 9;

  // The rows of a page are written to it in one piece, before it ends or anything else draws.
  const ops = new Batch();
  const header = () => {
    fillRect(doc, flow.left, flow.y, flow.width, headerHeight, HEAD);
    doc.font(flow.bold.name).fontSize(SIZE).fillColor('#1f1f1f');
    columns.forEach((c, i) =>
      doc.text(pdfSafe(c.title), xs[i] + PAD, flow.y + 4, {
        width: widths[i] - 2 * PAD,
        height: headerHeight - 3,
        ellipsis: true,
        align: right[i] ? 'right' : 'left',
        lineGap: -1,
      }),
    );
    flow.y += headerHeight;
  };
  const runs = (row: ReportRow, font: FastFont): Run[] =>
    columns.map((c, i) => {
      const room = widths[i] - 2 * PAD;
      const text = font.fit(
        pdfSafe(cellText(row[c.key] ?? null, c.kind, flow.zone, c.decimals)),
        SIZE,
        room,
      );
      return { x: right[i] ? xs[i] + widths[i] - PAD - font.width(text, SIZE) : xs[i] + PAD, text };
    });
  const nextRow = () => {
    if (flow.y + ROW > flow.bottom) {
      ops.flush(doc);
      flow.newPage();
      header();
    }
  };

  if (table.title) {
    flow.room(20 + HEADER + 2 * ROW);
    doc.font(flow.bold.name).fontSize(11).fillColor('#1f1f1f');
    doc.text(pdfSafe(table.title), flow.left, flow.y, { width: flow.width, lineBreak: false });
    flow.y += 18;
  } else flow.room(HEADER + 2 * ROW);
  header();

  let n = 0;
  for await (const batch of tableBatches(table)) {
    for (const row of batch) {
      nextRow();
      if (n % 2) fillRect(ops, flow.left, flow.y, flow.width, ROW, ZEBRA);
      textRuns(doc, flow.regular, SIZE, INK, flow.y + BASELINE, runs(row, flow.regular), ops);
      flow.y += ROW;
      n++;
    }
    ops.flush(doc);
    await flow.drained();
  }
  if (!n) {
    textRuns(doc, flow.regular, SIZE, MUTED, flow.y + BASELINE, [
      { x: flow.left + PAD, text: 'No rows.' },
    ]);
    flow.y += ROW;
  } else if (totals) {
    nextRow();
    fillRect(doc, flow.left, flow.y, flow.width, ROW, HEAD);
    hLine(doc, flow.left, flow.left + flow.width, flow.y, RULE, 0.8);
    textRuns(doc, flow.bold, SIZE, INK, flow.y + BASELINE, runs(totals, flow.bold));
    flow.y += ROW;
  }
  if (table.omitted) {
    nextRow();
    const text = `${table.omitted} more rows are in the CSV file.`;
    textRuns(doc, flow.regular, SIZE, MUTED, flow.y + BASELINE, [{ x: flow.left + PAD, text }]);
    flow.y += ROW;
  }
  flow.y += 12;
}
