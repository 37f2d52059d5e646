// Client details and the debit order form (issue 15; SPEC §2 /portal/account/client_detail, §3
// billing methods and bank account types, §5 e-mail and special characters): a client's registered,
// billing and bank details, what is still missing, whether they are over a year old, and the
// debit order mandate the client signs. Client users work on their own client; support staff name
// any client by cid. Another client's cid answers 'Client not found', like one that does not exist.
import {
  BANK_FIELDS,
  CLIENT_DETAIL_LABELS,
  DEBIT_ORDER_DAYS,
  DETAILS_STALE_MS,
  isDebitOrder,
  missingDetailFields,
  type ClientDetail,
  type ClientDetailFields,
  type AccountClient,
  type DebitOrderForm,
  type Role,
} from '@fleet/common';
import type { ClientDetailsTable } from '../db/types';
import { now } from '../clock';
import type { TaskContext } from './context';
import { TaskError, notFound } from './errors';
import { iso } from './paging';
import { defineTask } from './registry';
import { clientsByIds } from './system';

export const CLIENT_DETAIL_ROLES: readonly Role[] = [
  'feature_accounts',
  'feature_unit_issues',
  'user_support',
];

/**
 * The client a task acts on: `cid` for support staff, the caller's own client otherwise (a client
 * user may name it too). Any other cid answers 'Client not found'.
 */
export async function targetClient(ctx: TaskContext, cid?: number): Promise<AccountClient> {
  const [client] = await clientsByIds(ctx, [cid ?? ctx.user.clientId]);
  if (!client) throw notFound('Client');
  return { cid: client.cid, name: client.name };
}

const EMPTY: ClientDetailFields = {
  registered_name: '',
  trading_name: '',
  registration_number: '',
  vat_number: '',
  physical_address: '',
  postal_address: '',
  billing_email: '',
  billing_method: 0,
  bank_name: '',
  bank_account_holder: '',
  bank_account_number: '',
  bank_branch_code: '',
  bank_account_type: 0,
};
const FIELD_NAMES = Object.keys(EMPTY) as (keyof ClientDetailFields)[];

type DetailsRow = ClientDetailsTable;

function fieldsOf(row: DetailsRow | undefined): ClientDetailFields {
  if (!row) return { ...EMPTY };
  const out = { ...EMPTY } as Record<string, string | number>;
  for (const f of FIELD_NAMES) out[f] = typeof EMPTY[f] === 'number' ? Number(row[f]) : row[f];
  return out as unknown as ClientDetailFields;
}

/** Last saved over a year ago (a client that never saved has the "initial details" alert instead). */
const isStale = (row: DetailsRow | undefined, at: number) =>
  !!row && at - Number(row.updated) > DETAILS_STALE_MS;

async function detailsRow(ctx: TaskContext, cid: number): Promise<DetailsRow | undefined> {
  return ctx.tenant
    .selectFrom('client_details')
    .selectAll()
    .where('client_id', '=', cid)
    .executeTakeFirst();
}

function answerOf(client: AccountClient, row: DetailsRow | undefined) {
  const fields = fieldsOf(row);
  const client_detail: ClientDetail = {
    cid: client.cid,
    client_name: client.name,
    ...fields,
    debit_order_signed_by: row?.debit_order_signed_by ?? '',
    debit_order_signed_at: iso(row?.debit_order_signed_at ?? null),
    updated: iso(row ? Number(row.updated) : null),
    updated_by: row?.updated_by ?? '',
  };
  return {
    client_detail,
    missing: missingDetailFields(fields).map((f) => CLIENT_DETAIL_LABELS[f]),
    stale: isStale(row, now()),
  };
}

/** A change to these voids a signed debit order: the mandate no longer says what was signed. */
const MANDATE_FIELDS: (keyof ClientDetailFields)[] = [...BANK_FIELDS, 'billing_method'];

const getClientDetail = defineTask({
  name: 'get_client_detail',
  roles: CLIENT_DETAIL_ROLES,
  probe: (f) => ({ cid: f.cid }),
  async handler(ctx, p) {
    const client = await targetClient(ctx, p.cid);
    return answerOf(client, await detailsRow(ctx, client.cid));
  },
});

