// Rules, rule alerts, panic notification settings and notices (issue 11), and the labels and fleets
// a rule picks its units by. Parameters per rule type are in ../rules.ts.
import { z } from 'zod';
import { RULES_FILTER_SIZE, MAX_PAGE_SIZE } from '../constants';
import { isValidEmail } from '../validators';
import {
  ALL_RULE_DAYS,
  RULE_PARAMS,
  RULE_TYPE_KEYS,
  parseRuleTime,
  type RuleTypeKey,
} from '../rules';
import {
  cleanText,
  idSchema,
  isoDate,
  pagingSchema,
  plainText,
  type EmptyAnswer,
  type ListAnswer,
} from './shared';
import type { Notice } from './pending';

const MAX_RECIPIENTS = 20;

/** An e-mail list (SPEC §5 e-mail rule); the message names the entry that fails. */
export const emailList = z
  .array(plainText().trim().max(254))
  .max(MAX_RECIPIENTS, `at most ${MAX_RECIPIENTS} addresses`)
  .superRefine((list, ctx) => {
    list.forEach((e, i) => {
      if (!isValidEmail(e))
        ctx.addIssue({
          code: 'custom',
          path: [i],
          message: `"${e}" is not a valid e-mail address`,
        });
    });
  })
  .default([]);

/** A phone number for SMS or a call: digits, an optional leading +, spaces and dashes between. */
export const PHONE_PATTERN = /^\+?[0-9][0-9 -]{6,18}[0-9]$/;
export function isValidPhone(value: string): boolean {
  return PHONE_PATTERN.test(value.trim()) && value.replace(/\D/g, '').length >= 8;
}

export const phoneList = z
  .array(plainText().trim().max(24))
  .max(MAX_RECIPIENTS, `at most ${MAX_RECIPIENTS} numbers`)
  .superRefine((list, ctx) => {
    list.forEach((p, i) => {
      if (!isValidPhone(p))
        ctx.addIssue({
          code: 'custom',
          path: [i],
          message: `"${p}" is not a valid phone number (digits, optionally starting with +)`,
        });
    });
  })
  .default([]);

const ruleTime = z
  .string()
  .refine((s) => parseRuleTime(s) !== null, 'must be a time from 0:00 to 24:00, like 7:30');

export const APPLY_TYPES = ['all', 'units', 'tags', 'fleet'] as const;
export type ApplyType = (typeof APPLY_TYPES)[number];

/**
 * set_rule. `param` is checked against the type's schema (RULE_PARAMS) by the refinement below, so
 * its messages name `param.<field>`. apply_to holds uids (units) or label ids (tags); fid the fleet.
 */
export const ruleInput = z
  .object({
    rid: idSchema.optional(),
    name: cleanText(100).refine((s) => s.length > 0, 'is required'),
    type: z.enum(RULE_TYPE_KEYS, { message: 'is not a rule type' }),
    apply_type: z.enum(APPLY_TYPES).default('all'),
    apply_to: z.array(idSchema).max(2000).default([]),
    fid: idSchema.nullable().optional(),
    param: z.record(z.string(), z.unknown()).default({}),
    emails: emailList,
    sms: phoneList,
    phones: phoneList,
    days: z
      .array(z.number().int().min(1, 'days are 1 (Monday) to 7 (Sunday)').max(7))
      .min(1, 'choose at least one day')
      .default(ALL_RULE_DAYS),
    start: ruleTime.default('0:00'),
    end: ruleTime.default('24:00'),
    active: z.boolean().default(true),
  })
  .superRefine((v, ctx) => {
    const start = parseRuleTime(v.start);
    const end = parseRuleTime(v.end);
    if (start !== null && end !== null && end <= start)
      ctx.addIssue({ code: 'custom', path: ['end'], message: 'must be after the start' });
    if (new Set(v.days).size !== v.days.length)
      ctx.addIssue({ code: 'custom', path: ['days'], message: 'lists a day twice' });
    if ((v.apply_type === 'units' || v.apply_type === 'tags') && v.apply_to.length === 0)
      ctx.addIssue({
        code: 'custom',
        path: ['apply_to'],
        message:
          v.apply_type === 'units' ? 'choose at least one unit' : 'choose at least one label',
      });
    if (v.apply_type === 'fleet' && (v.fid === undefined || v.fid === null))
      ctx.addIssue({ code: 'custom', path: ['fid'], message: 'choose a fleet' });
    const schema = RULE_PARAMS[v.type];
    if (!schema) return;
    const parsed = schema.safeParse(v.param);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        ctx.addIssue({
          code: 'custom',
          path: ['param', ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))],
          // A parameter left out reads as zod's 'expected number, received undefined'.
          message: /received undefined/.test(issue.message) ? 'is required' : issue.message,
        });
    }
  })
  .transform((v) => ({
    ...v,
    param: RULE_PARAMS[v.type].parse(v.param) as Record<string, unknown>,
  }));

export type RuleInput = z.input<typeof ruleInput>;

