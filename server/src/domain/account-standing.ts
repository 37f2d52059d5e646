// A client's account from its ledger (issue 15), pure: invoices add to the balance, payments and
// credit notes take off and settle the oldest invoices first (FIFO); the unpaid parts of invoices
// past their due date are overdue. Amounts are integer cents, added as integers only.

export type LedgerKind = 'invoice' | 'payment' | 'credit';

export interface LedgerEntry {
  id: number;
  kind: LedgerKind | string;
  /** epoch ms */
  entry_date: number;
  /** epoch ms; invoices only */
  due_date: number | null;
  /** always positive: the kind gives the sign */
  amount_cents: number;
}

export interface Standing {
  balance_cents: number;
  overdue_cents: number;
  overdue_invoices: number;
  /** epoch ms: the due date of the oldest unpaid overdue invoice */
  overdue_since: number | null;
  days_overdue: number;
}

const DAY_MS = 86_400_000;

/** What an entry does to the balance: + for an invoice, - for a payment or credit. */
export function signedCents(e: Pick<LedgerEntry, 'kind' | 'amount_cents'>): number {
  return e.kind === 'invoice' ? e.amount_cents : -e.amount_cents;
}

/** In statement order: by entry date, then by id. */
export function byEntryDate(a: LedgerEntry, b: LedgerEntry): number {
  return a.entry_date - b.entry_date || a.id - b.id;
}

/**
 * What payments and credits settled of each invoice (by id): their total goes to the oldest
 * invoices first, whenever it was paid, so a payment ahead of an invoice settles it too.
 */
export function settledInvoices(entries: readonly LedgerEntry[]): Map<number, number> {
  let pool = 0;
  for (const e of entries) if (e.kind !== 'invoice') pool += e.amount_cents;
  const paid = new Map<number, number>();
  for (const inv of entries.filter((e) => e.kind === 'invoice').sort(byEntryDate)) {
    const part = Math.min(pool, inv.amount_cents);
    paid.set(inv.id, part);
    pool -= part;
  }
  return paid;
}

/** The balance and what is overdue at `now`. */
export function accountStanding(entries: readonly LedgerEntry[], now: number): Standing {
  const paid = settledInvoices(entries);
  let balance = 0;
  let overdue = 0;
  let count = 0;
  let since: number | null = null;
  for (const e of entries) {
    balance += signedCents(e);
    if (e.kind !== 'invoice' || e.due_date === null || e.due_date >= now) continue;
    const outstanding = e.amount_cents - (paid.get(e.id) ?? 0);
    if (outstanding <= 0) continue;
    overdue += outstanding;
    count++;
    if (since === null || e.due_date < since) since = e.due_date;
  }
  return {
    balance_cents: balance,
    overdue_cents: overdue,
    overdue_invoices: count,
    overdue_since: since,
    days_overdue: since === null ? 0 : Math.floor((now - since) / DAY_MS),
  };
}

export interface StatementRow<E extends LedgerEntry> {
  entry: E;
  debit_cents: number;
  credit_cents: number;
  /** the running balance after this line */
  balance_cents: number;
}

export interface StatementLines<E extends LedgerEntry> {
  opening_cents: number;
  lines: StatementRow<E>[];
  closing_cents: number;
}

/**
 * A statement from `from` to `to` (epoch ms, both inclusive; absent: open-ended): the balance
 * brought forward, each entry with its running balance, and the closing balance.
 */
export function statementLines<E extends LedgerEntry>(
  entries: readonly E[],
  from?: number,
  to?: number,
): StatementLines<E> {
  const sorted = [...entries].sort(byEntryDate);
  let balance = 0;
  const lines: StatementRow<E>[] = [];
  let opening = 0;
  for (const e of sorted) {
    if (to !== undefined && e.entry_date > to) break;
    balance += signedCents(e);
    if (from !== undefined && e.entry_date < from) {
      opening = balance;
      continue;
    }
    const invoice = e.kind === 'invoice';
    lines.push({
      entry: e,
      debit_cents: invoice ? e.amount_cents : 0,
      credit_cents: invoice ? 0 : e.amount_cents,
      balance_cents: balance,
    });
  }
  return { opening_cents: opening, lines, closing_cents: balance };
}

/** The invoice's status at `now`, from what was settled of it. */
export function invoiceStatus(
  inv: Pick<LedgerEntry, 'due_date' | 'amount_cents'>,
  paidCents: number,
  now: number,
): 'paid' | 'open' | 'overdue' {
  if (paidCents >= inv.amount_cents) return 'paid';
  return inv.due_date !== null && inv.due_date < now ? 'overdue' : 'open';
}
