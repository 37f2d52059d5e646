// An order from request to completion through /api/call (issue 15): the client requests a quote,
// support prices it, the client accepts, the order is Ordered with its installation jobs, support
// schedules and completes them, and the order becomes Completed by itself. Also the demo's
// orders: what Demo Fleet starts with, and that an existing demo gets them once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMissingDemoOrders } from '../../src/demo/seed-orders';
import { createTestApp, type TestApp } from '../support/test-app';
import { changeLogsOf, clientIdOf, rowCount } from '../support/fleet-records';

let t: TestApp;
let demo: string;
let support: string;

const db = () => t.running.services.db.db;
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  [demo, support] = await Promise.all(['demo', 'support'].map((u) => t.login(u)));
});
afterAll(() => t.close());

describe('an order from request to completion', () => {
  it('requested, priced, accepted, installed: Completed once every job is done', async () => {
    const asked = await t.task(demo, 'set_quote', {
      price_plan: 1,
      service_type: 'lite',
      vehicles: [
        { description: 'Toyota Hilux', reg: 'ND 123-456', vehicle_class: 'bakkie', value_band: 3 },
        { description: 'Toyota Quantum', vehicle_class: 'minibus', value_band: 3 },
      ],
      contact_name: 'Thandi Nkosi',
      contact_email: 'thandi@demofleet.co.za',
      contact_phone: '+27 82 555 0142',
    });
    const id = asked.data.quote.id;
    const price = await t.task(support, 'price_quote', {
      id,
      once_off: 0,
      monthly: '398.00',
      contract_months: 24,
      valid_until: inDays(7),
    });
    expect(price.data.quote).toMatchObject({ status: 'quoted', monthly_cents: 39800 });
    const seen = await t.task(demo, 'get_quotes', { view: 'quotes', status: 'quoted' });
    expect(seen.data.quotes.find((q: any) => q.id === id).monthly_cents).toBe(39800);

    const accepted = await t.task(demo, 'accept_quote', { id });
    expect(accepted.data.quote.progress).toBe(2);
    const jobs = accepted.data.quote.jobs;
    expect(jobs).toHaveLength(2);
    const processing = await t.task(demo, 'get_quotes', { progress: 2 });
    expect(processing.data.quotes.map((q: any) => q.id)).toContain(id);
    const installs = await t.task(support, 'get_jobs', {
      job_type: 'installation',
      status: 'open',
      page_size: 500,
    });
    expect(installs.data.jobs.filter((j: any) => j.quote?.id === id)).toHaveLength(2);

    for (const [i, job] of jobs.entries()) {
      const steps = [
        {
          status: 'scheduled',
          scheduled_for: `${inDays(2)}T07:00:00Z`,
          technician: 'Themba Nkosi',
        },
        { status: 'in_progress' },
        { status: 'completed' },
      ];
      for (const step of steps) {
        const res = await t.task(support, 'set_job', { id: job.id, ...step });
        expect(res.result, res.message).toBe(0);
      }
      const order = (await t.task(demo, 'get_quote', { id })).data.quote;
      // Still Ordered while a job is open; Completed with the last one.
      expect(order.progress).toBe(i === jobs.length - 1 ? 3 : 2);
    }
    const logs = await changeLogsOf(db(), 'Quote', id);
    expect(logs.at(-1)!.description).toBe(
      `Order ${asked.data.quote.reference} completed: every job of it is done`,
    );
  });
});

describe("the demo's orders", () => {
  it('Demo Fleet starts with a quote to price, one to decide, an order being installed and more', async () => {
    const quotes = (await t.task(demo, 'get_quotes', { page_size: 500 })).data.quotes;
    // The flow above added a completed order; the rest is the demo's.
    const seeded = quotes.filter((q: any) => q.progress !== 3);
    expect(seeded.some((q: any) => q.status === 'requested' && q.progress === 0)).toBe(true);
    expect(seeded.some((q: any) => q.status === 'quoted' && q.progress === 0 && !q.expired)).toBe(
      true,
    );
    const order = seeded.find((q: any) => q.progress === 2 && q.jobs.length === 1);
    expect(order.jobs[0].status).toBe('scheduled');
    expect(Date.parse(order.jobs[0].scheduled_for)).toBeGreaterThan(Date.now());
    const jobs = (await t.task(demo, 'get_jobs', { page_size: 500 })).data.jobs;
    expect(
      jobs.some((j: any) => j.job_type === 'repair' && j.status === 'requested' && j.unit),
    ).toBe(true);
    expect(jobs.some((j: any) => j.status === 'completed')).toBe(true);
    const approvals = (await t.task(demo, 'get_work_approvals', { status: 'pending' })).data
      .work_approvals;
    expect(approvals.map((w: any) => [w.title, w.amount_cents])).toContainEqual([
      'Replace a damaged harness',
      125000,
    ]);
  });

  it('an existing demo gets them once: nothing is added while the client has any', async () => {
    const demoCid = await clientIdOf(db(), 'Demo Fleet');
    const before = await rowCount(db(), 'quotes');
    expect(await addMissingDemoOrders(db())).toBe(false);
    expect(await rowCount(db(), 'quotes')).toBe(before);
    for (const table of ['work_approvals', 'jobs', 'quotes'] as const) {
      await db().deleteFrom(table).where('client_id', '=', demoCid).execute();
    }
    expect(await addMissingDemoOrders(db())).toBe(true);
    const quotes = await db()
      .selectFrom('quotes')
      .select('id')
      .where('client_id', '=', demoCid)
      .execute();
    expect(quotes).toHaveLength(3);
  });
});
