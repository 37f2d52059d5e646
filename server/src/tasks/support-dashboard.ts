// The support dashboard (/support, user_support; issue 15): the provider's operations view across
// every client: clients by state, units reporting now / silent for a day / never, unknown devices
// knocking, positions per minute over the last hour, open chase-ups and the recovery desk's queue
// (new, open, median time to take), and overdue accounts.
import { clock } from '../clock';
import type { TaskContext } from './context';
import { iso } from './paging';
import { defineTask } from './registry';
import { TaskError } from './errors';
import { toUnitItem, withUnitState } from './unit-view';
import { standingsOf } from './statement';
import { clientsByIds } from './system';
import { clientsByState, positionsPerMinute, unknownDeviceCount } from './system-operations';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** Chase-up states still to be worked: New, Assigned, Customer Contacted (SPEC §4). */
const OPEN_CHASEUP_STATES = [0, 1, 2];

/** The median of a list of numbers; null when it is empty. */
export function median(values: number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * The recovery desk's queue (issue 16 item 8): chase-ups waiting to be taken (state 0, on the
 * chaseup_events_state index) and the median time to take one, over those taken in the last 7 days.
 */
async function chaseupQueue(ctx: TaskContext, now: number) {
  const fresh = await ctx.tenant
    .selectFrom('chaseup_events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('state', '=', 0)
    .executeTakeFirst();
  const taken = await ctx.tenant
    .selectFrom('chaseup_events')
    .select(['created', 'taken_at'])
    .where('taken_at', '>=', now - 7 * DAY_MS)
    .where('taken_at', '<=', now)
    .execute();
  const waits = taken.map((r) => Math.max(0, Number(r.taken_at) - Number(r.created)) / 1000);
  const mid = median(waits);
  return {
    new: Number(fresh?.n ?? 0),
    median_take_seconds: mid === null ? null : Math.round(mid),
  };
}

const getSupportDashboard = defineTask({
  name: 'get_support_dashboard',
  roles: ['user_support'],
  probe: () => ({}),
  async handler(ctx) {
    if (!ctx.tenant.isSupport)
      throw new TaskError('Only support staff can see the operations dashboard', 3);
    const now = clock().now();
    const units = (await withUnitState(ctx.tenant.units()).execute()).map((r) => ({
      item: toUnitItem(r, now),
      last: Math.max(Number(r.fix_time ?? 0), Number(r.server_time ?? 0)),
    }));
    const chaseups = await ctx.tenant
      .selectFrom('chaseup_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('state', 'in', OPEN_CHASEUP_STATES)
      .executeTakeFirst();
    const queue = await chaseupQueue(ctx, now);
    const standings = [...(await standingsOf(ctx))].filter(([, s]) => s.overdue_cents > 0);
    const names = new Map(
      (
        await clientsByIds(
          ctx,
          standings.map(([cid]) => cid),
        )
      ).map((c) => [c.cid, c.name]),
    );
    return {
      support_dashboard: {
        clients_by_state: await clientsByState(ctx),
        units: {
          total: units.length,
          reporting: units.filter((u) => u.item.connected).length,
          silent_day: units.filter((u) => u.last > 0 && now - u.last > DAY_MS).length,
          never: units.filter((u) => u.last === 0).length,
        },
        unknown_devices: await unknownDeviceCount(ctx),
        positions_per_minute: (await positionsPerMinute(ctx, now - HOUR_MS, now)).map((m) => ({
          minute: iso(m.minute),
          count: m.count,
        })),
        open_chaseups: Number(chaseups?.n ?? 0),
        chaseup_queue: { ...queue, open: Number(chaseups?.n ?? 0) },
        overdue_accounts: standings
          .map(([cid, s]) => ({
            cid,
            name: names.get(cid) ?? `Client ${cid}`,
            overdue_cents: s.overdue_cents,
            days_overdue: s.days_overdue,
          }))
          .sort((a, b) => b.days_overdue - a.days_overdue || b.overdue_cents - a.overdue_cents),
      },
    };
  },
});

export const supportDashboardTasks = [getSupportDashboard];
