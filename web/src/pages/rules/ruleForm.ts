// The rule form's values, checked as the server checks them (ruleInput and RULE_PARAMS of
// @fleet/common) before anything is sent, and turned into set_rule's input. Field keys are the
// server's (`param.limit`, `emails`, `end`, ...) so its refusals land on the same fields.
import {
  ALL_RULE_DAYS,
  DEFAULT_RULE_WINDOW,
  HARSH_KINDS,
  RULE_PARAMS,
  hasSpecialCharacters,
  isValidEmail,
  isValidPhone,
  parseRuleTime,
  type ApplyType,
  type HarshKind,
  type Rule,
  type RuleInput,
  type RuleTypeKey,
} from '@fleet/common';

/** Every parameter any type takes; paramsFor picks the chosen type's. */
export interface ParamValues {
  lid: number | null;
  trigger: 'enter' | 'exit' | 'inside';
  minutes: number;
  limit: number | null;
  grace_s: number | null;
  kinds: HarshKind[];
  min_speed: number | null;
  volts: number | null;
  lids: number[];
  roid: number | null;
  /** driver_id_timeout's minutes come from their own list (DRIVER_ID_TIMEOUT_MIN). */
  driver_minutes: number;
  seconds: number | null;
  input: number;
  state: 'on' | 'off';
}

export type RecipientKind = 'emails' | 'sms' | 'phones';

export interface RuleFormValues {
  name: string;
  type: RuleTypeKey | null;
  param: ParamValues;
  apply_type: ApplyType;
  uids: number[];
  tags: number[];
  fid: number | null;
  days: number[];
  start: string;
  end: string;
  emails: string[];
  sms: string[];
  phones: string[];
  /** Text typed in a recipient box but not yet added: it is sent too, once valid. */
  drafts: Record<RecipientKind, string>;
  active: boolean;
}

export const DEFAULT_PARAMS: ParamValues = {
  lid: null,
  trigger: 'enter',
  minutes: 30,
  limit: 120,
  grace_s: 10,
  kinds: [...HARSH_KINDS],
  min_speed: 10,
  volts: 11.8,
  lids: [],
  roid: null,
  driver_minutes: 5,
  seconds: 30,
  input: 1,
  state: 'on',
};

export function newRuleValues(type: RuleTypeKey | null): RuleFormValues {
  return {
    name: '',
    type,
    param: { ...DEFAULT_PARAMS, kinds: [...DEFAULT_PARAMS.kinds] },
    apply_type: 'all',
    uids: [],
    tags: [],
    fid: null,
    // SPEC §9: the default rule window is 0:00 to 24:00, all seven days.
    days: [...ALL_RULE_DAYS],
    start: DEFAULT_RULE_WINDOW.start,
    end: DEFAULT_RULE_WINDOW.end,
    emails: [],
    sms: [],
    phones: [],
    drafts: { emails: '', sms: '', phones: '' },
    active: true,
  };
}

const num = (v: unknown): number | null => (typeof v === 'number' ? v : null);

export function valuesFromRule(rule: Rule): RuleFormValues {
  const p = rule.param;
  const base = newRuleValues(rule.type);
  const param: ParamValues = {
    ...base.param,
    ...(p as Partial<ParamValues>),
    lid: num(p.lid),
    roid: num(p.roid),
    lids: Array.isArray(p.lids) ? (p.lids as number[]) : [],
    kinds: Array.isArray(p.kinds) ? (p.kinds as HarshKind[]) : base.param.kinds,
  };
  // A Speed Buzzer rule saved without a limit stays without one (not the form's default).
  if (rule.type === 'speed_buzzer') param.limit = num(p.limit);
  if (rule.type === 'driver_id_timeout') {
    param.driver_minutes = num(p.minutes) ?? base.param.driver_minutes;
    param.minutes = base.param.minutes;
  }
  return {
    ...base,
    name: rule.name,
    param,
    apply_type: rule.apply_type,
    uids: rule.apply_type === 'units' ? [...rule.apply_to] : [],
    tags: rule.apply_type === 'tags' ? [...rule.apply_to] : [],
    fid: rule.fid,
    days: [...rule.days],
    start: rule.start,
    end: rule.end,
    emails: [...rule.emails],
    sms: [...rule.sms],
    phones: [...rule.phones],
    active: rule.active,
  };
}

/** The chosen type's parameters, as RULE_PARAMS expects them. */
export function paramsFor(type: RuleTypeKey, p: ParamValues): Record<string, unknown> {
  switch (type) {
    case 'location':
      return p.trigger === 'inside'
        ? { lid: p.lid, trigger: p.trigger, minutes: p.minutes }
        : { lid: p.lid, trigger: p.trigger };
    case 'speeding':
      return { limit: p.limit, grace_s: p.grace_s };
    case 'harsh_driving':
      return { kinds: HARSH_KINDS.filter((k) => p.kinds.includes(k)) };
    case 'vehicle_moving':
      return { min_speed: p.min_speed };
    case 'battery_low':
      return { volts: p.volts };
    case 'abnormal_park':
      return { minutes: p.minutes, lids: p.lids };
    case 'excessive_idling':
    case 'excessive_park':
    case 'excessive_ignition':
      return { minutes: p.minutes };
    case 'route_violation':
      return p.roid === null ? {} : { roid: p.roid };
    case 'driver_id_timeout':
      return { minutes: p.driver_minutes };
    case 'speed_buzzer':
      // Optional: without it the rule judges each vehicle by its own buzzer limit only.
      return p.limit === null ? { seconds: p.seconds } : { limit: p.limit, seconds: p.seconds };
    case 'generic_input':
      return { input: p.input, state: p.state };
    default:
      return {};
  }
}

