// The Single Vehicles reports (issue 14 item 1) against a small client made by hand, in Asia/Kolkata
// (UTC+05:30, so the client's midnight is 18:30 UTC the day before): every figure below was worked
// out by hand from the rows this file writes. Distances on a meridian: 0.01° of latitude is
// 6378137 m × 0.01 × π/180 = 1113.19 m (SPEC §9: R = 6378137 m, km with 2 decimals).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportMapSection, ReportSection, ReportSummarySection } from '@fleet/common';
import { resolveSession } from '../../src/auth/sessions';
import { TaskContext } from '../../src/tasks/context';
import { buildReport } from '../../src/reports/run';
import type { ServerReportDoc } from '../../src/reports/model';
import { createTestApp, type TestApp } from '../support/test-app';
import { addHandClient, addHandUnit } from '../support/hand-fleet';
import { insertPerson } from '../support/people';
import { positionRow, tripRow } from '../support/raw-rows';

let t: TestApp;
let token: string;
let cid: number;
let uid: number;
let otherUid: number;

const db = () => t.running.services.db.db;
const Z = (s: string) => Date.parse(`${s}Z`);
const MIN = 60_000;
const DEPOT = { lat: -26.1, lon: 28.05 };
const SITE = { lat: -26.2, lon: 28.1 };
/** The period: three days in the client's zone, [2026-03-01T18:30Z, 2026-03-04T18:30Z). */
const PERIOD = ['2026-03-02', '2026-03-04'];

async function trip(
  unit: number,
  type: number,
  start: string,
  end: string,
  metres: number,
  maxSpeed: number,
  extra: { driver_id?: number; label?: string; from?: typeof DEPOT; to?: typeof DEPOT } = {},
) {
  const from = extra.from ?? DEPOT;
  const to = extra.to ?? (type === 0 ? SITE : from);
  await db()
    .insertInto('trips')
    .values({
      ...tripRow(unit, cid, Z(start), Z(end), {
        type,
        start_lat: from.lat,
        start_lon: from.lon,
        end_lat: to.lat,
        end_lon: to.lon,
        distance: metres,
        max_speed: maxSpeed,
        driver_id: extra.driver_id ?? null,
      }),
      label: extra.label ?? 'unlabeled',
    })
    .execute();
}

async function event(type: string, at: string, where = DEPOT, attributes = {}, ref = 0) {
  await db()
    .insertInto('device_events')
    .values({
      unit_id: uid,
      client_id: cid,
      time: Z(at),
      type,
      ...where,
      speed: 40,
      attributes: JSON.stringify(attributes),
      ref,
    })
    .execute();
}

async function location(name: string, where: typeof DEPOT, radius: number): Promise<number> {
  const d = radius / 111_000;
  const row = await db()
    .insertInto('locations')
    .values({
      client_id: cid,
      name,
      type: 'point',
      geofence: JSON.stringify([where]),
      ...where,
      radius,
      min_lat: where.lat - d,
      min_lon: where.lon - d * 1.2,
      max_lat: where.lat + d,
      max_lon: where.lon + d * 1.2,
      colour: '#1677ff',
      address: '',
      notes: '',
      created: 0,
      updated: 0,
    })
    .returning('lid')
    .executeTakeFirstOrThrow();
  return row.lid;
}

async function run(
  report: string,
  params: Record<string, unknown> = {},
  rowCap: number | null = null,
) {
  const user = (await resolveSession(db(), token, t.config.sessionTtlMs))!;
  const meta = {
    requestId: 'report-single',
    ip: '127.0.0.1',
    userAgent: 'vitest',
    channel: 'test',
  };
  const ctx = new TaskContext(db(), user, t.running.services, meta);
  const stages: number[] = [];
  const doc = await buildReport(
    ctx,
    { report, ids: [uid], ids_type: 'units', date_range: PERIOD, ...params },
    { rowCap, brand: { title: 'Test', logo: null }, progress: (done) => stages.push(done) },
  );
  expect(stages.every((d, i) => d >= 0 && d <= 1 && (i === 0 || d >= stages[i - 1]))).toBe(true);
  return doc;
}

const primary = (doc: ServerReportDoc) =>
  doc.sections.find((s) => s.kind === 'table' && s.primary) as Extract<
    ReportSection,
    { kind: 'table' }
  >;
const summary = (doc: ServerReportDoc) =>
  Object.fromEntries(
    (doc.sections.find((s) => s.kind === 'summary') as ReportSummarySection).items.map((i) => [
      i.label,
      i.value,
    ]),
  );
