// The account tasks as the server answers them, and a fake of them that keeps what the writes do,
// for the billing, client details, deals and survey tests.
import type {
  AccountRow,
  Billing,
  ClientDetail,
  DebitOrderForm,
  MonthlyDeal,
  Statement,
  Survey,
} from '@fleet/common';
import { mockApi, type TaskHandler } from '../../../../test/mockApi';

export const BILLING: Billing = {
  client: { cid: 1, name: 'Demo Fleet' },
  balance_cents: 974_500,
  overdue_cents: 974_500,
  overdue_invoices: 2,
  overdue_since: '2026-01-15T21:59:59.999Z',
  days_overdue: 43,
  invoices: [
    {
      id: 11,
      cid: 1,
      kind: 'invoice',
      reference: 'DF-INV-1006',
      entry_date: '2026-02-07T22:00:00.000Z',
      due_date: '2026-02-14T21:59:59.999Z',
      description: 'Tracking for February 2026',
      amount_cents: 796_000,
      created: '2026-02-07T22:00:00.000Z',
      created_by: 'support',
      paid_cents: 0,
      outstanding_cents: 796_000,
      status: 'overdue',
    },
    {
      id: 9,
      cid: 1,
      kind: 'invoice',
      reference: 'DF-INV-1005',
      entry_date: '2026-01-08T22:00:00.000Z',
      due_date: '2026-01-15T21:59:59.999Z',
      description: 'Tracking for January 2026',
      amount_cents: 796_000,
      created: '2026-01-08T22:00:00.000Z',
      created_by: 'support',
      paid_cents: 617_500,
      outstanding_cents: 178_500,
      status: 'overdue',
    },
  ],
  payments: [],
};

export const STATEMENT: Statement = {
  client: { cid: 1, name: 'Demo Fleet' },
  from: null,
  to: null,
  opening_cents: 0,
  lines: [
    {
      id: 9,
      date: '2026-01-08T22:00:00.000Z',
      kind: 'invoice',
      reference: 'DF-INV-1005',
      description: 'Tracking for January 2026',
      debit_cents: 796_000,
      credit_cents: 0,
      balance_cents: 796_000,
    },
    {
      id: 10,
      date: '2026-01-13T22:00:00.000Z',
      kind: 'payment',
      reference: 'DF-PAY-1005',
      description: 'Debit order',
      debit_cents: 0,
      credit_cents: 617_500,
      balance_cents: 178_500,
    },
    {
      id: 11,
      date: '2026-02-07T22:00:00.000Z',
      kind: 'invoice',
      reference: 'DF-INV-1006',
      description: 'Tracking for February 2026',
      debit_cents: 796_000,
      credit_cents: 0,
      balance_cents: 974_500,
    },
  ],
  closing_cents: 974_500,
};

export const ACCOUNTS: AccountRow[] = [
  {
    cid: 1,
    name: 'Demo Fleet',
    state: 1,
    balance_cents: 974_500,
    overdue_cents: 974_500,
    overdue_invoices: 2,
    days_overdue: 43,
  },
  {
    cid: 2,
    name: 'Other Fleet',
    state: 1,
    balance_cents: -5_000,
    overdue_cents: 0,
    overdue_invoices: 0,
    days_overdue: 0,
  },
];

export const DETAIL: ClientDetail = {
  cid: 1,
  client_name: 'Demo Fleet',
  registered_name: 'Demo Fleet Logistics (Pty) Ltd',
  trading_name: 'Demo Fleet',
  registration_number: '2015/123456/07',
  vat_number: '',
  physical_address: '12 Rivonia Road, Sandton',
  postal_address: 'PO Box 1234, Sandton',
  billing_email: 'accounts@demofleet.co.za',
  billing_method: 2,
  bank_name: 'First National Bank',
  bank_account_holder: 'Demo Fleet Logistics (Pty) Ltd',
  bank_account_number: '62123456789',
  bank_branch_code: '250655',
  bank_account_type: 1,
  debit_order_signed_by: '',
  debit_order_signed_at: null,
  updated: '2026-01-10T08:00:00.000Z',
  updated_by: 'demo',
};

export const DEBIT_ORDER: DebitOrderForm = {
  cid: 1,
  client_name: 'Demo Fleet',
  registered_name: 'Demo Fleet Logistics (Pty) Ltd',
  bank_name: 'First National Bank',
  bank_account_holder: 'Demo Fleet Logistics (Pty) Ltd',
  bank_account_number: '62123456789',
  bank_branch_code: '250655',
  bank_account_type: 1,
  billing_method: 2,
  debit_day: 1,
  monthly_amount_cents: 796_000,
  ready: true,
  signed_by: '',
  signed_at: null,
};

export function dealOf(id: number, title: string, extra: Partial<MonthlyDeal> = {}): MonthlyDeal {
  return {
    id,
    title,
    description: 'Fitted free this month.',
    price_cents: 89_900,
    valid_from: '2026-03-01T00:00:00.000Z',
    valid_to: '2026-03-31T21:59:59.999Z',
    current: true,
    ...extra,
  };
}

export const SURVEY: Survey = {
  id: 5,
  cid: 1,
  title: 'How are we doing?',
  question: 'How happy are you with your tracking service this month?',
  status: 'open',
  rating: null,
  comment: '',
  answered_by: '',
  answered_at: null,
  created: '2026-03-01T08:00:00.000Z',
};

/** A fake of the account tasks; `more` adds or replaces handlers. */
export function billingApi(more: Record<string, TaskHandler> = {}) {
  let deals = [dealOf(1, 'Winter special'), dealOf(2, 'Dash-cam bundle', { current: false })];
  return mockApi({
    get_billing: () => ({ data: { billing: BILLING } }),
    get_statement: (p) => ({
      data: { statement: { ...STATEMENT, from: p.from ?? null, to: p.to ?? null } },
    }),
    get_accounts: () => ({ data: { accounts: ACCOUNTS, count: 2, page_count: 1 } }),
    get_client_detail: () => ({
      data: { client_detail: DETAIL, missing: ['VAT number'], stale: false },
    }),
    get_debit_order_form: () => ({ data: { debit_order_form: DEBIT_ORDER } }),
    get_monthly_deals: () => ({ data: { monthly_deals: deals } }),
    set_monthly_deal: (p) => {
      const saved = dealOf(p.id ?? 99, p.title, { description: p.description, price_cents: null });
      deals = [...deals.filter((d) => d.id !== saved.id), saved];
      return { data: { monthly_deal: saved } };
    },
    delete_monthly_deal: (p) => {
      deals = deals.filter((d) => d.id !== p.id);
      return { data: {} };
    },
    get_surveys: () => ({ data: { surveys: [SURVEY] } }),
    get_site_alerts: () => ({ data: { total_count: 0 } }),
    ...more,
  });
}
