// Quotes and orders, jobs and work approvals (issue 15). Money travels as integer cents: typed
// amounts are read by parseAmount (digit by digit, at most 2 decimals, never negative here).
import { z } from 'zod';
import {
  JOB_STATUSES,
  JOB_TYPES,
  PRICE_PLANS,
  SERVICE_TYPES,
  VEHICLE_CLASSES,
  VEHICLE_VALUE_BANDS,
  WORK_APPROVAL_STATUSES,
  type JobStatus,
  type JobType,
  type QuoteStatus,
  type WorkApprovalStatus,
} from '../enums';
import { parseAmount } from '../money';
import { isValidEmail } from '../validators';
import { calendarDay } from './people';
import { registration, requiredName } from './fleet';
import { isValidPhone } from './rules';
import { cleanText, idSchema, isoDate, pagingSchema, plainText, type ListAnswer } from './shared';

/** Service types a client may buy (Old Lite is no longer sold). */
export const QUOTABLE_SERVICE_TYPES = ['full', 'lite', 'recovery', 'stealth', 'backup'] as const;
/** Contract lengths in months; 0 is an Upfront plan's (no contract). */
export const CONTRACT_MONTHS = [0, 12, 24, 36, 48, 60] as const;
/** How many vehicles one quote may name. */
export const MAX_QUOTE_VEHICLES = 50;
/** ORDER_PROGRESS indexes support may set on an order (from Ordered only). */
export const ORDER_OUTCOMES = [3, 4, 5] as const;
/** South Africa keeps UTC+2 all year: a quote is valid to the end of its last day there. */
const PROVIDER_UTC_OFFSET_MS = 2 * 3600_000;

/** The instant a quote valid until `day` (YYYY-MM-DD) expires: midnight after it, in SAST. */
export function quoteExpiresAt(day: string): number {
  const [y, m, d] = day.split('-').map(Number);
  return Date.UTC(y, m - 1, d + 1) - PROVIDER_UTC_OFFSET_MS;
}

/**
 * Free text of a key the payload cleaning does not exclude (SPEC §5): a note "2" arrives as the
 * number 2 and is taken back as text. Typed as text in and out for the web's forms.
 */
const looseText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    cleanText(max),
  ) as unknown as ReturnType<typeof cleanText>;

/** An amount in rand (text or number) as integer cents; more than 2 decimals or below 0 refused. */
export const randAmount = z.union([z.string().max(40), z.number()]).transform((v, ctx) => {
  const parsed = parseAmount(v);
  if (parsed.ok) return parsed.cents;
  ctx.addIssue({ code: 'custom', message: parsed.message });
  return z.NEVER;
});

const email = plainText()
  .trim()
  .max(254)
  .refine((e) => isValidEmail(e), 'is not a valid e-mail address');
const phone = plainText()
  .trim()
  .max(24)
  .refine((p) => isValidPhone(p), 'is not a valid phone number');

export const quoteVehicleInput = z.object({
  description: requiredName(120),
  reg: registration.default(''),
  vehicle_class: z.enum(VEHICLE_CLASSES, { message: 'is not a vehicle class' }),
  value_band: z
    .number()
    .int()
    .min(0)
    .max(VEHICLE_VALUE_BANDS.length - 1),
});

export const quoteInput = z.object({
  /** absent: a new request; present: changes a request not yet priced */
  id: idSchema.optional(),
  /** index of PRICE_PLANS */
  price_plan: z
    .number()
    .int()
    .min(0)
    .max(PRICE_PLANS.length - 1),
  service_type: z.enum(QUOTABLE_SERVICE_TYPES, { message: 'is not a service we sell' }),
  vehicles: z
    .array(quoteVehicleInput)
    .min(1, 'add at least one vehicle')
    .max(MAX_QUOTE_VEHICLES, `at most ${MAX_QUOTE_VEHICLES} vehicles per quote`),
  contact_name: requiredName(80),
  contact_email: email,
  contact_phone: phone,
  notes: cleanText(1000).default(''),
});
export type QuoteInput = z.input<typeof quoteInput>;

export const priceQuoteInput = z.object({
  id: idSchema,
  once_off: randAmount,
  monthly: randAmount,
  contract_months: z
    .number()
    .int()
    .refine(
      (m) => (CONTRACT_MONTHS as readonly number[]).includes(m),
      'must be 0, 12, 24, 36, 48 or 60',
    ),
  valid_until: calendarDay,
  price_notes: looseText(1000).default(''),
});
export type PriceQuoteInput = z.input<typeof priceQuoteInput>;

