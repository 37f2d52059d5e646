// The site alert types behind the top-bar's site-alert icon (SPEC §2 "Site alert targets", §3 "Site
// alert summary", §6): the key of each count in get_site_alerts, the roles a user needs to see it
// and the page it leads to. The server counts only what the user may see; the web lists only
// displayed types with a count above 0 whose roles the user holds.
import type { Role } from './roles';

export const SITE_ALERT_KEYS = [
  'accounts_overdue',
  'details_update',
  'initial_details',
  'work_approvals',
  'unit_issues',
  'survey',
  'vehicle_details',
] as const;
export type SiteAlertKey = (typeof SITE_ALERT_KEYS)[number];

export interface SiteAlertType {
  key: SiteAlertKey;
  label: string;
  roles: Role[];
  /** Survey and vehicle-details alerts have no page (SPEC §2): the web opens them in place. */
  path: string | null;
  display: boolean;
}

export const SITE_ALERT_TYPES: SiteAlertType[] = [
  {
    key: 'accounts_overdue',
    label: 'Account overdue',
    roles: ['feature_accounts'],
    path: '/portal/account/billing',
    display: true,
  },
  {
    key: 'details_update',
    label: 'Client details need an update',
    roles: ['feature_unit_issues'],
    path: '/portal/account/client_detail',
    display: true,
  },
  {
    key: 'initial_details',
    label: 'Client details needed',
    roles: ['feature_unit_issues'],
    path: '/portal/account/client_detail',
    display: true,
  },
  {
    key: 'work_approvals',
    label: 'Work approvals waiting',
    roles: ['feature_jobs'],
    path: '/portal/account/work_approvals',
    display: true,
  },
  {
    key: 'unit_issues',
    label: 'Unit issues',
    roles: ['feature_unit_issues'],
    path: '/portal/vehicles/unit/issues',
    display: true,
  },
  { key: 'survey', label: 'Survey', roles: ['general_site_alerts'], path: null, display: true },
  {
    key: 'vehicle_details',
    label: 'Vehicle details needed',
    roles: ['general_site_alerts'],
    path: null,
    display: true,
  },
];
