// The demo's fleet records (issue 12): vehicle details, drivers' licences (some expiring soon,
// one expired), contacts by rank, the labels and fleets that group the vehicles, and a panic
// remote, seen through the tasks; stored once, never again on a later start, and added once to a
// demo that predates them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Person } from '@fleet/common';
import { seedDemo } from '../../src/demo/seed';
import { addMissingDemoFleet } from '../../src/demo/seed-fleet';
import { now } from '../../src/clock';
import { clientIdOf } from '../support/fleet-records';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let demo: string;
let demoCid: number;

const db = () => t.running.services.db.db;
const DAY = 86_400_000;

/** Row counts of what the fleet seed writes, for one client. */
async function counts(clientId: number) {
  const n = async (table: 'tags' | 'unit_tags' | 'fleets' | 'fleet_units' | 'remotes') =>
    Number(
      (
        await db()
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .where('client_id', '=', clientId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    tags: await n('tags'),
    unit_tags: await n('unit_tags'),
    fleets: await n('fleets'),
    fleet_units: await n('fleet_units'),
    remotes: await n('remotes'),
  };
}

beforeAll(async () => {
  t = await createTestApp();
  demo = await t.login('demo');
  demoCid = await clientIdOf(db(), 'Demo Fleet');
});
afterAll(() => t.close());

describe('demo fleet records', () => {
  it('describes every demo vehicle: make, model, year, VIN, colour, fuel and tank', async () => {
    const units = await db()
      .selectFrom('units')
      .selectAll()
      .where('client_id', '=', demoCid)
      .execute();
    expect(units).toHaveLength(40);
    for (const u of units) {
      expect(u.make, u.name).not.toBe('');
      expect(u.model, u.name).not.toBe('');
      expect(u.year!, u.name).toBeGreaterThanOrEqual(2014);
      expect(u.vin, u.name).toMatch(/^[A-HJ-NPR-Z0-9]{17}$/);
      expect(u.colour, u.name).not.toBe('');
    }
    expect(new Set(units.map((u) => u.vin)).size).toBe(40);
    const trailer = units.find((u) => u.vehicle_class_ref === 'trailer')!;
    expect([trailer.fuel_type, trailer.tank_size]).toEqual(['', null]);
    const hino = units.find((u) => u.name.startsWith('Hino'))!;
    expect([hino.make, hino.fuel_type, hino.tank_size]).toEqual(['Hino', 'diesel', 200]);
  });

  it('gives the drivers licences, some expiring within 30 days and one expired', async () => {
    const res = await t.task(demo, 'get_people', { drivers_only: true, sort: 'licence_expiry' });
    const drivers = res.data.people as Person[];
    expect(drivers).toHaveLength(8);
    const today = new Date(now()).toISOString().slice(0, 10);
    const soon = new Date(now() + 30 * DAY).toISOString().slice(0, 10);
    const licences = drivers.map((d) => d.licence_expiry!);
    expect(licences.filter((d) => d < today)).toHaveLength(1);
    expect(licences.filter((d) => d >= today && d <= soon).length).toBeGreaterThanOrEqual(2);
    const prdp = drivers.map((d) => d.prdp_expiry).filter((d): d is string => d !== null);
    expect(prdp.filter((d) => d >= today && d <= soon).length).toBeGreaterThanOrEqual(2);
    expect(drivers.every((d) => d.driver_tag && d.licence_class !== 'unknown')).toBe(true);
    // Every driver is some vehicle's default driver.
    expect(drivers.every((d) => d.current_vehicle !== null)).toBe(true);
    const detail = (await t.task(demo, 'get_person', { pid: drivers[0].pid })).data.person;
    expect(detail.licence_number).toMatch(/^[A-Z0-9]+$/);
    expect(detail.id_number).toMatch(/^\d{13}$/);
  });

  it('ranks the contacts: the business owner first, fleet manager, billing, emergency', async () => {
    const contacts = (await t.task(demo, 'get_contacts')).data.contacts as Person[];
    expect(contacts.map((c) => [c.rank, c.name, c.contact_roles[0]])).toEqual([
      [1, 'Anita Naidoo', 'business_owner'],
      [2, 'David Smith', 'fleet_manager'],
      [3, 'Zanele Mahlangu', 'billing_accounts'],
      [4, 'Kobus Steyn', 'emergency_contact'],
    ]);
    expect(contacts[3].contact_roles).toContain('no_afterhours_contact');
  });

  it('groups the vehicles by coloured labels and two fleets, and pairs a panic remote', async () => {
    const tags = await db()
      .selectFrom('tags')
      .leftJoin('unit_tags', 'unit_tags.tag_id', 'tags.tgid')
      .select(['tags.name', 'tags.colour', (eb) => eb.fn.count('unit_tags.unit_id').as('n')])
      .where('tags.client_id', '=', demoCid)
      .groupBy(['tags.name', 'tags.colour'])
      .execute();
    const byName = new Map(tags.map((x) => [x.name, x]));
    for (const [name, colour] of [
      ['Gauteng', '#2f54eb'],
      ['Refrigerated', '#13c2c2'],
      ['Night shift', '#722ed1'],
    ]) {
      expect(byName.get(name)?.colour, name).toBe(colour);
      expect(Number(byName.get(name)?.n), name).toBeGreaterThan(0);
    }
    // Gauteng: the Johannesburg and Pretoria half of the fleet.
    expect(Number(byName.get('Gauteng')!.n)).toBe(20);
    // The rules' labels are still there, once each.
    expect(tags.filter((x) => x.name === 'Heavy vehicles')).toHaveLength(1);
    const fleets = await db()
      .selectFrom('fleets')
      .innerJoin('fleet_units', 'fleet_units.fleet_id', 'fleets.fid')
      .select(['fleets.name', (eb) => eb.fn.countAll().as('n')])
      .where('fleets.client_id', '=', demoCid)
      .groupBy('fleets.name')
      .orderBy('fleets.name')
      .execute();
    expect(fleets.map((f) => f.name)).toEqual(['City deliveries', 'Long haul']);
    const remote = await db()
      .selectFrom('remotes')
      .innerJoin('people', 'people.pid', 'remotes.holder_pid')
      .select(['remotes.remote_id', 'remotes.unit_id', 'people.first_name'])
      .where('remotes.client_id', '=', demoCid)
      .execute();
    expect(remote).toEqual([
      expect.objectContaining({ remote_id: 'PB-70A1-0001', first_name: 'Anita' }),
    ]);
  });

  it('stores them once: a later start adds nothing and changes nothing', async () => {
    const before = await counts(demoCid);
    const units = await db().selectFrom('units').selectAll().orderBy('uid').execute();
    const people = await db().selectFrom('people').selectAll().orderBy('pid').execute();
    expect(await seedDemo(db())).toBe(false);
    expect(await addMissingDemoFleet(db())).toBe(0);
    expect(await counts(demoCid)).toEqual(before);
    expect(await db().selectFrom('units').selectAll().orderBy('uid').execute()).toEqual(units);
    expect(await db().selectFrom('people').selectAll().orderBy('pid').execute()).toEqual(people);
  });

  it('adds them once to a demo that predates them, reusing labels and fleets it has', async () => {
    // A demo from before issue 12: no remote, no vehicle details, one of the labels already.
    await db().deleteFrom('remotes').where('client_id', '=', demoCid).execute();
    await db().updateTable('units').set({ make: '' }).where('client_id', '=', demoCid).execute();
    await db().deleteFrom('fleets').where('client_id', '=', demoCid).execute();
    await db()
      .deleteFrom('tags')
      .where('client_id', '=', demoCid)
      .where('name', 'in', ['Refrigerated', 'Night shift'])
      .execute();
    const gauteng = await db()
      .selectFrom('tags')
      .select('tgid')
      .where('client_id', '=', demoCid)
      .where('name', '=', 'Gauteng')
      .executeTakeFirstOrThrow();
    // Demo Fleet only: Other Fleet has its records.
    expect(await addMissingDemoFleet(db())).toBe(1);
    const after = await counts(demoCid);
    expect(after.remotes).toBe(1);
    expect(after.fleets).toBe(2);
    const labels = await db()
      .selectFrom('tags')
      .select(['tgid', 'name'])
      .where('client_id', '=', demoCid)
      .where('name', 'in', ['Gauteng', 'Refrigerated', 'Night shift'])
      .execute();
    expect(labels).toHaveLength(3);
    expect(labels.find((l) => l.name === 'Gauteng')!.tgid).toBe(gauteng.tgid);
    expect(await addMissingDemoFleet(db())).toBe(0);
    expect(await counts(demoCid)).toEqual(after);
  });
});
