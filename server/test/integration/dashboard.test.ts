// The dashboard (issue 15) on a hand-made fleet at a pinned instant (10:00 in Johannesburg): the
// vehicle counts of SPEC §4 (active, deactivated, faults, movement), the totals of SPEC §1 for
// each day option matching the trips, events and speeding alerts written here (hidden units and
// parked entries left out, days cut at the user's midnight), the change against the period
// before, the alert cards from the business tables, and the drivers who may not drive.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetClock, setClock } from '../../src/clock';
import { createTestApp, type TestApp } from '../support/test-app';
import { addHandClient, addHandEvent, addHandTrip, addHandUnit } from '../support/hand-fleet';

const NOW = Date.parse('2026-03-10T10:00:00+02:00');
const HOUR = 3600_000;
const DAY = 24 * HOUR;
/** Midnight today in Johannesburg. */
const TODAY = Date.parse('2026-03-10T00:00:00+02:00');

let t: TestApp;
let token: string;
let cid: number;
const uid: Record<string, number> = {};
const db = () => t.running.services.db.db;

beforeAll(async () => {
  t = await createTestApp({ CLOCK_START: new Date(NOW).toISOString() });
  setClock({ start: NOW, rate: 0 });
  cid = await addHandClient(db(), 'Hand Fleet', [{ username: 'hand', type: 'full' }], NOW);
  // Moving now, parked, deactivated, hidden from the map, and one that never reported.
  uid.moving = await addHandUnit(
    db(),
    cid,
    { name: 'Moving', state: { park_state: 0, speed: 62, motion: 1, ignition: 1 } },
    NOW,
  );
  uid.parked = await addHandUnit(db(), cid, { name: 'Parked' }, NOW);
  uid.off = await addHandUnit(db(), cid, { name: 'Off', active: 2 }, NOW);
  uid.hidden = await addHandUnit(db(), cid, { name: 'Hidden', display: 0 }, NOW);
  uid.never = await addHandUnit(db(), cid, { name: 'Never', state: null }, NOW);

  // Today: two trips (10 km at 00:30, just after midnight local, and 5.5 km), a parked entry
  // (type 1) and a hidden unit's 100 km trip, which do not count.
  await addHandTrip(db(), cid, uid.moving, TODAY + 30 * 60_000, 10_000);
  await addHandTrip(db(), cid, uid.moving, TODAY + 8 * HOUR, 5_500);
  await addHandTrip(db(), cid, uid.moving, TODAY + 9 * HOUR, 0, 1);
  await addHandTrip(db(), cid, uid.hidden, TODAY + 7 * HOUR, 100_000);
  // Yesterday at 23:30 local (21:30 UTC today's date minus one): yesterday, not today.
  await addHandTrip(db(), cid, uid.parked, TODAY - 30 * 60_000, 20_000);
  // Yesterday after 10:00: in the 7-day period, but past the same point of the day before.
  await addHandTrip(db(), cid, uid.parked, TODAY - DAY + 15 * HOUR, 3_000);
  // Eight days ago: the period before the last 7 days.
  await addHandTrip(db(), cid, uid.parked, TODAY - 8 * DAY + 8 * HOUR, 7_000);

  await addHandEvent(db(), cid, uid.moving, 'harsh_braking', TODAY + 8 * HOUR);
  await addHandEvent(db(), cid, uid.moving, 'harsh_braking', TODAY + 8 * HOUR + 60_000);
  await addHandEvent(db(), cid, uid.moving, 'harsh_acceleration', TODAY - DAY + 7 * HOUR);
  await addHandEvent(db(), cid, uid.parked, 'harsh_cornering', TODAY + 9 * HOUR);
  await addHandEvent(db(), cid, uid.moving, 'ignition_on', TODAY + 7 * HOUR);
  await addHandEvent(db(), cid, uid.hidden, 'harsh_braking', TODAY + 7 * HOUR);
  const { rid } = await db()
    .insertInto('rules')
    .values({
      client_id: cid,
      name: 'Hand speeding',
      type: 'speeding',
      apply_type: 'all',
      apply_to: '[]',
      fid: null,
      param: JSON.stringify({ limit: 120, grace_s: 10 }),
      emails: '[]',
      sms: '[]',
      phones: '[]',
      days: '[1,2,3,4,5,6,7]',
      start_min: 0,
      end_min: 1440,
      active: 1,
      created: NOW,
      updated: NOW,
    })
    .returning('rid')
    .executeTakeFirstOrThrow();
  await db()
    .insertInto('rule_alerts')
    .values({
      client_id: cid,
      rule_id: rid,
      rule_name: 'Hand speeding',
      type: 'speeding',
      unit_id: uid.parked,
      time: TODAY + 6 * HOUR,
      end_time: TODAY + 6 * HOUR + 60_000,
      open: 0,
      lat: -26.1,
      lon: 28.05,
      speed: 131,
      evidence: '{}',
      created: NOW,
    })
    .execute();
  token = await t.login('hand');
});
afterAll(async () => {
  resetClock();
  await t.close();
});

const info = async (days: number) => {
  const res = await t.task(token, 'get_dashboard_info', { days });
  expect(res.result, res.message).toBe(0);
  return res.data;
};