export const ruleParams = {
  get_rules: z.object({
    page: pagingSchema.page,
    page_size: z.number().int().min(1).max(MAX_PAGE_SIZE).default(RULES_FILTER_SIZE),
    search: plainText().max(100).optional(),
    type: z.enum(RULE_TYPE_KEYS).optional(),
  }),
  get_rule: z.object({ rid: idSchema }),
  set_rule: ruleInput,
  delete_rule: z.object({ rid: idSchema }),
  get_rule_alerts: z.object({
    ...pagingSchema,
    uid: idSchema.optional(),
    rid: idSchema.optional(),
    type: z.enum(RULE_TYPE_KEYS).optional(),
    from: isoDate.optional(),
    to: isoDate.optional(),
  }),
  get_rule_alert: z.object({ raid: idSchema }),
  get_new_rule_alerts_count: z.object({}),
  /** What opening the rule-alert icon does (SPEC §2): the new count goes to 0. */
  set_rule_alerts_seen: z.object({}),
  get_panic_notification_settings: z.object({}),
  set_panic_notification_settings: z.object({ emails: emailList, sms: phoneList }),
  get_notices: z.object({}),
  /** SPEC §7: fields id and unread. */
  set_notice: z.object({ id: idSchema, unread: z.boolean() }),
  /** Support users: every notice they wrote, with its audience. */
  get_notice_messages: z.object({ ...pagingSchema }),
  set_notice_message: z
    .object({
      tid: idSchema.optional(),
      title: plainText().trim().min(1, 'is required').max(200),
      /** HTML allowed; cleaned on the server (no script, handler or javascript: URL survives). */
      message: plainText().max(20_000).default(''),
      type: z.union([z.literal(0), z.literal(1), z.literal(2)]).default(0),
      priority: z.number().int().min(0).max(10).default(0),
      all_clients: z.boolean().default(true),
      client_ids: z.array(idSchema).max(2000).default([]),
    })
    .refine((v) => v.all_clients || v.client_ids.length > 0, {
      path: ['client_ids'],
      message: 'choose at least one client, or all clients',
    }),
  delete_notice_message: z.object({ tid: idSchema }),
  /** The client's labels (rules pick units by them). */
  get_tags: z.object({ ...pagingSchema, search: plainText().max(100).optional() }),
  get_fleets: z.object({ ...pagingSchema, search: plainText().max(100).optional() }),
  /**
   * SPEC §5 label warnings (the collection key `warnings` of SPEC §7): applying label `tgid` to
   * `uids` would put units under rules of types they cannot trigger.
   */
  get_warnings: z.object({ tgid: idSchema, uids: z.array(idSchema).min(1).max(2000) }),
};

export interface Rule {
  rid: number;
  /** The client the rule belongs to. */
  cgid: number;
  fid: number | null;
  name: string;
  type: RuleTypeKey;
  type_name: string;
  apply_type: ApplyType;
  apply_to: number[];
  param: Record<string, unknown>;
  emails: string[];
  sms: string[];
  phones: string[];
  /** The units the rule applies to now (resolved from apply_type). */
  uids: number[];
  /** Those of `uids` whose service type cannot trigger this rule type (SPEC §6). */
  unsupported_uids: number[];
  days: number[];
  start: string;
  end: string;
  active: boolean;
  /** ISO-8601 */
  created: string;
  updated: string;
}

export interface RuleAlert {
  raid: number;
  rid: number;
  rule_name: string;
  type: RuleTypeKey;
  type_name: string;
  uid: number;
  unit_name: string;
  reg: string;
  /** ISO-8601: when the incident started */
  time: string;
  /** ISO-8601: when it ended; null while it goes on */
  end: string | null;
  open: boolean;
  lat: number | null;
  lon: number | null;
  /** km/h at the time (for speed rules: the peak) */
  speed: number | null;
  /** One line: 'Peak 132 km/h over the 120 km/h limit for 4 min 10 s'. */
  summary: string;
  /** Type-specific facts: limit, peak, duration_s, lid and location_name, roid and route_name, ... */
  evidence: Record<string, unknown>;
  /** Newer than what the user last saw (the icon's count). */
  new: boolean;
}

export interface RuleAlertPoint {
  lat: number;
  lon: number;
  speed: number;
  datetime: string;
}

export interface RuleAlertDetail extends RuleAlert {
  /** The unit's fixes from a minute before the incident to a minute after (at most 2000). */
  points: RuleAlertPoint[];
  /** The rule as it is now; null when it was deleted. */
  rule: Rule | null;
}

export interface PanicNotificationSettings {
  emails: string[];
  sms: string[];
}

/** A notice as its author (a support user) manages it. */
export interface NoticeMessage {
  tid: number;
  title: string;
  message: string;
  type: 0 | 1 | 2;
  priority: number;
  all_clients: boolean;
  client_ids: number[];
  created: string;
  /** how many users have read it */
  read_count: number;
}

export interface Tag {
  tgid: number;
  name: string;
  /** #rrggbb */
  colour: string;
  is_global: boolean;
  /** the units of the caller's client that carry it */
  uids: number[];
}

export interface Fleet {
  fid: number;
  name: string;
  uids: number[];
}

/** One SPEC §5 label warning: `message` is the specification's sentence, word for word. */
export interface LabelWarning {
  uid: number;
  unit_name: string;
  rid: number;
  rule_name: string;
  type: RuleTypeKey;
  message: string;
}

export interface RuleAnswers {
  get_rules: ListAnswer<'rules', Rule>;
  get_rule: { rule: Rule };
  set_rule: { rule: Rule };
  delete_rule: EmptyAnswer;
  get_rule_alerts: ListAnswer<'rule_alerts', RuleAlert>;
  get_rule_alert: { rule_alert: RuleAlertDetail };
  get_new_rule_alerts_count: { new_rule_alerts_count: number };
  set_rule_alerts_seen: { new_rule_alerts_count: number };
  get_panic_notification_settings: { panic_notification_settings: PanicNotificationSettings };
  set_panic_notification_settings: { panic_notification_settings: PanicNotificationSettings };
  get_notices: { notices: Notice[] };
  set_notice: { notice: Notice };
  get_notice_messages: ListAnswer<'notice_messages', NoticeMessage>;
  set_notice_message: { notice_message: NoticeMessage };
  delete_notice_message: EmptyAnswer;
  get_tags: ListAnswer<'tags', Tag>;
  get_fleets: ListAnswer<'fleets', Fleet>;
  get_warnings: { warnings: LabelWarning[] };
}
