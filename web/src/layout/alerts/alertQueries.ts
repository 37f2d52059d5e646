// The counters behind the top-bar icons, in TanStack Query so any page can ask for a refresh with
// requestAlertRefresh (SPEC §7: on load, on a timer and on refresh request).
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { CHASEUP_POLL_MS, RULE_ALERT_POLL_MS } from '@fleet/common';
import {
  getChaseupCount,
  getNewRuleAlertsCount,
  getNotices,
  getSiteAlerts,
} from '../../api/alerts';

export const ALERT_KEYS = {
  all: ['alerts'] as const,
  ruleAlerts: ['alerts', 'new_rule_alerts_count'] as const,
  notices: ['alerts', 'notices'] as const,
  siteAlerts: ['alerts', 'site_alerts'] as const,
  chaseups: ['alerts', 'chaseup_count'] as const,
};

export function requestAlertRefresh(
  client: QueryClient,
  which: readonly string[] = ALERT_KEYS.all,
) {
  return client.invalidateQueries({ queryKey: which });
}

/** The rule alert list, every filter and page of it (get_rule_alerts answers in the query cache). */
export const RULE_ALERT_LIST_KEY = ['get_rule_alerts'] as const;

/**
 * A rule alert arrived or the count moved (live socket, issue 11): the icon's count and any list on
 * screen are read again now rather than at the next poll.
 */
export function refreshRuleAlerts(client: QueryClient) {
  return Promise.all([
    client.invalidateQueries({ queryKey: ALERT_KEYS.ruleAlerts }),
    client.invalidateQueries({ queryKey: RULE_ALERT_LIST_KEY }),
  ]);
}

// A failed count is shown as "off"; retrying a task the server does not know is pointless.
const quiet = { retry: false, refetchOnWindowFocus: false } as const;

export const useRuleAlertCount = (enabled: boolean) =>
  useQuery({
    queryKey: ALERT_KEYS.ruleAlerts,
    queryFn: getNewRuleAlertsCount,
    enabled,
    refetchInterval: RULE_ALERT_POLL_MS,
    ...quiet,
  });

export const useChaseupCount = (enabled: boolean) =>
  useQuery({
    queryKey: ALERT_KEYS.chaseups,
    queryFn: getChaseupCount,
    enabled,
    refetchInterval: CHASEUP_POLL_MS,
    ...quiet,
  });

export const useNotices = (enabled: boolean) =>
  useQuery({ queryKey: ALERT_KEYS.notices, queryFn: getNotices, enabled, ...quiet });

/** Loaded once (SPEC §7), and again only on a refresh request. */
export const useSiteAlerts = (enabled: boolean) =>
  useQuery({
    queryKey: ALERT_KEYS.siteAlerts,
    queryFn: getSiteAlerts,
    enabled,
    staleTime: Infinity,
    ...quiet,
  });
