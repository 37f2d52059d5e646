// Counters and notices behind the top-bar icons (SPEC §2, §6, §7). These tasks arrive with later
// issues; until then the server answers result 1 and the icons show "off".
import { call } from './call';

const quiet = { silent: true };

export const getNewRuleAlertsCount = () =>
  call('get_new_rule_alerts_count', {}, quiet).then((d) => d.new_rule_alerts_count);

export const getChaseupCount = () =>
  call('get_chaseup_events_count_new', {}, quiet).then((d) => d.count);

export const getNotices = () => call('get_notices', {}, quiet).then((d) => d.notices ?? []);

/** Marks a notice read (unread false) or back to unread (SPEC §4). */
export const setNotice = (id: number, unread: boolean) => call('set_notice', { id, unread });

export interface SiteAlertSummary {
  total_count: number;
  counts: Record<string, unknown>;
}

/** Per-type counts are read from `counts` when present, else from the data object itself. */
export const getSiteAlerts = () =>
  call('get_site_alerts', {}, quiet).then((d): SiteAlertSummary => ({
    total_count: d.total_count as number,
    counts: d.counts ?? d,
  }));
