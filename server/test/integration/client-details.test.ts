// Client details and the debit order form through /api/call (issue 15): a client user reads and
// writes its own details, support staff any client's by cid, another client's cid answers like a
// missing one; what is missing and whether the details are over a year old; bad input refused with
// a message naming the field and nothing stored; a change to the bank details voids the signed
// debit order; the site-alert counts the lead's get_site_alerts reads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { changeLogsOf, clientIdOf } from '../support/fleet-records';

let t: TestApp;
let demo: string;
let other: string;
let lite: string;
let support: string;
let demoCid: number;
let otherCid: number;

const db = () => t.running.services.db.db;
const detailsRow = (cid: number) =>
  db().selectFrom('client_details').selectAll().where('client_id', '=', cid).executeTakeFirst();

beforeAll(async () => {
  t = await createTestApp();
  demo = await t.login('demo');
  other = await t.login('other');
  lite = await t.login('lite');
  support = await t.login('support');
  demoCid = await clientIdOf(db(), 'Demo Fleet');
  otherCid = await clientIdOf(db(), 'Other Fleet');
});
afterAll(() => t.close());

describe('client details', () => {
  it("reads the client's own details, complete and recent, with the signed debit order", async () => {
    const res = await t.task(demo, 'get_client_detail');
    expect(res.result, res.message).toBe(0);
    expect(res.data.missing).toEqual([]);
    expect(res.data.stale).toBe(false);
    expect(res.data.client_detail).toMatchObject({
      cid: demoCid,
      client_name: 'Demo Fleet',
      registered_name: 'Demo Fleet Logistics (Pty) Ltd',
      vat_number: '4123456789',
      billing_method: 2,
      bank_account_type: 1,
      bank_account_number: '62123456789',
      debit_order_signed_by: 'Pieter Botha',
      updated: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      updated_by: 'demo',
    });
    // Naming the own cid is the same read.
    expect((await t.task(demo, 'get_client_detail', { cid: demoCid })).data).toEqual(res.data);

    const form = (await t.task(demo, 'get_debit_order_form')).data.debit_order_form;
    const lastInvoice = await db()
      .selectFrom('account_entries')
      .select('amount_cents')
      .where('client_id', '=', demoCid)
      .where('kind', '=', 'invoice')
      .orderBy('entry_date', 'desc')
      .executeTakeFirstOrThrow();
    expect(form).toMatchObject({
      client_name: 'Demo Fleet',
      bank_name: 'First National Bank',
      bank_branch_code: '250655',
      billing_method: 2,
      debit_day: 1,
      monthly_amount_cents: Number(lastInvoice.amount_cents),
      ready: true,
      signed_by: 'Pieter Botha',
      signed_at: expect.any(String),
    });
  });

  it("lists what is missing: Other Fleet's VAT number", async () => {
    const res = await t.task(other, 'get_client_detail');
    expect(res.data.missing).toEqual(['VAT number']);
    expect(res.data.client_detail.vat_number).toBe('');
  });

  it("answers another client's cid exactly like one that does not exist", async () => {
    for (const task of [
      'get_client_detail',
      'get_debit_order_form',
      'set_client_detail',
      'set_debit_order_signature',
    ]) {
      const extra = task === 'set_debit_order_signature' ? { signed_by: 'Someone' } : {};
      const foreign = await t.task(demo, task, { cid: otherCid, ...extra });
      const missing = await t.task(demo, task, { cid: 987654, ...extra });
      expect(foreign).toEqual({ ...missing, ref: foreign.ref });
      expect(foreign.message).toBe('Client not found');
    }
    expect((await detailsRow(otherCid))!.vat_number).toBe('');
  });

  it("lets support staff read and write any client's details, logged", async () => {
    const read = await t.task(support, 'get_client_detail', { cid: otherCid });
    expect(read.data.client_detail.client_name).toBe('Other Fleet');
    const saved = await t.task(support, 'set_client_detail', {
      cid: otherCid,
      vat_number: '4987654321',
    });
    expect(saved.result, saved.message).toBe(0);
    expect(saved.data.missing).toEqual([]);
    expect(saved.data.client_detail).toMatchObject({
      vat_number: '4987654321',
      updated_by: 'support',
      // Untouched fields keep their values.
      registered_name: 'Other Fleet Transport CC',
    });
    const logs = await changeLogsOf(db(), 'Client Details', otherCid);
    expect(logs.at(-1)).toMatchObject({ action: 'E', username: 'support' });
    expect(logs.at(-1)!.description).toMatch(/VAT number/);
    expect((await t.task(support, 'get_client_detail', { cid: 987654 })).message).toBe(
      'Client not found',
    );
  });

  it('refuses bad input with a message naming the field, and stores nothing', async () => {
    const before = await detailsRow(demoCid);
    const cases: [Record<string, unknown>, string][] = [
      [{ billing_email: 'accounts@demofleet' }, 'billing_email: is not a valid e-mail address'],
      [{ billing_email: 'a,b@demofleet.co.za' }, 'billing_email: is not a valid e-mail address'],
      [
        { bank_account_number: '62123ABC789' },
        'bank_account_number: must be 6 to 16 digits, with no letters',
      ],
      [{ bank_account_number: '12345' }, 'bank_account_number: must be 6 to 16 digits'],
      [{ bank_branch_code: '25065' }, 'bank_branch_code: must be 6 digits'],
      [
        { registration_number: '2015-123456-07' },
        'registration_number: must be like 2015/123456/07',
      ],
      [{ vat_number: '5123456789' }, 'vat_number: must be 10 digits starting with 4'],
      [{ registered_name: 'Demo <b>Fleet</b>' }, 'registered_name: must not contain'],
      [{ billing_method: 9 }, 'billing_method'],
      [
        { billing_method: 4, bank_account_number: '', bank_branch_code: '' },
        'bank_account_number is required for a debit order; bank_branch_code is required for a debit order',
      ],
    ];
    for (const [params, message] of cases) {
      const res = await t.task(demo, 'set_client_detail', params);
      expect(res.result, JSON.stringify(params)).toBe(1);
      expect(res.message).toContain(message);
    }
    expect(await detailsRow(demoCid)).toEqual(before);
  });

  it('takes (Pty) Ltd names, addresses with commas and grouped digits typed as text', async () => {
    const res = await t.task(demo, 'set_client_detail', {
      registered_name: 'Demo Fleet Logistics (Pty) Ltd',
      physical_address: '12 Rivonia Road, Sandton,\nJohannesburg, 2196',
      bank_account_number: '6212 3456 789',
      bank_branch_code: '250655',
    });
    expect(res.result, res.message).toBe(0);
    expect(res.data.client_detail.physical_address).toBe(
      '12 Rivonia Road, Sandton,\nJohannesburg, 2196',
    );
    expect(res.data.client_detail.bank_account_number).toBe('62123456789');
    expect(res.data.client_detail.bank_branch_code).toBe('250655');
    // 16 digits are past a number's exact range, and a leading zero counts: both stay as typed.
    const long = await t.task(demo, 'set_client_detail', {
      bank_account_number: '9876543210987654',
      bank_branch_code: '051001',
    });
    expect(long.result, long.message).toBe(0);
    expect(long.data.client_detail).toMatchObject({
      bank_account_number: '9876543210987654',
      bank_branch_code: '051001',
    });
  });

  it('signs the debit order; a change of bank details voids the signature', async () => {
    const changed = await t.task(demo, 'set_client_detail', { bank_account_number: '1234567890' });
    expect(changed.data.client_detail.debit_order_signed_by).toBe('');
    const signed = await t.task(demo, 'set_debit_order_signature', { signed_by: 'Thandi Nkosi' });
    expect(signed.result, signed.message).toBe(0);
    expect(signed.data.debit_order_form).toMatchObject({
      signed_by: 'Thandi Nkosi',
      signed_at: expect.any(String),
      bank_account_number: '1234567890',
    });
    const logs = await changeLogsOf(db(), 'Client Details', demoCid);
    expect(logs.at(-1)!.description).toBe('Debit order of Demo Fleet signed by Thandi Nkosi');
    // Other Fleet pays by EFT: there is no debit order to sign.
    const refused = await t.task(other, 'set_debit_order_signature', {
      signed_by: 'Olwethu Other',
    });
    expect(refused.message).toBe(
      'Choose a debit order billing method and fill in the bank details before signing',
    );
    const form = (await t.task(other, 'get_debit_order_form')).data.debit_order_form;
    expect(form).toMatchObject({ debit_day: null, ready: false, signed_by: '' });
  });

  it('needs an account role: a lite user is refused', async () => {
    expect((await t.task(lite, 'get_client_detail')).result).toBe(3);
    expect((await t.task(lite, 'set_client_detail', { trading_name: 'X' })).result).toBe(3);
  });

  it('counts the site alerts: initial details while fields are missing, an update after a year', async () => {
    await db()
      .updateTable('client_details')
      .set({ vat_number: '' })
      .where('client_id', '=', otherCid)
      .execute();
    const detailAlerts = async (token: string) => {
      const { initial_details, details_update } = (await t.task(token, 'get_site_alerts')).data;
      return { initial_details, details_update };
    };
    expect(await detailAlerts(demo)).toEqual({ initial_details: 0, details_update: 0 });
    expect(await detailAlerts(other)).toEqual({ initial_details: 1, details_update: 0 });

    await db()
      .updateTable('client_details')
      .set({ updated: Date.now() - 400 * 86_400_000 })
      .where('client_id', '=', demoCid)
      .execute();
    expect(await detailAlerts(demo)).toEqual({ initial_details: 0, details_update: 1 });
    expect((await t.task(demo, 'get_client_detail')).data.stale).toBe(true);
    // Saving them again clears it.
    await t.task(demo, 'set_client_detail', { trading_name: 'Demo Fleet' });
    expect((await detailAlerts(demo)).details_update).toBe(0);
  });
});
