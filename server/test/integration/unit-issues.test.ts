// The unit issues page (issue 12): each of the client's units with what is wrong with it, from
// hand-made unit states: silent, never reported, no GPS fix, low or cut vehicle supply (12 and
// 24 V), a GT06's own battery faults (SPEC §3), a driver tag nobody has (in any spelling), and
// several issues of one unit. Each issue says what was seen, what to do and the satellites.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SilentUnitIssue, UnitIssue } from '@fleet/common';
import { now } from '../../src/clock';
import { clientIdOf, unitsOf } from '../support/fleet-records';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let demo: string;
let demoCid: number;
/** Demo Fleet's units in data.ts order (uid order). */
let uids: number[];
let issues: SilentUnitIssue[];

const db = () => t.running.services.db.db;
const MIN = 60_000;

/** Unit i reports now, with these state values. */
async function live(i: number, values: Record<string, unknown>) {
  const at = now() - MIN;
  await db()
    .updateTable('unit_state')
    .set({ fix_time: at, server_time: at, power: 13.8, attributes: '{}', ...values })
    .where('unit_id', '=', uids[i])
    .execute();
}

async function event(i: number, type: string, ago: number) {
  await db()
    .insertInto('device_events')
    .values({
      unit_id: uids[i],
      client_id: demoCid,
      time: now() - ago,
      type,
      lat: null,
      lon: null,
      speed: null,
      attributes: '{}',
    })
    .execute();
}

const of = (i: number) => issues.filter((x) => x.uid === uids[i]);
const kinds = (i: number) => of(i).map((x) => x.issue);

beforeAll(async () => {
  t = await createTestApp();
  demo = await t.login('demo');
  demoCid = await clientIdOf(db(), 'Demo Fleet');
  uids = (await unitsOf(db(), demoCid)).map((u) => u.uid);
  const people = await db()
    .selectFrom('people')
    .select(['pid', 'first_name'])
    .where('client_id', '=', demoCid)
    .execute();
  const thandi = people.find((p) => p.first_name === 'Thandi')!.pid;

  await live(0, { power: 11.2 });
  await live(1, { power: 0.2 });
  await live(2, { power: 22.1 });
  await live(3, { power: 24.6 });
  await live(4, { attributes: JSON.stringify({ sat: 2 }) });
  await live(5, { attributes: JSON.stringify({ batteryLevel: 33, charge: 0 }) });
  await live(6, { attributes: JSON.stringify({ noFix: 1, sat: 0 }) });
  await live(8, {});
  await event(8, 'power_cut', 2 * 3600_000);
  // A cut supply wire (Teltonika unplug with the supply input still live) is a power cut too.
  await live(9, {});
  await event(9, 'supply_cut', 3600_000);
  await live(10, {});
  await event(10, 'power_cut', 3 * 3600_000);
  await event(10, 'power_restored', 2 * 3600_000);
  await live(11, { attributes: JSON.stringify({ driverUniqueId: 'DEADBEEF01' }) });
  // Sipho's tag as a tracker spells it, not yet resolved: not unknown.
  await live(12, { attributes: JSON.stringify({ driverUniqueId: '00000000A1B2C301' }) });
  await live(13, {
    attributes: JSON.stringify({ driverUniqueId: '00000000A1B2C302' }),
    driver_id: thandi,
  });
  await db().deleteFrom('unit_state').where('unit_id', '=', uids[14]).execute();
  await live(15, {
    power: 11,
    attributes: JSON.stringify({ sat: 1, driverUniqueId: '0BADC0DE' }),
  });
  // GT06 trackers (units 36-39): their own battery's level (0-6, stored as %) and charging flag.
  await live(36, { attributes: JSON.stringify({ batteryLevel: 33, charge: 0 }) });
  await live(37, { attributes: JSON.stringify({ batteryLevel: 16, charge: 1 }) });
  await live(38, { attributes: JSON.stringify({ batteryLevel: 100, charge: 0 }) });
  await live(39, { attributes: JSON.stringify({ batteryLevel: 83, charge: 1 }) });

  const res = await t.task(demo, 'get_unit_issues');
  expect(res.result, res.message).toBe(0);
  issues = res.data.unit_issues;
});
afterAll(() => t.close());

