// Quotes a client asks for (issue 15, SPEC §2 /portal/account/quotes_orders and request_quote):
// the form's choices (SPEC §7 `parameters`), the list and one quote, a request and its changes
// while it waits for a price, and the client's decision. Accepting a priced quote makes it an
// order (progress Ordered) with one installation job per vehicle, in the same transaction.
import {
  CONTRACT_MONTHS,
  ORDER_PROGRESS,
  ORDER_PROGRESS_ORDERED,
  PRICE_PLANS,
  VEHICLE_CLASSES,
  VEHICLE_VALUE_BANDS,
  quotableServiceTypes,
  type Quote,
  type Role,
} from '@fleet/common';
import { now } from '../clock';
import type { TaskContext } from './context';
import { TaskError } from './errors';
import { insertJob } from './job-rows';
import { callerName, referenceOf } from './order-rows';
import { listAnswer } from './paging';
import { findQuote, quotesPage } from './quote-rows';
import { defineTask } from './registry';

export const QUOTE_READ_ROLES: readonly Role[] = ['feature_accounts', 'user_support'];
const CLIENT_ROLES: readonly Role[] = ['feature_accounts'];

/** Why a quote can no longer change, or null while it is undecided and not withdrawn. */
export function decidedReason(q: Quote): string | null {
  if (q.status === 'withdrawn') return 'This quote was withdrawn';
  if (q.progress === 1) return 'This quote was already declined';
  if (q.progress === ORDER_PROGRESS_ORDERED) return 'This quote was already ordered';
  if (q.progress > ORDER_PROGRESS_ORDERED) {
    return `This order is already closed (${ORDER_PROGRESS[q.progress]})`;
  }
  return null;
}

const PROBE_QUOTE = {
  price_plan: 1,
  service_type: 'full',
  vehicles: [{ description: 'Probe', vehicle_class: 'sedan', value_band: 0 }],
  contact_name: 'Probe',
  contact_email: 'probe@example.com',
  contact_phone: '0820000000',
};

const getQuoteParameters = defineTask({
  name: 'get_quote_parameters',
  roles: QUOTE_READ_ROLES,
  probe: () => ({}),
  async handler() {
    return {
      parameters: {
        price_plans: PRICE_PLANS.map((name, id) => ({ id, name })),
        service_types: quotableServiceTypes(),
        vehicle_classes: [...VEHICLE_CLASSES],
        value_bands: VEHICLE_VALUE_BANDS.map((name, id) => ({ id, name })),
        contract_months: [...CONTRACT_MONTHS],
      },
    };
  },
});

const getQuotes = defineTask({
  name: 'get_quotes',
  roles: QUOTE_READ_ROLES,
  probe: (f) => ({ cid: f.cid }),
  async handler(ctx, p) {
    const { quotes, count } = await quotesPage(ctx, p, p);
    return listAnswer('quotes', quotes, count, p.page_size);
  },
});

const getQuote = defineTask({
  name: 'get_quote',
  roles: QUOTE_READ_ROLES,
  probe: (f) => ({ id: f.quote }),
  async handler(ctx, p) {
    return { quote: await findQuote(ctx, p.id) };
  },
});

