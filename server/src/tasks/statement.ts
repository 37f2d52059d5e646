// The account ledger (issue 15; SPEC §2 /portal/account/billing, §7 keys billing, statement and
// accounts): a client's invoices, payments and credit notes in integer cents, its balance and what
// is overdue (domain/account-standing.ts), the statement with a running balance, and the accounts
// list. Support staff post and delete entries for any client; client users read their own.
import { sql, type Selectable } from 'kysely';
import {
  ACCOUNT_ENTRY_KINDS,
  formatRand,
  type AccountEntry,
  type AccountEntryKind,
  type AccountStanding,
  type AccountClient,
  type Role,
} from '@fleet/common';
import type { AccountEntriesTable } from '../db/types';
import { now } from '../clock';
import {
  accountStanding,
  invoiceStatus,
  settledInvoices,
  statementLines,
  type LedgerEntry,
  type Standing,
} from '../domain/account-standing';
import type { TaskContext } from './context';
import { targetClient } from './client-details';
import { TaskError, notFound } from './errors';
import { iso, listAnswer, pageOf } from './paging';
import { defineTask } from './registry';
import { clientsByIds, clientsPage } from './system';

const ACCOUNT_ROLES: readonly Role[] = ['feature_accounts', 'user_support'];
const SUPPORT: readonly Role[] = ['user_support'];

type Entry = LedgerEntry & Omit<Selectable<AccountEntriesTable>, keyof LedgerEntry>;

/** A row as numbers: PostgreSQL's bigint columns may come back as text. */
function entryOf(r: Selectable<AccountEntriesTable>): Entry {
  return {
    ...r,
    entry_date: Number(r.entry_date),
    due_date: r.due_date === null ? null : Number(r.due_date),
    amount_cents: Number(r.amount_cents),
    created: Number(r.created),
  };
}

function entryAnswer(e: Entry): AccountEntry {
  return {
    id: e.id,
    cid: e.client_id,
    kind: e.kind as AccountEntryKind,
    reference: e.reference,
    entry_date: iso(e.entry_date),
    due_date: iso(e.due_date),
    description: e.description,
    amount_cents: e.amount_cents,
    created: iso(e.created),
    created_by: e.created_by,
  };
}

export function standingAnswer(s: Standing): AccountStanding {
  return { ...s, overdue_since: iso(s.overdue_since) };
}

const ZERO: Standing = {
  balance_cents: 0,
  overdue_cents: 0,
  overdue_invoices: 0,
  overdue_since: null,
  days_overdue: 0,
};

async function entriesOf(ctx: TaskContext, cid: number): Promise<Entry[]> {
  const rows = await ctx.tenant
    .selectFrom('account_entries')
    .selectAll()
    .where('client_id', '=', cid)
    .orderBy('entry_date')
    .orderBy('id')
    .execute();
  return rows.map(entryOf);
}

const newestFirst = (a: Entry, b: Entry) => b.entry_date - a.entry_date || b.id - a.id;

const getBilling = defineTask({
  name: 'get_billing',
  roles: ACCOUNT_ROLES,
  probe: (f) => ({ cid: f.cid }),
  async handler(ctx, p) {
    const client = await targetClient(ctx, p.cid);
    const entries = await entriesOf(ctx, client.cid);
    const at = now();
    const paid = settledInvoices(entries);
    const invoices = entries
      .filter((e) => e.kind === 'invoice')
      .sort(newestFirst)
      .map((e) => {
        const paidCents = paid.get(e.id) ?? 0;
        return {
          ...entryAnswer(e),
          paid_cents: paidCents,
          outstanding_cents: e.amount_cents - paidCents,
          status: invoiceStatus(e, paidCents, at),
        };
      });
    const payments = entries
      .filter((e) => e.kind !== 'invoice')
      .sort(newestFirst)
      .map(entryAnswer);
    return {
      billing: { client, ...standingAnswer(accountStanding(entries, at)), invoices, payments },
    };
  },
});

const getStatement = defineTask({
  name: 'get_statement',
  roles: ACCOUNT_ROLES,
  probe: (f) => ({ cid: f.cid }),
  async handler(ctx, p) {
    const client = await targetClient(ctx, p.cid);
    const from = p.from ? Date.parse(p.from) : undefined;
    const to = p.to ? Date.parse(p.to) : undefined;
    const s = statementLines(await entriesOf(ctx, client.cid), from, to);
    return {
      statement: {
        client,
        from: iso(from ?? null),
        to: iso(to ?? null),
        opening_cents: s.opening_cents,
        lines: s.lines.map((l) => ({
          id: l.entry.id,
          date: iso(l.entry.entry_date),
          kind: l.entry.kind as AccountEntryKind,
          reference: l.entry.reference,
          description: l.entry.description,
          debit_cents: l.debit_cents,
          credit_cents: l.credit_cents,
          balance_cents: l.balance_cents,
        })),
        closing_cents: s.closing_cents,
      },
    };
  },
});

/**
 * The standing of each of these clients the caller may see (a client without entries: zero), or,
 * when none are named, of every client with entries the caller may see (the dashboard's overdue
 * card and site alert, the support dashboard's overdue accounts).
 */
export async function standingsOf(
  ctx: TaskContext,
  cids?: number[],
): Promise<Map<number, Standing>> {
  if (cids && !cids.length) return new Map();
  let q = ctx.tenant.selectFrom('account_entries').selectAll();
  if (cids) q = q.where('client_id', 'in', cids);
  return standingsByClient((await q.execute()).map(entryOf), cids ?? [], now());
}

