// The demo's account data (issue 15): stored once with the rest of the demo, never again on a
// later start, and added once to a demo that predates it; Other Fleet's details lack the VAT
// number, so its "initial details" alert shows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/demo/seed';
import { addMissingDemoBilling } from '../../src/demo/seed-billing';
import { rowCount } from '../support/fleet-records';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;

const db = () => t.running.services.db.db;
const TABLES = ['client_details', 'account_entries', 'monthly_deals', 'surveys'] as const;
const counts = async () =>
  Object.fromEntries(await Promise.all(TABLES.map(async (n) => [n, await rowCount(db(), n)])));

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo account data', () => {
  it('seeds details, a ledger with an overdue amount, two deals and a survey', async () => {
    expect(await counts()).toEqual({
      client_details: 2,
      account_entries: 6 + 5 + 2 + 2,
      monthly_deals: 2,
      surveys: 1,
    });
    const alerts = async (user: string) =>
      (await t.task(await t.login(user), 'get_site_alerts')).data;
    expect(await alerts('demo')).toMatchObject({ initial_details: 0, details_update: 0 });
    expect(await alerts('other')).toMatchObject({ initial_details: 1, details_update: 0 });
  });

  it('stores it once: a later start adds nothing', async () => {
    const before = await counts();
    expect(await seedDemo(db())).toBe(false);
    expect(await addMissingDemoBilling(db())).toBe(false);
    expect(await counts()).toEqual(before);
  });

  it('adds it once to a demo that predates it', async () => {
    const before = await counts();
    for (const table of TABLES) await db().deleteFrom(table).execute();
    expect(await addMissingDemoBilling(db())).toBe(true);
    expect(await counts()).toEqual(before);
    expect(await addMissingDemoBilling(db())).toBe(false);
  });
});
