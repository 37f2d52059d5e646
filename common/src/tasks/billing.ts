// The client's account (issue 15): client details and the debit order form (./client-details),
// billing, the statement and accounts, monthly deals and surveys. Money travels as integer cents;
// amounts typed in rand are parsed from their text (money.ts), never through floating-point
// arithmetic.
import { z } from 'zod';
import { ACCOUNT_ENTRY_KINDS } from '../enums';
import type { AccountEntryKind } from '../enums';
import { parseAmount } from '../money';
import {
  clientDetailInput,
  textOf,
  type ClientDetail,
  type DebitOrderForm,
} from './client-details';
import {
  cleanText,
  idSchema,
  isoDate,
  pagingSchema,
  plainText,
  type EmptyAnswer,
  type ListAnswer,
} from './shared';

export * from './client-details';
// ---- Ledger, billing, statement and accounts --------------------------------------------------

/**
 * An amount in rand, typed ('1 234.50', 'R99') or a number, as integer cents: more than two
 * decimals, letters, a negative amount or nothing at all are refused.
 */
export const amountInput = z
  .union([z.string().max(40), z.number()])
  .transform((v, ctx) => {
    const parsed = parseAmount(v);
    if (!parsed.ok) {
      ctx.addIssue({ code: 'custom', message: parsed.message });
      return z.NEVER;
    }
    return parsed.cents;
  })
  .pipe(z.number().int().positive('must be more than zero'));

const KINDS = Object.keys(ACCOUNT_ENTRY_KINDS) as [AccountEntryKind, ...AccountEntryKind[]];

/** An invoice's, payment's or credit note's number, unique within the client. */
export const entryReference = textOf(
  plainText()
    .trim()
    .min(1, 'is required')
    .max(40)
    .regex(/^[A-Za-z0-9 ._/-]+$/, 'use letters, digits, spaces and . - _ / only'),
);

/** Free text of a deal or entry: plain text, no HTML. */
const plainWords = (max: number) =>
  plainText()
    .trim()
    .max(max)
    .refine((s) => !/[<>]/.test(s), 'must be plain text (no < or >)');

export const accountEntryInput = z.object({
  /** absent: a new entry */
  id: idSchema.optional(),
  /** the client of a new entry */
  cid: idSchema.optional(),
  kind: z.enum(KINDS, { message: 'must be invoice, payment or credit' }),
  reference: entryReference,
  entry_date: isoDate,
  /** invoices only, and required for them */
  due_date: isoDate.nullable().optional(),
  description: plainWords(200).default(''),
  amount: amountInput,
});
export type AccountEntryInput = z.input<typeof accountEntryInput>;

export type InvoiceStatus = 'paid' | 'open' | 'overdue';

export interface AccountEntry {
  id: number;
  cid: number;
  kind: AccountEntryKind;
  reference: string;
  /** ISO-8601 */
  entry_date: string;
  /** ISO-8601; invoices only */
  due_date: string | null;
  description: string;
  /** always positive: the kind gives the sign */
  amount_cents: number;
  created: string;
  created_by: string;
}

/** An invoice with what payments and credits settled of it, oldest invoices first (FIFO). */
export interface BillingInvoice extends AccountEntry {
  paid_cents: number;
  outstanding_cents: number;
  status: InvoiceStatus;
}

export interface AccountStanding {
  /** invoices less payments and credits; negative: in credit */
  balance_cents: number;
  /** the unpaid parts of invoices past their due date */
  overdue_cents: number;
  overdue_invoices: number;
  /** ISO-8601 due date of the oldest unpaid overdue invoice */
  overdue_since: string | null;
  days_overdue: number;
}

export interface AccountClient {
  cid: number;
  name: string;
}

export interface Billing extends AccountStanding {
  client: AccountClient;
  /** newest first */
  invoices: BillingInvoice[];
  /** payments and credit notes, newest first */
  payments: AccountEntry[];
}

export interface StatementLine {
  id: number;
  /** ISO-8601 */
  date: string;
  kind: AccountEntryKind;
  reference: string;
  description: string;
  debit_cents: number;
  credit_cents: number;
  /** the running balance after this line */
  balance_cents: number;
}

export interface Statement {
  client: AccountClient;
  from: string | null;
  to: string | null;
  opening_cents: number;
  lines: StatementLine[];
  closing_cents: number;
}

