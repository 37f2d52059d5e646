// Rule types with their order (SPEC §3), which account types may create them and which unit service
// types can trigger them (SPEC §6), and each type's parameters: one definition that the rule form,
// the server's validation, the pipeline's evaluation and the label warning (SPEC §5) all read.
import { z } from 'zod';
import type { UserTypeApiName } from './roles';
import { RULE_TIME_RANGES_MIN } from './constants';

export const RULE_TYPE_KEYS = [
  'location',
  'speeding',
  'harsh_driving',
  'vehicle_moving',
  'battery_tampering',
  'battery_low',
  'abnormal_park',
  'excessive_idling',
  'excessive_park',
  'excessive_ignition',
  'towing',
  'border_crossing',
  'route_violation',
  'driver_id_timeout',
  'immobiliser_bypass',
  'power_restored',
  'speed_buzzer',
  'generic_input',
] as const;
export type RuleTypeKey = (typeof RULE_TYPE_KEYS)[number];

export interface RuleType {
  id: number;
  key: RuleTypeKey;
  name: string;
  /** Call-me types (SPEC §3): an alert also goes on the recovery desk's queue. */
  callMe: boolean;
  /** What the rule watches for, in a sentence the rule form shows. */
  explain: string;
}

export const RULE_TYPES: RuleType[] = [
  {
    id: 1,
    key: 'location',
    name: 'Location',
    callMe: true,
    explain: 'A vehicle enters or leaves a location, or stays inside it for too long.',
  },
  {
    id: 2,
    key: 'speeding',
    name: 'Speeding',
    callMe: false,
    explain:
      'A vehicle drives above the speed limit for longer than the grace time. One episode is one alert, with its peak speed and duration.',
  },
  {
    id: 3,
    key: 'harsh_driving',
    name: 'Harsh Driving',
    callMe: false,
    explain:
      'Harsh braking, acceleration or cornering, as the tracker reports it, or worked out from the change in speed when the tracker does not.',
  },
  {
    id: 4,
    key: 'vehicle_moving',
    name: 'Vehicle Moving',
    callMe: true,
    explain: 'A vehicle moves during the days and hours this rule is active, for example at night.',
  },
  {
    id: 5,
    key: 'battery_tampering',
    name: 'Battery disconnected or tampering',
    callMe: true,
    explain: "The vehicle's power is cut or the tracker reports tampering.",
  },
  {
    id: 6,
    key: 'battery_low',
    name: 'Battery Low',
    callMe: false,
    explain: "The vehicle's battery voltage falls below the level you set.",
  },
  {
    id: 7,
    key: 'abnormal_park',
    name: 'Abnormal Park',
    callMe: true,
    explain:
      'A vehicle stays parked outside every one of the chosen locations for longer than the time you set.',
  },
  {
    id: 8,
    key: 'excessive_idling',
    name: 'Excessive Idling',
    callMe: false,
    explain: 'The ignition is on but the vehicle does not move, for longer than the time you set.',
  },
  {
    id: 9,
    key: 'excessive_park',
    name: 'Excessive Park',
    callMe: false,
    explain: 'A vehicle stays parked for longer than the time you set.',
  },
  {
    id: 10,
    key: 'excessive_ignition',
    name: 'Excessive Ignition',
    callMe: false,
    explain: 'The ignition stays on for longer than the time you set.',
  },
  {
    id: 11,
    key: 'towing',
    name: 'Towing',
    callMe: true,
    explain: 'A vehicle moves while its ignition is off.',
  },
  {
    id: 12,
    key: 'border_crossing',
    name: 'Border crossing (South Africa)',
    callMe: true,
    explain: 'A vehicle leaves South Africa.',
  },
  {
    id: 13,
    key: 'route_violation',
    name: 'Route Violation',
    callMe: false,
    explain: 'A vehicle assigned to a route leaves its corridor.',
  },
  {
    id: 14,
    key: 'driver_id_timeout',
    name: 'Driver ID timeout',
    callMe: true,
    explain: 'No driver tag is presented within the time you set after a trip starts.',
  },
  {
    id: 15,
    key: 'immobiliser_bypass',
    name: 'Immobiliser bypass or push start',
    callMe: true,
    explain: 'The tracker reports that the immobiliser was bypassed or the vehicle push-started.',
  },
  {
    id: 16,
    key: 'power_restored',
    name: 'Power Restored',
    callMe: false,
    explain: "The vehicle's power comes back after it was cut.",
  },
  {
    id: 17,
    key: 'speed_buzzer',
    name: 'Speed Buzzer Violation',
    callMe: false,
    explain:
      'A vehicle stays above the speed limit for the set time (30 to 60 seconds), long enough that the in-cab buzzer was ignored.',
  },
  {
    id: 18,
    key: 'generic_input',
    name: 'Generic Input',
    callMe: false,
    explain:
      "One of the tracker's digital inputs switches on or off (a door, a PTO, a panic line).",
  },
];