const chart = (doc: ServerReportDoc, title: string) =>
  doc.sections.find((s) => s.kind === 'chart' && s.title === title) as Extract<
    ReportSection,
    { kind: 'chart' }
  >;
const maps = (doc: ServerReportDoc) =>
  doc.sections.filter((s): s is ReportMapSection => s.kind === 'map');

beforeAll(async () => {
  t = await createTestApp();
  const at = Z('2026-01-01T00:00:00');
  cid = await addHandClient(
    db(),
    'Single Report Co',
    [{ username: 'singlerep', type: 'full' }],
    at,
  );
  await db()
    .updateTable('clients')
    .set({ timezone: 'Asia/Kolkata' })
    .where('cid', '=', cid)
    .execute();
  uid = await addHandUnit(db(), cid, { name: 'Bakkie' }, at);
  otherUid = await addHandUnit(db(), cid, { name: 'Truck' }, at);
  await db().updateTable('units').set({ tank_size: 45 }).where('uid', '=', uid).execute();
  token = await t.login('singlerep');
  const pid = await insertPerson(db(), cid, { first_name: 'Thabo', surname: 'Nkosi' });

  // Parked at the depot from before the period; three trips on 2 March (local), the last one from
  // 23:30 to 00:30 local (18:00-19:00 UTC), then parked past the period's end.
  await trip(uid, 1, '2026-03-01T12:00:00', '2026-03-02T03:30:00', 0, 0);
  await trip(uid, 0, '2026-03-02T03:30:00', '2026-03-02T04:00:00', 12_346, 95, {
    driver_id: pid,
    label: 'business',
  });
  await trip(uid, 1, '2026-03-02T04:00:00', '2026-03-02T10:00:00', 0, 0, { from: SITE });
  await trip(uid, 0, '2026-03-02T10:00:00', '2026-03-02T10:45:00', 20_000, 130, { from: SITE });
  await trip(uid, 1, '2026-03-02T10:45:00', '2026-03-02T18:00:00', 0, 0, { from: SITE });
  await trip(uid, 0, '2026-03-02T18:00:00', '2026-03-02T19:00:00', 30_000, 110, {
    from: SITE,
    to: DEPOT,
  });
  await trip(uid, 1, '2026-03-02T19:00:00', '2026-03-05T00:00:00', 0, 0);
  // The other unit's trip is not this report's.
  await trip(otherUid, 0, '2026-03-02T05:00:00', '2026-03-02T06:00:00', 99_000, 150);

  // Fixes of the second trip (10:00-10:24 UTC), due north 0.01° apart, speeds against 120 km/h:
  // above from 10:02 to 10:05 (back at 110), one fix above at 10:07 then a 13-minute gap, above
  // from 10:20 until 10:22 (exactly 120: not above).
  const fixes: [number, number][] = [
    [0, 80],
    [1, 100],
    [2, 125],
    [3, 130],
    [4, 121],
    [5, 110],
    [6, 90],
    [7, 122],
    [20, 125],
    [21, 124],
    [22, 120],
    [23, 60],
  ];
  await db()
    .insertInto('positions')
    .values(
      fixes.map(([minute, speed], i) =>
        positionRow(uid, Z('2026-03-02T10:00:00') + minute * MIN, {
          lat: -26 + i * 0.01,
          lon: 28.2,
          speed,
        }),
      ),
    )
    .execute();

  const depot = await location('Depot', DEPOT, 200);
  const site = await location('Client site', SITE, 300);
  await event(
    'location_enter',
    '2026-03-01T12:00:00',
    DEPOT,
    { derived: true, lid: depot, name: 'Depot' },
    depot,
  );
  await event(
    'location_exit',
    '2026-03-02T03:31:00',
    DEPOT,
    { derived: true, lid: depot, name: 'Depot' },
    depot,
  );
  await event('location_enter', '2026-03-02T10:20:00', SITE, { name: 'Client site' }, site);
  await event('location_exit', '2026-03-02T10:25:00', SITE, { name: 'Client site' }, site);
  await event('harsh_braking', '2026-03-02T10:30:00', { lat: -26.05, lon: 28.2 });
  await event('location_enter', '2026-03-02T19:00:00', DEPOT, { name: 'Depot' }, depot);
  await db()
    .insertInto('rule_alerts')
    .values({
      client_id: cid,
      rule_id: 1,
      rule_name: 'Highway speed',
      type: 'speeding',
      unit_id: uid,
      time: Z('2026-03-02T10:02:00'),
      end_time: Z('2026-03-02T10:05:00'),
      open: 0,
      lat: -25.98,
      lon: 28.2,
      speed: 130,
      evidence: JSON.stringify({ limit: 120, peak: 130, duration_s: 180 }),
      created: Z('2026-03-02T10:02:00'),
    })
    .execute();

  // Fuel: one fill before the period (odometer 10,000 km), then 50 L at 10,500 km (more than the
  // 45 L tank) and 40.5 L at 10,950 km. No tracker fixes near them: the card's odometer counts.
  const { id: batch } = await db()
    .insertInto('fuel_batches')
    .values({ client_id: cid, file_name: 'fills.csv', uploaded_by: null, created: at, finished: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const fills: [string, number, number][] = [
    ['2026-02-20T06:00:00', 30, 10_000],
    ['2026-03-02T06:00:00', 50, 10_500],
    ['2026-03-03T06:00:00', 40.5, 10_950],
  ];
  await db()
    .insertInto('fuel_rows')
    .values(
      fills.map(([when, litres, odometer], i) => ({
        batch_id: batch,
        client_id: cid,
        line: i + 2,
        unit_id: uid,
        reg: 'BAKKIE GP',
        datetimestamp: `${when}Z`,
        fill_time: Z(when),
        litres,
        hours: null,
        odometer,
        error: null,
      })),
    )
    .execute();
});
afterAll(() => t.close());

describe('trips and stops', () => {
  it('lists every trip and stop cut at the period, with totals, per-day distance and day maps', async () => {
    const doc = await run('trips');
    expect(doc).toMatchObject({ zone: 'Asia/Kolkata', subjects: ['Bakkie'], empty: false });
    const table = primary(doc);
    expect(
      table.rows.map((r) => [r.type, r.start, r.end, r.duration, r.distance, r.max_speed]),
    ).toEqual([
      // Parked since 12:00 UTC on 1 March: only from the period's start (18:30 UTC) counts.
      ['Stop', '2026-03-01T18:30:00.000Z', '2026-03-02T03:30:00.000Z', 32_400, 0, null],
      ['Trip', '2026-03-02T03:30:00.000Z', '2026-03-02T04:00:00.000Z', 1800, 12.35, 95],
      ['Stop', '2026-03-02T04:00:00.000Z', '2026-03-02T10:00:00.000Z', 21_600, 0, null],
      ['Trip', '2026-03-02T10:00:00.000Z', '2026-03-02T10:45:00.000Z', 2700, 20, 130],
      ['Stop', '2026-03-02T10:45:00.000Z', '2026-03-02T18:00:00.000Z', 26_100, 0, null],
      ['Trip', '2026-03-02T18:00:00.000Z', '2026-03-02T19:00:00.000Z', 3600, 30, 110],
      ['Stop', '2026-03-02T19:00:00.000Z', '2026-03-04T18:30:00.000Z', 171_000, 0, null],
    ]);
    expect(table.rows[1]).toMatchObject({
      from: 'Depot',
      to: 'Client site',
      driver: 'Thabo Nkosi',
      label: 'Business',
    });
    expect(table.rows[5]).toMatchObject({
      from: 'Client site',
      to: 'Depot',
      driver: '',
      label: '',
    });
    // 12,346 + 20,000 + 30,000 m; 30 + 45 + 60 min.
    expect(table.totals).toMatchObject({ distance: 62.35, duration: 8100, max_speed: 130 });
    // Driving and parked add up to the three whole days.
    expect(summary(doc)).toEqual({
      Trips: 3,
      Distance: 62.35,
      'Driving time': 8100,
      Stops: 4,
      'Parked time': 251_100,
      'Top speed': 130,
    });
    // The midnight trip gives half its 30 km to 3 March.
    const perDay = chart(doc, 'Distance per day');
    expect(perDay.categories).toEqual(['2026-03-02', '2026-03-03', '2026-03-04']);
    expect(perDay.series[0].values).toEqual([47.35, 15, 0]);

    // Three days: a map for each day with trips. 2 March's route is its 12 fixes; 3 March has no
    // fixes, so its route is the midnight trip's start and end.
    const [day1, day2, ...rest] = maps(doc);
    expect(rest).toEqual([]);
    expect(day1.title).toBe('Route on 2026-03-02');
    expect(day1.paths[0].points).toHaveLength(12);
    expect(day1.paths[0].points[0]).toEqual([28.2, -26]);
    expect(day1.markers.map((m) => [m.kind, m.label])).toEqual([
      ['start', 'Start 09:00: Depot'],
      ['stop', 'Stop 09:30: Client site'],
      ['stop', 'Stop 16:15: Client site'],
      ['end', 'End 00:00: Depot'],
    ]);
    expect(day2.title).toBe('Route on 2026-03-03');
    expect(day2.paths[0].points).toEqual([
      [SITE.lon, SITE.lat],
      [DEPOT.lon, DEPOT.lat],
    ]);
    expect(doc.sections.some((s) => s.kind === 'note' && /cuts? at|part inside/.test(s.text))).toBe(
      true,
    );
  });

  it('leaves stops out when asked, and cuts the rows to the row cap', async () => {
    const trips = await run('trips', { include_stops: 'no' });
    expect(primary(trips).rows.map((r) => r.type)).toEqual(['Trip', 'Trip', 'Trip']);
    expect(summary(trips)).not.toHaveProperty('Parked time');
    const capped = await run('trips', {}, 2);
    expect(primary(capped).rows).toHaveLength(2);
    expect(primary(capped).omitted).toBe(5);
    expect(primary(await run('trips')).omitted).toBeUndefined();
  });

  it('draws a long period as one map of trip lines, from the stored rows', async () => {
    const doc = await run('trips', { date_range: ['2026-02-25', '2026-03-10'] });
    const [overview, ...rest] = maps(doc);
    expect(rest).toEqual([]);
    expect(overview.paths.map((p) => p.points.length)).toEqual([2, 2, 2]);
    expect(chart(doc, 'Distance per day').series[0].values).toHaveLength(14);
  });

  it('says so for a period without trips: still a report, empty', async () => {
    const doc = await run('trips', {
      date_range: ['2026-04-01', '2026-04-02'],
      include_stops: 'no',
    });
    expect(doc.empty).toBe(true);
    // The note, and the table empty (its columns are the CSV's header row).
    expect(doc.sections).toMatchObject([
      { kind: 'note', text: 'No trips in this period' },
      { kind: 'table', primary: true, rows: [] },
    ]);
    expect(doc.period).toEqual({ from: '2026-04-01', to: '2026-04-02' });
  });
});

describe('speeding', () => {
  it('finds each stretch above the limit from the positions', async () => {
    const doc = await run('speeding', { speed_limit: '120' });
    const table = primary(doc);
    // 10:02-10:05: three legs of 1113.19 m = 3339.58 m; the lone fix at 10:07 ends at the gap;
    // 10:20-10:22: two legs, 2226.39 m.
    expect(table.rows.map((r) => [r.start, r.end, r.duration, r.max_speed, r.distance])).toEqual([
      ['2026-03-02T10:02:00.000Z', '2026-03-02T10:05:00.000Z', 180, 130, 3.34],
      ['2026-03-02T10:07:00.000Z', '2026-03-02T10:07:00.000Z', 0, 122, 0],
      ['2026-03-02T10:20:00.000Z', '2026-03-02T10:22:00.000Z', 120, 125, 2.23],
    ]);
    expect(summary(doc)).toMatchObject({
      Stretches: 3,
      'Time above the limit': 300,
      'Distance above the limit': 5.57,
      'Top speed': 130,
    });
    expect(chart(doc, 'Stretches per day').series[0].values).toEqual([3, 0, 0]);
  });

  it('has nothing above a higher limit', async () => {
    const doc = await run('speeding', { speed_limit: '130' });
    expect(doc.empty).toBe(true);
    expect(doc.sections).toMatchObject([
      { kind: 'note', text: 'No driving above 130 km/h in this period' },
      { kind: 'table', primary: true, rows: [] },
    ]);
  });
});

describe('events and alerts', () => {
  it('puts tracker events and rule alerts in one table in time order, counted per kind and day', async () => {
    const doc = await run('events');
    const rows = primary(doc).rows;
    expect(rows.map((r) => [r.time, r.kind, r.what])).toEqual([
      ['2026-03-02T03:31:00.000Z', 'Tracker event', 'Left a location: Depot'],
      [
        '2026-03-02T10:02:00.000Z',
        'Rule alert',
        'Highway speed: Peak 130 km/h over the 120 km/h limit for 3 min',
      ],
      ['2026-03-02T10:20:00.000Z', 'Tracker event', 'Entered a location: Client site'],
      ['2026-03-02T10:25:00.000Z', 'Tracker event', 'Left a location: Client site'],
      ['2026-03-02T10:30:00.000Z', 'Tracker event', 'Harsh braking'],
      ['2026-03-02T19:00:00.000Z', 'Tracker event', 'Entered a location: Depot'],
    ]);
    expect(rows[0]).toMatchObject({ speed: 40, where: 'Depot' });
    expect(rows[1]).toMatchObject({ speed: 130 });
    expect(summary(doc)).toMatchObject({ 'Tracker events': 5, 'Rule alerts': 1 });
    // 19:00 UTC is 00:30 on 3 March in Kolkata.
    const perDay = chart(doc, 'Events per day');
    expect(perDay.series).toEqual([
      { name: 'Tracker events', values: [4, 1, 0] },
      { name: 'Rule alerts', values: [1, 0, 0] },
    ]);
  });
});

describe('daily summary', () => {
  it('gives each day in the client zone its part of the trips, split at midnight', async () => {
    const doc = await run('daily_summary');
    const table = primary(doc);
    expect(table.rows).toEqual([
      {
        day: '2026-03-02',
        trips: 3,
        distance: 47.35,
        driving_time: 6300,
        parked_time: 80_100,
        max_speed: 130,
        first_start: '2026-03-02T03:30:00.000Z',
        last_end: '2026-03-02T18:30:00.000Z',
      },
      {
        day: '2026-03-03',
        trips: 0,
        distance: 15,
        driving_time: 1800,
        parked_time: 84_600,
        max_speed: 110,
        first_start: '2026-03-02T18:30:00.000Z',
        last_end: '2026-03-02T19:00:00.000Z',
      },
      {
        day: '2026-03-04',
        trips: 0,
        distance: 0,
        driving_time: 0,
        parked_time: 86_400,
        max_speed: 0,
        first_start: null,
        last_end: null,
      },
    ]);
    expect(table.totals).toEqual({
      day: 'Total',
      trips: 3,
      distance: 62.35,
      driving_time: 8100,
      parked_time: 251_100,
      max_speed: 130,
      first_start: '2026-03-02T03:30:00.000Z',
      last_end: '2026-03-02T19:00:00.000Z',
    });
    expect(chart(doc, 'Distance per day').series[0].values).toEqual([47.35, 15, 0]);
    const capped = await run('daily_summary', {}, 1);
    expect(primary(capped).rows).toHaveLength(1);
    expect(primary(capped).omitted).toBe(2);
  });
});

describe('location visits', () => {
  it('pairs arrivals and departures, from before the period to after it', async () => {
    const doc = await run('location_visits');
    expect(primary(doc).rows).toEqual([
      // Inside since 1 March 12:00 UTC: counted from the period's start, 18:30, to 03:31.
      {
        location: 'Depot',
        arrived: '2026-03-01T12:00:00.000Z',
        left: '2026-03-02T03:31:00.000Z',
        duration: 32_460,
      },
      {
        location: 'Client site',
        arrived: '2026-03-02T10:20:00.000Z',
        left: '2026-03-02T10:25:00.000Z',
        duration: 300,
      },
      // Still there at the end: 19:00 UTC to the period's end, 4 March 18:30 UTC.
      { location: 'Depot', arrived: '2026-03-02T19:00:00.000Z', left: null, duration: 171_000 },
    ]);
    expect(summary(doc)).toEqual({ Visits: 3, Locations: 2, 'Time inside': 203_760 });
  });
});

describe('fuel', () => {
  it("lists the period's fills with the distance since the last one and L/100 km", async () => {
    const doc = await run('fuel');
    expect(
      primary(doc).rows.map((r) => [
        r.time,
        r.litres,
        r.odometer,
        r.used,
        r.consumption,
        r.source,
        r.flags,
      ]),
    ).toEqual([
      // 50 L over 500 km; more than the 45 L tank.
      [
        '2026-03-02T06:00:00.000Z',
        50,
        10_500,
        500,
        10,
        'Fuel card',
        'More litres than the tank holds',
      ],
      // 40.5 L over 450 km.
      ['2026-03-03T06:00:00.000Z', 40.5, 10_950, 450, 9, 'Fuel card', ''],
    ]);
    // 90.5 L over 950 km = 9.53 L/100 km, shown to one decimal.
    expect(summary(doc)).toMatchObject({
      Fills: 2,
      Litres: 90.5,
      'Average L/100 km': 9.5,
      'Flagged fills': 1,
    });
    expect(chart(doc, 'Litres per day').series[0].values).toEqual([50, 40.5, 0]);
  });

  it('says so for a period without fills', async () => {
    const doc = await run('fuel', { date_range: ['2026-04-01', '2026-04-30'] });
    expect(doc).toMatchObject({
      empty: true,
      sections: [
        { kind: 'note', text: 'No fuel fills in this period' },
        { kind: 'table', primary: true, rows: [] },
      ],
    });
  });
});
