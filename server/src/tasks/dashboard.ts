// The dashboard (issue 15; SPEC §1, §4 "Dashboard counting", §7 get_dashboard_info and
// get_dashboard_summary): the client's vehicles counted as SPEC §4 says, the alert cards counted
// from the business tables, and the trip and event totals of a period of 1, 7, 14 or 30 days in
// the user's zone with one entry per day and the period before for comparison.
import {
  OPEN_JOB_STATUSES,
  ORDER_PROGRESS_ORDERED,
  PERSON_ROLE_DELETED,
  PERSON_ROLE_DRIVER,
  type DashboardCounts,
  type DashboardPerson,
  type DashboardTodayRow,
  type DashboardUnit,
  type JobType,
  type Role,
} from '@fleet/common';
import { json } from '../db';
import { clock } from '../clock';
import {
  anyTotal,
  countUnits,
  emptyTotals,
  periodOf,
  tally,
  type Tally,
} from '../domain/dashboard';
import { iso } from './paging';
import { defineTask } from './registry';
import type { TaskContext } from './context';
import { toUnitItem, withUnitState } from './unit-view';
import { clientUnitIssues } from './unit-issues';
import { userTimeZone } from './units';
import { pendingWorkApprovals, siteAlertTasks } from './site-alerts';
import { supportDashboardTasks } from './support-dashboard';
import { overdueInvoiceCount } from './account-overdue';
import { remindersDueCount } from './reminders';

const DASHBOARD_ROLES: readonly Role[] = ['feature_dashboard', 'user_support'];

/** Device events behind the totals of SPEC §1. */
const EVENT_TOTALS = {
  harsh_braking: 'harsh_braking',
  harsh_acceleration: 'harsh_accelerating',
  harsh_cornering: 'harsh_cornering',
  ignition_on: 'equipment_on',
} as const;

/**
 * The visible units with their state and faults (their unit issues, in words), by name: the
 * dashboard's list and the source of its vehicle counts; and how many unit issues there are.
 */
async function dashboardFleet(
  ctx: TaskContext,
  now: number,
): Promise<{ units: DashboardUnit[]; issues: number }> {
  const rows = await withUnitState(ctx.tenant.units()).orderBy('units.name').execute();
  const issues = await clientUnitIssues(ctx, now);
  const faults = new Map<number, string[]>();
  for (const issue of issues) {
    const list = faults.get(issue.uid) ?? [];
    list.push(issue.detail);
    faults.set(issue.uid, list);
  }
  const units = rows.map((r): DashboardUnit => {
    const u = toUnitItem(r, now);
    return {
      uid: u.uid,
      name: u.name,
      reg: u.reg,
      active: u.active === 1,
      display: u.display,
      // SPEC §4: movement is 0 if moving, else 1.
      moving: u.park_state === 0 ? 0 : 1,
      connected: u.connected,
      faults: faults.get(u.uid) ?? [],
      speed: u.position?.speed ?? 0,
      last_data: u.position?.datetime ?? null,
      driver: u.driver?.name ?? null,
    };
  });
  return { units, issues: issues.length };
}

/** The alert cards of SPEC §1 that come from the business tables. */
async function businessCounts(ctx: TaskContext) {
  const jobs = await ctx.tenant
    .selectFrom('jobs')
    .select(['job_type', (eb) => eb.fn.countAll<number>().as('n')])
    .where('status', 'in', [...OPEN_JOB_STATUSES])
    .groupBy('job_type')
    .execute();
  const openJobs = (type: JobType) => Number(jobs.find((j) => j.job_type === type)?.n ?? 0);
  return {
    accounts_overdue: await overdueInvoiceCount(ctx),
    work_approvals: await pendingWorkApprovals(ctx),
    orders_processing: Number(
      (
        await ctx.tenant
          .selectFrom('quotes')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('progress', '=', ORDER_PROGRESS_ORDERED)
          .executeTakeFirst()
      )?.n ?? 0,
    ),
    scheduled_installations: openJobs('installation'),
    repairs: openJobs('repair'),
    removals: openJobs('removal'),
    transfers: openJobs('transfer'),
    reminders_due: await remindersDueCount(ctx),
  };
}

/** People who drive (SPEC §3 dashboard drivers), deleted ones never shown (SPEC §6 role 11). */
async function dashboardPeople(ctx: TaskContext, now: number): Promise<DashboardPerson[]> {
  const rows = await ctx.tenant
    .selectFrom('people')
    .select(['pid', 'first_name', 'surname', 'roles', 'licence_expiry', 'prdp_expiry'])
    .orderBy('first_name')
    .orderBy('surname')
    .orderBy('pid')
    .execute();
  const out: DashboardPerson[] = [];
  for (const r of rows) {
    const roles = json.parse<number[]>(r.roles, []);
    if (roles.includes(PERSON_ROLE_DELETED) || !roles.includes(PERSON_ROLE_DRIVER)) continue;
    const licence = r.licence_expiry !== null && r.licence_expiry < now;
    const prdp = r.prdp_expiry !== null && r.prdp_expiry < now;
    out.push({
      pid: r.pid,
      name: `${r.first_name} ${r.surname}`.trim(),
      is_driver: true,
      drive_disable: licence || prdp,
      reason: licence ? 'Licence expired' : prdp ? 'PrDP expired' : null,
      licence_expiry: iso(r.licence_expiry),
      prdp_expiry: iso(r.prdp_expiry),
    });
  }
  return out;
}

