// A client's account from its ledger (issue 15): the running balance of a statement over 1,000
// random invoices and payments equals an independent BigInt sum to the cent; payments settle the
// oldest invoices first; what is overdue is the unpaid part of invoices past their due date.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  accountStanding,
  invoiceStatus,
  settledInvoices,
  statementLines,
  type LedgerEntry,
} from '../../../src/domain/account-standing';

const DAY = 86_400_000;
const T0 = Date.UTC(2025, 0, 1);
const at = (day: number) => T0 + day * DAY;

const invoice = (id: number, day: number, cents: number, dueDay = day + 7): LedgerEntry => ({
  id,
  kind: 'invoice',
  entry_date: at(day),
  due_date: at(dueDay),
  amount_cents: cents,
});
const payment = (id: number, day: number, cents: number, kind = 'payment'): LedgerEntry => ({
  id,
  kind,
  entry_date: at(day),
  due_date: null,
  amount_cents: cents,
});

/** Up to R 999 999 999.99 an entry, as the money helpers allow. */
const entryArb = fc.record({
  kind: fc.constantFrom('invoice', 'payment', 'credit'),
  day: fc.integer({ min: 0, max: 3650 }),
  amount_cents: fc.integer({ min: 1, max: 99_999_999_999 }),
});

describe('statement running balance', () => {
  it('equals an independent BigInt sum to the cent over 1,000 random invoices and payments', () => {
    fc.assert(
      fc.property(fc.array(entryArb, { minLength: 1000, maxLength: 1000 }), (raw) => {
        const entries: LedgerEntry[] = raw.map((r, i) => ({
          id: i + 1,
          kind: r.kind,
          entry_date: at(r.day),
          due_date: r.kind === 'invoice' ? at(r.day + 30) : null,
          amount_cents: r.amount_cents,
        }));
        const { lines, opening_cents, closing_cents } = statementLines(entries);
        expect(lines).toHaveLength(1000);
        expect(opening_cents).toBe(0);
        // The same order the statement promises: by entry date, then id.
        const ordered = [...entries].sort((a, b) => a.entry_date - b.entry_date || a.id - b.id);
        let sum = 0n;
        for (const [i, e] of ordered.entries()) {
          sum += e.kind === 'invoice' ? BigInt(e.amount_cents) : -BigInt(e.amount_cents);
          expect(lines[i].entry.id).toBe(e.id);
          expect(BigInt(lines[i].balance_cents)).toBe(sum);
          expect(lines[i].debit_cents + lines[i].credit_cents).toBe(e.amount_cents);
        }
        expect(BigInt(closing_cents)).toBe(sum);
        expect(BigInt(accountStanding(entries, at(4000)).balance_cents)).toBe(sum);
        expect(lines.every((l) => Number.isSafeInteger(l.balance_cents))).toBe(true);
      }),
      { numRuns: 20 },
    );
  });

  it('brings the balance before `from` forward and stops after `to`', () => {
    const entries = [
      invoice(1, 0, 100_00),
      payment(2, 5, 40_00),
      invoice(3, 31, 100_00),
      payment(4, 40, 100_00),
      invoice(5, 61, 100_00),
    ];
    const s = statementLines(entries, at(30), at(45));
    expect(s.opening_cents).toBe(60_00);
    expect(
      s.lines.map((l) => [l.entry.id, l.debit_cents, l.credit_cents, l.balance_cents]),
    ).toEqual([
      [3, 100_00, 0, 160_00],
      [4, 0, 100_00, 60_00],
    ]);
    expect(s.closing_cents).toBe(60_00);
    // The same day counts as inside the range at both ends.
    expect(statementLines(entries, at(31), at(31)).lines.map((l) => l.entry.id)).toEqual([3]);
  });

  it('orders entries of one day by id', () => {
    const s = statementLines([payment(9, 1, 5_00), invoice(2, 1, 10_00)]);
    expect(s.lines.map((l) => [l.entry.id, l.balance_cents])).toEqual([
      [2, 10_00],
      [9, 5_00],
    ]);
  });
});

describe('account standing', () => {
  it('settles the oldest invoices first, whenever the payment came', () => {
    const entries = [
      invoice(1, 0, 100_00),
      invoice(2, 30, 100_00),
      invoice(3, 60, 100_00),
      payment(4, 65, 150_00),
      payment(5, 70, 20_00, 'credit'),
    ];
    const paid = settledInvoices(entries);
    expect([...paid.entries()]).toEqual([
      [1, 100_00],
      [2, 70_00],
      [3, 0],
    ]);
    // Invoice 3 is due on day 67: at day 80 invoices 2 (part) and 3 are overdue.
    expect(accountStanding(entries, at(80))).toEqual({
      balance_cents: 130_00,
      overdue_cents: 130_00,
      overdue_invoices: 2,
      overdue_since: at(37),
      days_overdue: 43,
    });
    // Before invoice 3 falls due only the rest of invoice 2 is overdue.
    expect(accountStanding(entries, at(66))).toMatchObject({
      overdue_cents: 30_00,
      overdue_invoices: 1,
      days_overdue: 29,
    });
  });

  it('a payment ahead of an invoice settles it; a credit balance is negative and nothing is overdue', () => {
    const entries = [payment(1, 0, 500_00), invoice(2, 10, 100_00)];
    expect(accountStanding(entries, at(100))).toEqual({
      balance_cents: -400_00,
      overdue_cents: 0,
      overdue_invoices: 0,
      overdue_since: null,
      days_overdue: 0,
    });
  });

  it('an invoice due exactly now is not yet overdue', () => {
    expect(accountStanding([invoice(1, 0, 10_00, 7)], at(7)).overdue_invoices).toBe(0);
    expect(accountStanding([invoice(1, 0, 10_00, 7)], at(7) + 1).overdue_invoices).toBe(1);
  });

  it('gives each invoice its status', () => {
    const inv = invoice(1, 0, 100_00, 7);
    expect(invoiceStatus(inv, 100_00, at(30))).toBe('paid');
    expect(invoiceStatus(inv, 50_00, at(3))).toBe('open');
    expect(invoiceStatus(inv, 50_00, at(30))).toBe('overdue');
  });

  it('overdue never exceeds the balance when every entry is an invoice or payment', () => {
    fc.assert(
      fc.property(
        fc.array(entryArb, { maxLength: 200 }),
        fc.integer({ min: 0, max: 4000 }),
        (raw, day) => {
          const entries = raw.map((r, i) => ({
            id: i + 1,
            kind: r.kind,
            entry_date: at(r.day),
            due_date: r.kind === 'invoice' ? at(r.day + 30) : null,
            amount_cents: r.amount_cents,
          }));
          const s = accountStanding(entries, at(day));
          expect(s.overdue_cents).toBeGreaterThanOrEqual(0);
          expect(s.overdue_cents).toBeLessThanOrEqual(Math.max(0, s.balance_cents));
        },
      ),
      { numRuns: 100 },
    );
  });
});
