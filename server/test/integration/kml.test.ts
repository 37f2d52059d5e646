// KML through /api/call: export a client's locations, import them into another client (same
// shapes), the dry run's preview, and the refusals of a malformed or unsuitable file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { MAX_KML_CHARS } from '@fleet/common';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let demo: string;
let other: string;
let otherCid: number;

const db = () => t.running.services.db.db;

async function count(table: 'locations' | 'change_logs', clientId?: number): Promise<number> {
  let q = db()
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'));
  if (clientId !== undefined) q = q.where('client_id', '=', clientId);
  const { n } = await q.executeTakeFirstOrThrow();
  return Number(n);
}

const kmlOf = (placemarks: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2"><Document>${placemarks}</Document></kml>`;

/** An irregular polygon in Soweto with coordinates that need every digit. */
const POLYGON = [
  { lat: -26.2678912345678, lon: 27.8584512345678 },
  { lat: -26.2601234567891, lon: 27.8701987654321 },
  { lat: -26.2523456789012, lon: 27.8652111111111 },
  { lat: -26.2550999999999, lon: 27.8523000000001 },
];

beforeAll(async () => {
  t = await createTestApp();
  demo = await t.login('demo');
  other = await t.login('other');
  otherCid = (
    await db()
      .selectFrom('clients')
      .select('cid')
      .where('name', '=', 'Other Fleet')
      .executeTakeFirstOrThrow()
  ).cid;
});
afterAll(() => t.close());

describe('KML', () => {
  it('round trip: export one client, import into another, same shapes', async () => {
    const made = [
      {
        name: 'KML Depot',
        type: 'point',
        geofence: [{ lat: -26.204123456789, lon: 28.047312345678 }],
        radius: 312.5,
        colour: '#c62828',
        address: 'Unit 4 & 5, Main Rd',
        notes: 'Gate code at reception\nTrucks use the back entrance',
      },
      { name: 'KML Soweto Yard', type: 'polygon', geofence: POLYGON, colour: '#2e7d32' },
      {
        name: 'KML Tom & Jerry',
        type: 'point',
        geofence: [{ lat: -33.92, lon: 18.42 }],
        radius: 50,
        address: 'Shop 3 & 4 <Gardens>'.replace(/[<>]/g, ''),
      },
    ];
    for (const m of made) {
      const res = await t.task(demo, 'set_location', m);
      expect(res.result, res.message).toBe(0);
    }
    const exported = await t.task(demo, 'get_kml', {});
    expect(exported.result).toBe(0);
    const kml: string = exported.data.kml;
    expect(exported.data.count).toBeGreaterThanOrEqual(3);
    expect(kml).toContain('<name>KML Tom &amp; Jerry</name>');
    expect(kml).toContain('Unit 4 &amp; 5, Main Rd');
    expect(kml).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
    // #c62828 in KML's aabbggrr
    expect(kml).toContain('<color>ff2828c6</color>');
    expect(kml).toContain('<Data name="radius"><value>312.5</value></Data>');

    // The other client sees none of Demo Fleet's locations in its own export.
    const theirs = await t.task(other, 'get_kml', {});
    expect(theirs.data.kml).not.toContain('KML Depot');

    // Other Fleet starts without locations (the demo data may give it some of the same names).
    await db().deleteFrom('locations').where('client_id', '=', otherCid).execute();
    const before = await count('locations', otherCid);
    const imported = await t.task(other, 'import_kml', { kml });
    expect(imported.result, imported.message).toBe(0);
    expect(imported.data.refused).toEqual([]);
    expect(imported.data.dry_run).toBe(false);
    const exportedCount = exported.data.count;
    expect(imported.data.created).toHaveLength(exportedCount);
    expect(await count('locations', otherCid)).toBe(before + exportedCount);

    const list = (await t.task(other, 'get_locations', { search: 'KML', page_size: 500 })).data
      .locations;
    for (const m of made) {
      const got = list.find((l: any) => l.name === m.name);
      expect(got, m.name).toBeDefined();
      expect(got.type).toBe(m.type);
      expect(got.colour).toBe(m.colour ?? '#7b1fa2');
      expect(got.address).toBe(m.address ?? '');
      expect(got.notes).toBe(m.notes ?? '');
      expect(got.radius).toBe(m.type === 'point' ? m.radius : null);
      expect(got.geofence).toHaveLength(m.geofence.length);
      got.geofence.forEach((p: any, i: number) => {
        expect(Math.abs(p.lat - m.geofence[i].lat)).toBeLessThan(1e-9);
        expect(Math.abs(p.lon - m.geofence[i].lon)).toBeLessThan(1e-9);
      });
    }
    // One change-log row per created location.
    const logs = await db()
      .selectFrom('change_logs')
      .selectAll()
      .where('client_id', '=', otherCid)
      .where('description', 'like', '%imported from KML%')
      .execute();
    expect(logs).toHaveLength(exportedCount);
    expect(logs.every((l) => l.action === 'I' && l.entity_type === 'Location')).toBe(true);

    // Importing the same file again refuses every placemark: the names exist.
    const again = await t.task(other, 'import_kml', { kml, dry_run: true });
    expect(again.data.created).toEqual([]);
    expect(again.data.refused).toHaveLength(exportedCount);
    expect(again.data.refused[0].reason).toBe('name: a location with this name already exists');
  });

  it('a dry run lists what would be created and refused, and stores nothing', async () => {
    const kml = kmlOf(`
      <Placemark><name>Dry Point</name><ExtendedData><Data name="radius"><value>750</value></Data></ExtendedData>
        <Point><coordinates>28.1,-26.1,0</coordinates></Point></Placemark>
      <Placemark><Point><coordinates>28.2,-26.2</coordinates></Point></Placemark>
      <Placemark><name>Dry Line</name><LineString><coordinates>28,-26 28.1,-26.1</coordinates></LineString></Placemark>
      <Placemark><name>Dry Bow Tie</name><Polygon><outerBoundaryIs><LinearRing><coordinates>
        28,-26 28.1,-26.1 28.1,-26 28,-26.1 28,-26</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark>
      <Placemark><name>Dry Holes</name><Polygon>
        <outerBoundaryIs><LinearRing><coordinates>28,-26 28.1,-26 28.1,-26.1 28,-26.1 28,-26</coordinates></LinearRing></outerBoundaryIs>
        <innerBoundaryIs><LinearRing><coordinates>28.02,-26.02 28.03,-26.02 28.03,-26.03 28.02,-26.02</coordinates></LinearRing></innerBoundaryIs>
      </Polygon></Placemark>
      <Placemark><name>Dry (North) Depot!</name><MultiGeometry><Polygon><outerBoundaryIs><LinearRing><coordinates>
        28,-26 28.01,-26 28.01,-26.01 28,-26</coordinates></LinearRing></outerBoundaryIs></Polygon></MultiGeometry></Placemark>
      <Placemark><name>Dry Two</name><MultiGeometry><Point><coordinates>28,-26</coordinates></Point><Point><coordinates>28.1,-26</coordinates></Point></MultiGeometry></Placemark>
      <Placemark><name>Dry Point</name><Point><coordinates>28.3,-26.3</coordinates></Point></Placemark>
      <Placemark><name>Dry Far</name><Point><coordinates>28.3,-96.3</coordinates></Point></Placemark>
      <Placemark><name>Dry Huge</name><ExtendedData><Data name="radius"><value>200000</value></Data></ExtendedData><Point><coordinates>28.4,-26.4</coordinates></Point></Placemark>
      <Placemark><name>Dry Empty</name></Placemark>`);
    const before = await count('locations');
    const logsBefore = await count('change_logs');
    const published: number[] = [];
    const stop = t.running.services.bus.subscribe('places_changed', (m) =>
      published.push(m.client_id),
    );
    const res = await t.task(other, 'import_kml', { kml, dry_run: true });
    expect(res.result, res.message).toBe(0);
    expect(res.data.dry_run).toBe(true);
    expect(res.data.created).toEqual([
      { name: 'Dry Point', type: 'point', points: 1 },
      { name: 'Placemark 2', type: 'point', points: 1 },
      // Special characters are taken out of names (they become spaces, then collapse).
      { name: 'Dry North Depot', type: 'polygon', points: 3 },
      { name: 'Dry Huge', type: 'point', points: 1 },
    ]);
    expect(res.data.refused).toEqual([
      { name: 'Dry Line', reason: 'a line is not a location (import lines as routes)' },
      { name: 'Dry Bow Tie', reason: 'geofence: the polygon must not cross itself' },
      { name: 'Dry Holes', reason: 'polygons with holes are not supported' },
      {
        name: 'Dry Two',
        reason: expect.stringMatching(/2 shapes is not one location/),
      },
      { name: 'Dry Point', reason: 'name: the file has another placemark with this name' },
      { name: 'Dry Far', reason: 'geofence.0.lat: latitude must be between -90 and 90' },
      { name: 'Dry Empty', reason: 'the placemark has no point or polygon' },
    ]);
    expect(await count('locations')).toBe(before);
    expect(await count('change_logs')).toBe(logsBefore);

    // The same file for real: the same four are created, with their radius (an absent or
    // unusable one is 100 m).
    expect(published).toEqual([]);
    const real = await t.task(other, 'import_kml', { kml });
    expect(real.data.created).toEqual(res.data.created);
    // One message for the whole file.
    expect(published).toEqual([otherCid]);
    stop();
    expect(await count('locations')).toBe(before + 4);
    const made = (await t.task(other, 'get_locations', { search: 'Dry', page_size: 500 })).data
      .locations;
    expect(Object.fromEntries(made.map((l: any) => [l.name, l.radius]))).toEqual({
      'Dry Point': 750,
      'Dry North Depot': null,
      'Dry Huge': 100,
    });
    const unnamed = (await t.task(other, 'get_locations', { search: 'Placemark 2' })).data;
    expect(unnamed.locations[0]).toMatchObject({ lat: -26.2, lon: 28.2, radius: 100 });
  });

  const CUT =
    '<Placemark><name>Cut</name><Point><coordinates>28,-26</coordinates></Point></Placemark>';
  const malformed: [string, string, RegExp][] = [
    [
      'XML truncated after a placemark',
      kmlOf(CUT).replace('</Document></kml>', ''),
      /^kml: the file is not valid KML \(unclosed xml tag\(s\): kml, Document\)$/,
    ],
    [
      'XML truncated inside a tag',
      kmlOf(CUT).slice(0, -25),
      /^kml: the file is not valid KML \(end tag name contains invalid characters: "Pl"\)$/,
    ],
    ['not XML at all', 'name,lat,lon\nDepot,-26.2,28.05\n', /^kml: the file is not valid KML \(/],
    [
      'mismatched tags',
      '<kml><Document><Placemark></Document></kml>',
      /^kml: the file is not valid KML \(/,
    ],
    [
      'XML that is not KML',
      '<?xml version="1.0"?><gpx><wpt lat="-26" lon="28"/></gpx>',
      /^kml: the file is not valid KML \(its root element is <gpx>, not <kml>\)$/,
    ],
  ];
  it.each(malformed)('refuses %s as a whole and stores nothing', async (_, kml, message) => {
    const before = await count('locations');
    for (const dry_run of [true, false]) {
      const res = await t.task(other, 'import_kml', { kml, dry_run });
      expect(res.result).toBe(1);
      expect(res.message).toMatch(message);
    }
    expect(await count('locations')).toBe(before);
  });

  it('refuses an empty file and a file of more than 5,000 placemarks', async () => {
    expect((await t.task(other, 'import_kml', { kml: '' })).message).toBe('kml: kml is empty');
    const many = kmlOf(
      '<Placemark><Point><coordinates>28,-26</coordinates></Point></Placemark>'.repeat(5001),
    );
    const before = await count('locations');
    const res = await t.task(other, 'import_kml', { kml: many });
    expect(res).toMatchObject({
      result: 1,
      message: 'kml: the file has 5001 placemarks; at most 5000 can be imported at once',
    });
    expect(await count('locations')).toBe(before);
  });

  it('takes a file of several megabytes (detailed polygons), and refuses one over 5 MB', async () => {
    // 400 polygons of 200 vertices each, written with every digit: about 3 MB, over the 1 MB the
    // rest of the server accepts per request.
    const ring = (k: number) =>
      Array.from({ length: 200 }, (_, i) => {
        const a = (2 * Math.PI * i) / 200;
        return `${(18 + k / 100 + 0.001 * Math.cos(a)).toFixed(12)},${(-33 + 0.001 * Math.sin(a)).toFixed(12)}`;
      }).join(' ');
    const marks = Array.from(
      { length: 400 },
      (_, k) =>
        `<Placemark><name>Detailed ${k}</name><Polygon><outerBoundaryIs><LinearRing><coordinates>${ring(k)}</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark>`,
    ).join('\n');
    const big = kmlOf(marks);
    expect(big.length).toBeGreaterThan(2_500_000);
    const res = await t.task(other, 'import_kml', { kml: big, dry_run: true });
    expect(res.result, res.message).toBe(0);
    expect(res.data.created).toHaveLength(400);
    const tooBig = await t.task(other, 'import_kml', { kml: kmlOf(' '.repeat(MAX_KML_CHARS)) });
    expect(tooBig).toMatchObject({ result: 1, message: 'kml: the file may be at most 5 MB' });
  });

  it('stores all of a file or none: a failure at placemark 700 leaves nothing behind', async () => {
    const { db: kdb, dialect } = t.running.services.db;
    // A database trigger refuses one name, after the first 500 rows went in (inserts are sliced).
    if (dialect === 'postgres') {
      await sql`create or replace function kml_boom() returns trigger as $$
        begin if new.name = 'Boom 700' then raise exception 'boom'; end if; return new; end
        $$ language plpgsql`.execute(kdb);
      await sql`create trigger kml_boom before insert on locations for each row execute function kml_boom()`.execute(
        kdb,
      );
    } else {
      await sql`create trigger kml_boom before insert on locations when new.name = 'Boom 700'
        begin select raise(abort, 'boom'); end`.execute(kdb);
    }
    try {
      const marks = Array.from(
        { length: 800 },
        (_, i) =>
          `<Placemark><name>Boom ${i}</name><Point><coordinates>${28 + i / 10000},-26.7</coordinates></Point></Placemark>`,
      ).join('');
      const before = await count('locations');
      const logsBefore = await count('change_logs');
      const res = await t.task(other, 'import_kml', { kml: kmlOf(marks) });
      expect(res.result).toBe(1);
      expect(await count('locations')).toBe(before);
      expect(await count('change_logs')).toBe(logsBefore);
    } finally {
      await sql`drop trigger kml_boom${sql.raw(dialect === 'postgres' ? ' on locations' : '')}`.execute(
        kdb,
      );
    }
  });

  it('imports 5,000 placemarks in one go, each logged, within a few seconds', async () => {
    const marks = Array.from(
      { length: 5000 },
      (_, i) =>
        `<Placemark><name>Bulk ${i}</name><Point><coordinates>${28 + i / 10000},-26.5</coordinates></Point></Placemark>`,
    ).join('');
    const before = await count('locations', otherCid);
    const started = Date.now();
    const res = await t.task(other, 'import_kml', { kml: kmlOf(marks) });
    expect(res.result, res.message).toBe(0);
    expect(res.data.created).toHaveLength(5000);
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(await count('locations', otherCid)).toBe(before + 5000);
    const logs = await db()
      .selectFrom('change_logs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('client_id', '=', otherCid)
      .where('description', 'like', 'Location Bulk % imported from KML')
      .executeTakeFirstOrThrow();
    expect(Number(logs.n)).toBe(5000);
  });
});
