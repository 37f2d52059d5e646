// Table types of rules and what they raise (issue 11): rule memory, rules, alerts, the outbox,
// the recovery desk's chase-ups, panic notification settings and notices (epoch milliseconds).
import type { Generated } from 'kysely';

/**
 * A unit's rule memory (rules/state.ts), JSON by rid. Apart from unit_state, which every batch
 * rewrites: the memory is written only when it changed, and a unit without any has no row.
 */
export interface UnitRuleMemoryTable {
  unit_id: number;
  client_id: number;
  memory: string;
  updated: number;
}

/** A rule (SPEC §3). JSON text: apply_to, param, emails, sms, phones, days. */
export interface RulesTable {
  rid: Generated<number>;
  client_id: number;
  name: string;
  /** a RuleTypeKey */
  type: string;
  /** 'all' | 'units' | 'tags' | 'fleet' */
  apply_type: string;
  apply_to: string;
  fid: number | null;
  param: string;
  emails: string;
  sms: string;
  phones: string;
  days: string;
  /** minutes after midnight, client time; end 1440 is 24:00 */
  start_min: number;
  end_min: number;
  active: number;
  created: number;
  updated: number;
}

/** One incident of a rule on a unit; unique by (rule_id, unit_id, time). */
export interface RuleAlertsTable {
  raid: Generated<number>;
  client_id: number;
  rule_id: number;
  rule_name: string;
  type: string;
  unit_id: number;
  /** when the incident started */
  time: number;
  end_time: number | null;
  /** 1 while the incident goes on */
  open: number;
  lat: number | null;
  lon: number | null;
  speed: number | null;
  /** JSON: the type's facts (limit, peak, duration_s, lid, ...) */
  evidence: string;
  created: number;
}

export interface RuleAlertMarksTable {
  user_id: number;
  client_id: number;
  seen_raid: number;
}

/** A message to deliver after commit (notify/outbox.ts). status 0 pending, 1 sent, 2 given up. */
export interface OutboxTable {
  id: Generated<number>;
  client_id: number;
  /** 'email' | 'sms' */
  kind: string;
  recipient: string;
  /** 'rule_alert' (ref raid) | 'panic' (ref device_events.id) */
  topic: string;
  ref: number;
  status: Generated<number>;
  attempts: Generated<number>;
  next_at: number;
  lease_until: number | null;
  sent_at: number | null;
  last_error: string | null;
  created: number;
}

/** The recovery desk's queue (SPEC §4 chase-up states and types). */
export interface ChaseupEventsTable {
  id: Generated<number>;
  client_id: number;
  unit_id: number;
  /** SPEC §9 recovery chase-up type (4 rule alert, 7 panic remote, ...) */
  type: number;
  state: Generated<number>;
  time: number;
  lat: number | null;
  lon: number | null;
  rule_alert_id: number | null;
  device_event_id: number | null;
  /** JSON list: the rule's phone list (call-me types) */
  phones: Generated<string>;
  description: Generated<string>;
  assigned_to_username: string | null;
  created: number;
  /** when it was first taken (assigned) */
  taken_at: number | null;
  /** when it was resolved or cancelled */
  closed_at: number | null;
  /** a duplicate (state 6): the chase-up of the same incident */
  duplicate_of: number | null;
  /** the last change by the desk */
  updated: number | null;
}

/** A support agent's note on a unit, or on one of its chase-ups (SPEC §3 Comment). */
export interface ChaseupCommentsTable {
  id: Generated<number>;
  client_id: number;
  unit_id: number;
  chaseup_id: number | null;
  text: string;
  username: string;
  created: number;
}

/** A call the recovery desk made about a unit or chase-up (SPEC §3 call logs). */
export interface CallLogsTable {
  id: Generated<number>;
  client_id: number;
  unit_id: number;
  chaseup_id: number | null;
  /** the client's person called, if a contact */
  pid: number | null;
  name: string;
  number: string;
  /** common CALL_OUTCOMES key */
  outcome: string;
  notes: Generated<string>;
  username: string;
  created: number;
}

/** A recovery of a vehicle (SPEC §3 Recovery log; §4 states and initiated by). */
export interface RecoveryLogsTable {
  id: Generated<number>;
  client_id: number;
  unit_id: number;
  state: number;
  initiated_by: Generated<number>;
  chaseup_id: number | null;
  start_time: number;
  end_time: number | null;
  recovery_team: Generated<string>;
  police_case_number: Generated<string>;
  location_recovered: Generated<string>;
  lat: number | null;
  lon: number | null;
  notes: Generated<string>;
  created_by: string;
  created: number;
  updated: number;
}

export interface PanicNotificationSettingsTable {
  client_id: number;
  emails: string;
  sms: string;
  updated: number;
}

/** A notice (SPEC §3) written by a support user; not owned by one client (notice_clients). */
export interface NoticesTable {
  tid: Generated<number>;
  title: string;
  /** cleaned HTML */
  message: string;
  type: number;
  priority: number;
  all_clients: number;
  author_id: number | null;
  created: number;
  updated: number;
}

export interface NoticeClientsTable {
  notice_id: number;
  client_id: number;
}

export interface NoticeReadsTable {
  notice_id: number;
  user_id: number;
  client_id: number;
  unread: number;
  updated: number;
}
