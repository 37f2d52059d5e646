// Table types of the business side (issue 15): client details, the account ledger, quotes and
// orders, jobs, work approvals, monthly deals and surveys. Money is integer cents, never a float.
import type { Generated } from 'kysely';

/** A client's registered, billing and bank details; one row per client once first saved. */
export interface ClientDetailsTable {
  client_id: number;
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
  /** who signed the debit order form, and when (null: not signed) */
  debit_order_signed_by: string;
  debit_order_signed_at: number | null;
  /** last saved; older than a year raises the details update site alert */
  updated: number;
  updated_by: string;
}

/** One line of a client's account: an invoice adds to the balance, a payment or credit takes off. */
export interface AccountEntriesTable {
  id: Generated<number>;
  client_id: number;
  /** 'invoice' | 'payment' | 'credit' */
  kind: string;
  reference: string;
  entry_date: number;
  /** invoices only */
  due_date: number | null;
  description: string;
  /** always positive; the kind gives the sign */
  amount_cents: number;
  created: number;
  created_by: string;
}

/** A quote a client asked for; once accepted it is an order (progress of ORDER_PROGRESS). */
export interface QuotesTable {
  id: Generated<number>;
  client_id: number;
  reference: string;
  /** index of PRICE_PLANS */
  price_plan: number;
  /** a SERVICE_TYPES api_name */
  service_type: string;
  /** JSON: [{description, reg, vehicle_class, value_band}] */
  vehicles: Generated<string>;
  contact_name: Generated<string>;
  contact_email: Generated<string>;
  contact_phone: Generated<string>;
  notes: Generated<string>;
  requested_by: number | null;
  requested_by_name: Generated<string>;
  requested_at: number;
  /** 'requested' (waiting for a price) | 'quoted' (priced) | 'withdrawn' */
  status: Generated<string>;
  /** index of ORDER_PROGRESS */
  progress: Generated<number>;
  once_off_cents: number | null;
  monthly_cents: number | null;
  contract_months: number | null;
  valid_until: number | null;
  priced_by: Generated<string>;
  priced_at: number | null;
  price_notes: Generated<string>;
  decided_by: Generated<string>;
  decided_at: number | null;
  updated: number;
}

/** An installation, repair, removal or transfer job on a vehicle. */
export interface JobsTable {
  id: Generated<number>;
  client_id: number;
  reference: string;
  /** the order the job came from, if any */
  quote_id: number | null;
  /** 'installation' | 'repair' | 'removal' | 'transfer' */
  job_type: string;
  /** the unit worked on (null for a new vehicle's installation) */
  unit_id: number | null;
  /** the vehicle as the client described it (new vehicles) */
  vehicle: Generated<string>;
  /** transfers: the vehicle the unit moves to */
  transfer_to: Generated<string>;
  /** 'requested' | 'scheduled' | 'in_progress' | 'completed' | 'cancelled' */
  status: Generated<string>;
  scheduled_for: number | null;
  /** the day the client would like the work done, UTC midnight of it (null: any day) */
  preferred_date: number | null;
  site_address: Generated<string>;
  contact_name: Generated<string>;
  contact_phone: Generated<string>;
  notes: Generated<string>;
  technician: Generated<string>;
  terms_accepted_by: Generated<string>;
  terms_accepted_at: number;
  created_by: number | null;
  created_by_name: Generated<string>;
  created: number;
  completed_at: number | null;
  updated: number;
}

/** Work a technician may do only once the client approves it. */
export interface WorkApprovalsTable {
  id: Generated<number>;
  client_id: number;
  reference: string;
  job_id: number | null;
  unit_id: number | null;
  title: Generated<string>;
  description: Generated<string>;
  amount_cents: Generated<number>;
  /** 'pending' | 'approved' | 'declined' */
  status: Generated<string>;
  requested_by: Generated<string>;
  requested_at: number;
  decided_by: number | null;
  decided_by_name: Generated<string>;
  decided_at: number | null;
  decision_note: Generated<string>;
}

/** An offer the provider publishes to every client (not a tenant table). */
export interface MonthlyDealsTable {
  id: Generated<number>;
  title: string;
  description: string;
  price_cents: number | null;
  valid_from: number;
  valid_to: number;
  created_by: string;
  created: number;
  updated: number;
}

/** A survey a client is asked to answer (the survey site alert while open). */
export interface SurveysTable {
  id: Generated<number>;
  client_id: number;
  title: string;
  question: string;
  /** 'open' | 'answered' */
  status: Generated<string>;
  /** 1 to 5 */
  rating: number | null;
  comment: Generated<string>;
  answered_by: Generated<string>;
  answered_at: number | null;
  created: number;
}
