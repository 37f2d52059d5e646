import { describe, expect, it } from 'vitest';
import { makeUnit } from '../../../map/testing/units';
import { describeNearestTown, nearestTown } from './nearestTown';
import { compassPoint, countStatuses, filterUnits, statusLine, unitStatus } from './unitStatus';

const moving = makeUnit(1, { name: 'Hino 500 JOH-01', reg: 'BX 100 GP' }, 60);
const parked = makeUnit(2, { name: 'VW Polo PRE-02', reg: 'CF 107 GP', park_state: 1 }, 0);
const offline = makeUnit(3, { name: 'Afrit Trailer DUR-03', connected: false, park_state: 1 }, 0);
const noFix = makeUnit(4, { name: 'toyota hilux CAP-04', park_state: 2, position: null });
const driven = makeUnit(10, {
  name: 'Hino 500 JOH-10',
  driver: { pid: 3, name: 'Sipho Nkosi' },
  tags: [{ id: 1, name: 'Cold chain' }],
});
const fleet = [driven, offline, moving, noFix, parked];

describe('unit status', () => {
  it('puts disconnected above the park state, and a unit without a fix apart', () => {
    expect(unitStatus(moving)).toBe('moving');
    expect(unitStatus(parked)).toBe('parked');
    // A disconnected unit is disconnected even if its last park state was moving.
    expect(unitStatus({ connected: false, park_state: 0 })).toBe('offline');
    expect(unitStatus(noFix)).toBe('unknown');
  });

  it('counts moving, parked and disconnected units', () => {
    expect(countStatuses(fleet)).toEqual({
      all: 5,
      moving: 2,
      parked: 1,
      offline: 1,
      unknown: 1,
    });
  });

  it('describes a row in words a fleet manager reads', () => {
    expect(statusLine(moving)).toBe('60 km/h E');
    expect(statusLine(noFix)).toBe('Waiting for a GPS fix');
    expect(statusLine(offline)).toBe('Last seen');
    expect(
      statusLine({ ...parked, position: { ...parked.position!, ignition: true, speed: 0 } }),
    ).toBe('Stopped, ignition on');
  });
});

describe('filterUnits', () => {
  it('sorts by name, ignoring case and reading numbers as numbers', () => {
    expect(filterUnits(fleet, '', 'all').map((u) => u.uid)).toEqual([3, 1, 10, 4, 2]);
  });

  it('filters by status', () => {
    expect(filterUnits(fleet, '', 'moving').map((u) => u.uid)).toEqual([1, 10]);
    expect(filterUnits(fleet, '', 'parked').map((u) => u.uid)).toEqual([2]);
    expect(filterUnits(fleet, '', 'offline').map((u) => u.uid)).toEqual([3]);
  });

  it('matches every search word in name, registration, driver or labels', () => {
    expect(filterUnits(fleet, 'hino', 'all').map((u) => u.uid)).toEqual([1, 10]);
    expect(filterUnits(fleet, 'cf 107', 'all').map((u) => u.uid)).toEqual([2]);
    expect(filterUnits(fleet, 'sipho', 'all').map((u) => u.uid)).toEqual([10]);
    expect(filterUnits(fleet, 'COLD', 'all').map((u) => u.uid)).toEqual([10]);
    expect(filterUnits(fleet, 'hino sipho', 'all').map((u) => u.uid)).toEqual([10]);
    expect(filterUnits(fleet, 'hino', 'parked')).toEqual([]);
  });
});

describe('compassPoint', () => {
  it('names eight points, wrapping around north', () => {
    expect([0, 44, 46, 90, 180, 270, 337, 359, -45].map(compassPoint)).toEqual([
      'N',
      'NE',
      'NE',
      'E',
      'S',
      'W',
      'NW',
      'N',
      'NW',
    ]);
  });
});

describe('nearestTown', () => {
  it('names the closest town with distance and direction', () => {
    // 0.2 degrees north-east of Pretoria's centre.
    const town = nearestTown(-25.5479, 28.4293);
    expect(town?.name).toBe('Pretoria');
    expect(town?.direction).toBe('NE');
    expect(town?.km).toBeGreaterThan(25);
    expect(town?.km).toBeLessThan(35);
    expect(describeNearestTown(town)).toMatch(/^\d+ km NE of Pretoria$/);
  });

  it('says "In" a town close to its centre and copes with no position', () => {
    expect(describeNearestTown(nearestTown(-33.925, 18.425))).toBe('In Cape Town');
    expect(describeNearestTown(nearestTown(Number.NaN, 18))).toBe('—');
  });
});