/** Entries typed in one box: addresses part at spaces too, phone numbers (which may hold spaces) not. */
export function splitRecipients(kind: RecipientKind, text: string): string[] {
  return text
    .split(kind === 'emails' ? /[\s,;]+/ : /[,;]+/)
    .map((t) => t.trim())
    .filter(Boolean);
}

/** A recipient list with what is still typed in its box. */
export function recipientsOf(values: RuleFormValues, kind: RecipientKind): string[] {
  const typed = splitRecipients(kind, values.drafts[kind]);
  return [...values[kind], ...typed.filter((t) => !values[kind].includes(t))];
}

export const isValidRecipient = (kind: RecipientKind, value: string) =>
  kind === 'emails' ? isValidEmail(value) : isValidPhone(value);

export function recipientProblem(kind: RecipientKind, value: string): string | null {
  if (isValidRecipient(kind, value)) return null;
  return kind === 'emails'
    ? `"${value}" is not a valid e-mail address`
    : `"${value}" is not a valid phone number (digits, optionally starting with +)`;
}

export type RuleErrors = Partial<Record<string, string>>;

/** Messages that name the field of what the user must fix (the form shows each by its field). */
const MESSAGES: Record<string, string> = {
  'param.lid': 'Choose a location',
  'param.limit': 'The speed limit must be 10 to 250 km/h',
  'param.grace_s': 'The grace time must be 0 to 300 seconds',
  'param.kinds': 'Choose at least one of braking, acceleration or cornering',
  'param.min_speed': 'The moving speed must be 3 to 100 km/h',
  'param.volts': 'The voltage must be 5 to 30 V',
  'param.seconds': 'The buzzer time must be 30 to 60 seconds',
  'param.minutes': 'Choose a time',
};

export function validateRule(values: RuleFormValues): RuleErrors {
  const errors: RuleErrors = {};
  const name = values.name.trim();
  if (!name) errors.name = 'Name is required';
  else if (name.length > 100) errors.name = 'Name must be at most 100 characters';
  else if (hasSpecialCharacters(name))
    errors.name = 'Name must not contain any of ! $ ^ * + ( ) % [ ] \\ / \' ; @ { } | " < > ` ~';
  if (!values.type) errors.type = 'Choose the type of rule';
  else {
    const parsed = RULE_PARAMS[values.type].safeParse(paramsFor(values.type, values.param));
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const key = `param.${String(issue.path[0] ?? '')}`;
        errors[key] ??= MESSAGES[key] ?? `${key.slice(6)}: ${issue.message}`;
      }
  }
  if (values.apply_type === 'units' && values.uids.length === 0)
    errors.apply_to = 'Choose at least one unit';
  if (values.apply_type === 'tags' && values.tags.length === 0)
    errors.apply_to = 'Choose at least one label';
  if (values.apply_type === 'fleet' && values.fid === null) errors.fid = 'Choose a fleet';
  if (values.days.length === 0) errors.days = 'Choose at least one day';
  const start = parseRuleTime(values.start);
  const end = parseRuleTime(values.end);
  if (start === null) errors.start = 'Choose a start time';
  if (end === null) errors.end = 'Choose an end time';
  if (start !== null && end !== null && end <= start)
    errors.end = 'The end time must be after the start time';
  for (const kind of ['emails', 'sms', 'phones'] as const) {
    const bad = recipientsOf(values, kind).find((r) => !isValidRecipient(kind, r));
    if (bad !== undefined) errors[kind] = recipientProblem(kind, bad)!;
  }
  return errors;
}

/** set_rule's input; call only once validateRule finds nothing. */
export function inputFromValues(values: RuleFormValues, rid?: number): RuleInput {
  const type = values.type!;
  return {
    ...(rid !== undefined ? { rid } : {}),
    name: values.name.trim(),
    type,
    apply_type: values.apply_type,
    apply_to:
      values.apply_type === 'units'
        ? [...values.uids]
        : values.apply_type === 'tags'
          ? [...values.tags]
          : [],
    fid: values.apply_type === 'fleet' ? values.fid : null,
    param: paramsFor(type, values.param),
    emails: recipientsOf(values, 'emails'),
    sms: recipientsOf(values, 'sms'),
    phones: recipientsOf(values, 'phones'),
    days: [...values.days].sort((a, b) => a - b),
    start: values.start,
    end: values.end,
    active: values.active,
  };
}

/**
 * The server's refusal ("param.limit: limit must be at least 10 km/h; emails.1: ...") split by the
 * field each part names; parts naming no known field stay in `rest`.
 */
export function serverErrors(message: string): { fields: RuleErrors; rest: string[] } {
  const fields: RuleErrors = {};
  const rest: string[] = [];
  for (const part of message.split(/;\s*|\s+—\s+/).filter(Boolean)) {
    const m = /^([a-z_]+(?:\.[a-z_]+)?)(?:\.\d+)*(?::| is)\s*(.*)$/.exec(part.trim());
    const key = m?.[1];
    if (key && FIELD_KEYS.has(key.split('.')[0]!)) fields[key] ??= part.trim();
    else rest.push(part.trim());
  }
  return { fields, rest };
}

const FIELD_KEYS = new Set([
  'name',
  'type',
  'param',
  'apply_type',
  'apply_to',
  'fid',
  'emails',
  'sms',
  'phones',
  'days',
  'start',
  'end',
]);

/** Minutes in words: 5 minutes, 1 hour, 1 h 30 min, 2 hours. */
export function minutesLabel(minutes: number): string {
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (m) return `${h} h ${m} min`;
  return `${h} hour${h === 1 ? '' : 's'}`;
}
