// Routes (issue 10): create, read, list, edit and delete; bad input refused with the field named and
// nothing stored; the change log says which route points changed (SPEC §5, accuracy 2).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusMessages } from '../../src/live/bus';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let demo: string;
let other: string;
let lite: string;
let uids: number[];
let otherUid: number;
const published: BusMessages['places_changed'][] = [];

const depot = { lat: -26.2041, lon: 28.0473, name: 'Depot' };
const customer = { lat: -26.1076, lon: 28.0567, name: 'Sandton customer' };
const fuel = { lat: -26.15, lon: 28.1, name: 'Fuel stop' };
const yard = { lat: -25.7479, lon: 28.2293, name: 'Pretoria yard' };

const db = () => t.running.services.db.db;
const routeCount = async () =>
  Number(
    (
      await db()
        .selectFrom('routes')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const routeLogs = (roid: number) =>
  db()
    .selectFrom('change_logs')
    .select(['action', 'entity_type', 'description', 'username'])
    .where('entity_type', '=', 'Route')
    .where('entity_id', '=', String(roid))
    .orderBy('id')
    .execute();

beforeAll(async () => {
  t = await createTestApp();
  demo = await t.login('demo');
  other = await t.login('other');
  lite = await t.login('lite');
  uids = (await t.task(demo, 'get_unit_list_full')).data.units.map((u: any) => u.uid);
  otherUid = (await t.task(other, 'get_unit_list_full')).data.units[0].uid;
  t.running.services.bus.subscribe('places_changed', (m) => published.push(m));
});
afterAll(() => t.close());

describe('set_route and get_route', () => {
  let roid: number;

  it('makes a route of straight legs between its points, with legs, steps and units', async () => {
    const res = await t.task(demo, 'set_route', {
      name: 'Depot run',
      source: 'waypoints',
      origin: depot,
      destination: yard,
      waypoints: [customer, fuel],
      uids: [uids[0], uids[1]],
    });
    expect(res.result, res.message).toBe(0);
    const route = res.data.route;
    roid = route.roid;
    expect(route).toMatchObject({
      name: 'Depot run',
      display: true,
      source: 'waypoints',
      corridor: 500,
      origin: depot,
      destination: yard,
      waypoints: [customer, fuel],
      uids: [uids[0], uids[1]].sort((a, b) => a - b),
    });
    expect(route.colour).toMatch(/^#[0-9a-f]{6}$/);
    expect(route.legs).toHaveLength(3);
    expect(route.legs.map((l: any) => l.end.name)).toEqual([
      'Sandton customer',
      'Fuel stop',
      'Pretoria yard',
    ]);
    expect(route.legs[2].steps.at(-1).instruction).toBe('Arrive at Pretoria yard');
    // Depot → Sandton about 10.8 km, → fuel stop about 7 km, → Pretoria about 49 km.
    expect(route.distance).toBeGreaterThan(60_000);
    expect(route.distance).toBeLessThan(75_000);
    expect(route.polyline.length).toBeGreaterThan(60);
    expect(route.polyline_overview.length).toBeLessThan(route.polyline.length);
    expect(route.datetime).toBe(route.updated);
    const got = await t.task(demo, 'get_route', { roid });
    expect(got.data.route).toEqual(route);
    const row = await db()
      .selectFrom('routes')
      .selectAll()
      .where('roid', '=', roid)
      .executeTakeFirstOrThrow();
    // The box takes the corridor as its margin: 500 m is about 0.0045° of latitude.
    expect(row.min_lat).toBeCloseTo(-26.2041 - 0.0045, 3);
    expect(row.max_lat).toBeCloseTo(-25.7479 + 0.0045, 3);
    expect(await routeLogs(roid)).toEqual([
      { action: 'I', entity_type: 'Route', description: 'Added route Depot run', username: 'demo' },
    ]);
    const cid = (
      await db()
        .selectFrom('units')
        .select('client_id')
        .where('uid', '=', uids[0])
        .executeTakeFirstOrThrow()
    ).client_id;
    expect(published).toContainEqual({ client_id: cid });
  });

  it('says in the change log which route points changed at 2 decimals, and keeps datetime', async () => {
    const before = (await t.task(demo, 'get_route', { roid })).data.route;
    const res = await t.task(demo, 'set_route', {
      roid,
      name: 'Depot run',
      source: 'waypoints',
      // Moved by 0.0004°: the same at 2 decimals, so unchanged.
      origin: { ...depot, lat: -26.2045 },
      destination: yard,
      // The first waypoint renamed, the second moved 0.03° east.
      waypoints: [
        { ...customer, name: 'Sandton client' },
        { ...fuel, lon: 28.13 },
      ],
      uids: [uids[0]],
    });
    expect(res.result, res.message).toBe(0);
    expect(res.data.route.datetime).toBe(before.datetime);
    expect(res.data.route.uids).toEqual([uids[0]]);
    expect(res.data.route.distance).not.toBe(before.distance);
    expect((await routeLogs(roid)).at(-1)).toMatchObject({
      action: 'E',
      description: 'Edited route Depot run: waypoint 1, waypoint 2, units changed',
    });
    const moved = await t.task(demo, 'set_route', {
      roid,
      name: 'Depot run',
      source: 'waypoints',
      origin: { ...depot, lat: -26.21 },
      destination: yard,
      waypoints: [{ ...customer, name: 'Sandton client' }],
      uids: [uids[0]],
    });
    expect(moved.result, moved.message).toBe(0);
    expect((await routeLogs(roid)).at(-1)?.description).toBe(
      'Edited route Depot run: origin changed; waypoint 2 removed',
    );
  });

  it('takes a drawn path as given; its ends become the origin and destination', async () => {
    const path = [
      { lat: -26.2041, lon: 28.0473 },
      { lat: -26.2041, lon: 28.0573 },
      { lat: -26.1941, lon: 28.0573 },
    ];
    const res = await t.task(demo, 'set_route', {
      name: 'Drawn loop',
      source: 'drawn',
      origin: { lat: -26.3, lon: 28.3, name: 'Start' },
      destination: { lat: -26.3, lon: 28.3, name: 'End' },
      path,
      corridor: 200,
    });
    expect(res.result, res.message).toBe(0);
    expect(res.data.route.polyline).toEqual(path);
    expect(res.data.route.origin).toEqual({ ...path[0], name: 'Start' });
    expect(res.data.route.destination).toEqual({ ...path[2], name: 'End' });
    expect(res.data.route.legs[0].steps.map((s: any) => s.instruction)).toEqual([
      'Head east',
      'Turn left',
      'Arrive at End',
    ]);
    expect(res.data.route.uids).toEqual([]);
  });
});

describe('get_routes', () => {
  it('lists by name ascending with paging and search, without legs or the full path', async () => {
    for (const name of ['beta xq', 'Alpha xq', 'Charlie xq', 'alpha xq 2']) {
      const res = await t.task(demo, 'set_route', {
        name,
        source: 'waypoints',
        origin: depot,
        destination: customer,
        uids: [uids[2]],
      });
      expect(res.result, res.message).toBe(0);
    }
    const all = await t.task(demo, 'get_routes', { search: 'XQ' });
    const names = all.data.routes.map((r: any) => r.name);
    expect(names).toEqual(['Alpha xq', 'alpha xq 2', 'beta xq', 'Charlie xq']);
    expect(all.data.count).toBe(4);
    expect(all.data.routes[0].legs).toBeUndefined();
    expect(all.data.routes[0].polyline).toBeUndefined();
    expect(all.data.routes[0].polyline_overview.length).toBeGreaterThanOrEqual(2);
    expect(all.data.routes[0].uids).toEqual([uids[2]]);
    const page2 = await t.task(demo, 'get_routes', { search: 'xq', page: 2, page_size: 3 });
    expect(page2.data).toMatchObject({ count: 4, page_count: 2 });
    expect(page2.data.routes.map((r: any) => r.name)).toEqual(['Charlie xq']);
    // Another client sees none of them.
    const theirs = await t.task(other, 'get_routes', { page_size: 500 });
    const mine = new Set(all.data.routes.map((r: any) => r.roid));
    expect(theirs.data.routes.filter((r: any) => mine.has(r.roid))).toEqual([]);
  });

  it('answers only the assigned units the user may see', async () => {
    const made = await t.task(demo, 'set_route', {
      name: 'Shared run',
      source: 'waypoints',
      origin: depot,
      destination: customer,
      uids: [uids[3], uids[4]],
    });
    expect(made.result, made.message).toBe(0);
    const password = 'Route-Viewer-2026!';
    const user = await t.task(demo, 'set_user', {
      username: 'route.viewer',
      display_name: 'Route viewer',
      user_type: 'lite',
      roles: ['feature_routes_view'],
      password,
    });
    expect(user.result, user.message).toBe(0);
    const assigned = await t.task(demo, 'set_user_units', {
      nid: user.data.user.nid,
      all_units: false,
      uids: [uids[3]],
    });
    expect(assigned.result, assigned.message).toBe(0);
    const viewer = await t.login('route.viewer', password);
    const seen = (await t.task(viewer, 'get_routes', { search: 'Shared' })).data.routes;
    expect(seen.map((r: any) => r.uids)).toEqual([[uids[3]]]);
    expect(
      (await t.task(viewer, 'get_route', { roid: made.data.route.roid })).data.route.uids,
    ).toEqual([uids[3]]);
    // Reading is not editing.
    expect((await t.task(viewer, 'delete_route', { roid: made.data.route.roid })).result).toBe(3);
    // The live map's routes toggle reads them with feature_realtime alone (the lite user).
    expect((await t.task(lite, 'get_routes', { search: 'Shared' })).data.routes).toHaveLength(1);
  });
});

describe('bad input', () => {
  const valid = {
    name: 'Valid run',
    source: 'waypoints',
    origin: depot,
    destination: customer,
  };

  it('refuses each with the field named and stores nothing', async () => {
    const before = await routeCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ origin: { lat: -91, lon: 28 } }, 'origin.lat: latitude must be between -90 and 90'],
      [
        { waypoints: [{ lat: -26, lon: 181 }] },
        'waypoints.0.lon: longitude must be between -180 and 180',
      ],
      [{ name: 'Depot <run>' }, 'name: must not contain'],
      [{ name: 'Depot; run' }, 'name: must not contain'],
      [{ uids: [otherUid] }, `uids: unit ${otherUid} was not found`],
      [{ uids: [uids[0], 99999] }, 'uids: unit 99999 was not found'],
      [{ source: 'drawn' }, 'path: is required for a drawn route'],
      [{ destination: depot }, 'path: the route has no length'],
      [{ name: 'depot RUN' }, 'name: a route with this name already exists'],
      [{ corridor: 5 }, 'corridor: corridor must be at least 10 metres'],
      [
        {
          source: 'drawn',
          path: [depot, customer],
          waypoints: [{ lat: -26.15, lon: 28.3 }],
        },
        'waypoints.0: is 24',
      ],
    ];
    for (const [change, message] of cases) {
      const res = await t.task(demo, 'set_route', { ...valid, ...change });
      expect(res.result, JSON.stringify(change)).toBe(1);
      expect(res.message).toContain(message);
    }
    expect(await routeCount()).toBe(before);
  });

  it("answers another client's roid exactly like a missing one and changes nothing", async () => {
    const mine = (await t.task(demo, 'get_routes', { search: 'Depot run' })).data.routes[0];
    const snapshot = await db()
      .selectFrom('routes')
      .selectAll()
      .where('roid', '=', mine.roid)
      .executeTakeFirstOrThrow();
    for (const [task, params] of [
      ['get_route', { roid: mine.roid }],
      ['delete_route', { roid: mine.roid }],
      ['set_route', { ...valid, roid: mine.roid }],
      ['get_route_progress', { roid: mine.roid }],
    ] as const) {
      const foreign = await t.task(other, task, params);
      const missing = await t.task(other, task, { ...params, roid: 987654 });
      expect(foreign.message, task).toBe('roid: route not found');
      expect(foreign).toEqual({ ...missing, ref: foreign.ref });
    }
    expect(
      await db().selectFrom('routes').selectAll().where('roid', '=', mine.roid).executeTakeFirst(),
    ).toEqual(snapshot);
  });

  it('refuses writes without the edit role', async () => {
    const res = await t.task(lite, 'set_route', valid);
    expect(res.result).toBe(3);
  });
});

describe('delete_route', () => {
  it('removes the route and its units, logs it, and tells the pipeline', async () => {
    const made = await t.task(demo, 'set_route', {
      name: 'Short lived',
      source: 'waypoints',
      origin: depot,
      destination: customer,
      uids: [uids[5]],
    });
    const roid = made.data.route.roid;
    published.length = 0;
    const res = await t.task(demo, 'delete_route', { roid });
    expect(res.result).toBe(0);
    expect((await t.task(demo, 'get_route', { roid })).message).toBe('roid: route not found');
    expect(
      await db().selectFrom('route_units').selectAll().where('route_id', '=', roid).execute(),
    ).toEqual([]);
    expect((await routeLogs(roid)).at(-1)).toMatchObject({
      action: 'D',
      description: 'Deleted route Short lived',
    });
    expect(published).toHaveLength(1);
  });
});
