// Quotes and orders through /api/call (issue 15): a client's request with its reference, support
// pricing it in integer cents, the client's decision (accepting makes an order with one
// installation job per vehicle, in one transaction), closing an order, the printable contract,
// and every refusal changing nothing: bad amounts and e-mail, an unpriced, expired or decided
// quote, another client's ids answering 'Quote not found'.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { changeLogsOf, clientIdOf, rowCount } from '../support/fleet-records';

let t: TestApp;
let demo: string;
let other: string;
let support: string;
let lite: string;
let demoCid: number;

const db = () => t.running.services.db.db;
/** The year of a reference: the provider's (South Africa, UTC+2 all year), as the server names them. */
const year = new Date(Date.now() + 2 * 3600_000).getUTCFullYear();
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

const REQUEST = {
  price_plan: 2,
  service_type: 'full',
  vehicles: [
    {
      description: 'Isuzu NPR truck',
      reg: 'KLM 123 GP',
      vehicle_class: 'small_truck',
      value_band: 4,
    },
    { description: 'Toyota Corolla', vehicle_class: 'sedan', value_band: 2 },
  ],
  contact_name: 'Pieter Botha',
  contact_email: 'pieter@demofleet.co.za',
  contact_phone: '082 555 0199',
  notes: 'Both vehicles at the Isando depot',
};
const PRICE = {
  once_off: '1 500.50',
  monthly: 299,
  contract_months: 36,
  valid_until: inDays(10),
  price_notes: 'Installation included',
};

async function request(token = demo, extra: Record<string, unknown> = {}) {
  const res = await t.task(token, 'set_quote', { ...REQUEST, ...extra });
  expect(res.result, res.message).toBe(0);
  return res.data.quote;
}

async function priced(extra: Record<string, unknown> = {}) {
  const q = await request();
  const res = await t.task(support, 'price_quote', { id: q.id, ...PRICE, ...extra });
  expect(res.result, res.message).toBe(0);
  return res.data.quote;
}

const quoteRow = (id: number) =>
  db().selectFrom('quotes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

beforeAll(async () => {
  t = await createTestApp();
  [demo, other, support, lite] = await Promise.all(
    ['demo', 'other', 'support', 'lite'].map((u) => t.login(u)),
  );
  demoCid = await clientIdOf(db(), 'Demo Fleet');
});
afterAll(() => t.close());

describe('quote parameters', () => {
  it('answers the choices of the quote form under `parameters`', async () => {
    const res = await t.task(demo, 'get_quote_parameters');
    expect(res.result).toBe(0);
    const p = res.data.parameters;
    expect(p.price_plans.map((x: any) => x.name)).toEqual([
      'Upfront',
      'Rental',
      'Contract',
      'Rental Contract',
    ]);
    // Keyed by api_name (names as values): the words alone, never the demo users' usernames.
    expect(p.service_types).toEqual({
      recovery: 'Recovery',
      stealth: 'Stealth',
      lite: 'Lite',
      full: 'Full',
      backup: 'Backup',
    });
    expect(p.value_bands[0]).toEqual({ id: 0, name: 'R0 - R85000' });
    expect(p.value_bands.at(-1).name).toBe('Exceeding R595000');
    expect(p.contract_months).toEqual([0, 12, 24, 36, 48, 60]);
    expect(p.vehicle_classes).toContain('3-wheeler');
  });

  it('is refused to a user without feature_accounts', async () => {
    expect((await t.task(lite, 'get_quote_parameters')).result).toBe(3);
  });
});

describe('a quote request', () => {
  it('is stored as requested and Undecided, with a reference of the year, and logged', async () => {
    const q = await request();
    expect(q).toMatchObject({
      reference: expect.stringMatching(new RegExp(`^Q-${year}-\\d{4,}$`)),
      client: { cid: demoCid, name: 'Demo Fleet' },
      status: 'requested',
      progress: 0,
      price_plan: 2,
      service_type: 'full',
      once_off_cents: null,
      requested_by_name: 'Demo',
      jobs: [],
    });
    expect(q.vehicles).toEqual([
      {
        description: 'Isuzu NPR truck',
        reg: 'KLM 123 GP',
        vehicle_class: 'small_truck',
        value_band: 4,
      },
      { description: 'Toyota Corolla', reg: '', vehicle_class: 'sedan', value_band: 2 },
    ]);
    const again = await request();
    expect(again.reference).not.toBe(q.reference);
    const logs = await changeLogsOf(db(), 'Quote', q.id);
    expect(logs.map((l) => [l.action, l.description])).toEqual([
      ['I', `Quote ${q.reference} requested: Contract, full, 2 vehicles`],
    ]);
  });

  it('can be changed while it waits for a price, and not once priced', async () => {
    const q = await request();
    const changed = await t.task(demo, 'set_quote', {
      ...REQUEST,
      id: q.id,
      vehicles: [REQUEST.vehicles[1]],
    });
    expect(changed.data.quote.vehicles).toHaveLength(1);
    await t.task(support, 'price_quote', { id: q.id, ...PRICE });
    const late = await t.task(demo, 'set_quote', { ...REQUEST, id: q.id });
    expect(late.message).toBe('This quote was already priced: ask us for a new quote instead');
    expect((await quoteRow(q.id)).vehicles).toContain('Toyota Corolla');
  });

  it('refuses bad input naming the field, storing nothing', async () => {
    const before = await rowCount(db(), 'quotes');
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ contact_email: 'pieter@demofleet' }, /^contact_email: is not a valid e-mail address$/],
      [{ contact_email: 'pieter,b@demofleet.co.za' }, /^contact_email: is not a valid e-mail/],
      [{ vehicles: [] }, /^vehicles: add at least one vehicle$/],
      [{ vehicles: Array(51).fill(REQUEST.vehicles[1]) }, /^vehicles: at most 50 vehicles/],
      [{ vehicles: [{ ...REQUEST.vehicles[1], description: '' }] }, /^vehicles\.0\.description/],
      [{ vehicles: [{ ...REQUEST.vehicles[1], vehicle_class: 'rocket' }] }, /vehicle_class/],
      [{ vehicles: [{ ...REQUEST.vehicles[1], value_band: 8 }] }, /^vehicles\.0\.value_band/],
      [{ vehicles: [{ ...REQUEST.vehicles[1], reg: 'AB<1>' }] }, /^vehicles\.0\.reg/],
      [{ price_plan: 4 }, /^price_plan/],
      [{ service_type: 'old_lite' }, /^service_type: is not a service we sell$/],
      [{ contact_name: 'Pieter (boss)' }, /^contact_name: must not contain/],
      [{ contact_phone: 'call me' }, /^contact_phone: is not a valid phone number$/],
    ];
    for (const [bad, message] of cases) {
      const res = await t.task(demo, 'set_quote', { ...REQUEST, ...bad });
      expect(res.result, JSON.stringify(bad)).toBe(1);
      expect(res.message).toMatch(message);
    }
    expect(await rowCount(db(), 'quotes')).toBe(before);
  });

  it('is only for clients: support staff price, they do not request', async () => {
    expect((await t.task(support, 'set_quote', REQUEST)).result).toBe(3);
    expect((await t.task(lite, 'set_quote', REQUEST)).result).toBe(3);
  });
});

