// Which top-bar icons a user sees (SPEC §6) and the site alert types behind the site-alert icon
// (SPEC §2 "Site alert targets").
import {
  checkPermission,
  isSupportType,
  SITE_ALERT_TYPES,
  type SiteAlertType,
  type UserInfo,
} from '@fleet/common';

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

export { SITE_ALERT_TYPES, type SiteAlertType };

/** SPEC §6: only displayed types with a count above 0 whose roles the user holds. */
export function visibleSiteAlerts(
  counts: Record<string, unknown>,
  user: Viewer,
): (SiteAlertType & { count: number })[] {
  return SITE_ALERT_TYPES.filter(
    (t) => t.display && Number(counts[t.key]) > 0 && checkPermission(user.roles, t.roles),
  ).map((t) => ({ ...t, count: Number(counts[t.key]) }));
}
