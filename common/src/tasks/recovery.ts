// The recovery desk (issue 16; SPEC §2 /recovery, §3 Chase-up event, Comment, Recovery log, backup
// and stealth units, cross-border data, call logs; §4 chase-up and recovery-log states, sorting by id
// descending; §6 user_support; §7 get_chaseup_events_count_new, get_cross_border_data,
// get_backup_unit_data; §8 the 24 chase-up types). Every task here needs user_support.
import { z } from 'zod';
import type { Position, UnitListItem } from '../api';
import { CHASEUP_STATE, CHASEUP_TYPES, RECOVERY_LOG_STATE } from '../enums';
import { idSchema, isoDate, pagingSchema, plainText, type ListAnswer } from './shared';

/** SPEC §4: the states an agent works a chase-up through. 3 and 4 are locked. */
export const CHASEUP_WORK_STATES = [0, 1, 2, 3, 4] as const;
/** New, Assigned, Customer Contacted: still to be worked (the queue). */
export const CHASEUP_OPEN_STATES = [0, 1, 2] as const;
/** 5 to 12: internal states the ingest sets; never on the queue. */
export const CHASEUP_INTERNAL_STATES = [5, 6, 7, 8, 9, 10, 11, 12] as const;
export const CHASEUP_STATE_NEW = 0;
export const CHASEUP_STATE_ASSIGNED = 1;
export const CHASEUP_STATE_CONTACTED = 2;
export const CHASEUP_STATE_RESOLVED = 3;
export const CHASEUP_STATE_CANCELLED = 4;
export const CHASEUP_STATE_FILTER_FIRST = 5;
export const CHASEUP_STATE_DUPLICATE = 6;
export const CHASEUP_STATE_DONT_CHASE = 7;
export const CHASEUP_STATE_TOO_LATE = 8;
export const CHASEUP_STATE_FUTURE = 9;
export const CHASEUP_STATE_INVESTIGATE = 10;
export const CHASEUP_STATE_SENDING = 11;
export const CHASEUP_STATE_CLIENT_ONLY = 12;

/** Waiting this long without being taken turns a chase-up amber, then red (issue 16 item 8). */
export const CHASEUP_AMBER_MS = 120_000;
export const CHASEUP_RED_MS = 300_000;

export const chaseupTypeName = (type: number) => CHASEUP_TYPES[type] ?? `Type ${type}`;
export const chaseupStateName = (state: number) => CHASEUP_STATE[state] ?? `State ${state}`;
export const isChaseupLocked = (state: number) => state === 3 || state === 4;

/** A comment is at most this long (issue 16, bad input). */
export const COMMENT_MAX = 5000;

/** How a call went (call logs). */
export const CALL_OUTCOMES = [
  { key: 'answered', name: 'Answered' },
  { key: 'no_answer', name: 'No answer' },
  { key: 'voicemail', name: 'Left a voicemail' },
  { key: 'busy', name: 'Busy' },
  { key: 'wrong_number', name: 'Wrong number' },
] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number]['key'];
const CALL_OUTCOME_KEYS = CALL_OUTCOMES.map((o) => o.key) as [CallOutcome, ...CallOutcome[]];
export const callOutcomeName = (key: string) =>
  CALL_OUTCOMES.find((o) => o.key === key)?.name ?? key;

/** SPEC §4 recovery log states: 0 In Progress, 1, 2, 3, 5 (there is no 4). */
export const RECOVERY_LOG_STATES = Object.keys(RECOVERY_LOG_STATE).map(Number);
export const RECOVERY_IN_PROGRESS = 0;
/** SPEC §4 initiated by: 0 unknown, 1 client called in, 2 chase-up event. */
export const RECOVERY_INITIATED = [0, 1, 2] as const;

