// The account's files (issue 15): a client's statement and a quote's contract as PDF, drawn from
// what get_statement and get_quote_contract answer, so they hold exactly what the pages show.
import {
  ACCOUNT_ENTRY_KINDS,
  formatRand,
  type QuoteContract,
  type Statement,
  type StatementLine,
} from '@fleet/common';
import { CONTENT_WIDTH, heading, renderPdf, table, type Column } from './pdf';

/** Rand with plain spaces (the PDF's built-in font spaces a no-break space oddly). */
const rand = (cents: number) => formatRand(cents).replace(/\u00a0/g, ' ');

/** A day as the user reads it, in their zone. */
export function dayIn(zone: string, iso: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(iso));
}

type Row = StatementLine | { total: string; balance_cents: number };

export function statementPdf(s: Statement, zone: string, printedAt: string): Promise<Buffer> {
  const period =
    s.from && s.to
      ? `${dayIn(zone, s.from)} to ${dayIn(zone, s.to)}`
      : s.from
        ? `from ${dayIn(zone, s.from)}`
        : s.to
          ? `up to ${dayIn(zone, s.to)}`
          : 'every entry';
  const w = CONTENT_WIDTH;
  const line = (r: Row) => ('id' in r ? r : null);
  const columns: Column<Row>[] = [
    { title: 'Date', width: w * 0.12, value: (r) => (line(r) ? dayIn(zone, line(r)!.date) : '') },
    {
      title: 'Type',
      width: w * 0.1,
      value: (r) => (line(r) ? ACCOUNT_ENTRY_KINDS[line(r)!.kind] : ''),
    },
    { title: 'Reference', width: w * 0.15, value: (r) => line(r)?.reference ?? '' },
    {
      title: 'Description',
      width: w * 0.27,
      value: (r) => (line(r) ? line(r)!.description : (r as { total: string }).total),
    },
    {
      title: 'Debit',
      width: w * 0.12,
      align: 'right',
      value: (r) => (line(r)?.debit_cents ? rand(line(r)!.debit_cents) : ''),
    },
    {
      title: 'Credit',
      width: w * 0.12,
      align: 'right',
      value: (r) => (line(r)?.credit_cents ? rand(line(r)!.credit_cents) : ''),
    },
    { title: 'Balance', width: w * 0.12, align: 'right', value: (r) => rand(r.balance_cents) },
  ];
  const rows: Row[] = [
    { total: 'Opening balance', balance_cents: s.opening_cents },
    ...s.lines,
    { total: 'Closing balance', balance_cents: s.closing_cents },
  ];
  return renderPdf(`Statement of ${s.client.name}`, (doc) => {
    heading(doc, 'Statement', [s.client.name, `Period: ${period}`, `Printed ${printedAt}`]);
    table(doc, columns, rows, (r) => !('id' in r));
    doc.moveDown();
    doc
      .font('Helvetica-Bold')
      .fontSize(11)
      .text(
        s.closing_cents > 0
          ? `Amount owing: ${rand(s.closing_cents)}`
          : s.closing_cents < 0
            ? `In credit: ${rand(-s.closing_cents)}`
            : 'Nothing owing',
      );
  });
}

export function contractPdf(c: QuoteContract): Promise<Buffer> {
  // The terms' first paragraph is their title, as the contract page shows it.
  const [title, ...paragraphs] = c.terms.split(/\n\s*\n/).map((p) => p.trim());
  return renderPdf(`Contract ${c.quote.reference}`, (doc) => {
    heading(doc, title || `Contract for quote ${c.quote.reference}`, [c.client_name]);
    doc.font('Helvetica').fontSize(10).fillColor('#1f1f1f');
    for (const paragraph of paragraphs) {
      doc.text(paragraph, { width: CONTENT_WIDTH, align: 'left' });
      doc.moveDown(0.6);
    }
    doc.moveDown(2);
    doc.text(`Signed for ${c.client_name}: ____________________   Date: __________`);
    doc.moveDown(1.5);
    doc.text('Signed for the tracking provider: ____________________   Date: __________');
  });
}
