// Site alerts and the support dashboard (issue 15) on a hand-made client: each site alert type
// counted from its own data, only for the users whose roles may see it (SPEC §2 targets, §6), the
// total their sum; and the provider's operations view across every client, for support only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetClock, setClock } from '../../src/clock';
import { createTestApp, type TestApp } from '../support/test-app';
import { addHandClient, addHandUnit } from '../support/hand-fleet';

const NOW = Date.parse('2026-03-10T10:00:00+02:00');
const DAY = 86_400_000;

let t: TestApp;
let cid: number;
const db = () => t.running.services.db.db;

beforeAll(async () => {
  t = await createTestApp({ CLOCK_START: new Date(NOW).toISOString() });
  setClock({ start: NOW, rate: 0 });
  cid = await addHandClient(
    db(),
    'Alert Fleet',
    [
      { username: 'alertfull', type: 'full' },
      { username: 'alertlite', type: 'lite' },
    ],
    NOW,
  );
  await addHandUnit(db(), cid, { name: 'Complete' }, NOW);
  // No make: the vehicle details alert. Never reported: a unit issue.
  await addHandUnit(db(), cid, { name: 'No make', make: '' }, NOW);
  await addHandUnit(db(), cid, { name: 'Silent', state: null }, NOW);
  await db()
    .insertInto('work_approvals')
    .values({ client_id: cid, reference: 'WA-9', title: 'Harness', requested_at: NOW })
    .execute();
  await db()
    .insertInto('account_entries')
    .values([
      // R 500.00 due 10 days ago, R 200.00 paid: overdue. R 300.00 not due yet.
      entry('invoice', 'INV-1', NOW - 40 * DAY, NOW - 10 * DAY, 50_000),
      entry('payment', 'PAY-1', NOW - 20 * DAY, null, 20_000),
      entry('invoice', 'INV-2', NOW - 5 * DAY, NOW + 25 * DAY, 30_000),
    ])
    .execute();
  await db()
    .insertInto('surveys')
    .values({ client_id: cid, title: 'Installation', question: 'How did it go?', created: NOW })
    .execute();
});
afterAll(async () => {
  resetClock();
  await t.close();
});

function entry(kind: string, reference: string, at: number, due: number | null, cents: number) {
  return {
    client_id: cid,
    kind,
    reference,
    entry_date: at,
    due_date: due,
    description: '',
    amount_cents: cents,
    created: at,
    created_by: 'test',
  };
}

const alertsOf = async (username: string) => {
  const res = await t.task(await t.login(username), 'get_site_alerts');
  expect(res.result, res.message).toBe(0);
  return res.data;
};

describe('site alerts', () => {
  it('counts every type from its data for a user holding its roles, the total their sum', async () => {
    const counts = await alertsOf('alertfull');
    expect(counts).toMatchObject({
      accounts_overdue: 1,
      initial_details: 1,
      details_update: 0,
      work_approvals: 1,
      survey: 1,
      vehicle_details: 1,
    });
    expect(counts.unit_issues).toBeGreaterThanOrEqual(1);
    const { total_count, ...types } = counts;
    expect(total_count).toBe(Object.values(types).reduce((a: number, b) => a + Number(b), 0));
  });

  it('leaves out the types whose roles a user lacks, and support users get none', async () => {
    // Lite: no accounts, jobs or unit issues roles (SPEC §2 targets); survey and vehicle details.
    expect(await alertsOf('alertlite')).toEqual({
      total_count: 2,
      accounts_overdue: 0,
      details_update: 0,
      initial_details: 0,
      work_approvals: 0,
      unit_issues: 0,
      survey: 1,
      vehicle_details: 1,
    });
    expect((await alertsOf('support')).total_count).toBe(0);
  });

  it('asks for an update once complete details are over a year old', async () => {
    await db()
      .insertInto('client_details')
      .values({
        client_id: cid,
        registered_name: 'Alert Fleet (Pty) Ltd',
        trading_name: '',
        registration_number: '2015/123456/07',
        vat_number: '4123456789',
        physical_address: '1 Main Road, Sandton',
        postal_address: 'PO Box 1, Sandton',
        billing_email: 'accounts@alert.example.com',
        billing_method: 3,
        bank_name: '',
        bank_account_holder: '',
        bank_account_number: '',
        bank_branch_code: '',
        bank_account_type: 0,
        debit_order_signed_by: '',
        debit_order_signed_at: null,
        updated: NOW - 400 * DAY,
        updated_by: 'test',
      })
      .execute();
    expect(await alertsOf('alertfull')).toMatchObject({ initial_details: 0, details_update: 1 });
    await db()
      .updateTable('client_details')
      .set({ updated: NOW - DAY })
      .where('client_id', '=', cid)
      .execute();
    expect(await alertsOf('alertfull')).toMatchObject({ initial_details: 0, details_update: 0 });
  });

  it('lists the vehicles behind the vehicle details alert', async () => {
    const res = await t.task(await t.login('alertfull'), 'get_vehicles_missing_details');
    expect(res.data.vehicles).toEqual([
      { uid: expect.any(Number), name: 'No make', missing: ['make'] },
    ]);
  });
});

describe('support dashboard', () => {
  it('shows the operations across every client to support staff only', async () => {
    const uid = (
      await db()
        .selectFrom('units')
        .select('uid')
        .where('client_id', '=', cid)
        .executeTakeFirstOrThrow()
    ).uid;
    const fix = (at: number) => ({
      unit_id: uid,
      fix_time: at,
      server_time: at,
      lat: -26.1,
      lon: 28.05,
      speed: 40,
      course: 0,
      altitude: null,
      satellites: 9,
      valid: 1,
      ignition: 1,
      odometer: 0,
      attributes: '{}',
    });
    // Two fixes in the minute before last, one in the last minute, one over an hour ago.
    await db()
      .insertInto('positions')
      .values([fix(NOW - 110_000), fix(NOW - 100_000), fix(NOW - 30_000), fix(NOW - 2 * 3600_000)])
      .execute();
    const support = await t.login('support');
    const res = await t.task(support, 'get_support_dashboard');
    expect(res.result, res.message).toBe(0);
    const d = res.data.support_dashboard;
    expect(d.clients_by_state.map((s: any) => s.name)).toEqual([
      'Disabled',
      'Active',
      'Written off',
      'Deleted',
    ]);
    const clients = await db().selectFrom('clients').select('cid').where('state', '=', 1).execute();
    expect(d.clients_by_state[1].count).toBe(clients.length);
    expect(d.units.never).toBeGreaterThanOrEqual(1);
    expect(d.units.reporting + d.units.silent_day + d.units.never).toBeLessThanOrEqual(
      d.units.total,
    );
    expect(d.positions_per_minute).toHaveLength(60);
    expect(d.positions_per_minute.slice(-2).map((m: any) => m.count)).toEqual([2, 1]);
    expect(d.positions_per_minute.at(-1).minute).toBe(new Date(NOW - 60_000).toISOString());
    expect(d.positions_per_minute.reduce((n: number, m: any) => n + m.count, 0)).toBe(3);
    expect(d.overdue_accounts).toContainEqual({
      cid,
      name: 'Alert Fleet',
      overdue_cents: 30_000,
      days_overdue: 10,
    });
    const refused = await t.task(await t.login('alertfull'), 'get_support_dashboard');
    expect(refused.result).toBe(3);
  });
});
