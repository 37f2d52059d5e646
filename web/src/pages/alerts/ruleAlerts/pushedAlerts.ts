// What the live socket says about rule alerts (API.md §5; issue 11 item 4): the server pushes
// {"type":"alert","alert":{"kind":"rule_alert", raid, uid, type, type_name, rule_name, time, ...}}
// for each new alert and {"type":"counts","changed":["new_rule_alerts_count"]} when the icon's
// count moved. Pure readers of those messages, so the hook stays small and they are easy to test.
import { ruleTypeName, type LiveMessage, type UnitListItem } from '@fleet/common';

export interface PushedRuleAlert {
  raid: number;
  uid: number;
  rid: number | null;
  type: string;
  type_name: string;
  rule_name: string;
  /** ISO-8601 */
  time: string | null;
}

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0;
const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** The rule alert a pushed message announces, or null for any other message. */
export function pushedRuleAlert(message: LiveMessage): PushedRuleAlert | null {
  if (message.type !== 'alert') return null;
  const a = message.alert as Record<string, unknown> | undefined;
  if (!a || a.kind !== 'rule_alert' || !isId(a.raid) || !isId(a.uid)) return null;
  const type = text(a.type);
  return {
    raid: a.raid,
    uid: a.uid,
    rid: isId(a.rid) ? a.rid : null,
    type,
    type_name: text(a.type_name) || (type ? ruleTypeName(type) : 'Rule alert'),
    rule_name: text(a.rule_name),
    time: text(a.time) || null,
  };
}

/**
 * Whether a `counts` message concerns the rule-alert count; `value` is the count when the message
 * carries it, else the count must be read again.
 */
export function ruleAlertCountChange(message: LiveMessage): { value: number | null } | null {
  if (message.type !== 'counts') return null;
  const value = message.new_rule_alerts_count;
  if (typeof value === 'number' && Number.isFinite(value)) return { value };
  const changed = message.changed;
  if (Array.isArray(changed) && changed.includes('new_rule_alerts_count')) return { value: null };
  return null;
}

/** The unit as the notification names it: its name and registration, or its id when unknown. */
export function pushedUnitName(uid: number, units: readonly UnitListItem[] | undefined): string {
  const unit = units?.find((u) => u.uid === uid);
  if (!unit) return `Unit ${uid}`;
  return unit.reg && unit.reg !== unit.name ? `${unit.name} (${unit.reg})` : unit.name;
}

/** The alert page of SPEC §2 (/portal/alerts/unit_alert/{raid}). */
export const ruleAlertPath = (raid: number) => `/portal/alerts/unit_alert/${raid}`;
export const RULE_ALERTS_PATH = '/portal/alerts/unit_alert';

/** Raids already announced in this tab: the server may push an alert twice (a resend, a reconnect). */
const announced = new Set<number>();
const MAX_REMEMBERED = 500;

/** True the first time a raid is seen; remembers at most the last 500. */
export function firstAnnouncement(raid: number): boolean {
  if (announced.has(raid)) return false;
  announced.add(raid);
  if (announced.size > MAX_REMEMBERED) {
    const oldest = announced.values().next().value;
    if (oldest !== undefined) announced.delete(oldest);
  }
  return true;
}

/**
 * Navigation state of the icon's link to the list: the list then marks the alerts seen
 * (set_rule_alerts_seen) after reading its first page, so that page still shows which were new.
 */
export const SEEN_ON_OPEN = { markRuleAlertsSeen: true } as const;

export function isSeenOnOpen(state: unknown): boolean {
  return (
    typeof state === 'object' &&
    state !== null &&
    (state as Record<string, unknown>).markRuleAlertsSeen === true
  );
}
