// Counters and notices behind the top-bar icons (SPEC §2, §6, §7). A counter the server cannot
// answer (the chase-up count until the recovery desk exists) shows "off".
import type { PanicNotificationSettings, TaskRequest } from '@fleet/common';
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

/** SPEC §3: total_count beside the per-type counts. */
export const getSiteAlerts = () =>
  call('get_site_alerts', {}, quiet).then((d): SiteAlertSummary => ({
    total_count: d.total_count,
    counts: { ...d },
  }));

// Rule alerts (issue 11; tasks of common/src/tasks/rules.ts). The list and the one alert are read
// with usePagedQuery / taskQuery ('get_rule_alerts', 'get_rule_alert'); this is the icon's mark.

/** SPEC §2: what opening the rule-alert icon does; answers the count afterwards (0). */
export const setRuleAlertsSeen = () =>
  call('set_rule_alerts_seen', {}, quiet).then((d) => d.new_rule_alerts_count);

// Notices (issue 11 item 7; SPEC §3, §4, §7). The user reads get_notices (the icon's query) and
// marks one with setNotice above; support users write them (get_notice_messages is read with
// usePagedQuery). Saves are silent: the form shows the server's message beside the field it names.
export type NoticeMessageInput = TaskRequest<'set_notice_message'>;

export const setNoticeMessage = (input: NoticeMessageInput) =>
  call('set_notice_message', input, { silent: true }).then((d) => d.notice_message);

export const deleteNoticeMessage = (tid: number) => call('delete_notice_message', { tid });

// Panic notifications (issue 11 item 6): who is told when a panic button is pressed.
// It is read with taskQuery('get_panic_notification_settings', {}).
export const setPanicNotificationSettings = (settings: PanicNotificationSettings) =>
  call('set_panic_notification_settings', settings, { silent: true }).then(
    (d) => d.panic_notification_settings,
  );
