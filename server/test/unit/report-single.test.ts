// The pure parts of the Single Vehicles reports (issue 14 item 1): days of a period in a zone with
// a clock change, a span cut at midnight, the speeding stretches from hand-made fixes, the pairing
// of location crossings into visits, route thinning, and the wording of events and fuel flags.
import { describe, expect, it } from 'vitest';
import {
  capRows,
  clipTrip,
  dayBounds,
  dayIndexOf,
  dayPieces,
  km,
  splitByDay,
  type PositionRow,
  type StoredTrip,
} from '../../src/reports/builders/read';
import { StretchFinder } from '../../src/reports/builders/single-speeding';
import { pairVisits } from '../../src/reports/builders/single-visits';
import { thin } from '../../src/reports/builders/single-trips';
import { eventWords } from '../../src/reports/builders/single-events';
import { fillFlagText } from '../../src/reports/builders/single-fuel';
import { positionRow } from '../support/raw-rows';

const Z = (s: string) => Date.parse(`${s}Z`);
const MIN = 60_000;
/** 0.01° of latitude on R = 6378137 m. */
const LEG = (6378137 * 0.01 * Math.PI) / 180;

function trip(start: string, end: string, distance: number): StoredTrip {
  return {
    id: 1,
    unit_id: 1,
    client_id: 1,
    type: 0,
    start_time: Z(start),
    end_time: Z(end),
    start_lat: 0,
    start_lon: 0,
    end_lat: 0,
    end_lon: 0,
    distance,
    max_speed: 90,
    duration: (Z(end) - Z(start)) / 1000,
    driver_id: null,
    label: 'unlabeled',
    speed_histogram: '{}',
    open: 0,
    min_lat: null,
    min_lon: null,
    max_lat: null,
    max_lon: null,
  } as StoredTrip;
}

describe('days of a period', () => {
  // London moves its clocks forward at 01:00 UTC on 29 March 2026: that day has 23 hours.
  const days = ['2026-03-28', '2026-03-29', '2026-03-30'];
  const range = { from: Z('2026-03-28T00:00:00'), to: Z('2026-03-30T23:00:00') };
  const bounds = dayBounds('Europe/London', days, range);

  it("starts each day at the zone's midnight, whatever its length", () => {
    expect(bounds).toEqual([
      Z('2026-03-28T00:00:00'),
      Z('2026-03-29T00:00:00'),
      Z('2026-03-29T23:00:00'),
      Z('2026-03-30T23:00:00'),
    ]);
    expect(dayIndexOf(bounds, Z('2026-03-29T22:59:59'))).toBe(1);
    expect(dayIndexOf(bounds, Z('2026-03-29T23:00:00'))).toBe(2);
    expect(dayIndexOf(bounds, Z('2026-03-27T23:59:59'))).toBe(-1);
    expect(dayIndexOf(bounds, range.to)).toBe(-1);
  });

  it('cuts a trip at midnight and shares its distance by time', () => {
    // 22:30-23:30 UTC on 29 March is 23:30-00:30 BST: half on each day.
    const pieces = dayPieces(bounds, trip('2026-03-29T22:30:00', '2026-03-29T23:30:00', 10_001));
    expect(pieces.map((p) => [p.day, p.seconds, p.metres])).toEqual([
      [1, 1800, 5000.5],
      [2, 1800, 5000.5],
    ]);
    expect(km(5000.5)).toBe(5);
    expect(splitByDay(bounds, Z('2026-03-27T12:00:00'), Z('2026-03-28T01:00:00'))).toEqual([
      [0, Z('2026-03-28T00:00:00'), Z('2026-03-28T01:00:00')],
    ]);
    expect(splitByDay(bounds, Z('2026-04-01T00:00:00'), Z('2026-04-02T00:00:00'))).toEqual([]);
  });

  it('keeps the part of a trip inside the period', () => {
    const t = clipTrip(trip('2026-03-27T23:00:00', '2026-03-28T01:00:00', 4000), range);
    expect([t.inFrom, t.inTo, t.seconds, t.metres]).toEqual([
      Z('2026-03-28T00:00:00'),
      Z('2026-03-28T01:00:00'),
      3600,
      2000,
    ]);
  });
});

