// Client details and the debit order form (issue 15; SPEC §3 billing methods and bank account
// types, §5 e-mail and special characters): the fields a client fills in, what is required, and
// their checks, shared by the server's task schema and the web form. Re-exported by ./billing.
import { z } from 'zod';
import { BANK_ACCOUNT_TYPES, BILLING_METHODS } from '../enums';
import { hasSpecialCharacters, isValidEmail } from '../validators';
import { cleanText, idSchema, plainText } from './shared';

/** BILLING_METHODS indexes paid by debit order, with the day of the month the debit runs. */
export const DEBIT_ORDER_DAYS: Readonly<Record<number, number>> = { 2: 1, 4: 15 };
export const isDebitOrder = (method: number) => method in DEBIT_ORDER_DAYS;

/** Details last saved longer ago than this raise the "details update" site alert. */
export const DETAILS_STALE_MS = 365 * 86_400_000;

/** The fields a client fills in, as the form and the "missing" list name them. */
export const CLIENT_DETAIL_LABELS = {
  registered_name: 'Registered name',
  trading_name: 'Trading name',
  registration_number: 'Registration number',
  vat_number: 'VAT number',
  physical_address: 'Physical address',
  postal_address: 'Postal address',
  billing_email: 'Billing e-mail',
  billing_method: 'Billing method',
  bank_name: 'Bank',
  bank_account_holder: 'Account holder',
  bank_account_number: 'Account number',
  bank_branch_code: 'Branch code',
  bank_account_type: 'Account type',
} as const;
export type ClientDetailField = keyof typeof CLIENT_DETAIL_LABELS;

export interface ClientDetailFields {
  registered_name: string;
  trading_name: string;
  registration_number: string;
  vat_number: string;
  physical_address: string;
  postal_address: string;
  billing_email: string;
  /** index of BILLING_METHODS */
  billing_method: number;
  bank_name: string;
  bank_account_holder: string;
  bank_account_number: string;
  bank_branch_code: string;
  /** index of BANK_ACCOUNT_TYPES */
  bank_account_type: number;
}

/** Required of every client; a debit order also needs BANK_FIELDS. */
export const REQUIRED_DETAIL_FIELDS: ClientDetailField[] = [
  'registered_name',
  'registration_number',
  'vat_number',
  'physical_address',
  'postal_address',
  'billing_email',
  'billing_method',
];
/** The bank fields a debit order needs. */
export const BANK_FIELDS: ClientDetailField[] = [
  'bank_name',
  'bank_account_holder',
  'bank_account_number',
  'bank_branch_code',
  'bank_account_type',
];

/** The required fields not filled in (billing method and account type 0 mean "none"). */
export function missingDetailFields(d: ClientDetailFields): ClientDetailField[] {
  const fields = [
    ...REQUIRED_DETAIL_FIELDS,
    ...(isDebitOrder(d.billing_method) ? BANK_FIELDS : []),
  ];
  return fields.filter((f) => {
    const v = d[f];
    return typeof v === 'number' ? v === 0 : v.trim() === '';
  });
}

export interface ClientDetail extends ClientDetailFields {
  cid: number;
  client_name: string;
  debit_order_signed_by: string;
  /** ISO-8601; null: not signed */
  debit_order_signed_at: string | null;
  /** ISO-8601 of the last save; null: never saved */
  updated: string | null;
  updated_by: string;
}

/** A text the payload cleaning (SPEC §5) may have turned into a number ("4123456789"). */
export const textOf = <T extends z.ZodType<string, string>>(schema: T) =>
  z
    .union([z.string(), z.number()])
    .transform((v, ctx) => {
      if (typeof v === 'string') return v;
      if (!Number.isSafeInteger(v) || v < 0) {
        ctx.addIssue({ code: 'custom', message: 'must be typed as text of digits' });
        return z.NEVER;
      }
      return String(v);
    })
    .pipe(schema) as unknown as z.ZodType<string, string>;

/** Digits a person may type in groups ("6212 345 6789"): spaces and hyphens are dropped. */
const digits = (pattern: RegExp, message: string) =>
  textOf(
    z
      .string()
      .max(40)
      .transform((s) => s.replace(/[\s-]/g, ''))
      .refine((s) => s === '' || pattern.test(s), message),
  );

/**
 * A company name or an address: the special characters of SPEC §5 are refused, except round
 * brackets, which South African company names carry ("Demo Fleet (Pty) Ltd") and addresses use;
 * commas and line breaks were never special.
 */
const nameOrAddress = (max: number) =>
  plainText()
    .trim()
    .max(max)
    .refine(
      (s) => !hasSpecialCharacters(s.replace(/[()]/g, '')),
      'must not contain any of ! $ ^ * + % [ ] \\ / \' ; @ { } | " < > ` ~',
    );

const email = plainText()
  .trim()
  .max(120)
  .refine((s) => s === '' || isValidEmail(s), 'is not a valid e-mail address');

export const clientDetailInput = z.object({
  /** support users: the client; others may leave it out (their own) */
  cid: idSchema.optional(),
  registered_name: nameOrAddress(120).optional(),
  trading_name: nameOrAddress(120).optional(),
  registration_number: textOf(
    plainText()
      .trim()
      .max(20)
      .refine((s) => s === '' || /^\d{4}\/\d{6}\/\d{2}$/.test(s), 'must be like 2015/123456/07'),
  ).optional(),
  vat_number: digits(/^4\d{9}$/, 'must be 10 digits starting with 4').optional(),
  physical_address: nameOrAddress(300).optional(),
  postal_address: nameOrAddress(300).optional(),
  billing_email: email.optional(),
  billing_method: z
    .number()
    .int()
    .min(0)
    .max(BILLING_METHODS.length - 1)
    .optional(),
  bank_name: cleanText(60).optional(),
  bank_account_holder: nameOrAddress(120).optional(),
  bank_account_number: digits(/^\d{6,16}$/, 'must be 6 to 16 digits, with no letters').optional(),
  bank_branch_code: digits(/^\d{6}$/, 'must be 6 digits').optional(),
  bank_account_type: z
    .number()
    .int()
    .min(0)
    .max(BANK_ACCOUNT_TYPES.length - 1)
    .optional(),
});
export type ClientDetailInput = z.input<typeof clientDetailInput>;

/** The debit order mandate as the client signs it. */
export interface DebitOrderForm {
  cid: number;
  client_name: string;
  registered_name: string;
  bank_name: string;
  bank_account_holder: string;
  bank_account_number: string;
  bank_branch_code: string;
  bank_account_type: number;
  billing_method: number;
  /** 1 (start of the month) or 15 (mid-month); null when the billing method is no debit order */
  debit_day: number | null;
  /** the last invoice's amount; null before the first invoice */
  monthly_amount_cents: number | null;
  /** a debit order method with every bank field filled in: the form can be signed */
  ready: boolean;
  signed_by: string;
  signed_at: string | null;
}
