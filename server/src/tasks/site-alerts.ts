// Site alerts (issue 15; SPEC §2 "Site alert targets", §3 "Site alert summary", §6, §7
// get_site_alerts): each type counted from real data, and only for a user holding the type's
// roles, so the icon's total is what its dropdown lists.
import {
  checkPermission,
  SITE_ALERT_TYPES,
  type SiteAlertCounts,
  type SiteAlertKey,
} from '@fleet/common';
import { clock } from '../clock';
import type { TaskContext } from './context';
import { defineTask } from './registry';
import { clientUnitIssues } from './unit-issues';
import { overdueInvoiceCount } from './account-overdue';
import { clientDetailAlerts } from './client-details';

/** Work approvals waiting for the client's decision. */
export async function pendingWorkApprovals(ctx: TaskContext): Promise<number> {
  const row = await ctx.tenant
    .selectFrom('work_approvals')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Surveys the client has not answered yet. */
async function openSurveys(ctx: TaskContext): Promise<number> {
  const row = await ctx.tenant
    .selectFrom('surveys')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Active vehicles whose details are incomplete: no registration, make or model. */
export async function vehiclesMissingDetails(ctx: TaskContext) {
  return ctx.tenant
    .units()
    .select(['units.uid', 'units.name', 'units.reg', 'units.make', 'units.model'])
    .where('units.active', '=', 1)
    .where((eb) =>
      eb.or([eb('units.reg', '=', ''), eb('units.make', '=', ''), eb('units.model', '=', '')]),
    )
    .orderBy('units.name')
    .execute();
}

/** How each type is counted for one request; the two client-details types share one read. */
function countersOf(ctx: TaskContext): Record<SiteAlertKey, () => Promise<number>> {
  let details: ReturnType<typeof clientDetailAlerts> | undefined;
  const detailAlerts = () => (details ??= clientDetailAlerts(ctx));
  return {
    accounts_overdue: () => overdueInvoiceCount(ctx),
    details_update: async () => (await detailAlerts()).details_update,
    initial_details: async () => (await detailAlerts()).initial_details,
    work_approvals: () => pendingWorkApprovals(ctx),
    unit_issues: async () => (await clientUnitIssues(ctx, clock().now())).length,
    survey: () => openSurveys(ctx),
    vehicle_details: async () => (await vehiclesMissingDetails(ctx)).length,
  };
}

const getSiteAlerts = defineTask({
  name: 'get_site_alerts',
  roles: 'any',
  probe: () => ({}),
  async handler(ctx) {
    const counts = { total_count: 0 } as SiteAlertCounts;
    const counters = countersOf(ctx);
    for (const type of SITE_ALERT_TYPES) {
      // SPEC §6: the site-alert icon is for users of a non-support type; support users run
      // these from their own pages.
      const allowed =
        !ctx.tenant.isSupport && type.display && checkPermission(ctx.user.roles, type.roles);
      const n = allowed ? await counters[type.key]() : 0;
      counts[type.key] = n;
      counts.total_count += n;
    }
    return counts;
  },
});

const getVehiclesMissingDetails = defineTask({
  name: 'get_vehicles_missing_details',
  roles: ['general_site_alerts', 'feature_vehicles_view'],
  probe: () => ({}),
  async handler(ctx) {
    const rows = await vehiclesMissingDetails(ctx);
    return {
      vehicles: rows.map((r) => ({
        uid: r.uid,
        name: r.name,
        missing: (
          [
            ['registration', r.reg],
            ['make', r.make],
            ['model', r.model],
          ] as const
        ).flatMap(([field, value]) => (value ? [] : [field])),
      })),
    };
  },
});

export const siteAlertTasks = [getSiteAlerts, getVehiclesMissingDetails];