export const RULE_TYPE_BY_KEY = Object.fromEntries(RULE_TYPES.map((r) => [r.key, r])) as Record<
  RuleTypeKey,
  RuleType
>;

export function ruleTypeName(key: string): string {
  return RULE_TYPE_BY_KEY[key as RuleTypeKey]?.name ?? key;
}

// SPEC §6: "Recovery accounts get Location, Movement, Border crossing. Lite accounts get those plus
// Speeding, Battery Tampering, Battery Low, Power Restored. Full accounts get all rule types."
const RECOVERY_RULES: readonly RuleTypeKey[] = ['location', 'vehicle_moving', 'border_crossing'];
const LITE_RULES: readonly RuleTypeKey[] = [
  ...RECOVERY_RULES,
  'speeding',
  'battery_tampering',
  'battery_low',
  'power_restored',
];

/** Rule types an account of the given user type may create (SPEC §6 "Rule types by account"). */
export function ruleTypesForAccount(userType: UserTypeApiName | string): RuleType[] {
  if (userType === 'recovery') return RULE_TYPES.filter((r) => RECOVERY_RULES.includes(r.key));
  if (userType === 'lite') return RULE_TYPES.filter((r) => LITE_RULES.includes(r.key));
  if (userType === 'full' || userType === 'support') return RULE_TYPES;
  return [];
}

/**
 * Whether a unit of this service type can trigger a rule of this type (SPEC-CHECKLIST: decided here
 * once, read by rule evaluation and by the label warning). A unit's service follows the account
 * types of SPEC §6: Recovery, Stealth and Backup units are recovery trackers (location, movement and
 * border only); Lite and Old Lite units add the Lite account's types; Full units trigger every type.
 */
export function serviceTypeSupportsRule(serviceType: string, rule: RuleTypeKey | string): boolean {
  const key = rule as RuleTypeKey;
  switch (serviceType) {
    case 'full':
      return RULE_TYPE_KEYS.includes(key);
    case 'lite':
    case 'old_lite':
      return LITE_RULES.includes(key);
    case 'recovery':
    case 'stealth':
    case 'backup':
      return RECOVERY_RULES.includes(key);
    default:
      return false;
  }
}

/** SPEC §5, word for word: a label applied to a unit that a rule of an unsupported type uses. */
export function labelWarning(unitName: string, ruleTypeKey: string): string {
  const type = ruleTypeName(ruleTypeKey);
  return `You are applying a label to ${unitName} that is being used by a (${type}) rule. Please be aware that ${unitName} does not support this rule type and therefore won't trigger this rule.`;
}

// ---- Parameters per type -------------------------------------------------------------------

/** Minutes a duration parameter may take (SPEC §9 rule time ranges). */
const minutes = z
  .number()
  .int()
  .refine(
    (m) => RULE_TIME_RANGES_MIN.includes(m),
    `must be one of ${RULE_TIME_RANGES_MIN.join(', ')} minutes`,
  );
const speedLimit = z
  .number()
  .int()
  .min(10, 'limit must be at least 10 km/h')
  .max(250, 'limit must be at most 250 km/h');
const id = z.number().int().positive().max(2147483647);

/** Minutes a driver has to present a tag after a trip starts. */
export const DRIVER_ID_TIMEOUT_MIN = [1, 2, 3, 5, 10, 15, 20, 30] as const;
export const HARSH_KINDS = ['braking', 'acceleration', 'cornering'] as const;
export type HarshKind = (typeof HARSH_KINDS)[number];
/** Digital inputs a Generic Input rule can watch. */
export const MAX_INPUT = 8;