describe('get_unit_issues', () => {
  it('lists units with low, 24 V low and missing vehicle supply, a cut in the last day', () => {
    expect(of(0)).toEqual([
      expect.objectContaining({
        issue: 'Low battery',
        detail: 'vehicle supply 11.2 V',
        action: "Have the vehicle's battery and charging system checked",
        satellites: null,
      }),
    ]);
    expect(of(1)).toEqual([
      expect.objectContaining({ issue: 'Battery unplugged', detail: 'vehicle supply 0.2 V' }),
    ]);
    expect(of(2)).toEqual([
      expect.objectContaining({ issue: 'Low battery', detail: 'vehicle supply 22.1 V' }),
    ]);
    expect(of(3)).toEqual([]);
    expect(of(8)).toEqual([
      expect.objectContaining({ issue: 'Battery unplugged', detail: 'power cut 2 hours ago' }),
    ]);
    expect(of(9)).toEqual([
      expect.objectContaining({ issue: 'Battery unplugged', detail: 'power cut 1 hour ago' }),
    ]);
    // Cut and restored: nothing.
    expect(of(10)).toEqual([]);
  });

  it('lists no GPS fix with the satellites seen', () => {
    expect(of(4)).toEqual([
      expect.objectContaining({
        issue: 'No GPS fix',
        detail: '2 satellites at the last fix',
        satellites: 2,
      }),
    ]);
    expect(of(6)).toEqual([
      expect.objectContaining({
        issue: 'No GPS fix',
        detail: 'the last position had no valid GPS fix',
        satellites: 0,
      }),
    ]);
  });

  it('lists a driver tag nobody has, in any spelling, and tells where to add it', () => {
    expect(of(11)).toEqual([
      expect.objectContaining({
        issue: 'Unknown driver tag',
        detail: "tag DEADBEEF01 is nobody's",
        action: 'Add the tag to a driver on the Drivers page',
      }),
    ]);
    expect(of(12)).toEqual([]);
    expect(of(13)).toEqual([]);
  });

  it('lists a unit that never reported, and silent units with their last report', () => {
    expect(of(14)).toEqual([
      expect.objectContaining({
        issue: 'No data received',
        detail: 'never reported',
        last_seen: null,
      }),
    ]);
    // The demo's other units last reported a day or more ago (the seed), so they are silent.
    expect(of(20)).toEqual([
      expect.objectContaining({
        issue: 'Not connecting',
        detail: expect.stringMatching(/^last report \d+ days? ago$/),
        action: "Check the tracker's power and SIM; call support if it stays silent",
      }),
    ]);
    expect(of(20)[0].last_seen).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('lists every issue of one unit, in the order of the kinds', () => {
    expect(kinds(15)).toEqual(['No GPS fix', 'Low battery', 'Unknown driver tag']);
    expect(of(15).every((x) => x.satellites === 1 && x.device_id && x.protocol)).toBe(true);
  });

  it('reports the battery faults of SPEC §3 for GT06 trackers only', () => {
    expect(of(36)).toEqual([
      expect.objectContaining({ issue: 'battery level 2', detail: 'level 2 of 6' }),
    ]);
    expect(of(37)).toEqual([
      expect.objectContaining({ issue: 'battery charging', detail: 'level 1 of 6, charging' }),
    ]);
    expect(kinds(38)).toEqual(['not charging']);
    expect(of(39)).toEqual([]);
    // A Teltonika unit's battery percentage is not a GT06 level.
    expect(of(5)).toEqual([]);
  });

  it("shows a client only its own units; support users every client's, named", async () => {
    const theirs: UnitIssue[] = (await t.task(await t.login('other'), 'get_unit_issues')).data
      .unit_issues;
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.every((x) => 'uid' in x && !uids.includes(x.uid))).toBe(true);
    expect(theirs.some((x) => 'client_name' in x)).toBe(false);
    const support: UnitIssue[] = (await t.task(await t.login('support'), 'get_unit_issues')).data
      .unit_issues;
    const units = support.filter((x): x is SilentUnitIssue => x.issue !== 'Unknown device');
    // The demo client's issues, as its own users read them, with its name; the other client's too.
    const mine: UnitIssue[] = (await t.task(await t.login('demo'), 'get_unit_issues')).data
      .unit_issues;
    expect(units.filter((x) => uids.includes(x.uid))).toEqual(
      mine.map((x) => ({ ...x, client_name: 'Demo Fleet' })),
    );
    expect(units.filter((x) => x.client_name === 'Other Fleet')).toEqual(
      theirs.map((x) => ({ ...x, client_name: 'Other Fleet' })),
    );
    expect(units.every((x) => typeof x.client_name === 'string')).toBe(true);
    expect((await t.task(await t.login('lite'), 'get_unit_issues')).result).toBe(3);
  });
});
