// The Driver, Export and Advanced reports (issue 14) on the hand-made client of
// support/report-fleet.ts: driver trips and scorecard, the raw positions export streamed in
// batches, the advanced report's groupings (weeks from Monday in the client's zone) and filters,
// and every report of this kind rendered in each of its formats.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportById, type ReportRow } from '@fleet/common';
import { renderReport } from '../../src/reports/render';
import type { StreamedTable } from '../../src/reports/model';
import { parseCsv, streamBytes } from '../support/report-files';
import { L, setUpReportFleet, primary, type ReportFleet } from '../support/report-fleet';

let f: ReportFleet;
beforeAll(async () => {
  f = await setUpReportFleet();
}, 120_000);
afterAll(() => f?.close());

describe('driver reports', () => {
  it('lists each driver’s trips in whichever vehicle, with totals per driver', async () => {
    const doc = await f.run('driver_trips', { ids: [f.pid.ben, f.pid.ann] });
    const rows = primary(doc).rows;
    expect(rows.map((r) => [r.driver, r.vehicle, r.start, r.distance, r.duration])).toEqual([
      ['Ann Driver', 'Alpha', new Date(L(4, 8)).toISOString(), 50.09, 3600],
      ['Ann Driver', 'Bravo', new Date(L(5, 10)).toISOString(), 12.35, 1800],
      ['Ben Driver', 'Alpha', new Date(L(8, 23, 30)).toISOString(), 40, 3600],
    ]);
    expect(primary(doc).totals).toMatchObject({ distance: 102.44, duration: 9000 });
    const perDriver = doc.sections.find(
      (s) => s.kind === 'table' && s.title === 'Per driver',
    ) as StreamedTable;
    expect(perDriver.rows).toEqual([
      { driver: 'Ann Driver', trips: 2, distance: 62.44, duration: 5400 },
      { driver: 'Ben Driver', trips: 1, distance: 40, duration: 3600 },
    ]);
  });

  it('scores each driver on the events of their trips, best first', async () => {
    const doc = await f.run('driver_scorecard', {
      ids: [f.pid.ann, f.pid.ben],
      speed_limit: '110',
    });
    const rows = primary(doc).rows;
    // Ben: 1 cornering in 40 km (2.5 per 100 km, 75). Ann: 2 braking on Alpha and 1 acceleration
    // on Bravo in 62.44 km (4.80 per 100 km, 51.95); Alpha's acceleration while parked is no one's.
    expect(rows.map((r) => [r.rank, r.driver, r.events, r.per_100km, r.score])).toEqual([
      [1, 'Ben Driver', 1, 2.5, 75],
      [2, 'Ann Driver', 3, 4.8, 52],
    ]);
    expect(rows[1]).toMatchObject({ trips: 2, distance: 62.44, driving_time: 5400, over: 1200 });
    expect(rows[0]).toMatchObject({ over: 1200, harsh_cornering: 1 });
  });
});

describe('raw positions export', () => {
  it('streams every position in order across batches, with the chosen columns', async () => {
    const doc = await f.run('positions', {
      ids: f.units(),
      columns: ['time', 'speed', 'ignition'],
    });
    const table = primary(doc);
    expect(table.columns.map((c) => c.key)).toEqual(['vehicle', 'time', 'speed', 'ignition']);
    const batches: ReportRow[][] = [table.rows];
    for await (const b of table.more!()) batches.push(b);
    expect(batches.length).toBeGreaterThanOrEqual(3);
    for (const b of batches) expect(b.length).toBeLessThanOrEqual(10_000);
    const all = batches.flat();
    expect(all).toHaveLength(12_500);
    expect(all.slice(0, 7000).every((r) => r.vehicle === 'Alpha')).toBe(true);
    expect(all.slice(7000).every((r) => r.vehicle === 'Bravo')).toBe(true);
    expect(all[0]).toEqual({
      vehicle: 'Alpha',
      time: new Date(L(10, 8)).toISOString(),
      speed: 0,
      ignition: 'off',
    });
    expect(all[6999]).toMatchObject({
      time: new Date(L(10, 8) + 6999_000).toISOString(),
      speed: 99,
      ignition: 'on',
    });
    expect(all[7000].time).toBe(new Date(L(10, 9)).toISOString());
    const times = all.map((r) => Date.parse(String(r.time)));
    for (let i = 1; i < 7000; i++) expect(times[i]).toBe(times[i - 1] + 1000);
    // `more` reads afresh each time it is called.
    let again = 0;
    for await (const b of table.more!()) again += b.length;
    expect(again).toBe(12_500 - table.rows.length);
  });

  it('gives the Website view its row cap and how many rows the file has besides', async () => {
    const doc = await f.run(
      'positions',
      { ids: [f.uid.alpha], columns: ['lat', 'odometer', 'valid'] },
      100,
    );
    const table = primary(doc);
    expect(table.rows).toHaveLength(100);
    expect(table.omitted).toBe(6900);
    expect(table.more).toBeUndefined();
    expect(table.rows[1]).toMatchObject({ vehicle: 'Alpha', odometer: 1.01, valid: 'yes' });
    expect(table.rows[1].lat).toBeCloseTo(-26.00001, 9);
  });
});

