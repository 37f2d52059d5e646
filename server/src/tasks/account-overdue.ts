// What is overdue on the accounts the user may see (the dashboard's "Accounts overdue" card, the
// account overdue site alert and the support dashboard's overdue accounts): each client's ledger
// read through the tenant layer and judged by domain/account-standing.ts.
import { accountStanding, type LedgerEntry, type Standing } from '../domain/account-standing';
import { clock } from '../clock';
import type { TaskContext } from './context';

/** The standing of every client with ledger entries the user may see (one for a client user). */
export async function standingsOf(ctx: TaskContext): Promise<Map<number, Standing>> {
  const rows = await ctx.tenant
    .selectFrom('account_entries')
    .select(['id', 'client_id', 'kind', 'entry_date', 'due_date', 'amount_cents'])
    .execute();
  const byClient = new Map<number, LedgerEntry[]>();
  for (const r of rows) {
    const list = byClient.get(r.client_id) ?? [];
    list.push({
      id: r.id,
      kind: r.kind,
      entry_date: Number(r.entry_date),
      due_date: r.due_date === null ? null : Number(r.due_date),
      amount_cents: Number(r.amount_cents),
    });
    byClient.set(r.client_id, list);
  }
  const now = clock().now();
  return new Map([...byClient].map(([cid, entries]) => [cid, accountStanding(entries, now)]));
}

/** Overdue invoices on the accounts the user may see. */
export async function overdueInvoiceCount(ctx: TaskContext): Promise<number> {
  let n = 0;
  for (const s of (await standingsOf(ctx)).values()) n += s.overdue_invoices;
  return n;
}
