// A statement as a CSV file, built in the browser (SPEC §7: a text file downloaded without a
// call): the balance brought forward, one line per entry with its running balance, the closing
// balance. Amounts are plain decimals from integer cents ('-1234.50'), never floating point.
import Papa from 'papaparse';
import { ACCOUNT_ENTRY_KINDS, centsToDecimal, type Statement } from '@fleet/common';
import { dayOf } from './dates';

export const STATEMENT_CSV_COLUMNS = [
  'Date',
  'Type',
  'Reference',
  'Description',
  'Debit',
  'Credit',
  'Balance',
];

/**
 * Text a spreadsheet would run as a formula gets a leading quote (CSV injection), except a
 * negative amount, which must stay a number.
 */
const FORMULA = /^(?:[=+@\t\r]|-(?!\d+(?:\.\d+)?$))/;

export function statementCsv(s: Statement): string {
  const money = (cents: number) => (cents ? centsToDecimal(cents) : '');
  const rows: string[][] = [
    [
      s.from ? dayOf(s.from) : '',
      'Balance brought forward',
      '',
      '',
      '',
      '',
      centsToDecimal(s.opening_cents),
    ],
    ...s.lines.map((l) => [
      dayOf(l.date),
      ACCOUNT_ENTRY_KINDS[l.kind] ?? l.kind,
      l.reference,
      l.description,
      money(l.debit_cents),
      money(l.credit_cents),
      centsToDecimal(l.balance_cents),
    ]),
    [s.to ? dayOf(s.to) : '', 'Closing balance', '', '', '', '', centsToDecimal(s.closing_cents)],
  ];
  const body = Papa.unparse(
    { fields: STATEMENT_CSV_COLUMNS, data: rows },
    { newline: '\r\n', escapeFormulae: FORMULA },
  );
  // The byte order mark makes Excel read UTF-8.
  return `\uFEFF${body}\r\n`;
}

/** statement-demo-fleet-2026-01-01-2026-03-31.csv */
export function statementFileName(s: Statement): string {
  const slug = s.client.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  const range =
    s.from || s.to ? `-${s.from ? dayOf(s.from) : 'start'}-${s.to ? dayOf(s.to) : 'now'}` : '';
  return `statement-${slug || s.client.cid}${range}.csv`;
}
