// The Multiple Vehicles reports (issue 14) on the hand-made client of support/report-fleet.ts:
// fleet summary, utilisation, speeding league, driving behaviour and last known position, each
// against figures worked out by hand from its trips, events and positions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportChartSection } from '@fleet/common';
import {
  NOW,
  ZONE,
  setUpReportFleet,
  byFirst,
  notes,
  primary,
  type ReportFleet,
} from '../support/report-fleet';

let f: ReportFleet;
beforeAll(async () => {
  f = await setUpReportFleet();
}, 120_000);
afterAll(() => f?.close());

describe('fleet summary', () => {
  it('sums each vehicle’s trips in the period, cut at its end, with the fleet’s totals', async () => {
    const doc = await f.run('fleet_summary', { ids: f.units() });
    expect(doc.empty).toBe(false);
    expect(doc.zone).toBe(ZONE);
    const table = primary(doc);
    const rows = byFirst(table.rows, 'vehicle');
    // Alpha: 50.09 + 40 + half of 20 km (the last trip's hour inside the period), idle 300 + 300.
    expect(rows.Alpha).toMatchObject({
      trips: 3,
      distance: 100.09,
      driving_time: 3 * 3600,
      idle_time: 600,
      max_speed: 130,
    });
    expect(rows.Bravo).toMatchObject({
      trips: 1,
      distance: 12.35,
      driving_time: 1800,
      idle_time: 60,
      max_speed: 150,
    });
    expect(rows.Charlie).toMatchObject({ trips: 0, distance: 0, driving_time: 0, idle_time: 0 });
    expect(table.totals).toMatchObject({
      trips: 4,
      distance: 112.44,
      driving_time: 12_600,
      idle_time: 660,
      max_speed: 150,
    });
    const chart = doc.sections.find((s) => s.kind === 'chart');
    expect(chart).toMatchObject({ chart: 'bar', categories: ['Alpha', 'Bravo'], unit: 'km' });
  });

  it('is a valid empty report when nothing was driven, and caps the Website rows', async () => {
    const doc = await f.run('fleet_summary', {
      ids: f.units(),
      date_range: ['2026-03-19', '2026-03-19'],
    });
    expect(doc.empty).toBe(true);
    expect(notes(doc)).toMatch(/None of these vehicles made a trip/);
    const capped = primary(await f.run('fleet_summary', { ids: f.units() }, 2));
    expect(capped.rows.map((r) => r.vehicle)).toEqual(['Alpha', 'Bravo']);
    expect(capped.omitted).toBe(1);
  });

  it('refuses ids of another client', async () => {
    await expect(f.run('fleet_summary', { ids: [f.uid.alpha, f.otherUid] })).rejects.toThrow(
      `ids: vehicle ${f.otherUid} was not found`,
    );
    await expect(f.run('driver_trips', { ids: [f.otherPid] })).rejects.toThrow(
      `ids: driver ${f.otherPid} was not found`,
    );
  });
});

describe('utilisation', () => {
  it('splits trips at local midnight into hours per day, with the share of the period', async () => {
    const doc = await f.run('utilisation', { ids: f.units() });
    const table = primary(doc);
    expect(table.columns.map((c) => c.key).slice(1, 3)).toEqual(['2026-03-04', '2026-03-05']);
    expect(table.columns).toHaveLength(1 + 14 + 2);
    const rows = byFirst(table.rows, 'vehicle');
    // Alpha: an hour on the 4th, half an hour either side of midnight 8/9, an hour on the 17th.
    expect(rows.Alpha).toMatchObject({
      '2026-03-04': 1,
      '2026-03-08': 0.5,
      '2026-03-09': 0.5,
      '2026-03-17': 1,
      '2026-03-10': 0,
      total: 3,
      share: 0.9, // 3 of 14 x 24 = 336 hours
    });
    expect(rows.Bravo).toMatchObject({ '2026-03-05': 0.5, total: 0.5, share: 0.1 });
    expect(table.totals).toMatchObject({ '2026-03-04': 1, total: 3.5, share: 0.3 });
    const heat = doc.sections.find((s) => s.kind === 'chart') as ReportChartSection;
    expect(heat).toMatchObject({ chart: 'heatmap', rows: ['Alpha', 'Bravo'] });
    expect(heat.categories).toHaveLength(14);
    // Alpha (row 0) on Sunday 8 March (day 4): the half hour before midnight.
    expect(heat.cells).toContainEqual([4, 0, 0.5]);
  });
});

