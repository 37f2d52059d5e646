// Monthly deals (issue 15; SPEC §2 /portal/deals, §7 key monthly_deals; SPEC-CHECKLIST decision:
// support staff write them from the support dashboard, clients read them). A deal is the
// provider's, for every client: the table belongs to no client and is reached through system.ts.
import type { MonthlyDeal } from '@fleet/common';
import type { MonthlyDealsTable } from '../db/types';
import type { Selectable } from 'kysely';
import { now } from '../clock';
import { TaskError } from './errors';
import { iso } from './paging';
import { defineTask } from './registry';
import { deleteMonthlyDeal, findMonthlyDeal, monthlyDealRows, saveMonthlyDeal } from './system';

function dealOf(r: Selectable<MonthlyDealsTable>, at: number): MonthlyDeal {
  const from = Number(r.valid_from);
  const to = Number(r.valid_to);
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    price_cents: r.price_cents === null ? null : Number(r.price_cents),
    valid_from: iso(from),
    valid_to: iso(to),
    current: from <= at && at <= to,
  };
}

const getMonthlyDeals = defineTask({
  name: 'get_monthly_deals',
  roles: 'any',
  probe: () => ({}),
  async handler(ctx, p) {
    const at = now();
    // Clients see the deals valid now and those to come; support staff may ask for every one.
    const all = p.all === true && ctx.tenant.isSupport;
    const rows = await monthlyDealRows(ctx, all ? undefined : at);
    return { monthly_deals: rows.map((r) => dealOf(r, at)) };
  },
});

const setMonthlyDeal = defineTask({
  name: 'set_monthly_deal',
  roles: ['user_support'],
  entityType: 'Monthly Deal',
  probe: () => ({
    title: 'Probe deal',
    valid_from: '2025-01-01T00:00:00Z',
    valid_to: '2025-01-31T00:00:00Z',
  }),
  async handler(ctx, p) {
    if (!ctx.tenant.isSupport) throw new TaskError('Only support staff can write deals', 3);
    const fields = {
      title: p.title,
      description: p.description,
      price_cents: p.price ?? null,
      valid_from: Date.parse(p.valid_from),
      valid_to: Date.parse(p.valid_to),
    };
    const id = await saveMonthlyDeal(ctx, fields, p.id);
    ctx.changeLog({
      action: p.id ? 'E' : 'I',
      entityType: 'Monthly Deal',
      entityId: id,
      description: `Monthly deal ${p.title} ${p.id ? 'edited' : 'added'}`,
    });
    return { monthly_deal: dealOf(await findMonthlyDeal(ctx, id), now()) };
  },
});

const deleteDeal = defineTask({
  name: 'delete_monthly_deal',
  roles: ['user_support'],
  entityType: 'Monthly Deal',
  probe: (f) => ({ id: f.tid }),
  async handler(ctx, p) {
    const deal = await findMonthlyDeal(ctx, p.id);
    await deleteMonthlyDeal(ctx, p.id);
    ctx.changeLog({
      action: 'D',
      entityType: 'Monthly Deal',
      entityId: p.id,
      description: `Monthly deal ${deal.title} deleted`,
    });
    return {};
  },
});

export const dealTasks = [getMonthlyDeals, setMonthlyDeal, deleteDeal];
