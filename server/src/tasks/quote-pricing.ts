// The provider's side of quotes (issue 15, user_support): pricing a requested quote, closing an
// order (Completed, Not Able to Complete, Reversed Sale), and the contract a priced quote prints
// as (SPEC §7 `quote_contract`). Amounts are integer cents, shown with formatRand.
import {
  ORDER_PROGRESS,
  ORDER_PROGRESS_ORDERED,
  OPEN_JOB_STATUSES,
  PRICE_PLANS,
  SERVICE_TYPES,
  VEHICLE_VALUE_BANDS,
  formatRand,
  type Quote,
  type Role,
} from '@fleet/common';
import { now } from '../clock';
import { TaskError } from './errors';
import { callerName, dayStart, providerToday } from './order-rows';
import { findQuote } from './quote-rows';
import { QUOTE_READ_ROLES, decidedReason } from './quotes';
import { defineTask } from './registry';

const SUPPORT: readonly Role[] = ['user_support'];

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The printable contract of a priced quote: paragraphs separated by blank lines. */
export function contractTerms(q: Quote, clientName: string): string {
  const plan = PRICE_PLANS[q.price_plan] ?? String(q.price_plan);
  const service = SERVICE_TYPES.find((s) => s.api_name === q.service_type)?.name ?? q.service_type;
  const months = q.contract_months ?? 0;
  const vehicles = q.vehicles
    .map((v, i) => {
      const reg = v.reg ? ` (${v.reg})` : '';
      const band = VEHICLE_VALUE_BANDS[v.value_band] ?? '';
      return `${i + 1}. ${v.description}${reg}: ${v.vehicle_class.replace(/_/g, ' ')}, value ${band}`;
    })
    .join('\n');
  const term =
    months > 0
      ? `The contract runs for ${months} months from the first installation. After that the service continues month to month until either party cancels it with one calendar month's notice in writing.`
      : "There is no fixed term: the equipment is paid for up front, and the monthly service continues month to month until either party cancels it with one calendar month's notice in writing.";
  return [
    `Service agreement for quote ${q.reference}`,
    `This agreement is between the tracking provider and ${clientName} (the client) for tracking the ${plural(q.vehicles.length, 'vehicle')} listed below on the ${service} service, on a ${plan} plan.`,
    `Vehicles:\n${vehicles}`,
    `Price: ${formatRand(q.once_off_cents ?? 0)} once-off, and ${formatRand(q.monthly_cents ?? 0)} a month for all the vehicles listed.`,
    `Term: ${term}`,
    `Validity: this price holds until ${q.valid_until}. Accepting it after that day needs a new quote.`,
    ...(q.price_notes ? [`Notes: ${q.price_notes}`] : []),
    'Installation: our technicians install the units at the site and time agreed with the client. The client gives access to the vehicles and keeps them available for the time the work takes.',
    'Ownership: on Rental and Rental Contract plans the equipment remains the property of the tracking provider and is returned, or removed by us, when the service ends.',
    'Payment: monthly fees are billed in advance by the billing method on the client details.',
  ].join('\n\n');
}

const priceQuote = defineTask({
  name: 'price_quote',
  roles: SUPPORT,
  entityType: 'Quote',
  writes: true,
  probe: (f) => ({
    id: f.quote,
    once_off: '1500',
    monthly: '299',
    contract_months: 36,
    valid_until: '2030-01-31',
  }),
  async handler(ctx, p) {
    const quote = await findQuote(ctx, p.id);
    const reason = decidedReason(quote);
    if (reason) throw new TaskError(`${reason}: it cannot be priced again`);
    const plan = PRICE_PLANS[quote.price_plan];
    if (quote.price_plan === 0 && p.contract_months !== 0) {
      throw new TaskError('contract_months: an Upfront plan has no contract (0 months)');
    }
    if (quote.price_plan !== 0 && p.contract_months === 0) {
      throw new TaskError(
        `contract_months: a ${plan} plan needs a contract of 12, 24, 36, 48 or 60 months`,
      );
    }
    const time = now();
    if (p.valid_until < providerToday(time)) {
      throw new TaskError('valid_until: must be today or later');
    }
    const who = await callerName(ctx);
    await ctx.tenant
      .updateTable('quotes')
      .set({
        status: 'quoted',
        once_off_cents: p.once_off,
        monthly_cents: p.monthly,
        contract_months: p.contract_months,
        valid_until: dayStart(p.valid_until),
        price_notes: p.price_notes,
        priced_by: who,
        priced_at: time,
        updated: time,
      })
      .where('id', '=', quote.id)
      .execute();
    ctx.changeLog({
      action: 'E',
      entityType: 'Quote',
      entityId: quote.id,
      description: `Quote ${quote.reference} priced: ${formatRand(p.once_off)} once-off, ${formatRand(p.monthly)} a month, ${p.contract_months} months, valid until ${p.valid_until}`,
    });
    return { quote: await findQuote(ctx, quote.id) };
  },
});

const setOrderProgress = defineTask({
  name: 'set_order_progress',
  roles: SUPPORT,
  entityType: 'Quote',
  probe: (f) => ({ id: f.quote, progress: 3 }),
  async handler(ctx, p) {
    const quote = await findQuote(ctx, p.id);
    if (quote.progress !== ORDER_PROGRESS_ORDERED) {
      throw new TaskError(
        `Only an order in progress (Ordered) can be closed; this one is ${ORDER_PROGRESS[quote.progress]}`,
      );
    }
    const time = now();
    await ctx.tenant
      .updateTable('quotes')
      .set({ progress: p.progress, updated: time })
      .where('id', '=', quote.id)
      .execute();
    // An order that will not be completed leaves no installation waiting for a technician.
    if (p.progress !== 3) {
      const open = quote.jobs.filter((j) => OPEN_JOB_STATUSES.includes(j.status));
      if (open.length) {
        await ctx.tenant
          .updateTable('jobs')
          .set({ status: 'cancelled', updated: time })
          .where(
            'id',
            'in',
            open.map((j) => j.id),
          )
          .execute();
      }
      for (const j of open) {
        ctx.changeLog({
          action: 'E',
          entityType: 'Job',
          entityId: j.id,
          description: `Job ${j.reference} cancelled: order ${quote.reference} ${ORDER_PROGRESS[p.progress]}`,
        });
      }
    }
    ctx.changeLog({
      action: 'E',
      entityType: 'Quote',
      entityId: quote.id,
      description: `Order ${quote.reference}: ${ORDER_PROGRESS[p.progress]} (by ${await callerName(ctx)})`,
    });
    return { quote: await findQuote(ctx, quote.id) };
  },
});

const getQuoteContract = defineTask({
  name: 'get_quote_contract',
  roles: QUOTE_READ_ROLES,
  probe: (f) => ({ id: f.quote }),
  async handler(ctx, p) {
    const quote = await findQuote(ctx, p.id);
    if (quote.status !== 'quoted') {
      throw new TaskError('This quote has no price yet: its contract is ready once it is priced');
    }
    return {
      quote_contract: {
        quote,
        client_name: quote.client.name,
        terms: contractTerms(quote, quote.client.name),
      },
    };
  },
});

export const quotePricingTasks = [priceQuote, setOrderProgress, getQuoteContract];
