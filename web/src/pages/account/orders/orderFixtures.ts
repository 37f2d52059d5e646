// Quotes, jobs and work approvals as the server answers them, and a fake of their tasks that
// keeps what the writes do, for the account page tests.
import type { Job, Quote, WorkApproval } from '@fleet/common';
import { expect } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { mockApi, type TaskHandler } from '../../../test/mockApi';

const DEMO = { cid: 1, name: 'Demo Fleet' };

export function quoteOf(id: number, extra: Partial<Quote> = {}): Quote {
  return {
    id,
    reference: `Q-2026-${String(id).padStart(4, '0')}`,
    client: DEMO,
    price_plan: 2,
    service_type: 'full',
    vehicles: [
      {
        description: 'Isuzu NPR truck',
        reg: 'KLM 123 GP',
        vehicle_class: 'small_truck',
        value_band: 4,
      },
    ],
    contact_name: 'Thandi Nkosi',
    contact_email: 'thandi@example.com',
    contact_phone: '082 555 0142',
    notes: '',
    requested_by_name: 'Demo',
    requested_at: '2026-03-01T08:00:00Z',
    status: 'requested',
    progress: 0,
    once_off_cents: null,
    monthly_cents: null,
    contract_months: null,
    valid_until: null,
    expired: false,
    priced_by: '',
    priced_at: null,
    price_notes: '',
    decided_by: '',
    decided_at: null,
    jobs: [],
    ...extra,
  };
}

export const PRICED = {
  status: 'quoted' as const,
  once_off_cents: 150050,
  monthly_cents: 29900,
  contract_months: 36,
  valid_until: '2099-03-31',
  priced_by: 'Support',
  priced_at: '2026-03-02T08:00:00Z',
};

export function jobOf(id: number, extra: Partial<Job> = {}): Job {
  return {
    id,
    reference: `J-2026-${String(id).padStart(4, '0')}`,
    client: DEMO,
    quote: null,
    job_type: 'repair',
    unit: { uid: 1, name: 'Alpha', reg: 'ABC 123 GP' },
    vehicle: 'Alpha (ABC 123 GP)',
    transfer_to: '',
    status: 'requested',
    preferred_date: '2026-03-10',
    scheduled_for: null,
    technician: '',
    site_address: '14 Electron Avenue',
    contact_name: 'Sipho Dlamini',
    contact_phone: '082 555 0100',
    notes: 'GPS drops out',
    terms_accepted_by: 'Demo',
    terms_accepted_at: '2026-03-01T08:00:00Z',
    created_by_name: 'Demo',
    created: '2026-03-01T08:00:00Z',
    completed_at: null,
    ...extra,
  };
}

export function approvalOf(id: number, extra: Partial<WorkApproval> = {}): WorkApproval {
  return {
    id,
    reference: `WA-2026-${String(id).padStart(4, '0')}`,
    client: DEMO,
    job: null,
    unit: { uid: 1, name: 'Alpha', reg: 'ABC 123 GP' },
    title: 'Replace a damaged harness',
    description: 'Chafed through behind the dashboard',
    amount_cents: 125000,
    status: 'pending',
    requested_by: 'Support',
    requested_at: '2026-03-01T08:00:00Z',
    decided_by: null,
    decided_by_name: '',
    decided_at: null,
    decision_note: '',
    ...extra,
  };
}

const page = <K extends string, T>(key: K, rows: T[]) => ({
  data: { [key]: rows, count: rows.length, page_count: 1 },
});

export const PARAMETERS = {
  price_plans: ['Upfront', 'Rental', 'Contract', 'Rental Contract'].map((name, id) => ({
    id,
    name,
  })),
  service_types: { recovery: 'Recovery', lite: 'Lite', full: 'Full' },
  vehicle_classes: ['sedan', 'bakkie', 'small_truck'],
  value_bands: ['R0 - R85000', 'R85000 - R170000'].map((name, id) => ({ id, name })),
  contract_months: [0, 12, 24, 36, 48, 60],
};

export const TERMS = 'Booking a job\n\n1. A job is booked once we confirm a date.';

/** The order tasks over lists the writes change; more handlers may be added or replace these. */
export function ordersApi(
  data: { quotes?: Quote[]; jobs?: Job[]; approvals?: WorkApproval[] } = {},
  more: Record<string, TaskHandler> = {},
) {
  const quotes = (data.quotes ?? []).map((q) => ({ ...q }));
  const jobs = (data.jobs ?? []).map((j) => ({ ...j }));
  const approvals = (data.approvals ?? []).map((a) => ({ ...a }));
  const quote = (id: number) => quotes.find((q) => q.id === id)!;
  return mockApi({
    get_quote_parameters: () => ({ data: { parameters: PARAMETERS } }),
    get_quotes: (p) =>
      page(
        'quotes',
        quotes.filter(
          (q) =>
            (p.view !== 'orders' || q.progress >= 2) &&
            (p.view !== 'quotes' || q.progress === 0) &&
            (p.progress === undefined || q.progress === p.progress) &&
            (p.status === undefined || q.status === p.status),
        ),
      ),
    get_quote: (p) => ({ data: { quote: quote(p.id) } }),
    accept_quote: (p) => {
      Object.assign(quote(p.id), { progress: 2, decided_by: 'Demo' });
      return { data: { quote: quote(p.id) } };
    },
    decline_quote: (p) => {
      Object.assign(quote(p.id), { progress: 1 });
      return { data: { quote: quote(p.id) } };
    },
    get_quote_contract: (p) => ({
      data: {
        quote_contract: {
          quote: quote(p.id),
          client_name: 'Demo Fleet',
          terms: `Service agreement for quote ${quote(p.id).reference}\n\nPrice: R 1 500.50 once-off`,
        },
      },
    }),
    get_job_options: () => ({
      data: {
        job_types: [
          { api_name: 'installation', name: 'Installation' },
          { api_name: 'repair', name: 'Repair' },
          { api_name: 'removal', name: 'Removal' },
          { api_name: 'transfer', name: 'Transfer' },
        ],
        terms_and_conditions: TERMS,
      },
    }),
    get_jobs: (p) =>
      page(
        'jobs',
        jobs.filter(
          (j) =>
            (p.job_type === undefined || j.job_type === p.job_type) &&
            (p.status === undefined ||
              (p.status === 'open'
                ? ['requested', 'scheduled', 'in_progress'].includes(j.status)
                : j.status === p.status)),
        ),
      ),
    get_work_approvals: (p) =>
      page(
        'work_approvals',
        approvals.filter((a) => p.status === undefined || a.status === p.status),
      ),
    get_clients: () =>
      page('clients', [
        { cid: 1, name: 'Demo Fleet' },
        { cid: 2, name: 'Other Fleet' },
      ]),
    get_unit_list_full: () => ({
      data: {
        units: [
          { uid: 1, name: 'Alpha', reg: 'ABC 123 GP' },
          { uid: 2, name: 'Bravo', reg: '' },
        ],
      },
    }),
    ...more,
  });
}

/** The open dialog (drawer, confirm or modal) showing this title; antd's ids are fixed in tests. */
export async function dialogTitled(title: string): Promise<HTMLElement> {
  return waitFor(() => {
    const found = screen
      .getAllByRole('dialog')
      .filter((d) => within(d).queryAllByText(title).length > 0);
    expect(found.length).toBeGreaterThan(0);
    return found[found.length - 1];
  });
}
