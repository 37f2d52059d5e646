// The demo's places and routes (issue 10): seeded with the demo, seen through the tasks, never
// duplicated by another start, added once to a demo that predates them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/demo/seed';
import { DEMO_CLIENT_PLACES } from '../../src/demo/places';
import { demoRoutes } from '../../src/demo/routes';
import { DEMO_UNITS, OTHER_UNITS } from '../../src/demo/data';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.running.services.db.db;

async function clientId(name: string): Promise<number> {
  const row = await db()
    .selectFrom('clients')
    .select('cid')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.cid;
}

/** Locations, routes and route units of each demo client, by client name. */
async function counts() {
  const out: Record<string, [number, number, number]> = {};
  for (const name of ['Demo Fleet', 'Other Fleet', 'Tracking Provider']) {
    const cid = await clientId(name);
    const n = async (table: 'locations' | 'routes' | 'route_units') => {
      const row = await db()
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('client_id', '=', cid)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    };
    out[name] = [await n('locations'), await n('routes'), await n('route_units')];
  }
  return out;
}

const EXPECTED = {
  'Demo Fleet': [DEMO_CLIENT_PLACES.demo.length, 2, 3],
  'Other Fleet': [DEMO_CLIENT_PLACES.other.length, 2, 2],
  'Tracking Provider': [0, 0, 0],
};

describe('demo places and routes', () => {
  it('the demo user sees the places and the routes with their units', async () => {
    expect(await counts()).toEqual(EXPECTED);
    const token = await t.login('demo');
    const locations = await t.task(token, 'get_locations', { page: 1, page_size: 100 });
    expect(locations.result).toBe(0);
    const names = locations.data.locations.map((l: { name: string }) => l.name);
    expect(names).toContain('Johannesburg Main Depot');
    expect(names).toContain('Engen Heidelberg Truck Stop');
    expect(names).not.toContain('Pinetown Main Depot');
    const depot = locations.data.locations.find(
      (l: { name: string }) => l.name === 'Johannesburg Main Depot',
    );
    expect(depot).toMatchObject({ type: 'polygon', radius: null });
    expect(depot.geofence).toHaveLength(8);

    const routes = await t.task(token, 'get_routes', { page: 1, page_size: 100 });
    expect(routes.result).toBe(0);
    const villiers = routes.data.routes.find((r: { name: string }) => r.name === 'N3 Villiers Run');
    const answer = await t.task(token, 'get_route', { roid: villiers.roid });
    expect(answer.result).toBe(0);
    const route = answer.data.route;
    // The stored path is the one the simulator drives.
    expect(route.polyline).toEqual(demoRoutes('demo')[1].path);
    expect(route.legs).toHaveLength(2);
    const units = await db()
      .selectFrom('units')
      .select(['uid', 'name'])
      .where('uid', 'in', route.uids)
      .execute();
    expect(units.map((u) => u.name)).toEqual([DEMO_UNITS[20].name]);
    // A fresh demo's route units wait at their depot since before the simulator's history.
    const state = await db()
      .selectFrom('unit_state')
      .select(['lat', 'lon', 'fix_time'])
      .where('unit_id', '=', units[0].uid)
      .executeTakeFirstOrThrow();
    const { origin } = demoRoutes('demo')[1];
    expect({ lat: state.lat, lon: state.lon }).toEqual({ lat: origin.lat, lon: origin.lon });
    expect(Number(state.fix_time)).toBeLessThan(Date.now() - 7 * 86_400_000);

    const other = await t.login('other');
    const otherRoutes = await t.task(other, 'get_routes', { page: 1, page_size: 100 });
    expect(otherRoutes.data.routes.map((r: { name: string }) => r.name).sort()).toEqual([
      'Pietermaritzburg Run',
      'South Coast Run',
    ]);
    expect(OTHER_UNITS).toHaveLength(5);
  });

  it('another start adds nothing', async () => {
    expect(await seedDemo(db())).toBe(false);
    expect(await seedDemo(db())).toBe(false);
    expect(await counts()).toEqual(EXPECTED);
  });

  it('a demo from before places gets them once; one whose user deleted them keeps them deleted', async () => {
    const demo = await clientId('Demo Fleet');
    const other = await clientId('Other Fleet');
    for (const cid of [demo, other]) {
      await db().deleteFrom('route_units').where('client_id', '=', cid).execute();
      await db().deleteFrom('routes').where('client_id', '=', cid).execute();
      await db().deleteFrom('locations').where('client_id', '=', cid).execute();
    }
    // The Other Fleet's user deleted a location: the change log says so.
    await db()
      .insertInto('change_logs')
      .values({
        client_id: other,
        user_id: 0,
        username: 'other',
        datetimestamp: Date.now(),
        action: 'delete',
        entity_type: 'Location',
        entity_id: '1',
        description: 'Deleted location Pinetown Main Depot',
      })
      .execute();
    expect(await seedDemo(db())).toBe(false);
    expect(await seedDemo(db())).toBe(false);
    expect(await counts()).toEqual({ ...EXPECTED, 'Other Fleet': [0, 0, 0] });
  });
});
