import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import type { TripPoint } from '@fleet/common';
import type { TripRow } from '@fleet/common';
import {
  betweenHeadings,
  countEvents,
  entryAt,
  filterEntries,
  groupByDay,
  splitIntoTrips,
  stopsOf,
} from './tripEntries';
import { tripTotals } from './tripTotals';

let nextId = 1;
function entry(type: 0 | 1, start: string, end: string, extra: Partial<TripRow> = {}): TripRow {
  const s = dayjs(start);
  const e = dayjs(end);
  return {
    id: nextId++,
    type,
    start: s.toISOString(),
    end: e.toISOString(),
    distance: type === 0 ? 10 : 0,
    max_speed: type === 0 ? 80 : 0,
    duration: e.diff(s, 'second'),
    start_position: { lat: -26, lon: 28 },
    end_position: { lat: -26.1, lon: 28.1 },
    label: 'unlabeled',
    driver: null,
    open: false,
    speeding: false,
    ...extra,
  };
}

// Newest first, as get_trips answers.
const parkedOvernight = entry(1, '2026-11-19T18:00', '2026-11-20T07:00');
const morning = entry(0, '2026-11-20T07:00', '2026-11-20T07:40', {
  distance: 23.456,
  max_speed: 131,
  speeding: true,
  label: 'business',
});
const lunch = entry(1, '2026-11-20T07:40', '2026-11-20T12:00');
const afternoon = entry(0, '2026-11-20T12:00', '2026-11-20T12:30', {
  distance: 11.111,
  max_speed: 95,
  label: 'personal',
});
const evening = entry(1, '2026-11-20T12:30', '2026-11-20T23:00', { open: true });
const entries = [evening, afternoon, lunch, morning, parkedOvernight];

describe('trip entries', () => {
  it('shows all, only trips or only parked, and filters trips by label', () => {
    expect(filterEntries(entries, 'trips').map((e) => e.id)).toEqual([afternoon.id, morning.id]);
    expect(filterEntries(entries, 'parked')).toHaveLength(3);
    expect(filterEntries(entries, 'all', 'business')).toEqual([morning]);
    expect(filterEntries(entries, 'all', 'labelled')).toEqual([afternoon, morning]);
    expect(filterEntries(entries, 'all', 'unlabeled')).toEqual([]);
    expect(filterEntries(entries, 'parked', 'business')).toEqual([]);
  });

  it('puts entries under a heading per day, newest day first', () => {
    const groups = groupByDay(entries);
    expect(groups.map((g) => [g.day, g.entries.length])).toEqual([
      ['2026-11-20', 4],
      ['2026-11-19', 1],
    ]);
  });

  it('cuts the fixes of a range into the trips, ends included', () => {
    const at = (time: string, speed = 50): TripPoint => ({
      lat: -26,
      lon: 28,
      speed,
      direction: 0,
      datetime: dayjs(time).toISOString(),
    });
    const motions = [
      at('2026-11-20T06:50', 0),
      at('2026-11-20T07:00'),
      at('2026-11-20T07:20'),
      at('2026-11-20T07:40'),
      at('2026-11-20T09:00', 0),
      at('2026-11-20T12:10'),
    ];
    const paths = splitIntoTrips(motions, entries);
    expect(paths.map((p) => [p.id, p.points.length])).toEqual([
      [afternoon.id, 1],
      [morning.id, 3],
    ]);
  });

  it('labels each stop with how long the unit stood there', () => {
    expect(stopsOf([lunch, morning]).map((s) => s.label)).toEqual(['4 h 20 min']);
  });

  it('finds the entry running at a moment, a trip before a stop it touches', () => {
    expect(entryAt(entries, dayjs('2026-11-20T07:15'))?.id).toBe(morning.id);
    expect(entryAt(entries, dayjs('2026-11-20T12:00'))?.id).toBe(afternoon.id);
    expect(entryAt(entries, dayjs('2026-11-20T10:00'))?.id).toBe(lunch.id);
    expect(entryAt(entries, dayjs('2026-11-21T10:00'))).toBeNull();
  });

  it('keeps the entries between two trip headings, in either order, open ends allowed', () => {
    expect(betweenHeadings(entries, morning.id, afternoon.id).map((e) => e.id)).toEqual([
      afternoon.id,
      lunch.id,
      morning.id,
    ]);
    expect(betweenHeadings(entries, afternoon.id, morning.id)).toHaveLength(3);
    expect(betweenHeadings(entries, afternoon.id, null).map((e) => e.id)).toEqual([
      evening.id,
      afternoon.id,
    ]);
    expect(betweenHeadings(entries, null, null)).toHaveLength(5);
  });

  it('counts special trip events, leaving normal out', () => {
    const p = (event?: string) =>
      ({ lat: 0, lon: 0, speed: 0, direction: 0, datetime: '', event }) as TripPoint;
    expect(countEvents([p('brake'), p('brake'), p('normal'), p(), p('crash')])).toEqual({
      brake: 2,
      crash: 1,
    });
  });
});

describe('trip totals', () => {
  it('adds distance (2 decimals), trips, top speed and speeding trips', () => {
    const totals = tripTotals(entries);
    expect(totals.trips).toBe(2);
    expect(totals.stops).toBe(3);
    expect(totals.distance).toBe(34.57);
    expect(totals.maxSpeed).toBe(131);
    expect(totals.speeding).toBe(1);
    expect(totals.drivingSeconds).toBe(70 * 60);
  });

  it('counts only the time inside the range, so last night adds only this morning', () => {
    const day = {
      from: dayjs('2026-11-20T00:00').valueOf(),
      to: dayjs('2026-11-20T23:59:59.999').valueOf(),
    };
    const totals = tripTotals(entries, day);
    // 7 h of the overnight stop, 4 h 20 of lunch, 10 h 30 of the evening.
    expect(totals.parkedSeconds).toBe((7 * 60 + 4 * 60 + 20 + 10 * 60 + 30) * 60);
    expect(totals.drivingSeconds).toBe(70 * 60);
  });

  it('is all zero for no entries', () => {
    expect(tripTotals([])).toEqual({
      trips: 0,
      stops: 0,
      distance: 0,
      drivingSeconds: 0,
      parkedSeconds: 0,
      maxSpeed: 0,
      speeding: 0,
    });
  });
});