/** The trips, events and speeding alerts of the visible displayed units since `from`. */
async function tallies(ctx: TaskContext, uids: number[], from: number): Promise<Tally[]> {
  if (!uids.length) return [];
  const trips = await ctx.tenant
    .selectFrom('trips')
    .select(['unit_id', 'start_time', 'distance'])
    .where('unit_id', 'in', uids)
    // SPEC §4: only trips of type 0 (and displayed units) count.
    .where('type', '=', 0)
    .where('start_time', '>=', from)
    .execute();
  const events = await ctx.tenant
    .selectFrom('device_events')
    .select(['unit_id', 'time', 'type'])
    .where('unit_id', 'in', uids)
    .where('type', 'in', Object.keys(EVENT_TOTALS))
    .where('time', '>=', from)
    .execute();
  const speeding = await ctx.tenant
    .selectFrom('rule_alerts')
    .select(['unit_id', 'time'])
    .where('unit_id', 'in', uids)
    .where('type', '=', 'speeding')
    .where('time', '>=', from)
    .execute();
  const out: Tally[] = [];
  for (const t of trips)
    out.push({ kind: 'trip', time: Number(t.start_time), uid: t.unit_id, metres: t.distance });
  for (const e of events)
    out.push({
      kind: EVENT_TOTALS[e.type as keyof typeof EVENT_TOTALS],
      time: Number(e.time),
      uid: e.unit_id,
    });
  for (const s of speeding) out.push({ kind: 'speeding', time: Number(s.time), uid: s.unit_id });
  return out;
}

const getDashboardInfo = defineTask({
  name: 'get_dashboard_info',
  roles: DASHBOARD_ROLES,
  probe: () => ({ days: 30 }),
  async handler(ctx, p) {
    const now = clock().now();
    const period = periodOf(await userTimeZone(ctx), now, p.days);
    const { units, issues } = await dashboardFleet(ctx, now);
    const counted = countUnits(units);
    const drivers = (await dashboardPeople(ctx, now)).length;
    const displayed = units.filter((u) => u.display);
    const result = tally(
      period,
      await tallies(
        ctx,
        displayed.map((u) => u.uid),
        period.previousFrom,
      ),
    );
    const counts: DashboardCounts = {
      active_vehicles: counted.active,
      deactivate_vehicles: counted.deactivated,
      unit_faults_count: counted.faults,
      moving: counted.moving,
      drivers,
      unit_issues: issues,
      ...(await businessCounts(ctx)),
    };
    return {
      days: p.days,
      from: iso(period.starts[0]),
      to: iso(now),
      previous_from: iso(period.previousFrom),
      counts,
      totals: result.totals,
      previous: result.previous,
      series: result.days.map((t, i) => ({ date: iso(period.starts[i]), ...t })),
      units: displayed.flatMap((u) => {
        const t = result.byUnit.get(u.uid);
        return t && anyTotal(t) ? [{ uid: u.uid, name: u.name, reg: u.reg, ...t }] : [];
      }),
    };
  },
});

const getDashboardToday = defineTask({
  name: 'get_dashboard_today',
  roles: [...DASHBOARD_ROLES, 'feature_realtime'],
  probe: () => ({}),
  async handler(ctx) {
    const now = clock().now();
    const period = periodOf(await userTimeZone(ctx), now, 1);
    const { units } = await dashboardFleet(ctx, now);
    const displayed = new Set(units.filter((u) => u.display).map((u) => u.uid));
    const result = tally(period, await tallies(ctx, [...displayed], period.starts[0]));
    const fastest = displayed.size
      ? await ctx.tenant
          .selectFrom('trips')
          .select(['unit_id', (eb) => eb.fn.max<number>('max_speed').as('max_speed')])
          .where('unit_id', 'in', [...displayed])
          .where('type', '=', 0)
          .where('start_time', '>=', period.starts[0])
          .groupBy('unit_id')
          .execute()
      : [];
    const today_array = units.map((u): DashboardTodayRow => {
      const t = result.byUnit.get(u.uid) ?? emptyTotals();
      return {
        uid: u.uid,
        name: u.name,
        reg: u.reg,
        active: u.active,
        moving: u.moving,
        connected: u.connected,
        faults: u.faults,
        ...t,
        max_speed: Math.round(Number(fastest.find((f) => f.unit_id === u.uid)?.max_speed ?? 0)),
      };
    });
    const counted = countUnits(units);
    return {
      from: iso(period.starts[0]),
      today_array,
      totals: {
        ...result.totals,
        active_vehicles: counted.active,
        deactivate_vehicles: counted.deactivated,
        unit_faults_count: counted.faults,
      },
    };
  },
});

const getDashboardSummary = defineTask({
  name: 'get_dashboard_summary',
  roles: DASHBOARD_ROLES,
  probe: () => ({}),
  async handler(ctx) {
    const now = clock().now();
    return {
      units: (await dashboardFleet(ctx, now)).units,
      people: await dashboardPeople(ctx, now),
    };
  },
});

export const dashboardTasks = [
  getDashboardInfo,
  getDashboardSummary,
  getDashboardToday,
  ...siteAlertTasks,
  ...supportDashboardTasks,
];
