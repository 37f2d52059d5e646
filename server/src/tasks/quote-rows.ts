// Quotes as the tasks answer them (issue 15): the rows a user may see, with the client, the
// vehicles and, for an order, its jobs. Shared by the client's and the provider's quote tasks.
import {
  ORDER_PROGRESS_ORDERED,
  quoteExpiresAt,
  type JobStatus,
  type OrderJob,
  type Quote,
  type QuoteStatus,
  type QuoteVehicle,
  type QuoteView,
} from '@fleet/common';
import { json } from '../db';
import { now } from '../clock';
import type { TaskContext } from './context';
import { notFound } from './errors';
import { countRows, iso, pageOf } from './paging';
import { dayOf } from './order-rows';

export interface QuoteFilters {
  id?: number;
  view?: QuoteView;
  progress?: number;
  status?: QuoteStatus;
  cid?: number;
}

/** Quotes of the caller's client (every client's for support), filtered. */
function quoteQuery(ctx: TaskContext, f: QuoteFilters) {
  let q = ctx.tenant.selectFrom('quotes').innerJoin('clients', 'clients.cid', 'quotes.client_id');
  if (f.id !== undefined) q = q.where('quotes.id', '=', f.id);
  if (f.cid !== undefined) q = q.where('quotes.client_id', '=', f.cid);
  if (f.progress !== undefined) q = q.where('quotes.progress', '=', f.progress);
  if (f.status !== undefined) q = q.where('quotes.status', '=', f.status);
  if (f.view === 'quotes') {
    q = q.where('quotes.progress', '=', 0).where('quotes.status', 'in', ['requested', 'quoted']);
  } else if (f.view === 'orders') {
    q = q.where('quotes.progress', '>=', ORDER_PROGRESS_ORDERED);
  } else if (f.view === 'declined') {
    q = q.where((eb) =>
      eb.or([eb('quotes.progress', '=', 1), eb('quotes.status', '=', 'withdrawn')]),
    );
  }
  return q;
}

type QuoteRow = Awaited<ReturnType<typeof selectQuotes>>[number];

function selectQuotes(q: ReturnType<typeof quoteQuery>) {
  return q.selectAll('quotes').select('clients.name as client_name').execute();
}

/** The jobs of these orders, by quote id. */
async function jobsOf(ctx: TaskContext, quoteIds: number[]): Promise<Map<number, OrderJob[]>> {
  const out = new Map<number, OrderJob[]>();
  if (!quoteIds.length) return out;
  const rows = await ctx.tenant
    .selectFrom('jobs')
    .select(['id', 'quote_id', 'reference', 'status', 'vehicle', 'scheduled_for'])
    .where('quote_id', 'in', quoteIds)
    .orderBy('id')
    .execute();
  for (const r of rows) {
    const list = out.get(r.quote_id!) ?? [];
    list.push({
      id: r.id,
      reference: r.reference,
      status: r.status as JobStatus,
      vehicle: r.vehicle,
      scheduled_for: iso(r.scheduled_for),
    });
    out.set(r.quote_id!, list);
  }
  return out;
}

function toQuote(r: QuoteRow, jobs: OrderJob[], at: number): Quote {
  const validUntil = dayOf(r.valid_until === null ? null : Number(r.valid_until));
  return {
    id: r.id,
    reference: r.reference,
    client: { cid: r.client_id, name: r.client_name },
    price_plan: r.price_plan,
    service_type: r.service_type,
    vehicles: json.parse<QuoteVehicle[]>(r.vehicles, []),
    contact_name: r.contact_name,
    contact_email: r.contact_email,
    contact_phone: r.contact_phone,
    notes: r.notes,
    requested_by_name: r.requested_by_name,
    requested_at: iso(Number(r.requested_at)),
    status: r.status as QuoteStatus,
    progress: r.progress,
    once_off_cents: r.once_off_cents === null ? null : Number(r.once_off_cents),
    monthly_cents: r.monthly_cents === null ? null : Number(r.monthly_cents),
    contract_months: r.contract_months,
    valid_until: validUntil,
    expired: r.status === 'quoted' && validUntil !== null && at >= quoteExpiresAt(validUntil),
    priced_by: r.priced_by,
    priced_at: iso(r.priced_at),
    price_notes: r.price_notes,
    decided_by: r.decided_by,
    decided_at: iso(r.decided_at),
    jobs,
  };
}

async function toQuotes(ctx: TaskContext, rows: QuoteRow[]): Promise<Quote[]> {
  const jobs = await jobsOf(
    ctx,
    rows.filter((r) => r.progress >= ORDER_PROGRESS_ORDERED).map((r) => r.id),
  );
  const at = now();
  return rows.map((r) => toQuote(r, jobs.get(r.id) ?? [], at));
}

/** One page of quotes, newest first, and how many match. */
export async function quotesPage(
  ctx: TaskContext,
  f: QuoteFilters,
  page: { page: number; page_size: number },
) {
  const count = await countRows(quoteQuery(ctx, f));
  const { limit, offset } = pageOf(page);
  const rows = await selectQuotes(
    quoteQuery(ctx, f)
      .orderBy('quotes.requested_at', 'desc')
      .orderBy('quotes.id', 'desc')
      .limit(limit)
      .offset(offset),
  );
  return { quotes: await toQuotes(ctx, rows), count };
}

/** A quote the caller may see, or 'Quote not found' (another client's too). */
export async function findQuote(ctx: TaskContext, id: number): Promise<Quote> {
  const [row] = await selectQuotes(quoteQuery(ctx, { id }));
  if (!row) throw notFound('Quote');
  return (await toQuotes(ctx, [row]))[0];
}
