// Geofence locations through /api/call: create, read, update and delete a point and a polygon,
// the list's order, search and pages, every bad input of issue 10 (refused, nothing stored), the
// change log, the places_changed message and the roles.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let demo: string;
let other: string;
let demoCid: number;

const JHB = { lat: -26.2041, lon: 28.0473 };
/** A small square in Cape Town (about 1 km a side), anticlockwise. */
const CPT_SQUARE = [
  { lat: -33.92, lon: 18.42 },
  { lat: -33.92, lon: 18.43 },
  { lat: -33.91, lon: 18.43 },
  { lat: -33.91, lon: 18.42 },
];

const db = () => t.running.services.db.db;

async function locationCount(): Promise<number> {
  const { n } = await db()
    .selectFrom('locations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

async function changeLogs(entityId: number) {
  return db()
    .selectFrom('change_logs')
    .selectAll()
    .where('entity_type', '=', 'Location')
    .where('entity_id', '=', String(entityId))
    .orderBy('id')
    .execute();
}

beforeAll(async () => {
  t = await createTestApp();
  demo = await t.login('demo');
  other = await t.login('other');
  demoCid = (
    await db()
      .selectFrom('clients')
      .select('cid')
      .where('name', '=', 'Demo Fleet')
      .executeTakeFirstOrThrow()
  ).cid;
});
afterAll(() => t.close());

describe('locations', () => {
  it('creates, reads, updates and deletes a point location, with change-log rows', async () => {
    const published: number[] = [];
    const stop = t.running.services.bus.subscribe('places_changed', (m) =>
      published.push(m.client_id),
    );
    const created = await t.task(demo, 'set_location', {
      name: 'Main Depot',
      type: 'point',
      geofence: [JHB],
      radius: 250,
      address: '1 Main Rd, Johannesburg & Co',
    });
    expect(created.result).toBe(0);
    const loc = created.data.location;
    expect(loc).toMatchObject({
      name: 'Main Depot',
      type: 'point',
      geofence: [JHB],
      lat: JHB.lat,
      lon: JHB.lon,
      lng: JHB.lon,
      radius: 250,
      colour: '#7b1fa2',
      address: '1 Main Rd, Johannesburg & Co',
      notes: '',
    });
    expect(Date.parse(loc.updated)).toBeGreaterThan(Date.now() - 60_000);

    // The bounding box holds the circle: 250 m is about 0.00225 degrees of latitude.
    const row = await db()
      .selectFrom('locations')
      .selectAll()
      .where('lid', '=', loc.lid)
      .executeTakeFirstOrThrow();
    expect(row.client_id).toBe(demoCid);
    expect(row.max_lat - row.min_lat).toBeCloseTo(2 * (250 / 111_195), 4);
    expect(row.min_lon).toBeLessThan(JHB.lon - 0.0025);

    const read = await t.task(demo, 'get_location', { lid: loc.lid });
    expect(read.data.location).toEqual(loc);

    const edited = await t.task(demo, 'set_location', {
      lid: loc.lid,
      name: 'Main Depot North',
      type: 'point',
      geofence: [{ lat: -26.1, lon: 28.1 }],
      radius: 80,
      colour: '#1565c0',
    });
    expect(edited.result).toBe(0);
    expect(edited.data.location).toMatchObject({
      lid: loc.lid,
      name: 'Main Depot North',
      radius: 80,
      lat: -26.1,
      colour: '#1565c0',
      // absent: kept
      address: '1 Main Rd, Johannesburg & Co',
    });

    expect((await t.task(demo, 'delete_location', { lid: loc.lid })).result).toBe(0);
    expect((await t.task(demo, 'get_location', { lid: loc.lid })).message).toBe(
      'Location not found',
    );
    const logs = await changeLogs(loc.lid);
    expect(logs.map((l) => l.action)).toEqual(['I', 'E', 'D']);
    expect(logs[0].description).toContain('Main Depot');
    expect(logs[1].description).toContain('Main Depot North');
    expect(logs[2].description).toContain('Main Depot North');
    stop();
    expect(published).toEqual([demoCid, demoCid, demoCid]);
  });

  it('stores a polygon without its closing point, centred on its vertices', async () => {
    const res = await t.task(demo, 'set_location', {
      name: 'Cape Town Yard',
      type: 'polygon',
      geofence: [...CPT_SQUARE, CPT_SQUARE[0]],
      radius: 500,
      notes: 'Gate on the east side',
    });
    expect(res.result).toBe(0);
    const loc = res.data.location;
    expect(loc.geofence).toEqual(CPT_SQUARE);
    expect(loc.radius).toBeNull();
    expect(loc.lat).toBeCloseTo(-33.915, 9);
    expect(loc.lon).toBeCloseTo(18.425, 9);
    const row = await db()
      .selectFrom('locations')
      .selectAll()
      .where('lid', '=', loc.lid)
      .executeTakeFirstOrThrow();
    expect([row.min_lat, row.min_lon, row.max_lat, row.max_lon]).toEqual([
      -33.92, 18.42, -33.91, 18.43,
    ]);
    expect(row.radius).toBeNull();
    // Another client sees none of it and cannot change it.
    expect((await t.task(other, 'get_location', { lid: loc.lid })).message).toBe(
      'Location not found',
    );
    const list = await t.task(other, 'get_locations', { search: 'Cape Town Yard' });
    expect(list.data.count).toBe(0);
    await t.task(demo, 'delete_location', { lid: loc.lid });
  });

  it('keeps an address or notes of digits only as text', async () => {
    const res = await t.task(demo, 'set_location', {
      name: 'Number Depot',
      type: 'point',
      geofence: [JHB],
      radius: '150',
      address: '12',
      notes: '0042',
    });
    expect(res.result, res.message).toBe(0);
    expect(res.data.location).toMatchObject({ radius: 150, address: '12', notes: '0042' });
    await t.task(demo, 'delete_location', { lid: res.data.location.lid });
  });

  it('lists by name ascending, searches by name case-insensitively and pages', async () => {
    // Other Fleet without the demo data's places, so that the whole list is known.
    const otherCid = (
      await db()
        .selectFrom('clients')
        .select('cid')
        .where('name', '=', 'Other Fleet')
        .executeTakeFirstOrThrow()
    ).cid;
    await db().deleteFrom('locations').where('client_id', '=', otherCid).execute();
    const names = ['zulu Stop', 'Alpha Depot', 'bravo Yard', 'Charlie 100% Depot', 'delta_Depot'];
    const lids: number[] = [];
    for (const [i, name] of names.entries()) {
      const clean = name.replace('%', 'pct');
      const res = await t.task(other, 'set_location', {
        name: clean,
        type: 'point',
        geofence: [{ lat: -26 - i / 100, lon: 28 }],
        radius: 100,
      });
      expect(res.result, res.message).toBe(0);
      lids.push(res.data.location.lid);
    }
    const all = await t.task(other, 'get_locations', { page_size: 500 });
    const listed = all.data.locations.map((l: any) => l.name);
    expect(listed).toEqual([
      'Alpha Depot',
      'bravo Yard',
      'Charlie 100pct Depot',
      'delta_Depot',
      'zulu Stop',
    ]);
    const found = await t.task(other, 'get_locations', { search: 'DEPOT' });
    expect(found.data.locations.map((l: any) => l.name)).toEqual([
      'Alpha Depot',
      'Charlie 100pct Depot',
      'delta_Depot',
    ]);
    expect(found.data.count).toBe(3);
    // '_' is a letter here, not a wildcard.
    const underscore = await t.task(other, 'get_locations', { search: 'a_d' });
    expect(underscore.data.locations.map((l: any) => l.name)).toEqual(['delta_Depot']);
    const page2 = await t.task(other, 'get_locations', { page: 2, page_size: 2 });
    expect(page2.data).toMatchObject({ count: 5, page_count: 3 });
    expect(page2.data.locations.map((l: any) => l.name)).toEqual([
      'Charlie 100pct Depot',
      'delta_Depot',
    ]);
    for (const lid of lids) await t.task(other, 'delete_location', { lid });
  });

  it('refuses a name another location of the client has, but not one of another client', async () => {
    const a = await t.task(demo, 'set_location', {
      name: 'Shared Name',
      type: 'point',
      geofence: [JHB],
      radius: 100,
    });
    const before = await locationCount();
    const dup = await t.task(demo, 'set_location', {
      name: 'shared name',
      type: 'point',
      geofence: [JHB],
      radius: 100,
    });
    expect(dup).toMatchObject({
      result: 1,
      message: 'name: a location with this name already exists',
    });
    expect(await locationCount()).toBe(before);
    // Saving a location under its own name is no clash.
    const same = await t.task(demo, 'set_location', {
      lid: a.data.location.lid,
      name: 'Shared Name',
      type: 'point',
      geofence: [JHB],
      radius: 120,
    });
    expect(same.result).toBe(0);
    const elsewhere = await t.task(other, 'set_location', {
      name: 'Shared Name',
      type: 'point',
      geofence: [JHB],
      radius: 100,
    });
    expect(elsewhere.result).toBe(0);
    await t.task(demo, 'delete_location', { lid: a.data.location.lid });
    await t.task(other, 'delete_location', { lid: elsewhere.data.location.lid });
  });

  const point = { name: 'Bad Input', type: 'point', geofence: [JHB], radius: 100 };
  const polygon = { name: 'Bad Input', type: 'polygon', geofence: CPT_SQUARE };
  const bad: [string, Record<string, unknown>, RegExp][] = [
    [
      'latitude out of range',
      { ...point, geofence: [{ lat: -91, lon: 28 }] },
      /^geofence\.0\.lat: latitude must be between -90 and 90/,
    ],
    [
      'longitude out of range',
      { ...point, geofence: [{ lat: -26, lon: 181 }] },
      /^geofence\.0\.lon: longitude must be between -180 and 180/,
    ],
    [
      'a polygon vertex out of range',
      { ...polygon, geofence: [...CPT_SQUARE.slice(0, 3), { lat: -33.9, lon: 200 }] },
      /^geofence\.3\.lon: longitude/,
    ],
    [
      'a self-crossing polygon',
      { ...polygon, geofence: [CPT_SQUARE[0], CPT_SQUARE[2], CPT_SQUARE[1], CPT_SQUARE[3]] },
      /^geofence: the polygon must not cross itself/,
    ],
    [
      'a polygon of 2 points',
      { ...polygon, geofence: CPT_SQUARE.slice(0, 2) },
      /^geofence: the polygon needs at least 3 points/,
    ],
    [
      'a triangle closed on itself (2 distinct points)',
      { ...polygon, geofence: [CPT_SQUARE[0], CPT_SQUARE[1], CPT_SQUARE[0]] },
      /^geofence: the polygon needs at least 3 points/,
    ],
    ['radius 0', { ...point, radius: 0 }, /^radius: radius must be above 0 metres/],
    ['a negative radius', { ...point, radius: -5 }, /^radius: radius must be above 0 metres/],
    [
      'no radius for a point',
      { ...point, radius: undefined },
      /^radius: is required for a point location/,
    ],
    [
      'special characters in the name',
      { ...point, name: 'Depot <North>' },
      /^name: must not contain any of/,
    ],
    [
      'a semicolon in the name',
      { ...point, name: 'Depot; drop' },
      /^name: must not contain any of/,
    ],
    ['an empty name', { ...point, name: '   ' }, /^name: is required/],
    [
      'special characters in the notes',
      { ...point, notes: 'call @ gate' },
      /^notes: must not contain any of/,
    ],
    ['a bad colour', { ...point, colour: 'purple' }, /^colour: must be a colour like/],
  ];
  it.each(bad)(
    'refuses %s with a message naming the field, storing nothing',
    async (_, params, message) => {
      const before = await locationCount();
      const res = await t.task(demo, 'set_location', params);
      expect(res.result).toBe(1);
      expect(res.message).toMatch(message);
      expect(await locationCount()).toBe(before);
    },
  );

  it("answers another client's lid like a missing one and changes nothing", async () => {
    const theirs = await t.task(demo, 'set_location', {
      name: 'Demo Only',
      type: 'point',
      geofence: [JHB],
      radius: 100,
    });
    const lid = theirs.data.location.lid;
    const before = await locationCount();
    for (const [task, params] of [
      ['get_location', { lid }],
      ['delete_location', { lid }],
      ['set_location', { ...point, lid, name: 'Hijacked' }],
    ] as const) {
      const res = await t.task(other, task, params);
      const missing = await t.task(other, task, { ...params, lid: 987654 });
      expect(res).toMatchObject({ result: 1, message: 'Location not found' });
      expect({ ...res, ref: null }).toEqual({ ...missing, ref: null });
    }
    expect(await locationCount()).toBe(before);
    expect((await t.task(demo, 'get_location', { lid })).data.location.name).toBe('Demo Only');
    await t.task(demo, 'delete_location', { lid });
  });

  it('reads with the view roles and refuses writes without feature_locations_edit', async () => {
    const made = await t.task(demo, 'set_user', {
      username: 'viewer',
      password: 'Viewer-pass-1234',
      user_type: 'full',
      roles: ['feature_locations_view', 'general_change_password'],
    });
    expect(made.result, made.message).toBe(0);
    const viewer = await t.login('viewer', 'Viewer-pass-1234');
    expect((await t.task(viewer, 'get_locations', {})).result).toBe(0);
    expect((await t.task(viewer, 'get_kml', {})).result).toBe(0);
    const before = await locationCount();
    const write = await t.task(viewer, 'set_location', point);
    expect(write.result).toBe(3);
    expect((await t.task(viewer, 'import_kml', { kml: '<kml/>' })).result).toBe(3);
    expect(await locationCount()).toBe(before);
    // Support staff read every client's locations but do not edit them.
    const support = await t.login('support');
    expect((await t.task(support, 'get_locations', {})).result).toBe(0);
    expect((await t.task(support, 'set_location', point)).result).toBe(3);
  });
});
