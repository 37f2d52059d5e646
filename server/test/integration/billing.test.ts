// The account ledger through /api/call (issue 15): Demo Fleet's seeded invoices and payments give
// its balance, what is overdue (oldest invoices settled first) and a statement with a running
// balance; the accounts list (support: every client); support staff post and delete invoices,
// payments and credit notes, amounts in integer cents, with bad amounts refused naming the field
// and nothing stored; a client user naming another client's cid gets 'Client not found'.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { changeLogsOf, clientIdOf, rowCount } from '../support/fleet-records';

let t: TestApp;
let demo: string;
let other: string;
let support: string;
let demoCid: number;
let otherCid: number;
/** Demo Fleet's monthly invoice: R 199.00 a vehicle. */
let monthly: number;

const db = () => t.running.services.db.db;

beforeAll(async () => {
  t = await createTestApp();
  demo = await t.login('demo');
  other = await t.login('other');
  support = await t.login('support');
  demoCid = await clientIdOf(db(), 'Demo Fleet');
  otherCid = await clientIdOf(db(), 'Other Fleet');
  const { n } = await db()
    .selectFrom('units')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('client_id', '=', demoCid)
    .executeTakeFirstOrThrow();
  monthly = Number(n) * 19_900;
});
afterAll(() => t.close());

describe('billing', () => {
  it("shows Demo Fleet's balance and overdue amount, the oldest invoices settled first", async () => {
    const res = await t.task(demo, 'get_billing');
    expect(res.result, res.message).toBe(0);
    const b = res.data.billing;
    // Six invoices; the latest unpaid and one payment R 1 785.00 short.
    expect(b.client).toEqual({ cid: demoCid, name: 'Demo Fleet' });
    expect(b.balance_cents).toBe(monthly + 178_500);
    expect(b.overdue_cents).toBe(monthly + 178_500);
    expect(b.overdue_invoices).toBe(2);
    // 43 days since the older one fell due (44 should the test cross midnight after seeding).
    expect([43, 44]).toContain(b.days_overdue);
    expect(b.invoices).toHaveLength(6);
    expect(b.invoices.map((i: any) => i.status)).toEqual([
      'overdue',
      'overdue',
      'paid',
      'paid',
      'paid',
      'paid',
    ]);
    expect(b.invoices[0]).toMatchObject({ paid_cents: 0, outstanding_cents: monthly });
    expect(b.invoices[1]).toMatchObject({
      paid_cents: monthly - 178_500,
      outstanding_cents: 178_500,
    });
    expect(b.overdue_since).toBe(b.invoices[1].due_date);
    expect(b.payments).toHaveLength(5);
    expect(b.payments.every((p: any) => p.kind === 'payment')).toBe(true);
  });

  it('gives a statement with a running balance, and a date range with the balance brought forward', async () => {
    const all = (await t.task(demo, 'get_statement')).data.statement;
    expect(all.opening_cents).toBe(0);
    expect(all.lines).toHaveLength(11);
    let running = 0;
    for (const l of all.lines) {
      running += l.debit_cents - l.credit_cents;
      expect(l.balance_cents).toBe(running);
    }
    expect(all.closing_cents).toBe(monthly + 178_500);
    const dates = all.lines.map((l: any) => l.date);
    expect([...dates].sort()).toEqual(dates);

    const from = all.lines[4].date;
    const to = all.lines[8].date;
    const part = (await t.task(demo, 'get_statement', { from, to })).data.statement;
    expect(part.from).toBe(from);
    expect(part.opening_cents).toBe(all.lines[3].balance_cents);
    expect(part.lines.map((l: any) => l.id)).toEqual(all.lines.slice(4, 9).map((l: any) => l.id));
    expect(part.closing_cents).toBe(all.lines[8].balance_cents);
    const backwards = await t.task(demo, 'get_statement', { from: to, to: from });
    expect(backwards.message).toBe('to: must be on or after from');
  });

  it("answers another client's cid like a missing one; support staff read any", async () => {
    for (const task of ['get_billing', 'get_statement']) {
      const foreign = await t.task(demo, task, { cid: otherCid });
      const missing = await t.task(demo, task, { cid: 987654 });
      expect(foreign).toEqual({ ...missing, ref: foreign.ref });
      expect(foreign.message).toBe('Client not found');
    }
    const read = await t.task(support, 'get_billing', { cid: otherCid });
    expect(read.data.billing).toMatchObject({
      client: { cid: otherCid, name: 'Other Fleet' },
      balance_cents: 0,
      overdue_cents: 0,
      days_overdue: 0,
    });
  });

  it('lists accounts: a client user its own, support staff every client', async () => {
    const days = (await t.task(demo, 'get_billing')).data.billing.days_overdue;
    const own = (await t.task(demo, 'get_accounts')).data;
    expect(own.accounts).toEqual([
      {
        cid: demoCid,
        name: 'Demo Fleet',
        state: 1,
        balance_cents: monthly + 178_500,
        overdue_cents: monthly + 178_500,
        overdue_invoices: 2,
        days_overdue: days,
      },
    ]);
    expect(own).toMatchObject({ count: 1, page_count: 1 });
    const all = (await t.task(support, 'get_accounts')).data;
    expect(all.accounts.map((a: any) => a.name)).toEqual([
      'Demo Fleet',
      'Other Fleet',
      'Tracking Provider',
    ]);
    expect(all.accounts[1]).toMatchObject({ balance_cents: 0, overdue_cents: 0 });
    const found = (await t.task(support, 'get_accounts', { search: 'Other' })).data;
    expect(found.accounts.map((a: any) => a.name)).toEqual(['Other Fleet']);

    // The account overdue site alert counts the overdue invoices; the support dashboard lists the
    // overdue accounts with how long they are overdue.
    expect((await t.task(demo, 'get_site_alerts')).data.accounts_overdue).toBe(2);
    expect((await t.task(other, 'get_site_alerts')).data.accounts_overdue).toBe(0);
    const ops = (await t.task(support, 'get_support_dashboard')).data.support_dashboard;
    expect(ops.overdue_accounts.map((a: any) => [a.cid, a.days_overdue])).toEqual([
      [demoCid, days],
    ]);
  });
});