/** One chase-up (SPEC §3 Chase-up event) as the queue and the detail page show it. */
export interface ChaseupEvent {
  id: number;
  cid: number;
  client_name: string;
  uid: number;
  unit_name: string;
  reg: string;
  /** SPEC §8 type 1..24, and its name */
  type: number;
  type_name: string;
  /** SPEC §4 state 0..12, and its name */
  state: number;
  state_name: string;
  locked: boolean;
  /** ISO: when it happened (the event's time) */
  time: string;
  /** ISO: when the desk got it */
  created: string;
  lat: number | null;
  lon: number | null;
  /** nearest town, "" when unknown */
  place: string;
  description: string;
  /** the rule's phone list (call-me rule alerts, type 4) */
  phones: string[];
  assigned_to_username: string | null;
  /** ISO: when it was taken (assigned the first time) */
  taken_at: string | null;
  /** ISO: when it was resolved or cancelled */
  closed_at: string | null;
  rule_alert_id: number | null;
  device_event_id: number | null;
  /** a duplicate (state 6) names the chase-up of the same incident */
  duplicate_of: number | null;
}

/** A client's person the desk may call (SPEC §3 Person, contacts by rank ascending). */
export interface EmergencyContact {
  pid: number;
  title: string;
  first_name: string;
  surname: string;
  rank: number;
  cellphone: string | null;
  email: string | null;
  /** role names (SPEC §6), e.g. "Emergency contact" */
  roles: string[];
  /** false outside office hours for a "Don't contact" / no_afterhours_contact person */
  callable_now: boolean;
  /** why not, in words ("No calls after hours or at weekends") */
  not_callable_reason: string | null;
}

/** What the chase-up detail page merges into one timeline (issue 16 item 8). */
export interface TimelineItem {
  /** ISO */
  time: string;
  kind: 'event' | 'state' | 'call' | 'comment' | 'recovery_log';
  /** in words: "Panic button", "Taken by sam", "Called Jane Doe (082...): No answer" */
  text: string;
  username: string | null;
  /** the row the item comes from (device event, comment, call log or recovery log id) */
  ref: number | null;
}

/** The unit as the desk sees it on the detail and unit pages. */
export interface RecoveryUnit extends UnitListItem {
  cid: number;
  client_name: string;
  vin: string;
  make: string;
  model: string;
  colour: string;
  device_id: string | null;
  protocol: string | null;
  /** a backup unit names its main unit */
  backup_of: number | null;
}

export interface ChaseupEvidence {
  /** the device event that raised it */
  device_event: {
    id: number;
    type: string;
    label: string;
    time: string;
    lat: number | null;
    lon: number | null;
    speed: number | null;
    attributes: Record<string, unknown>;
  } | null;
  /** the rule alert that raised it (type 4) */
  rule_alert: { raid: number; rule_name: string; type: string; time: string } | null;
}

export interface ChaseupDetail {
  chaseup_event: ChaseupEvent;
  unit: RecoveryUnit;
  client: { cid: number; name: string; timezone: string; chase_up: boolean };
  evidence: ChaseupEvidence;
  /** emergency contacts first, then other contacts, each by rank ascending */
  contacts: EmergencyContact[];
  /** whether it is outside office hours (Mon-Fri 08:00-17:00) in the client's zone now */
  after_hours: boolean;
  /** newest first */
  timeline: TimelineItem[];
  /** the recovery log opened from this chase-up, if any */
  recovery_log_id: number | null;
}

export interface RecoveryComment {
  id: number;
  uid: number;
  chaseup_id: number | null;
  text: string;
  username: string;
  created: string;
}

export interface CallLog {
  id: number;
  uid: number;
  chaseup_id: number | null;
  /** the person called, if a contact */
  pid: number | null;
  name: string;
  number: string;
  outcome: CallOutcome;
  outcome_name: string;
  notes: string;
  username: string;
  created: string;
}

/** SPEC §3 Recovery log. */
export interface RecoveryLog {
  id: number;
  uid: number;
  unit_name: string;
  reg: string;
  cid: number;
  client_name: string;
  state: number;
  state_name: string;
  initiated_by: number;
  chaseup_id: number | null;
  /** ISO */
  start_time: string;
  /** ISO; null while in progress */
  end_time: string | null;
  recovery_team: string;
  police_case_number: string;
  location_recovered: string;
  lat: number | null;
  lon: number | null;
  notes: string;
  created_by: string;
  created: string;
  updated: string;
}

export interface SearchHit {
  units: {
    uid: number;
    name: string;
    reg: string;
    vin: string;
    device_id: string | null;
    cid: number;
    client_name: string;
    service_type: string;
    connected: boolean;
  }[];
  clients: { cid: number; name: string; state: number; unit_count: number }[];
  people: {
    pid: number;
    first_name: string;
    surname: string;
    cellphone: string | null;
    email: string | null;
    cid: number;
    client_name: string;
  }[];
}

