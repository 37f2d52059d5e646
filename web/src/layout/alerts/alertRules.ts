// Which top-bar icons a user sees (SPEC §6) and the site alert types behind the site-alert icon
// (SPEC §2 "Site alert targets").
import { checkPermission, isSupportType, type Role, type UserInfo } from '@fleet/common';

type Viewer = Pick<UserInfo, 'roles' | 'user_type'>;

export interface AlertIconVisibility {
  chaseups: boolean;
  siteAlerts: boolean;
  notices: boolean;
  ruleAlerts: boolean;
}

export function alertIconsFor(user: Viewer): AlertIconVisibility {
  const support = isSupportType(user.user_type);
  return {
    chaseups: support,
    siteAlerts: !support && checkPermission(user.roles, ['general_site_alerts']),
    notices: !support && checkPermission(user.roles, ['user_support', 'feature_notices']),
    ruleAlerts: !support && checkPermission(user.roles, ['feature_rule_alerts']),
  };
}

export interface SiteAlertType {
  /** The key of its count in get_site_alerts. */
  key: string;
  label: string;
  roles: Role[];
  /** Survey and vehicle-details alerts have no page. */
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

/** SPEC §6: only displayed types with a count above 0 whose roles the user holds. */
export function visibleSiteAlerts(
  counts: Record<string, unknown>,
  user: Viewer,
): (SiteAlertType & { count: number })[] {
  return SITE_ALERT_TYPES.filter(
    (t) => t.display && Number(counts[t.key]) > 0 && checkPermission(user.roles, t.roles),
  ).map((t) => ({ ...t, count: Number(counts[t.key]) }));
}