describe('posting to an account', () => {
  const invoice = {
    kind: 'invoice',
    reference: 'OF-INV-2001',
    entry_date: '2025-03-01T00:00:00.000Z',
    due_date: '2025-03-08T00:00:00.000Z',
    description: 'Extra harness',
    amount: '1 234.50',
  };

  it('refuses bad amounts and entries with a message naming the field, storing nothing', async () => {
    const before = await rowCount(db(), 'account_entries');
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: '10.555' }, 'amount: may have at most 2 decimals (cents)'],
      [{ amount: 10.555 }, 'amount: may have at most 2 decimals (cents)'],
      [{ amount: '-5.00' }, 'amount: cannot be negative'],
      [{ amount: -5 }, 'amount: cannot be negative'],
      [{ amount: '12abc' }, 'amount: must be an amount in rand'],
      [{ amount: '0' }, 'amount: must be more than zero'],
      [{ due_date: undefined }, 'due_date is required for an invoice'],
      [{ due_date: '2025-02-01T00:00:00Z' }, 'due_date: must be on or after entry_date'],
      [{ kind: 'refund' }, 'kind: must be invoice, payment or credit'],
      [{ description: '<script>x</script>' }, 'description: must be plain text'],
      [{ cid: undefined }, 'cid is required for a new entry'],
      [{ reference: 'OF-INV-1001' }, 'reference: this client already has an entry'],
    ];
    for (const [change, message] of cases) {
      const res = await t.task(support, 'set_account_entry', {
        ...invoice,
        cid: otherCid,
        ...change,
      });
      expect(res.result, JSON.stringify(change)).toBe(1);
      expect(res.message).toContain(message);
    }
    expect(await rowCount(db(), 'account_entries')).toBe(before);
  });

  it('lets only support staff post: a client user is refused', async () => {
    const res = await t.task(demo, 'set_account_entry', { ...invoice, cid: demoCid });
    expect(res.result).toBe(3);
    const del = await t.task(other, 'delete_account_entry', { id: 1 });
    expect(del.result).toBe(3);
  });

  it('posts an invoice, a payment and a credit note in cents, logged; deletes one', async () => {
    const res = await t.task(support, 'set_account_entry', { ...invoice, cid: otherCid });
    expect(res.result, res.message).toBe(0);
    expect(res.data.account_entry).toMatchObject({
      cid: otherCid,
      kind: 'invoice',
      reference: 'OF-INV-2001',
      amount_cents: 123_450,
      due_date: '2025-03-08T00:00:00.000Z',
      created_by: 'support',
    });
    const pay = await t.task(support, 'set_account_entry', {
      cid: otherCid,
      kind: 'payment',
      reference: 'OF-PAY-2001',
      entry_date: '2025-03-05T00:00:00Z',
      // A number on the wire is read from its decimal text, never through float arithmetic.
      amount: 1000.1,
      due_date: '2025-04-01T00:00:00Z',
    });
    expect(pay.data.account_entry).toMatchObject({ amount_cents: 100_010, due_date: null });
    const credit = await t.task(support, 'set_account_entry', {
      cid: otherCid,
      kind: 'credit',
      reference: 'OF-CN-1',
      entry_date: '2025-03-06T00:00:00Z',
      amount: 'R234.40',
    });
    expect(credit.data.account_entry.amount_cents).toBe(23_440);
    const billing = (await t.task(other, 'get_billing')).data.billing;
    expect(billing.balance_cents).toBe(0);
    expect(billing.invoices.find((i: any) => i.reference === 'OF-INV-2001').status).toBe('paid');

    // Edited: the same reference is fine on its own entry.
    const id = res.data.account_entry.id;
    const edited = await t.task(support, 'set_account_entry', { ...invoice, id, amount: '1300' });
    expect(edited.data.account_entry.amount_cents).toBe(130_000);
    const logs = await changeLogsOf(db(), 'Account Entry', id);
    expect(logs.map((l) => l.action)).toEqual(['I', 'E']);
    expect(logs[0].description).toMatch(/^Invoice OF-INV-2001 of Other Fleet added: R.1.234\.50$/);

    expect((await t.task(support, 'delete_account_entry', { id })).result).toBe(0);
    expect((await changeLogsOf(db(), 'Account Entry', id)).at(-1)!.action).toBe('D');
    expect((await t.task(support, 'delete_account_entry', { id })).message).toBe(
      'Account entry not found',
    );
    expect((await t.task(other, 'get_billing')).data.billing.balance_cents).toBe(-123_450);
  });
});