const JOB_TYPE_NAMES = JOB_TYPES.map((t) => t.api_name) as [JobType, ...JobType[]];
const JOB_STATUS_NAMES = Object.keys(JOB_STATUSES) as [JobStatus, ...JobStatus[]];

export const jobInput = z.object({
  /** absent: the client books a job; present: support schedules it, or a client cancels it */
  id: idSchema.optional(),
  job_type: z.enum(JOB_TYPE_NAMES, { message: 'is not a job type' }).optional(),
  /** the vehicle worked on: required for a repair, removal or transfer */
  uid: idSchema.optional(),
  /** an installation in a vehicle not yet tracked: the vehicle as the client describes it */
  vehicle: looseText(120).optional(),
  /** a transfer: the vehicle the unit moves to */
  transfer_to: cleanText(120).optional(),
  /** YYYY-MM-DD */
  preferred_date: calendarDay.optional(),
  site_address: looseText(200).optional(),
  contact_name: cleanText(80).optional(),
  contact_phone: plainText()
    .trim()
    .max(24)
    .refine((p) => p === '' || isValidPhone(p), 'is not a valid phone number')
    .optional(),
  notes: cleanText(1000).optional(),
  /** must be true to book a job */
  accept_terms: z.boolean().optional(),
  /** support: the job's next status; a client may only set 'cancelled' */
  status: z.enum(JOB_STATUS_NAMES, { message: 'is not a job status' }).optional(),
  /** support: ISO-8601, when the technician comes */
  scheduled_for: isoDate.optional(),
  technician: looseText(80).optional(),
});
export type JobInput = z.input<typeof jobInput>;

export const workApprovalInput = z.object({
  id: idSchema.optional(),
  /** the client asked; or the job's client */
  cid: idSchema.optional(),
  job_id: idSchema.optional(),
  uid: idSchema.optional(),
  title: requiredName(120),
  description: cleanText(1000).default(''),
  amount: randAmount,
});
export type WorkApprovalInput = z.input<typeof workApprovalInput>;

const decision = z.object({ id: idSchema, note: looseText(500).default('') });

/** The client of a row, as support users see it beside each one. */
interface RowClient {
  cid: number;
  name: string;
}

export interface QuoteVehicle {
  description: string;
  reg: string;
  vehicle_class: string;
  /** index of VEHICLE_VALUE_BANDS */
  value_band: number;
}

/** A job of an order, as the order lists it. */
export interface OrderJob {
  id: number;
  reference: string;
  status: JobStatus;
  vehicle: string;
  /** ISO-8601 */
  scheduled_for: string | null;
}

export interface Quote {
  id: number;
  /** Q-2026-0001 */
  reference: string;
  client: RowClient;
  /** index of PRICE_PLANS */
  price_plan: number;
  service_type: string;
  vehicles: QuoteVehicle[];
  contact_name: string;
  contact_email: string;
  contact_phone: string;
  notes: string;
  requested_by_name: string;
  /** ISO-8601 */
  requested_at: string;
  status: QuoteStatus;
  /** index of ORDER_PROGRESS */
  progress: number;
  once_off_cents: number | null;
  monthly_cents: number | null;
  contract_months: number | null;
  /** YYYY-MM-DD, the last day the price holds */
  valid_until: string | null;
  /** priced, and past its last day */
  expired: boolean;
  priced_by: string;
  priced_at: string | null;
  price_notes: string;
  decided_by: string;
  decided_at: string | null;
  /** the order's jobs (one installation per vehicle once accepted) */
  jobs: OrderJob[];
}

/** SPEC §7 key `parameters`: the choices of the quote form. */
export interface QuoteParameters {
  price_plans: { id: number; name: string }[];
  /** api_name → name, in SERVICE_TYPES order */
  service_types: Record<string, string>;
  vehicle_classes: string[];
  value_bands: { id: number; name: string }[];
  contract_months: number[];
}

/** SPEC §7 key `quote_contract`: what the printable contract shows. */
export interface QuoteContract {
  quote: Quote;
  client_name: string;
  /** the contract's text: paragraphs separated by blank lines */
  terms: string;
}

