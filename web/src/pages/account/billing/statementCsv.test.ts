// The statement's CSV: plain decimal amounts from integer cents, negative balances kept as
// numbers, formula-like text defused, the balance brought forward and the closing balance.
import { describe, expect, it } from 'vitest';
import type { Statement } from '@fleet/common';
import { statementCsv, statementFileName } from './statementCsv';
import { STATEMENT } from './testing/billingFixtures';

describe('statementCsv', () => {
  it('writes a BOM, the header, the opening line, each entry and the closing balance', () => {
    const lines = statementCsv(STATEMENT).split('\r\n');
    expect(lines[0]).toBe('\uFEFFDate,Type,Reference,Description,Debit,Credit,Balance');
    expect(lines[1]).toBe(',Balance brought forward,,,,,0.00');
    expect(lines[2]).toMatch(
      /^2026-01-0[89],Invoice,DF-INV-1005,Tracking for January 2026,7960\.00,,7960\.00$/,
    );
    expect(lines[3]).toMatch(/,Payment,DF-PAY-1005,Debit order,,6175\.00,1785\.00$/);
    expect(lines.at(-2)).toBe(',Closing balance,,,,,9745.00');
    expect(lines.at(-1)).toBe('');
  });

  it('keeps a credit balance a number and defuses text a spreadsheet would run', () => {
    const s: Statement = {
      ...STATEMENT,
      lines: [
        {
          ...STATEMENT.lines[1],
          description: '=HYPERLINK("x")',
          reference: '-PAY',
          balance_cents: -617_550,
        },
      ],
      closing_cents: -617_550,
    };
    const csv = statementCsv(s);
    expect(csv).toContain(`"'=HYPERLINK(""x"")"`);
    expect(csv).toContain(`"'-PAY"`);
    expect(csv).toContain(',6175.00,-6175.50');
    expect(csv).toContain(',Closing balance,,,,,-6175.50');
  });

  it('names the file by client and range', () => {
    expect(statementFileName(STATEMENT)).toBe('statement-demo-fleet.csv');
    expect(
      statementFileName({ ...STATEMENT, from: '2026-01-01T10:00:00Z', to: '2026-01-31T10:00:00Z' }),
    ).toBe('statement-demo-fleet-2026-01-01-2026-01-31.csv');
  });
});