describe('pricing', () => {
  it('stores integer cents and the validity, and the client sees the price', async () => {
    const q = await priced();
    expect(q).toMatchObject({
      status: 'quoted',
      progress: 0,
      once_off_cents: 150050,
      monthly_cents: 29900,
      contract_months: 36,
      valid_until: PRICE.valid_until,
      expired: false,
      priced_by: 'Support',
      price_notes: 'Installation included',
    });
    const seen = await t.task(demo, 'get_quote', { id: q.id });
    expect(seen.data.quote.once_off_cents).toBe(150050);
    const row = await quoteRow(q.id);
    expect([Number(row.once_off_cents), Number(row.monthly_cents)]).toEqual([150050, 29900]);
    const logs = await changeLogsOf(db(), 'Quote', q.id);
    expect(logs.at(-1)!.description).toBe(
      `Quote ${q.reference} priced: R\u00a01\u00a0500.50 once-off, R\u00a0299.00 a month, 36 months, valid until ${PRICE.valid_until}`,
    );
  });

  it('refuses 3 decimals, a negative or a wordy price, a past date and a wrong term', async () => {
    const q = await request();
    const cases: [Record<string, unknown>, string][] = [
      [{ once_off: '1500.505' }, 'once_off: may have at most 2 decimals (cents)'],
      [{ once_off: 1500.505 }, 'once_off: may have at most 2 decimals (cents)'],
      [{ monthly: '-299' }, 'monthly: cannot be negative'],
      [{ monthly: -299 }, 'monthly: cannot be negative'],
      [{ monthly: 'two hundred' }, 'monthly: must be an amount in rand, like 1234.50'],
      [{ contract_months: 18 }, 'contract_months: must be 0, 12, 24, 36, 48 or 60'],
      [
        { contract_months: 0 },
        'contract_months: a Contract plan needs a contract of 12, 24, 36, 48 or 60 months',
      ],
      [{ valid_until: inDays(-2) }, 'valid_until: must be today or later'],
      [{ valid_until: '2026-02-30' }, 'valid_until: is not a real date'],
    ];
    for (const [bad, message] of cases) {
      const res = await t.task(support, 'price_quote', { id: q.id, ...PRICE, ...bad });
      expect([res.result, res.message], JSON.stringify(bad)).toEqual([1, message]);
    }
    const row = await quoteRow(q.id);
    expect([row.status, row.once_off_cents, row.monthly_cents]).toEqual(['requested', null, null]);
    expect((await changeLogsOf(db(), 'Quote', q.id)).map((l) => l.action)).toEqual(['I']);
  });

  it('an Upfront plan has no contract', async () => {
    const q = await request(demo, { price_plan: 0 });
    const bad = await t.task(support, 'price_quote', { id: q.id, ...PRICE });
    expect(bad.message).toBe('contract_months: an Upfront plan has no contract (0 months)');
    const ok = await t.task(support, 'price_quote', { id: q.id, ...PRICE, contract_months: 0 });
    expect(ok.data.quote.contract_months).toBe(0);
  });

  it('is for support staff only', async () => {
    const q = await request();
    expect((await t.task(demo, 'price_quote', { id: q.id, ...PRICE })).result).toBe(3);
  });
});