describe('speeding league', () => {
  it('ranks the time in the bands at or above the limit, most first', async () => {
    // 110 km/h lies between the 100 and 120 edges: the bands from 120 up count.
    const doc = await f.run('speeding_league', { ids: f.units(), speed_limit: '110' });
    const rows = primary(doc).rows;
    expect(rows.map((r) => [r.rank, r.vehicle, r.over, r.max_speed])).toEqual([
      [1, 'Bravo', 1200, 150],
      [2, 'Alpha', 1200, 130],
      [3, 'Charlie', 0, 0],
    ]);
    expect(rows[1]).toMatchObject({ share: 11.1, distance: 100.09, trips: 3 });
    expect(notes(doc)).toMatch(/at 120 km\/h and over/);
    // At 100 km/h Alpha's first trip counts too: 600 + 600 + 1200 s.
    const at100 = byFirst(
      primary(await f.run('speeding_league', { ids: f.units(), speed_limit: '100' })).rows,
      'vehicle',
    );
    expect(at100.Alpha.over).toBe(2400);
    // Above the last edge only trips faster than the limit: Bravo's 150 is not above 150.
    const at150 = byFirst(
      primary(await f.run('speeding_league', { ids: f.units(), speed_limit: '150' })).rows,
      'vehicle',
    );
    expect(at150.Bravo.over).toBe(0);
    const at145 = byFirst(
      primary(await f.run('speeding_league', { ids: f.units(), speed_limit: '145' })).rows,
      'vehicle',
    );
    expect(at145.Bravo.over).toBe(600);
  });
});

describe('driving behaviour', () => {
  it('counts harsh events per 100 km and scores 100 minus 10 per event per 100 km', async () => {
    const doc = await f.run('behaviour', { ids: f.units() });
    const rows = primary(doc).rows;
    expect(rows.map((r) => r.vehicle)).toEqual(['Alpha', 'Bravo', 'Charlie']);
    // Alpha: 4 events over 100.09 km; Bravo: 1 over 12.345 km; Charlie drove nothing.
    expect(rows[0]).toMatchObject({
      rank: 1,
      harsh_braking: 2,
      harsh_acceleration: 1,
      harsh_cornering: 1,
      events: 4,
      per_100km: 4,
      score: 60,
    });
    expect(rows[1]).toMatchObject({ harsh_acceleration: 1, events: 1, per_100km: 8.1, score: 19 });
    expect(rows[2]).toMatchObject({ events: 0, per_100km: null, score: null });
    expect(primary(doc).totals).toMatchObject({
      events: 5,
      distance: 112.44,
      per_100km: 4.45,
      score: 55.5,
    });
    expect(notes(doc)).toMatch(/100 minus 10 for every harsh/);
  });
});

describe('last known position', () => {
  it('lists every vehicle with its last fix, how long ago and the nearest town', async () => {
    const doc = await f.run('last_position', { ids: f.units(), date_range: undefined });
    expect(doc.period).toBeNull();
    const rows = byFirst(primary(doc).rows, 'vehicle');
    expect(rows.Alpha).toMatchObject({
      time: new Date(NOW - 3600_000).toISOString(),
      ago: 3600,
      lat: -25.7479,
      lon: 28.2293,
      ignition: 'on',
    });
    expect(rows.Alpha.town).toMatch(/Pretoria/);
    expect(rows.Bravo).toMatchObject({ ago: 60, ignition: 'off' });
    expect(rows.Charlie).toMatchObject({ time: null, town: 'Never reported' });
    expect(doc.sections.find((s) => s.kind === 'map')).toMatchObject({
      markers: [{ label: 'Alpha' }, { label: 'Bravo' }],
    });
  });
});