const setQuote = defineTask({
  name: 'set_quote',
  roles: CLIENT_ROLES,
  entityType: 'Quote',
  probe: (f) => ({ id: f.quote, ...PROBE_QUOTE }),
  async handler(ctx, p) {
    const time = now();
    const fields = {
      price_plan: p.price_plan,
      service_type: p.service_type,
      vehicles: JSON.stringify(
        p.vehicles.map((v) => ({
          description: v.description,
          reg: v.reg,
          vehicle_class: v.vehicle_class,
          value_band: v.value_band,
        })),
      ),
      contact_name: p.contact_name,
      contact_email: p.contact_email,
      contact_phone: p.contact_phone,
      notes: p.notes,
      updated: time,
    };
    const count = `${p.vehicles.length} vehicle${p.vehicles.length === 1 ? '' : 's'}`;
    if (p.id !== undefined) {
      const existing = await findQuote(ctx, p.id);
      const reason = decidedReason(existing);
      if (reason) throw new TaskError(reason);
      if (existing.status !== 'requested') {
        throw new TaskError('This quote was already priced: ask us for a new quote instead');
      }
      await ctx.tenant.updateTable('quotes').set(fields).where('id', '=', p.id).execute();
      ctx.changeLog({
        action: 'E',
        entityType: 'Quote',
        entityId: p.id,
        description: `Quote ${existing.reference} changed: ${count}`,
      });
      return { quote: await findQuote(ctx, p.id) };
    }
    const who = await callerName(ctx);
    const { id } = await ctx.tenant
      .insertInto('quotes')
      .values({
        ...fields,
        reference: '',
        requested_by: ctx.user.nid,
        requested_by_name: who,
        requested_at: time,
        status: 'requested',
        progress: 0,
        once_off_cents: null,
        monthly_cents: null,
        contract_months: null,
        valid_until: null,
        priced_by: '',
        priced_at: null,
        price_notes: '',
        decided_by: '',
        decided_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const reference = referenceOf('Q', id, time);
    await ctx.tenant.updateTable('quotes').set({ reference }).where('id', '=', id).execute();
    ctx.changeLog({
      action: 'I',
      entityType: 'Quote',
      entityId: id,
      description: `Quote ${reference} requested: ${PRICE_PLANS[p.price_plan]}, ${p.service_type}, ${count}`,
    });
    return { quote: await findQuote(ctx, id) };
  },
});

/** The quote a client decides on: undecided, not withdrawn. */
async function undecidedQuote(ctx: TaskContext, id: number): Promise<Quote> {
  const quote = await findQuote(ctx, id);
  const reason = decidedReason(quote);
  if (reason) throw new TaskError(reason);
  return quote;
}

const acceptQuote = defineTask({
  name: 'accept_quote',
  roles: CLIENT_ROLES,
  entityType: 'Quote',
  writes: true,
  probe: (f) => ({ id: f.quote }),
  async handler(ctx, p) {
    const quote = await undecidedQuote(ctx, p.id);
    if (quote.status !== 'quoted') {
      throw new TaskError('This quote has no price yet: it can be accepted once it is priced');
    }
    if (quote.expired) {
      throw new TaskError(`This quote expired on ${quote.valid_until}: ask us for a new price`);
    }
    const who = await callerName(ctx);
    const time = now();
    const done = await ctx.tenant
      .updateTable('quotes')
      .set({ progress: ORDER_PROGRESS_ORDERED, decided_by: who, decided_at: time, updated: time })
      .where('id', '=', quote.id)
      .where('progress', '=', 0)
      .executeTakeFirst();
    // Decided by someone else since it was read: their decision stands.
    if (Number(done.numUpdatedRows) !== 1) throw new TaskError('This quote was already decided');
    // One installation per vehicle of the order; accepting the quote accepts its terms.
    for (const v of quote.vehicles) {
      const vehicle = v.reg ? `${v.description} (${v.reg})` : v.description;
      const job = await insertJob(ctx, quote.client.cid, {
        quote_id: quote.id,
        job_type: 'installation',
        unit_id: null,
        vehicle,
        transfer_to: '',
        status: 'requested',
        scheduled_for: null,
        preferred_date: null,
        site_address: '',
        contact_name: quote.contact_name,
        contact_phone: quote.contact_phone,
        notes: '',
        technician: '',
        terms_accepted_by: who,
        terms_accepted_at: time,
        created_by: ctx.user.nid,
        created_by_name: who,
        created: time,
        completed_at: null,
        updated: time,
      });
      ctx.changeLog({
        action: 'I',
        entityType: 'Job',
        entityId: job.id,
        description: `Job ${job.reference} requested: installation in ${vehicle} (order ${quote.reference})`,
      });
    }
    ctx.changeLog({
      action: 'E',
      entityType: 'Quote',
      entityId: quote.id,
      description: `Quote ${quote.reference} accepted: ordered, ${quote.vehicles.length} installation job${quote.vehicles.length === 1 ? '' : 's'}`,
    });
    return { quote: await findQuote(ctx, quote.id) };
  },
});

const declineQuote = defineTask({
  name: 'decline_quote',
  roles: CLIENT_ROLES,
  entityType: 'Quote',
  writes: true,
  probe: (f) => ({ id: f.quote }),
  async handler(ctx, p) {
    const quote = await undecidedQuote(ctx, p.id);
    const who = await callerName(ctx);
    const time = now();
    // A request not yet priced is withdrawn; a priced one is declined (Not Interested).
    await ctx.tenant
      .updateTable('quotes')
      .set({
        progress: 1,
        status: quote.status === 'requested' ? 'withdrawn' : quote.status,
        decided_by: who,
        decided_at: time,
        updated: time,
      })
      .where('id', '=', quote.id)
      .execute();
    ctx.changeLog({
      action: 'E',
      entityType: 'Quote',
      entityId: quote.id,
      description: `Quote ${quote.reference} ${quote.status === 'requested' ? 'withdrawn' : 'declined'}: not interested`,
    });
    return { quote: await findQuote(ctx, quote.id) };
  },
});

export const quoteTasks = [
  getQuoteParameters,
  getQuotes,
  getQuote,
  setQuote,
  acceptQuote,
  declineQuote,
];
