// PDF documents with pdfkit (ARCHITECTURE.md §2): its built-in Helvetica, so nothing is fetched or
// installed; an A4 page with the provider's heading, a table that breaks across pages with its
// header repeated, and the finished file as one Buffer.
import PDFDocument from 'pdfkit';

export type Pdf = PDFKit.PDFDocument;

export const MARGIN = 40;
const A4_WIDTH = 595.28;
export const CONTENT_WIDTH = A4_WIDTH - 2 * MARGIN;

/** Writes a document with `draw` and answers its bytes. */
export function renderPdf(title: string, draw: (doc: Pdf) => void): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: title, Creator: 'Fleet Portal' },
    bufferPages: true,
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw(doc);
  // Page numbers once every page exists.
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor('#595959')
      .text(`Page ${i - start + 1} of ${count}`, MARGIN, doc.page.height - MARGIN + 10, {
        width: CONTENT_WIDTH,
        align: 'right',
        lineBreak: false,
      });
  }
  doc.end();
  return done;
}

export function heading(doc: Pdf, title: string, lines: string[]): void {
  doc.font('Helvetica-Bold').fontSize(18).fillColor('#1f1f1f').text(title);
  doc.moveDown(0.3);
  doc.font('Helvetica').fontSize(10).fillColor('#434343');
  for (const l of lines) doc.text(l);
  doc.moveDown();
}

export interface Column<T> {
  title: string;
  width: number;
  align?: 'left' | 'right';
  value(row: T): string;
}

/** A table of rows; a row that does not fit starts a new page under the header again. */
export function table<T>(
  doc: Pdf,
  columns: Column<T>[],
  rows: readonly T[],
  bold?: (row: T) => boolean,
) {
  const bottom = () => doc.page.height - MARGIN - 20;
  const drawRow = (cells: string[], strong: boolean, fill?: string) => {
    doc.font(strong ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    const height =
      Math.max(...cells.map((c, i) => doc.heightOfString(c, { width: columns[i].width - 6 }))) + 6;
    if (doc.y + height > bottom()) {
      doc.addPage();
      drawHeader();
      doc.font(strong ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    }
    const y = doc.y;
    if (fill) doc.rect(MARGIN, y, CONTENT_WIDTH, height).fill(fill);
    let x = MARGIN;
    doc.fillColor('#1f1f1f');
    cells.forEach((c, i) => {
      doc.text(c, x + 3, y + 3, { width: columns[i].width - 6, align: columns[i].align ?? 'left' });
      x += columns[i].width;
    });
    doc.y = y + height;
    doc
      .moveTo(MARGIN, doc.y)
      .lineTo(MARGIN + CONTENT_WIDTH, doc.y)
      .lineWidth(0.5)
      .stroke('#d9d9d9');
  };
  const drawHeader = () =>
    drawRow(
      columns.map((c) => c.title),
      true,
      '#f0f0f0',
    );
  drawHeader();
  for (const row of rows)
    drawRow(
      columns.map((c) => c.value(row)),
      bold?.(row) ?? false,
    );
  doc.x = MARGIN;
}