/** A client's account as the accounts list shows it (SPEC §7 key `accounts`). */
export interface AccountRow {
  cid: number;
  name: string;
  /** CLIENT_STATE code */
  state: number;
  balance_cents: number;
  overdue_cents: number;
  overdue_invoices: number;
  days_overdue: number;
}

// ---- Monthly deals and surveys -----------------------------------------------------------------

export interface MonthlyDeal {
  id: number;
  title: string;
  description: string;
  price_cents: number | null;
  valid_from: string;
  valid_to: string;
  /** valid now (else upcoming, or expired for support's full list) */
  current: boolean;
}

export const monthlyDealInput = z
  .object({
    id: idSchema.optional(),
    title: plainWords(100).refine((s) => s.length > 0, 'is required'),
    description: plainWords(1000).default(''),
    /** rand; null or absent: no price shown */
    price: amountInput.nullable().optional(),
    valid_from: isoDate,
    valid_to: isoDate,
  })
  .refine((d) => Date.parse(d.valid_to) >= Date.parse(d.valid_from), {
    message: 'must be on or after valid_from',
    path: ['valid_to'],
  });
export type MonthlyDealInput = z.input<typeof monthlyDealInput>;

export interface Survey {
  id: number;
  cid: number;
  title: string;
  question: string;
  status: 'open' | 'answered';
  rating: number | null;
  comment: string;
  answered_by: string;
  answered_at: string | null;
  created: string;
}

export const SURVEY_ANSWERED = 'This survey was already answered';

const cidParam = { cid: idSchema.optional() };

export const billingParams = {
  get_client_detail: z.object(cidParam),
  set_client_detail: clientDetailInput,
  get_debit_order_form: z.object(cidParam),
  set_debit_order_signature: z.object({
    ...cidParam,
    signed_by: cleanText(80).refine((s) => s.length > 0, 'is required'),
  }),

  get_billing: z.object(cidParam),
  get_statement: z
    .object({ ...cidParam, from: isoDate.optional(), to: isoDate.optional() })
    .refine((p) => !p.from || !p.to || Date.parse(p.to) >= Date.parse(p.from), {
      message: 'must be on or after from',
      path: ['to'],
    }),
  get_accounts: z.object({ ...pagingSchema, search: plainText().max(100).optional() }),
  set_account_entry: accountEntryInput,
  delete_account_entry: z.object({ id: idSchema }),

  /** all: support users also see expired deals */
  get_monthly_deals: z.object({ all: z.boolean().optional() }),
  set_monthly_deal: monthlyDealInput,
  delete_monthly_deal: z.object({ id: idSchema }),

  /** support users may name a client; others see their own */
  get_surveys: z.object(cidParam),
  set_survey_answer: z.object({
    id: idSchema,
    rating: z.number().int().min(1, 'must be 1 to 5').max(5, 'must be 1 to 5'),
    comment: plainWords(1000).default(''),
  }),
  /** support users: a survey for a client (cid), or edit an open one (id) */
  set_survey: z.object({
    id: idSchema.optional(),
    cid: idSchema.optional(),
    title: plainWords(100).refine((s) => s.length > 0, 'is required'),
    question: plainWords(500).refine((s) => s.length > 0, 'is required'),
  }),
};

export interface BillingAnswers {
  get_client_detail: { client_detail: ClientDetail; missing: string[]; stale: boolean };
  set_client_detail: { client_detail: ClientDetail; missing: string[]; stale: boolean };
  get_debit_order_form: { debit_order_form: DebitOrderForm };
  set_debit_order_signature: { debit_order_form: DebitOrderForm };
  get_billing: { billing: Billing };
  get_statement: { statement: Statement };
  get_accounts: ListAnswer<'accounts', AccountRow>;
  set_account_entry: { account_entry: AccountEntry };
  delete_account_entry: EmptyAnswer;
  get_monthly_deals: { monthly_deals: MonthlyDeal[] };
  set_monthly_deal: { monthly_deal: MonthlyDeal };
  delete_monthly_deal: EmptyAnswer;
  get_surveys: { surveys: Survey[] };
  set_survey_answer: { survey: Survey };
  set_survey: { survey: Survey };
}