const setClientDetail = defineTask({
  name: 'set_client_detail',
  roles: CLIENT_DETAIL_ROLES,
  entityType: 'Client Details',
  probe: (f) => ({
    cid: f.cid,
    registered_name: 'Probe (Pty) Ltd',
    billing_email: 'p@example.com',
  }),
  async handler(ctx, p) {
    const client = await targetClient(ctx, p.cid);
    const row = await detailsRow(ctx, client.cid);
    const before = fieldsOf(row);
    const next = { ...before };
    for (const f of FIELD_NAMES) {
      const v = p[f];
      if (v !== undefined) (next as Record<string, unknown>)[f] = v;
    }
    if (isDebitOrder(next.billing_method)) {
      const gaps = BANK_FIELDS.filter((f) => missingDetailFields(next).includes(f));
      if (gaps.length) {
        throw new TaskError(gaps.map((f) => `${f} is required for a debit order`).join('; '));
      }
    }
    const time = now();
    const mandateChanged = MANDATE_FIELDS.some((f) => next[f] !== before[f]);
    const values = {
      ...next,
      updated: time,
      updated_by: ctx.user.username,
      ...(mandateChanged ? { debit_order_signed_by: '', debit_order_signed_at: null } : {}),
    };
    if (row) {
      await ctx.tenant
        .updateTable('client_details')
        .set(values)
        .where('client_id', '=', client.cid)
        .execute();
    } else {
      await ctx.tenant
        .insertInto('client_details', client.cid)
        .values({ debit_order_signed_by: '', debit_order_signed_at: null, ...values })
        .execute();
    }
    const changed = FIELD_NAMES.filter((f) => next[f] !== before[f]);
    ctx.changeLog({
      action: row ? 'E' : 'I',
      entityType: 'Client Details',
      entityId: client.cid,
      description: `Client details of ${client.name} ${row ? 'edited' : 'added'}${
        changed.length ? `: ${changed.map((f) => CLIENT_DETAIL_LABELS[f]).join(', ')}` : ''
      }${mandateChanged && row?.debit_order_signed_at ? ' (debit order signature cleared)' : ''}`,
    });
    return answerOf(client, await detailsRow(ctx, client.cid));
  },
});

/** The client's last invoice amount: what the debit order collects each month. */
async function lastInvoiceCents(ctx: TaskContext, cid: number): Promise<number | null> {
  const row = await ctx.tenant
    .selectFrom('account_entries')
    .select('amount_cents')
    .where('client_id', '=', cid)
    .where('kind', '=', 'invoice')
    .orderBy('entry_date', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row ? Number(row.amount_cents) : null;
}

async function debitOrderForm(ctx: TaskContext, client: AccountClient): Promise<DebitOrderForm> {
  const row = await detailsRow(ctx, client.cid);
  const f = fieldsOf(row);
  const debit = isDebitOrder(f.billing_method);
  return {
    cid: client.cid,
    client_name: client.name,
    registered_name: f.registered_name,
    bank_name: f.bank_name,
    bank_account_holder: f.bank_account_holder,
    bank_account_number: f.bank_account_number,
    bank_branch_code: f.bank_branch_code,
    bank_account_type: f.bank_account_type,
    billing_method: f.billing_method,
    debit_day: debit ? DEBIT_ORDER_DAYS[f.billing_method] : null,
    monthly_amount_cents: await lastInvoiceCents(ctx, client.cid),
    ready: debit && !BANK_FIELDS.some((b) => missingDetailFields(f).includes(b)),
    signed_by: row?.debit_order_signed_by ?? '',
    signed_at: iso(row?.debit_order_signed_at ?? null),
  };
}

const getDebitOrderForm = defineTask({
  name: 'get_debit_order_form',
  roles: CLIENT_DETAIL_ROLES,
  probe: (f) => ({ cid: f.cid }),
  async handler(ctx, p) {
    return { debit_order_form: await debitOrderForm(ctx, await targetClient(ctx, p.cid)) };
  },
});

const setDebitOrderSignature = defineTask({
  name: 'set_debit_order_signature',
  roles: CLIENT_DETAIL_ROLES,
  entityType: 'Client Details',
  probe: (f) => ({ cid: f.cid, signed_by: 'Probe Person' }),
  async handler(ctx, p) {
    const client = await targetClient(ctx, p.cid);
    const form = await debitOrderForm(ctx, client);
    if (!form.ready) {
      throw new TaskError(
        'Choose a debit order billing method and fill in the bank details before signing',
      );
    }
    const time = now();
    await ctx.tenant
      .updateTable('client_details')
      .set({ debit_order_signed_by: p.signed_by, debit_order_signed_at: time })
      .where('client_id', '=', client.cid)
      .execute();
    ctx.changeLog({
      action: 'E',
      entityType: 'Client Details',
      entityId: client.cid,
      description: `Debit order of ${client.name} signed by ${p.signed_by}`,
    });
    return { debit_order_form: await debitOrderForm(ctx, client) };
  },
});

export const clientDetailTasks = [
  getClientDetail,
  setClientDetail,
  getDebitOrderForm,
  setDebitOrderSignature,
];

/**
 * The client-details site alerts of the user's own client (SPEC §2): "initial details" while a
 * required field is missing (a client that never saved them too), else "details update" when they
 * were last saved over a year ago.
 */
export async function clientDetailAlerts(
  ctx: TaskContext,
): Promise<{ initial_details: number; details_update: number }> {
  const row = await detailsRow(ctx, ctx.user.clientId);
  const missing = !row || missingDetailFields(fieldsOf(row)).length > 0;
  return {
    initial_details: missing ? 1 : 0,
    details_update: !missing && isStale(row, now()) ? 1 : 0,
  };
}