function standingsByClient(entries: Entry[], cids: number[], at: number) {
  const byClient = new Map<number, Entry[]>(cids.map((c) => [c, []]));
  for (const e of entries) {
    if (!byClient.has(e.client_id)) byClient.set(e.client_id, []);
    byClient.get(e.client_id)!.push(e);
  }
  const out = new Map<number, Standing>();
  for (const [cid, list] of byClient) out.set(cid, list.length ? accountStanding(list, at) : ZERO);
  return out;
}

const getAccounts = defineTask({
  name: 'get_accounts',
  roles: ACCOUNT_ROLES,
  probe: () => ({}),
  async handler(ctx, p) {
    let clients: { cid: number; name: string; state: number }[];
    let count: number;
    if (ctx.tenant.isSupport) {
      const page = await clientsPage(ctx, { search: p.search, ...pageOf(p) });
      clients = page.rows;
      count = page.count;
    } else {
      const search = p.search?.toLowerCase() ?? '';
      clients = (await clientsByIds(ctx, [ctx.user.clientId])).filter((c) =>
        c.name.toLowerCase().includes(search),
      );
      count = clients.length;
    }
    const standings = await standingsOf(
      ctx,
      clients.map((c) => c.cid),
    );
    const rows = clients.map((c) => {
      const s = standings.get(c.cid) ?? ZERO;
      return {
        cid: c.cid,
        name: c.name,
        state: Number(c.state),
        balance_cents: s.balance_cents,
        overdue_cents: s.overdue_cents,
        overdue_invoices: s.overdue_invoices,
        days_overdue: s.days_overdue,
      };
    });
    return listAnswer('accounts', rows, count, p.page_size);
  },
});

async function findEntry(ctx: TaskContext, id: number): Promise<Entry> {
  const row = await ctx.tenant
    .selectFrom('account_entries')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('Account entry');
  return entryOf(row);
}

function requireSupport(ctx: TaskContext): void {
  if (!ctx.tenant.isSupport) throw new TaskError('Only support staff can post to accounts', 3);
}

const setAccountEntry = defineTask({
  name: 'set_account_entry',
  roles: SUPPORT,
  entityType: 'Account Entry',
  probe: (f) => ({
    id: f.entry,
    cid: f.cid,
    kind: 'payment',
    reference: 'PROBE-1',
    entry_date: '2025-01-01T00:00:00Z',
    amount: '10.00',
  }),
  async handler(ctx, p) {
    requireSupport(ctx);
    const existing = p.id !== undefined ? await findEntry(ctx, p.id) : undefined;
    if (existing && p.cid !== undefined && p.cid !== existing.client_id) {
      throw new TaskError('cid: an entry stays with its client');
    }
    const cid = existing?.client_id ?? p.cid;
    if (cid === undefined) throw new TaskError('cid is required for a new entry');
    const client: AccountClient = await targetClient(ctx, cid);
    const entryDate = Date.parse(p.entry_date);
    let dueDate: number | null = null;
    if (p.kind === 'invoice') {
      if (!p.due_date) throw new TaskError('due_date is required for an invoice');
      dueDate = Date.parse(p.due_date);
      if (dueDate < entryDate) throw new TaskError('due_date: must be on or after entry_date');
    }
    let clash = ctx.tenant
      .selectFrom('account_entries')
      .select('id')
      .where('client_id', '=', client.cid)
      .where(sql`lower(reference)`, '=', p.reference.toLowerCase());
    if (existing) clash = clash.where('id', '!=', existing.id);
    if (await clash.executeTakeFirst()) {
      throw new TaskError('reference: this client already has an entry with this reference');
    }
    const fields = {
      kind: p.kind,
      reference: p.reference,
      entry_date: entryDate,
      due_date: dueDate,
      description: p.description,
      amount_cents: p.amount,
    };
    let id: number;
    if (existing) {
      id = existing.id;
      await ctx.tenant.updateTable('account_entries').set(fields).where('id', '=', id).execute();
    } else {
      const row = await ctx.tenant
        .insertInto('account_entries', client.cid)
        .values({ ...fields, created: now(), created_by: ctx.user.username })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = row.id;
    }
    ctx.changeLog({
      action: existing ? 'E' : 'I',
      entityType: 'Account Entry',
      entityId: id,
      description: `${ACCOUNT_ENTRY_KINDS[p.kind]} ${p.reference} of ${client.name} ${
        existing ? 'edited' : 'added'
      }: ${formatRand(p.amount)}`,
    });
    return { account_entry: entryAnswer(await findEntry(ctx, id)) };
  },
});

const deleteAccountEntry = defineTask({
  name: 'delete_account_entry',
  roles: SUPPORT,
  entityType: 'Account Entry',
  probe: (f) => ({ id: f.entry }),
  async handler(ctx, p) {
    requireSupport(ctx);
    const entry = await findEntry(ctx, p.id);
    await ctx.tenant.deleteFrom('account_entries').where('id', '=', entry.id).execute();
    ctx.changeLog({
      action: 'D',
      entityType: 'Account Entry',
      entityId: entry.id,
      description: `${ACCOUNT_ENTRY_KINDS[entry.kind as AccountEntryKind] ?? entry.kind} ${
        entry.reference
      } deleted (${formatRand(entry.amount_cents)}, client ${entry.client_id})`,
    });
    return {};
  },
});

export const ledgerTasks = [
  getBilling,
  getStatement,
  getAccounts,
  setAccountEntry,
  deleteAccountEntry,
];
