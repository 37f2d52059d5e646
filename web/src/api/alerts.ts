// Counters and notices behind the top-bar icons (SPEC §2, §6, §7). These tasks arrive with later
// issues; until then the server answers result 1 and the icons show "off".
import { call } from './call';

const quiet = { silent: true };

export interface Notice {
  tid: number;
  title: string;
  message: string;
  type: 0 | 1 | 2;
  priority: number;
  unread: boolean;
  created: string;
}

export const getNewRuleAlertsCount = () =>
  call<{ new_rule_alerts_count: number }>('get_new_rule_alerts_count', {}, quiet).then(
    (d) => d.new_rule_alerts_count,
  );

export const getChaseupCount = () =>
  call<{ count: number }>('get_chaseup_events_count_new', {}, quiet).then((d) => d.count);

export const getNotices = () =>
  call<{ notices: Notice[] }>('get_notices', {}, quiet).then((d) => d.notices ?? []);

/** Marks a notice read (unread false) or back to unread (SPEC §4). */
export const setNotice = (id: number, unread: boolean) => call('set_notice', { id, unread });

export interface SiteAlertSummary {
  total_count: number;
  counts: Record<string, unknown>;
}

/** Per-type counts are read from `counts` when present, else from the data object itself. */
export const getSiteAlerts = () =>
  call<Record<string, unknown>>('get_site_alerts', {}, quiet).then((d): SiteAlertSummary => ({
    total_count: d.total_count as number,
    counts: (d.counts as Record<string, unknown>) ?? d,
  }));