describe('speeding stretches', () => {
  const fix = (minute: number, speed: number, i: number): PositionRow =>
    positionRow(1, minute * MIN, { lat: i * 0.01, lon: 0, speed }) as PositionRow;
  const run = (limit: number, fixes: [number, number][], batch = fixes.length) => {
    const finder = new StretchFinder(limit);
    const rows = fixes.map(([m, s], i) => fix(m, s, i));
    for (let i = 0; i < rows.length; i += batch) finder.push(rows.slice(i, i + batch));
    return finder.finish().map((s) => ({ ...s, metres: Math.round(s.metres * 100) / 100 }));
  };

  it('runs from the first fix above to the first fix back at or below, across batches', () => {
    const fixes: [number, number][] = [
      [0, 100],
      [1, 121],
      [2, 140],
      [3, 120],
      [4, 130],
    ];
    const expected = [
      { start: 1 * MIN, end: 3 * MIN, top: 140, metres: Math.round(2 * LEG * 100) / 100 },
      // Still above when the fixes end: it ends at its last fix.
      { start: 4 * MIN, end: 4 * MIN, top: 130, metres: 0 },
    ];
    expect(run(120, fixes)).toMatchObject(expected);
    expect(run(120, fixes, 2)).toMatchObject(expected);
    expect(run(140, fixes)).toEqual([]);
  });

  it('ends a stretch at its last fix above when the fixes stop for more than 5 minutes', () => {
    expect(
      run(100, [
        [0, 110],
        [1, 115],
        [7, 112],
        [8, 90],
      ]),
    ).toMatchObject([
      { start: 0, end: 1 * MIN, top: 115, metres: Math.round(LEG * 100) / 100 },
      { start: 7 * MIN, end: 8 * MIN, top: 112, metres: Math.round(LEG * 100) / 100 },
    ]);
  });
});

describe('location visits', () => {
  const range = { from: 1000_000, to: 2000_000 };
  const names = new Map([
    [1, 'Depot'],
    [2, 'Site'],
  ]);

  it('pairs each enter with the next exit of the same location, counting the part in the period', () => {
    const visits = pairVisits(
      [
        { type: 'location_exit', time: 1100_000, ref: 1 },
        { type: 'location_enter', time: 1200_000, ref: 2 },
        // An enter while already inside (a restart) does not open a second visit.
        { type: 'location_enter', time: 1250_000, ref: 2 },
        { type: 'location_exit', time: 1300_000, ref: 2 },
        { type: 'location_exit', time: 1400_000, ref: 3 },
        { type: 'location_enter', time: 1900_000, ref: 1 },
      ],
      new Map([[1, 500_000]]),
      range,
      names,
    );
    expect(visits).toEqual([
      { lid: 1, name: 'Depot', arrived: 500_000, left: 1100_000, seconds: 100 },
      // An exit without a stored enter: arrival unknown, counted from the period's start.
      { lid: 3, name: 'Location 3', arrived: null, left: 1400_000, seconds: 400 },
      { lid: 2, name: 'Site', arrived: 1200_000, left: 1300_000, seconds: 100 },
      { lid: 1, name: 'Depot', arrived: 1900_000, left: null, seconds: 100 },
    ]);
  });
});

describe('small parts', () => {
  it('thins a route to about the number of points wanted, keeping the last', () => {
    const points = Array.from({ length: 1001 }, (_, i): [number, number] => [i, 0]);
    const thinned = thin(points, 500);
    expect(thinned.length).toBeLessThanOrEqual(501);
    expect(thinned[0]).toEqual([0, 0]);
    expect(thinned.at(-1)).toEqual([1000, 0]);
    expect(thin(points.slice(0, 10), 500)).toHaveLength(10);
  });

  it('cuts rows to the cap and says how many it left out', () => {
    expect(capRows([1, 2, 3], 2)).toEqual({ rows: [1, 2], omitted: 1 });
    expect(capRows([1, 2, 3], null)).toEqual({ rows: [1, 2, 3] });
    expect(capRows([1, 2], 2)).toEqual({ rows: [1, 2] });
  });

  it('words events and fuel flags', () => {
    expect(eventWords({ type: 'harsh_braking', attributes: {} })).toBe('Harsh braking');
    expect(eventWords({ type: 'location_exit', attributes: { name: 'Depot' } })).toBe(
      'Left a location: Depot',
    );
    expect(eventWords({ type: 'new_thing', attributes: {} })).toBe('New thing');
    expect(fillFlagText({ flags: ['away', 'tank'], above_usual: true })).toBe(
      'Not at a stop at fill time; More litres than the tank holds; Far above the usual consumption',
    );
    expect(fillFlagText({ flags: [], above_usual: false })).toBe('');
  });
});
