// Fleet coverage (issue 9 item 8): the database counts moving positions into grid cells; the
// answer accounts for every one of them, says when the cell list was cut, and never counts
// another client's positions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveSession } from '../../src/auth/sessions';
import { Tenant } from '../../src/tasks/tenant';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let demo: string;
let other: string;
let demoA: number;
let demoB: number;
let otherUnit: number;

const DAY = Date.UTC(2025, 0, 15);
const range = { from: new Date(DAY).toISOString(), to: new Date(DAY + 86400_000).toISOString() };
// Cell centres 0.005° apart: one cell each.
const PLACES = {
  depot: [-26.2, 28.05],
  highway: [-26.1, 28.1],
  town: [-25.75, 28.2],
} as const;

let seq = 0;
async function drive(uid: number, [lat, lon]: readonly [number, number], n: number, speed = 60) {
  const rows = Array.from({ length: n }, () => {
    seq += 1;
    // Within 0.001° of the place: the same 0.005° cell.
    const jitter = ((seq % 7) - 3) * 0.0002;
    return {
      unit_id: uid,
      fix_time: DAY + 3600_000 + seq * 10_000,
      server_time: DAY + 3600_000 + seq * 10_000,
      lat: lat + jitter,
      lon: lon - jitter,
      speed,
      course: 90,
      altitude: null,
      satellites: 9,
      valid: 1,
      ignition: 1,
      odometer: 0,
      attributes: '{}',
    };
  });
  await t.running.services.db.db.insertInto('positions').values(rows).execute();
}

async function unitOf(client: string, index: number) {
  const row = await t.running.services.db.db
    .selectFrom('units')
    .innerJoin('clients', 'clients.cid', 'units.client_id')
    .select('units.uid')
    .where('clients.name', '=', client)
    .orderBy('units.uid')
    .offset(index)
    .limit(1)
    .executeTakeFirstOrThrow();
  return row.uid;
}

beforeAll(async () => {
  t = await createTestApp();
  demo = await t.login('demo');
  other = await t.login('other');
  demoA = await unitOf('Demo Fleet', 0);
  demoB = await unitOf('Demo Fleet', 1);
  otherUnit = await unitOf('Other Fleet', 0);
  await drive(demoA, PLACES.depot, 12);
  await drive(demoA, PLACES.highway, 10);
  await drive(demoA, PLACES.town, 4);
  await drive(demoA, PLACES.town, 5, 0); // standing: not coverage
  await drive(demoB, PLACES.depot, 6);
  // Another client drives the same roads, far more.
  await drive(otherUnit, PLACES.depot, 50);
  await drive(otherUnit, PLACES.town, 40);
});
afterAll(() => t.close());

const sumOf = (cells: [number, number, number][]) => cells.reduce((n, c) => n + c[2], 0);

describe('get_coverage', () => {
  it("counts every moving position of the client's units into cells, busiest first", async () => {
    const res = await t.task(demo, 'get_coverage', range);
    expect(res.result).toBe(0);
    const { cells, points, truncated, left_out } = res.data;
    expect(points).toBe(12 + 10 + 4 + 6);
    expect(sumOf(cells)).toBe(points);
    expect(cells.map((c: number[]) => c[2])).toEqual([18, 10, 4]);
    expect(cells[0][0]).toBeCloseTo(PLACES.depot[0], 2);
    expect(cells[0][1]).toBeCloseTo(PLACES.depot[1], 2);
    expect(truncated).toBe(false);
    expect(left_out).toEqual({ cells: 0, points: 0 });
  });

  it('says what it left out when the fleet has more cells than the answer may carry', async () => {
    const res = await t.task(demo, 'get_coverage', { ...range, max_cells: 2 });
    expect(res.data).toMatchObject({
      points: 32,
      truncated: true,
      left_out: { cells: 1, points: 4 },
    });
    expect(res.data.cells.map((c: number[]) => c[2])).toEqual([18, 10]);
  });

  it('narrows to the units asked for', async () => {
    const res = await t.task(demo, 'get_coverage', { ...range, uids: [demoB] });
    expect(res.data).toMatchObject({ points: 6, units: 1 });
    expect(res.data.cells).toHaveLength(1);
  });

  it("never counts another client's positions, nor lets it ask for them", async () => {
    const mine = await t.task(other, 'get_coverage', range);
    expect(mine.data.points).toBe(90);
    expect(mine.data.cells.map((c: number[]) => c[2])).toEqual([50, 40]);
    const theirs = await t.task(other, 'get_coverage', { ...range, uids: [demoA] });
    expect(theirs).toMatchObject({ result: 1, message: 'Unit not found' });
    const mixed = await t.task(demo, 'get_coverage', { ...range, uids: [demoA, otherUnit] });
    expect(mixed.data.points).toBe(12 + 10 + 4);
  });

  it('positionsOf keeps the visible-unit check inside, whatever ids a caller passes', async () => {
    const db = t.running.services.db.db;
    const user = (await resolveSession(db, other, t.config.sessionTtlMs))!;
    const tenant = new Tenant(db, user);
    const count = async (uids: number[]) =>
      (await tenant.positionsOf(uids).select('positions.id').execute()).length;
    expect(await count([demoA, demoB])).toBe(0);
    expect(await count([otherUnit, demoA])).toBe(90);
    expect(await count([])).toBe(0);
  });
});
