// The support dashboard (/support, user_support; issue 15): the provider's operations view across
// every client: clients by state, units reporting now / silent for a day / never, unknown devices
// knocking, positions per minute over the last hour, open chase-ups and overdue accounts.
import { clock } from '../clock';
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