export interface Job {
  id: number;
  /** J-2026-0001 */
  reference: string;
  client: RowClient;
  /** the order it came from */
  quote: { id: number; reference: string } | null;
  job_type: JobType;
  unit: { uid: number; name: string; reg: string } | null;
  /** the vehicle as described (new vehicles) or the unit's name */
  vehicle: string;
  transfer_to: string;
  status: JobStatus;
  /** YYYY-MM-DD */
  preferred_date: string | null;
  /** ISO-8601 */
  scheduled_for: string | null;
  technician: string;
  site_address: string;
  contact_name: string;
  contact_phone: string;
  notes: string;
  terms_accepted_by: string;
  terms_accepted_at: string;
  created_by_name: string;
  created: string;
  completed_at: string | null;
}

export interface WorkApproval {
  id: number;
  /** WA-2026-0001 */
  reference: string;
  client: RowClient;
  job: { id: number; reference: string } | null;
  unit: { uid: number; name: string; reg: string } | null;
  title: string;
  description: string;
  amount_cents: number;
  status: WorkApprovalStatus;
  requested_by: string;
  requested_at: string;
  /** nid of the user who decided */
  decided_by: number | null;
  decided_by_name: string;
  decided_at: string | null;
  decision_note: string;
}

/** The quotes page's views: waiting or priced and undecided; ordered and later; declined. */
export const QUOTE_VIEWS = ['quotes', 'orders', 'declined'] as const;
export type QuoteView = (typeof QUOTE_VIEWS)[number];

export const orderParams = {
  get_quote_parameters: z.object({}),
  get_quotes: z.object({
    ...pagingSchema,
    view: z.enum(QUOTE_VIEWS).optional(),
    /** index of ORDER_PROGRESS */
    progress: z.number().int().min(0).max(5).optional(),
    status: z.enum(['requested', 'quoted', 'withdrawn']).optional(),
    /** support users: one client's */
    cid: idSchema.optional(),
  }),
  get_quote: z.object({ id: idSchema }),
  set_quote: quoteInput,
  price_quote: priceQuoteInput,
  accept_quote: z.object({ id: idSchema }),
  decline_quote: z.object({ id: idSchema }),
  set_order_progress: z.object({
    id: idSchema,
    progress: z
      .number()
      .int()
      .refine(
        (p) => (ORDER_OUTCOMES as readonly number[]).includes(p),
        'must be Completed (3), Not Able to Complete (4) or Reversed Sale (5)',
      ),
  }),
  get_quote_contract: z.object({ id: idSchema }),

  get_job_options: z.object({}),
  get_jobs: z.object({
    ...pagingSchema,
    job_type: z.enum(JOB_TYPE_NAMES, { message: 'is not a job type' }).optional(),
    /** 'open': requested, scheduled or in progress */
    status: z.enum([...JOB_STATUS_NAMES, 'open'], { message: 'is not a job status' }).optional(),
    cid: idSchema.optional(),
  }),
  get_job: z.object({ id: idSchema }),
  set_job: jobInput,

  get_work_approvals: z.object({
    ...pagingSchema,
    status: z
      .enum(Object.keys(WORK_APPROVAL_STATUSES) as [WorkApprovalStatus, ...WorkApprovalStatus[]])
      .optional(),
    cid: idSchema.optional(),
  }),
  set_work_approval: workApprovalInput,
  approve_work_approval: decision,
  decline_work_approval: decision,
};

export interface OrderAnswers {
  get_quote_parameters: { parameters: QuoteParameters };
  get_quotes: ListAnswer<'quotes', Quote>;
  get_quote: { quote: Quote };
  set_quote: { quote: Quote };
  price_quote: { quote: Quote };
  accept_quote: { quote: Quote };
  decline_quote: { quote: Quote };
  set_order_progress: { quote: Quote };
  get_quote_contract: { quote_contract: QuoteContract };
  get_job_options: {
    job_types: { api_name: JobType; name: string }[];
    terms_and_conditions: string;
  };
  get_jobs: ListAnswer<'jobs', Job>;
  get_job: { job: Job };
  set_job: { job: Job };
  get_work_approvals: ListAnswer<'work_approvals', WorkApproval>;
  set_work_approval: { work_approval: WorkApproval };
  approve_work_approval: { work_approval: WorkApproval };
  decline_work_approval: { work_approval: WorkApproval };
}

/** The service types a quote offers: api_name → name, in SERVICE_TYPES order. */
export const quotableServiceTypes = (): Record<string, string> =>
  Object.fromEntries(
    SERVICE_TYPES.filter((s) =>
      (QUOTABLE_SERVICE_TYPES as readonly string[]).includes(s.api_name),
    ).map((s) => [s.api_name, s.name]),
  );