describe("the client's decision", () => {
  it('accepting makes an order with an installation job per vehicle, logged', async () => {
    const q = await priced();
    const res = await t.task(demo, 'accept_quote', { id: q.id });
    expect(res.result, res.message).toBe(0);
    const order = res.data.quote;
    expect(order).toMatchObject({
      progress: 2,
      decided_by: 'Demo',
      decided_at: expect.any(String),
    });
    expect(order.jobs.map((j: any) => [j.status, j.vehicle])).toEqual([
      ['requested', 'Isuzu NPR truck (KLM 123 GP)'],
      ['requested', 'Toyota Corolla'],
    ]);
    const jobs = await db().selectFrom('jobs').selectAll().where('quote_id', '=', q.id).execute();
    expect(jobs.map((j) => [j.job_type, j.client_id, j.terms_accepted_by])).toEqual([
      ['installation', demoCid, 'Demo'],
      ['installation', demoCid, 'Demo'],
    ]);
    expect(jobs[0].reference).toMatch(new RegExp(`^J-${year}-\\d{4,}$`));
    const logs = await changeLogsOf(db(), 'Quote', q.id);
    expect(logs.at(-1)!.description).toBe(
      `Quote ${q.reference} accepted: ordered, 2 installation jobs`,
    );
    expect((await changeLogsOf(db(), 'Job', jobs[0].id)).map((l) => l.action)).toEqual(['I']);
    const list = await t.task(demo, 'get_quotes', { progress: 2 });
    expect(list.data.quotes.map((x: any) => x.id)).toContain(q.id);
  });

  it('refuses an unpriced, expired or decided quote, changing nothing', async () => {
    const jobsBefore = await rowCount(db(), 'jobs');
    const unpriced = await request();
    expect((await t.task(demo, 'accept_quote', { id: unpriced.id })).message).toBe(
      'This quote has no price yet: it can be accepted once it is priced',
    );
    const old = await priced();
    const yesterday = Date.parse(`${inDays(-1)}T00:00:00Z`);
    await db()
      .updateTable('quotes')
      .set({ valid_until: yesterday })
      .where('id', '=', old.id)
      .execute();
    expect((await t.task(demo, 'get_quote', { id: old.id })).data.quote.expired).toBe(true);
    expect((await t.task(demo, 'accept_quote', { id: old.id })).message).toBe(
      `This quote expired on ${inDays(-1)}: ask us for a new price`,
    );
    const declined = await priced();
    expect((await t.task(demo, 'decline_quote', { id: declined.id })).data.quote.progress).toBe(1);
    for (const task of ['accept_quote', 'decline_quote']) {
      expect((await t.task(demo, task, { id: declined.id })).message).toBe(
        'This quote was already declined',
      );
    }
    expect((await t.task(support, 'price_quote', { id: declined.id, ...PRICE })).message).toBe(
      'This quote was already declined: it cannot be priced again',
    );
    const ordered = await priced();
    await t.task(demo, 'accept_quote', { id: ordered.id });
    const jobsAfterOrder = await rowCount(db(), 'jobs');
    expect((await t.task(demo, 'accept_quote', { id: ordered.id })).message).toBe(
      'This quote was already ordered',
    );
    expect(await rowCount(db(), 'jobs')).toBe(jobsAfterOrder);
    expect(jobsAfterOrder).toBe(jobsBefore + 2);
    for (const id of [unpriced.id, old.id]) expect((await quoteRow(id)).progress).toBe(0);
  });

  it('declining a request not yet priced withdraws it', async () => {
    const q = await request();
    const res = await t.task(demo, 'decline_quote', { id: q.id });
    expect(res.data.quote).toMatchObject({ status: 'withdrawn', progress: 1 });
    const declined = await t.task(demo, 'get_quotes', { view: 'declined' });
    expect(declined.data.quotes.map((x: any) => x.id)).toContain(q.id);
  });
});

