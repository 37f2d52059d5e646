// How many invoices are overdue on the accounts the user may see (the dashboard's "Accounts
// overdue" card and the account overdue site alert), from the ledger's standings.
import type { TaskContext } from './context';
import { standingsOf } from './statement';

export async function overdueInvoiceCount(ctx: TaskContext): Promise<number> {
  let n = 0;
  for (const s of (await standingsOf(ctx)).values()) n += s.overdue_invoices;
  return n;
}