export interface RecoveryClientView {
  client: { cid: number; name: string; state: number; timezone: string; chase_up: boolean };
  units: UnitListItem[];
  contacts: EmergencyContact[];
  /** open chase-ups (states 0-2) */
  chaseup_events: ChaseupEvent[];
  recovery_logs: RecoveryLog[];
}

export interface RecoveryUnitView {
  unit: RecoveryUnit;
  /** the last device events, newest first (at most 50) */
  events: {
    id: number;
    type: string;
    label: string;
    time: string;
    lat: number | null;
    lon: number | null;
  }[];
  chaseup_events: ChaseupEvent[];
  recovery_logs: RecoveryLog[];
  odometer_logs: { id: number; datetimestamp: string; odometer: number; kind: string }[];
  /** the unit's backup units (or, for a backup unit, its main unit) */
  backup_units: BackupUnit[];
}

/** A vehicle's second, hidden tracker (service type Backup) beside its main unit. */
export interface BackupUnit extends UnitListItem {
  cid: number;
  backup_of: number;
  main_name: string;
  last_data: string | null;
  battery: number | null;
  power: number | null;
  /** metres between the backup's and the main unit's last fixes (null if either has none) */
  distance_from_main: number | null;
}

/** One stay outside South Africa (border polygon of the rules). */
export interface BorderCrossing {
  /** ISO: the first fix outside */
  exit_time: string;
  exit_lat: number;
  exit_lon: number;
  /** ISO: the first fix back inside; null while still outside */
  entry_time: string | null;
  entry_lat: number | null;
  entry_lon: number | null;
  /** the country it went into, "" when not known */
  country: string;
  seconds_outside: number;
  /** the fixes abroad in time order (at most 2,000, evenly thinned) */
  track: Pick<Position, 'lat' | 'lon' | 'speed' | 'datetime'>[];
}

export interface CrossBorderData {
  uid: number;
  from: string;
  to: string;
  crossings: BorderCrossing[];
  seconds_outside: number;
  /** the unit is outside now */
  outside_now: boolean;
}

const chaseupFilter = z
  .enum(['open', 'new', 'closed', 'internal', 'all'], { message: 'is not a queue filter' })
  .default('open');

const shortText = (max: number) => plainText().trim().max(max).default('');

export const recoveryLogInput = z
  .object({
    id: idSchema.optional(),
    uid: idSchema,
    state: z
      .number()
      .int()
      .refine((s) => RECOVERY_LOG_STATES.includes(s), 'is not a recovery log state'),
    initiated_by: z
      .number()
      .int()
      .refine(
        (s) => (RECOVERY_INITIATED as readonly number[]).includes(s),
        'is not a way a recovery starts',
      )
      .default(0),
    chaseup_id: idSchema.nullable().optional(),
    start_time: isoDate,
    end_time: isoDate.nullable().optional(),
    recovery_team: shortText(200),
    police_case_number: shortText(60),
    location_recovered: shortText(300),
    lat: z.number().min(-90).max(90).nullable().optional(),
    lon: z.number().min(-180).max(180).nullable().optional(),
    notes: shortText(COMMENT_MAX),
  })
  .superRefine((v, ctx) => {
    const need = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    if (v.initiated_by === 2 && !v.chaseup_id)
      need('chaseup_id', 'name the chase-up it started from');
    if (v.state !== RECOVERY_IN_PROGRESS && !v.end_time)
      need('end_time', 'is required once the recovery is closed');
    if (v.end_time && v.start_time && Date.parse(v.end_time) < Date.parse(v.start_time))
      need('end_time', 'must not be before the start');
  });
export type RecoveryLogInput = z.input<typeof recoveryLogInput>;