export const RULE_PARAMS = {
  location: z
    .object({
      lid: id,
      /** enter, exit, or inside for longer than `minutes` */
      trigger: z.enum(['enter', 'exit', 'inside']),
      minutes: minutes.optional(),
    })
    .refine((p) => p.trigger !== 'inside' || p.minutes !== undefined, {
      path: ['minutes'],
      message: 'is required when the trigger is inside for too long',
    }),
  speeding: z.object({
    limit: speedLimit,
    /** seconds above the limit before the alert fires */
    grace_s: z
      .number()
      .int()
      .min(0, 'grace_s must be 0 to 300 seconds')
      .max(300, 'grace_s must be 0 to 300 seconds')
      .default(10),
  }),
  harsh_driving: z.object({
    kinds: z
      .array(z.enum(HARSH_KINDS))
      .min(1, 'choose at least one of braking, acceleration or cornering')
      .default([...HARSH_KINDS]),
  }),
  vehicle_moving: z.object({
    /** km/h above which the vehicle counts as moving */
    min_speed: z.number().int().min(3).max(100).default(10),
  }),
  battery_tampering: z.object({}),
  battery_low: z.object({
    volts: z
      .number()
      .min(5, 'volts must be 5 to 30')
      .max(30, 'volts must be 5 to 30')
      .default(11.8),
  }),
  abnormal_park: z.object({
    minutes,
    /** Parking inside any of these locations is normal; none chosen means any of the client's. */
    lids: z.array(id).max(500).default([]),
  }),
  excessive_idling: z.object({ minutes }),
  excessive_park: z.object({ minutes }),
  excessive_ignition: z.object({ minutes }),
  towing: z.object({}),
  border_crossing: z.object({}),
  route_violation: z.object({
    /** One route; absent means any route the unit is assigned to. */
    roid: id.optional(),
  }),
  driver_id_timeout: z.object({
    minutes: z
      .number()
      .int()
      .refine(
        (m) => (DRIVER_ID_TIMEOUT_MIN as readonly number[]).includes(m),
        `must be one of ${DRIVER_ID_TIMEOUT_MIN.join(', ')} minutes`,
      ),
  }),
  immobiliser_bypass: z.object({}),
  power_restored: z.object({}),
  speed_buzzer: z.object({
    /**
     * km/h for vehicles without an in-cab buzzer limit of their own (issue 13: a vehicle's limit,
     * set_speed_buzzer, wins); without either the rule does not run for the vehicle.
     */
    limit: speedLimit.optional(),
    seconds: z
      .number()
      .int()
      .min(30, 'seconds must be 30 to 60')
      .max(60, 'seconds must be 30 to 60')
      .default(30),
  }),
  generic_input: z.object({
    input: z
      .number()
      .int()
      .min(1, `input must be 1 to ${MAX_INPUT}`)
      .max(MAX_INPUT, `input must be 1 to ${MAX_INPUT}`),
    state: z.enum(['on', 'off']),
  }),
} satisfies Record<RuleTypeKey, z.ZodType>;

export type RuleParams = { [K in RuleTypeKey]: z.output<(typeof RULE_PARAMS)[K]> };

/**
 * After an alert's incident ends, a new one of the same rule and unit within this time continues
 * that alert instead of raising another (a vehicle hovering at the limit, a door opened twice).
 */
export const RULE_COOLDOWN_S = 300;

// ---- The rule's window (SPEC §9: default 0:00 to 24:00, all seven days) --------------------

/** Days as SPEC §9 codes them: 1 Monday … 7 Sunday. */
export const RULE_DAYS = [
  { code: 1, name: 'Monday', short: 'Mon' },
  { code: 2, name: 'Tuesday', short: 'Tue' },
  { code: 3, name: 'Wednesday', short: 'Wed' },
  { code: 4, name: 'Thursday', short: 'Thu' },
  { code: 5, name: 'Friday', short: 'Fri' },
  { code: 6, name: 'Saturday', short: 'Sat' },
  { code: 7, name: 'Sunday', short: 'Sun' },
] as const;
export const ALL_RULE_DAYS = [1, 2, 3, 4, 5, 6, 7];

/** "H:MM" (0:00 to 24:00) as minutes after midnight, or null when it is not such a time. */
export function parseRuleTime(text: string): number | null {
  const m = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (min > 59 || h > 24 || (h === 24 && min !== 0)) return null;
  return h * 60 + min;
}

/** Minutes after midnight as "H:MM". */
export function formatRuleTime(minutesOfDay: number): string {
  const h = Math.floor(minutesOfDay / 60);
  const m = minutesOfDay % 60;
  return `${h}:${String(m).padStart(2, '0')}`;
}

/**
 * Whether a local time is inside the rule's window: its day (1 Monday … 7 Sunday) is one of `days`
 * and its minute of the day is in [start, end).
 */
export function inRuleWindow(
  window: { days: readonly number[]; start: number; end: number },
  day: number,
  minuteOfDay: number,
): boolean {
  return window.days.includes(day) && minuteOfDay >= window.start && minuteOfDay < window.end;
}