describe('dashboard counting (SPEC §4)', () => {
  it('counts active and deactivated vehicles, the moving ones and the units with faults', async () => {
    const { counts } = await info(1);
    expect(counts).toMatchObject({
      active_vehicles: 4,
      deactivate_vehicles: 1,
      moving: 1,
    });
    const summary = (await t.task(token, 'get_dashboard_summary')).data;
    const byName = Object.fromEntries(summary.units.map((u: any) => [u.name, u]));
    expect(byName.Moving).toMatchObject({ active: true, moving: 0, speed: 62 });
    expect(byName.Parked).toMatchObject({ active: true, moving: 1 });
    expect(byName.Off.active).toBe(false);
    expect(byName.Never.faults.length).toBeGreaterThan(0);
    // The fault total is the units with faults, the same units the unit issues page lists.
    const faulty = summary.units.filter((u: any) => u.faults.length > 0).map((u: any) => u.uid);
    expect(counts.unit_faults_count).toBe(faulty.length);
    const issues = (await t.task(token, 'get_unit_issues')).data.unit_issues;
    expect(new Set(issues.map((i: any) => i.uid))).toEqual(new Set(faulty));
  });
});

describe('dashboard totals', () => {
  it('totals today: trips of displayed units only, events and speeding alerts', async () => {
    const d = await info(1);
    expect(d.totals).toEqual({
      trips: 2,
      distance: 15.5,
      speeding: 1,
      harsh_braking: 2,
      harsh_accelerating: 0,
      harsh_cornering: 1,
      equipment_on: 1,
    });
    expect(d.from).toBe(new Date(TODAY).toISOString());
    // Yesterday up to 10:00: the 07:00 harsh acceleration, not the trips after 10:00.
    expect(d.previous).toMatchObject({ trips: 0, distance: 0, harsh_accelerating: 1 });
    expect(d.series).toHaveLength(1);
    expect(d.units.map((u: any) => u.name)).toEqual(['Moving', 'Parked']);
  });

  it('splits 7 days at the user midnights and compares with the week before', async () => {
    const d = await info(7);
    expect(d.series).toHaveLength(7);
    expect(d.series[6]).toMatchObject({
      date: new Date(TODAY).toISOString(),
      trips: 2,
      distance: 15.5,
    });
    expect(d.series[5]).toMatchObject({ trips: 2, distance: 23, harsh_accelerating: 1 });
    expect(d.series.slice(0, 5).every((s: any) => s.trips === 0)).toBe(true);
    expect(d.totals).toMatchObject({ trips: 4, distance: 38.5 });
    expect(d.previous).toMatchObject({ trips: 1, distance: 7 });
    const sum = d.series.reduce((s: number, day: any) => s + day.harsh_braking, 0);
    expect(sum).toBe(d.totals.harsh_braking);
  });

  it('offers 1, 7, 14 and 30 days and refuses any other', async () => {
    for (const days of [14, 30]) expect((await info(days)).series).toHaveLength(days);
    const bad = await t.task(token, 'get_dashboard_info', { days: 5 });
    expect(bad.result).toBe(1);
    expect(bad.message).toMatch(/days.*1, 7, 14, 30/);
  });
});

describe('alert cards and drivers', () => {
  it('counts pending work approvals, orders in progress and open jobs by type', async () => {
    const base = { client_id: cid, requested_at: NOW };
    await db()
      .insertInto('work_approvals')
      .values([
        { ...base, reference: 'WA-1', title: 'Harness', status: 'pending' },
        { ...base, reference: 'WA-2', title: 'Relay', status: 'approved' },
      ])
      .execute();
    await db()
      .insertInto('quotes')
      .values([
        {
          ...base,
          reference: 'Q-1',
          price_plan: 1,
          service_type: 'full',
          progress: 2,
          updated: NOW,
        },
        {
          ...base,
          reference: 'Q-2',
          price_plan: 1,
          service_type: 'full',
          progress: 3,
          updated: NOW,
        },
      ])
      .execute();
    const job = (reference: string, job_type: string, status: string) => ({
      client_id: cid,
      reference,
      job_type,
      status,
      terms_accepted_at: NOW,
      created: NOW,
      updated: NOW,
    });
    await db()
      .insertInto('jobs')
      .values([
        job('J-1', 'installation', 'scheduled'),
        job('J-2', 'installation', 'requested'),
        job('J-3', 'repair', 'completed'),
        job('J-4', 'removal', 'in_progress'),
        job('J-5', 'transfer', 'cancelled'),
      ])
      .execute();
    const { counts } = await info(1);
    expect(counts).toMatchObject({
      work_approvals: 1,
      orders_processing: 1,
      scheduled_installations: 2,
      repairs: 0,
      removals: 1,
      transfers: 0,
    });
  });

  it('lists drivers, and those whose licence has expired may not drive', async () => {
    const person = (first_name: string, roles: number[], licence_expiry: number | null) => ({
      client_id: cid,
      first_name,
      surname: 'Hand',
      title: 'Mr',
      rank: 0,
      roles: JSON.stringify(roles),
      contact_roles: '[]',
      email: null,
      cellphone: null,
      licence_class: 'B',
      licence_expiry,
      prdp_expiry: null,
      driver_tag: null,
      created: NOW,
    });
    await db()
      .insertInto('people')
      .values([
        person('Valid', [0, 6], NOW + 30 * DAY),
        person('Expired', [0, 6], NOW - DAY),
        person('Manager', [0, 2], null),
        person('Gone', [6, 11], null),
      ])
      .execute();
    const { people } = (await t.task(token, 'get_dashboard_summary')).data;
    expect(people.map((p: any) => [p.name, p.drive_disable, p.reason])).toEqual([
      ['Expired Hand', true, 'Licence expired'],
      ['Valid Hand', false, null],
    ]);
    expect((await info(1)).counts.drivers).toBe(2);
  });
});