describe('advanced report', () => {
  it('groups by week from Monday in the client’s zone', async () => {
    const doc = await f.run('advanced', {
      ids: f.units(),
      columns: ['trips', 'distance', 'driving_time', 'parked_time', 'harsh_events'],
      group_by: 'week',
    });
    const table = primary(doc);
    expect(table.columns.map((c) => c.key)).toEqual([
      'group',
      'trips',
      'distance',
      'driving_time',
      'parked_time',
      'harsh_events',
    ]);
    // Ben's trip starts on Sunday 8 Mar at 23:30 in Kolkata (18:00 UTC): half of it falls in the
    // week from Monday 9 Mar. The period starts on a Wednesday and ends on a Tuesday.
    expect(table.rows).toEqual([
      {
        group: '2026-03-02',
        trips: 3,
        distance: 82.44,
        driving_time: 7200,
        parked_time: 10_800,
        harsh_events: 4,
      },
      {
        group: '2026-03-09',
        trips: 0,
        distance: 20,
        driving_time: 1800,
        parked_time: 0,
        harsh_events: 1,
      },
      {
        group: '2026-03-16',
        trips: 1,
        distance: 10,
        driving_time: 3600,
        parked_time: 0,
        harsh_events: 0,
      },
    ]);
    expect(table.totals).toMatchObject({
      trips: 4,
      distance: 112.44,
      driving_time: 12_600,
      harsh_events: 5,
    });
  });

  it('groups by driver over the trips that pass the label and distance filters', async () => {
    const doc = await f.run('advanced', {
      ids: f.units(),
      columns: ['trips', 'distance', 'max_speed', 'avg_speed', 'speeding_time'],
      group_by: 'driver',
      label: 'business',
      min_distance: '20',
      speed_limit: '100',
    });
    // Only Ann's 50.09 km business trip is long enough: 50.09 km in an hour, 600 s at 100 and up.
    expect(primary(doc).rows).toEqual([
      {
        group: 'Ann Driver',
        trips: 1,
        distance: 50.09,
        max_speed: 110,
        avg_speed: 50.1,
        speeding_time: 600,
      },
    ]);
    await expect(
      f.run('advanced', { ids: f.units(), columns: ['speeding_time'], group_by: 'vehicle' }),
    ).rejects.toThrow(/^speed_limit: /);
  });
});

describe('files', () => {
  it('writes the positions CSV whole, batch after batch, in the client’s time', async () => {
    const doc = await f.run('positions', { ids: f.units(), columns: ['time', 'speed'] });
    const text = (await streamBytes(renderReport(doc, 'csv').stream)).toString('utf8');
    const records = parseCsv(text.replace(/^\uFEFF/, '')).filter((r) => r.length > 1);
    expect(records[0]).toEqual(['Vehicle', 'Time', 'Speed (km/h)']);
    expect(records).toHaveLength(1 + 12_500);
    // 08:00 in Kolkata on 10 March is the first fix; Bravo's last is 09:00 plus 5,499 s.
    expect(records[1]).toEqual(['Alpha', '2026-03-10 08:00:00', '0']);
    expect(records[12_500]).toEqual(['Bravo', '2026-03-10 10:31:39', '99']);
  });

  it('renders every one of these reports in each format it offers', async () => {
    const cases: [string, Record<string, unknown>][] = [
      ['fleet_summary', { ids: f.units() }],
      ['utilisation', { ids: f.units() }],
      ['speeding_league', { ids: f.units(), speed_limit: '110' }],
      ['behaviour', { ids: f.units() }],
      ['last_position', { ids: f.units(), date_range: undefined }],
      ['driver_trips', { ids: [f.pid.ann, f.pid.ben] }],
      ['driver_scorecard', { ids: [f.pid.ann, f.pid.ben], speed_limit: '110' }],
      ['positions', { ids: [f.uid.bravo], columns: ['time', 'lat', 'lon'] }],
      ['advanced', { ids: f.units(), columns: ['trips', 'distance'], group_by: 'day' }],
    ];
    for (const [report, params] of cases) {
      const doc = await f.run(report, params);
      for (const format of reportById(report)!.formats) {
        const bytes = await streamBytes(renderReport(doc, format).stream);
        if (format === 'pdf') expect(bytes.subarray(0, 5).toString(), report).toBe('%PDF-');
        else
          expect(bytes.toString('utf8'), `${report} ${format}`).toContain(
            format === 'csv' ? `\uFEFF${primary(doc).columns[0].title},` : doc.title,
          );
      }
    }
  }, 60_000);
});
