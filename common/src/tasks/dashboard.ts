// The dashboard, the support dashboard and the site alerts (issue 15; SPEC §1, §3 "Dashboard
// totals", §4 "Dashboard counting", §7 get_dashboard_summary / get_dashboard_info /
// get_site_alerts, §9 day options).
import { z } from 'zod';
import { DASHBOARD_DAY_OPTIONS } from '../constants';
import { noParams } from './shared';

/** The trip and event totals of SPEC §1, for a day or a period. */
export interface DashboardTotals {
  trips: number;
  /** km, 2 decimals; only units with display true and trips of type 0 count (SPEC §4) */
  distance: number;
  /** speeding incidents: alerts of the client's speeding rules */
  speeding: number;
  harsh_braking: number;
  harsh_accelerating: number;
  harsh_cornering: number;
  /** times equipment (the ignition) was switched on */
  equipment_on: number;
}

export const DASHBOARD_TOTAL_KEYS = [
  'trips',
  'distance',
  'speeding',
  'harsh_braking',
  'harsh_accelerating',
  'harsh_cornering',
  'equipment_on',
] as const satisfies readonly (keyof DashboardTotals)[];

/** SPEC §3 "Dashboard totals" and the alert cards of SPEC §1, counted now. */
export interface DashboardCounts {
  /** SPEC §4: a unit counts as active if active is true, otherwise as deactivated */
  active_vehicles: number;
  deactivate_vehicles: number;
  /** units with faults (their unit issues) */
  unit_faults_count: number;
  /** active units moving now (park state 0) */
  moving: number;
  drivers: number;
  accounts_overdue: number;
  unit_issues: number;
  work_approvals: number;
  orders_processing: number;
  scheduled_installations: number;
  repairs: number;
  removals: number;
  transfers: number;
  /** reminders due soon or overdue (issue 13); absent for a user without the reminder roles */
  reminders_due?: number;
}

/** One day of the period: its start (ISO, midnight in the user's zone) and its totals. */
export interface DashboardDay extends DashboardTotals {
  date: string;
}

/** A unit's share of the period's totals (the list behind each total). */
export interface DashboardUnitTotals extends DashboardTotals {
  uid: number;
  name: string;
  reg: string;
}

export interface DashboardInfo {
  days: number;
  /** the period: from the first day's midnight to now */
  from: string;
  to: string;
  /** the period before, as long */
  previous_from: string;
  counts: DashboardCounts;
  totals: DashboardTotals;
  previous: DashboardTotals;
  /** one entry per day, oldest first */
  series: DashboardDay[];
  /** units with anything in the period, by name */
  units: DashboardUnitTotals[];
}

/** A unit on the dashboard's list (SPEC §3 "dashboard today units": active, moving, faults). */
export interface DashboardUnit {
  uid: number;
  name: string;
  reg: string;
  active: boolean;
  /** shown on the map; only displayed units count in the totals (SPEC §4) */
  display: boolean;
  /** SPEC §4: 0 if moving, else 1 */
  moving: 0 | 1;
  connected: boolean;
  faults: string[];
  speed: number;
  last_data: string | null;
  driver: string | null;
}

/** A person on the dashboard (SPEC §3 "dashboard drivers": is_driver, drive_disable). */
export interface DashboardPerson {
  pid: number;
  name: string;
  is_driver: boolean;
  /** may not drive now: the licence or PrDP has expired */
  drive_disable: boolean;
  /** why, in words, when drive_disable */
  reason: string | null;
  licence_expiry: string | null;
  prdp_expiry: string | null;
}

/** SPEC §2 site alert types and their counts (SPEC §3 "Site alert summary"). */
export interface SiteAlertCounts {
  total_count: number;
  accounts_overdue: number;
  details_update: number;
  initial_details: number;
  work_approvals: number;
  unit_issues: number;
  survey: number;
  vehicle_details: number;
}

/** The provider's operations view across every client (the hidden /support page). */
export interface SupportDashboard {
  /** clients by SPEC §4 state code (0 Disabled, 1 Active, 2 Written off, 3 Deleted) */
  clients_by_state: { state: number; name: string; count: number }[];
  units: {
    total: number;
    /** reported within the disconnect threshold of SPEC §4 */
    reporting: number;
    /** last report older than a day */
    silent_day: number;
    /** never reported */
    never: number;
  };
  unknown_devices: number;
  /** positions stored per minute over the last hour, oldest first */
  positions_per_minute: { minute: string; count: number }[];
  /** chase-ups not yet resolved or cancelled (states 0 to 2) */
  open_chaseups: number;
  /** the recovery desk's queue (issue 16 item 8) */
  chaseup_queue: {
    /** waiting to be taken (state 0) */
    new: number;
    /** still to be worked (states 0 to 2) */
    open: number;
    /** median seconds from arriving to being taken, over chase-ups taken in the last 7 days */
    median_take_seconds: number | null;
  };
  overdue_accounts: {
    cid: number;
    name: string;
    overdue_cents: number;
    days_overdue: number;
  }[];
}

export const dashboardParams = {
  get_dashboard_info: z.object({
    days: z
      .number()
      .int()
      .refine((d) => DASHBOARD_DAY_OPTIONS.includes(d), {
        message: `must be one of ${DASHBOARD_DAY_OPTIONS.join(', ')}`,
      })
      .default(7),
  }),
  get_dashboard_summary: noParams,
  get_site_alerts: noParams,
  /** the vehicles behind the vehicle-details site alert, which has no page of its own */
  get_vehicles_missing_details: noParams,
  get_support_dashboard: noParams,
};

export interface DashboardAnswers {
  get_dashboard_info: DashboardInfo;
  get_dashboard_summary: { units: DashboardUnit[]; people: DashboardPerson[] };
  get_site_alerts: SiteAlertCounts;
  get_vehicles_missing_details: {
    vehicles: { uid: number; name: string; missing: ('registration' | 'make' | 'model')[] }[];
  };
  get_support_dashboard: { support_dashboard: SupportDashboard };
}