export const recoveryParams = {
  get_chaseup_events: z.object({
    /** open: 0-2 (default); new: 0; closed: 3-4; internal: 5-12; all */
    filter: chaseupFilter,
    uid: idSchema.optional(),
    cid: idSchema.optional(),
    ...pagingSchema,
  }),
  get_chaseup_event: z.object({ id: idSchema }),
  /**
   * take: assign it to the caller (state New becomes Assigned); two agents cannot both take it.
   * assigned_to_username: hand it to another support user (null: put it back on the queue).
   * state: 1 Assigned, 2 Customer Contacted, 3 Resolved, 4 Cancelled (3 and 4 lock it).
   */
  set_chaseup_event: z.object({
    id: idSchema,
    take: z.boolean().optional(),
    assigned_to_username: plainText().trim().min(1).max(60).nullable().optional(),
    state: z
      .number()
      .int()
      .refine(
        (s) => s >= 1 && s <= 4,
        'must be 1 Assigned, 2 Customer Contacted, 3 Resolved or 4 Cancelled',
      )
      .optional(),
    /** a note kept with the change (as a comment) */
    note: plainText().trim().max(COMMENT_MAX).optional(),
  }),
  get_chaseup_events_count_new: z.object({}),
  get_comments: z.object({
    chaseup_id: idSchema.optional(),
    uid: idSchema.optional(),
    ...pagingSchema,
  }),
  set_comment: z.object({
    uid: idSchema.optional(),
    chaseup_id: idSchema.optional(),
    text: plainText()
      .trim()
      .min(1, 'is empty')
      .max(COMMENT_MAX, `must be at most ${COMMENT_MAX} characters`),
  }),
  get_call_log_list: z.object({
    chaseup_id: idSchema.optional(),
    uid: idSchema.optional(),
    ...pagingSchema,
  }),
  set_call_log: z.object({
    uid: idSchema.optional(),
    chaseup_id: idSchema.optional(),
    pid: idSchema.nullable().optional(),
    name: plainText().trim().min(1, 'say who was called').max(120),
    number: plainText()
      .trim()
      .min(3, 'is not a phone number')
      .max(30)
      .regex(/^[+0-9 ()-]+$/, 'is not a phone number'),
    outcome: z.enum(CALL_OUTCOME_KEYS, { message: 'is not a call outcome' }),
    notes: shortText(COMMENT_MAX),
  }),
  get_recovery_logs: z.object({
    uid: idSchema.optional(),
    cid: idSchema.optional(),
    state: z.number().int().optional(),
    ...pagingSchema,
  }),
  get_recovery_log: z.object({ id: idSchema }),
  set_recovery_log: recoveryLogInput,
  /** one search box across every client (SPEC §7 `search`): as you type */
  search: z.object({
    q: plainText().trim().min(1, 'type something to search for').max(80),
    limit: z.number().int().min(1).max(50).default(10),
  }),
  get_recovery_client: z.object({ cid: idSchema }),
  /** whether the desk chases the client's vehicles (false: its chase-ups are filed as state 7) */
  set_client_chase_up: z.object({ cid: idSchema, chase_up: z.boolean() }),
  get_recovery_unit: z.object({ uid: idSchema }),
  /** the backup units of these main units (or these backup units themselves) */
  get_backup_unit_data: z.object({ uids: z.array(idSchema).min(1).max(200) }),
  /** pair a Backup service type unit with the vehicle's main unit (null: unpair) */
  set_backup_unit: z.object({ uid: idSchema, backup_of: idSchema.nullable() }),
  get_cross_border_data: z.object({ uid: idSchema, from: isoDate, to: isoDate }),
};

export interface RecoveryAnswers {
  get_chaseup_events: ListAnswer<'chaseup_events', ChaseupEvent>;
  get_chaseup_event: ChaseupDetail;
  set_chaseup_event: { chaseup_event: ChaseupEvent };
  get_chaseup_events_count_new: { count: number };
  get_comments: ListAnswer<'comments', RecoveryComment>;
  set_comment: { comment: RecoveryComment };
  get_call_log_list: ListAnswer<'call_log_list', CallLog>;
  set_call_log: { call_log: CallLog };
  get_recovery_logs: ListAnswer<'recovery_logs', RecoveryLog>;
  get_recovery_log: { recovery_log: RecoveryLog };
  set_recovery_log: { recovery_log: RecoveryLog };
  search: { search: SearchHit };
  get_recovery_client: RecoveryClientView;
  set_client_chase_up: { client: RecoveryClientView['client'] };
  get_recovery_unit: RecoveryUnitView;
  get_backup_unit_data: { backup_units: BackupUnit[] };
  set_backup_unit: { unit: RecoveryUnit };
  get_cross_border_data: { cross_border_data: CrossBorderData };
}