describe('closing an order', () => {
  it('support sets the outcome only from Ordered; a reversed sale cancels its open jobs', async () => {
    const q = await priced();
    expect((await t.task(support, 'set_order_progress', { id: q.id, progress: 3 })).message).toBe(
      'Only an order in progress (Ordered) can be closed; this one is Undecided',
    );
    expect((await t.task(support, 'set_order_progress', { id: q.id, progress: 2 })).message).toBe(
      'progress: must be Completed (3), Not Able to Complete (4) or Reversed Sale (5)',
    );
    await t.task(demo, 'accept_quote', { id: q.id });
    expect((await t.task(demo, 'set_order_progress', { id: q.id, progress: 5 })).result).toBe(3);
    const res = await t.task(support, 'set_order_progress', { id: q.id, progress: 5 });
    expect(res.data.quote.progress).toBe(5);
    expect(res.data.quote.jobs.map((j: any) => j.status)).toEqual(['cancelled', 'cancelled']);
    expect((await t.task(support, 'set_order_progress', { id: q.id, progress: 3 })).message).toBe(
      'Only an order in progress (Ordered) can be closed; this one is Reversed Sale',
    );
    expect((await t.task(demo, 'decline_quote', { id: q.id })).message).toBe(
      'This order is already closed (Reversed Sale)',
    );
  });
});

describe('the contract', () => {
  it('prints the plan, the amounts, the term and the vehicles of a priced quote', async () => {
    const q = await priced();
    const res = await t.task(demo, 'get_quote_contract', { id: q.id });
    expect(res.result, res.message).toBe(0);
    const c = res.data.quote_contract;
    expect(c.client_name).toBe('Demo Fleet');
    expect(c.quote.id).toBe(q.id);
    expect(c.terms).toContain(`Service agreement for quote ${q.reference}`);
    expect(c.terms).toContain('on the Full service, on a Contract plan');
    expect(c.terms).toContain('R\u00a01\u00a0500.50 once-off, and R\u00a0299.00 a month');
    expect(c.terms).toContain('The contract runs for 36 months');
    expect(c.terms).toContain(
      '1. Isuzu NPR truck (KLM 123 GP): small truck, value R340000 - R425000',
    );
    expect(c.terms).toContain(`this price holds until ${PRICE.valid_until}`);
    const unpriced = await request();
    expect((await t.task(demo, 'get_quote_contract', { id: unpriced.id })).message).toBe(
      'This quote has no price yet: its contract is ready once it is priced',
    );
  });
});

describe('lists and tenancy', () => {
  it('lists newest first with paging; views and filters narrow it', async () => {
    const a = await request();
    const b = await request();
    const page = await t.task(demo, 'get_quotes', { page_size: 2 });
    expect(page.data.quotes.map((x: any) => x.id)).toEqual([b.id, a.id]);
    expect(page.data.count).toBeGreaterThan(2);
    expect(page.data.page_count).toBe(Math.ceil(page.data.count / 2));
    const waiting = await t.task(demo, 'get_quotes', { view: 'quotes', status: 'requested' });
    expect(
      waiting.data.quotes.every((x: any) => x.status === 'requested' && x.progress === 0),
    ).toBe(true);
    const orders = await t.task(demo, 'get_quotes', { view: 'orders' });
    expect(orders.data.quotes.every((x: any) => x.progress >= 2)).toBe(true);
  });

  it("support sees every client's quotes with the client, and narrows to one", async () => {
    const mine = await request(other);
    const all = await t.task(support, 'get_quotes', { page_size: 500 });
    const clients = new Set(all.data.quotes.map((x: any) => x.client.name));
    expect(clients).toEqual(new Set(['Demo Fleet', 'Other Fleet']));
    const one = await t.task(support, 'get_quotes', { cid: mine.client.cid, page_size: 500 });
    expect(one.data.quotes.map((x: any) => x.client.name)).toEqual(
      one.data.quotes.map(() => 'Other Fleet'),
    );
  });

  it("another client's quote answers not found to every task, and stays as it was", async () => {
    const q = await priced();
    const before = JSON.stringify(await quoteRow(q.id));
    for (const task of ['get_quote', 'accept_quote', 'decline_quote', 'get_quote_contract']) {
      const res = await t.task(other, task, { id: q.id });
      expect([task, res.result, res.message]).toEqual([task, 1, 'Quote not found']);
    }
    const edit = await t.task(other, 'set_quote', { ...REQUEST, id: q.id });
    expect(edit.message).toBe('Quote not found');
    const list = await t.task(other, 'get_quotes', { cid: demoCid });
    expect(list.data.quotes).toEqual([]);
    expect(JSON.stringify(await quoteRow(q.id))).toBe(before);
  });
});
