import { describe, expect, it } from 'vitest';
import type { Position, UnitListItem } from '@fleet/common';
import { makeUnit } from '../testing/units';
import { RecentTrails, TRAIL_JUMP_LIMIT_M, trailDepth, trailLines } from './recentTrails';

/** A fix `minute` minutes after 10:00, `km` km east of Johannesburg (about 0.01° a km). */
function fix(minute: number, km = minute, over: Partial<Position> = {}): Position {
  return {
    lat: -26.2,
    lon: 28 + km * 0.01,
    speed: 50,
    direction: 90,
    datetime: new Date(Date.UTC(2025, 0, 1, 10, minute)).toISOString(),
    ignition: true,
    ...over,
  };
}

const unitAt = (uid: number, position: Position | null, over: Partial<UnitListItem> = {}) =>
  makeUnit(uid, { position, ...over });

describe('trailDepth', () => {
  it('keeps 30 fixes with fewer than 5 units and 10 from 5 units on', () => {
    expect(trailDepth(0)).toBe(30);
    expect(trailDepth(1)).toBe(30);
    expect(trailDepth(4)).toBe(30);
    expect(trailDepth(5)).toBe(10);
    expect(trailDepth(500)).toBe(10);
  });
});

describe('RecentTrails', () => {
  it('draws a line per moving unit in its own colour', () => {
    const trails = new RecentTrails();
    trails.update([unitAt(1, fix(0), { icon_colour: 'green' }), unitAt(2, fix(0))]);
    expect(trails.collection().features).toEqual([]);
    expect(trails.update([unitAt(1, fix(1), { icon_colour: 'green' }), unitAt(2, fix(0))])).toBe(
      true,
    );
    const { features } = trails.collection();
    expect(features).toHaveLength(1);
    expect(features[0].properties).toEqual({ uid: 1, colour: '#43a047' });
    expect(features[0].geometry.coordinates).toEqual([
      [28, -26.2],
      [28.01, -26.2],
    ]);
  });

  it('keeps only the last 30 fixes of a unit when fewer than 5 units are listed', () => {
    const trails = new RecentTrails();
    for (let m = 0; m < 40; m++) trails.update([unitAt(1, fix(m))]);
    expect(trails.depth).toBe(30);
    const points = trails.pointsOf(1);
    expect(points).toHaveLength(30);
    expect(points[0][0]).toBeCloseTo(28.1);
    expect(points[29][0]).toBeCloseTo(28.39);
    expect(trails.collection().features[0].geometry.coordinates).toHaveLength(30);
  });

  it('keeps only the last 10 fixes with 5 units, and cuts longer tails when the fleet grows', () => {
    const trails = new RecentTrails();
    const others = [2, 3, 4, 5].map((uid) => unitAt(uid, fix(0)));
    for (let m = 0; m < 20; m++) trails.update([unitAt(1, fix(m)), ...others.slice(0, 3)]);
    expect(trails.depth).toBe(30);
    expect(trails.pointsOf(1)).toHaveLength(20);
    trails.update([unitAt(1, fix(19)), ...others]); // the fifth unit joins: depth 10
    expect(trails.depth).toBe(10);
    expect(trails.pointsOf(1)).toHaveLength(10);
    expect(trails.pointsOf(1)[9][0]).toBeCloseTo(28.19);
    trails.update([unitAt(1, fix(20)), ...others]);
    expect(trails.pointsOf(1)).toHaveLength(10);
    expect(trails.pointsOf(1)[0][0]).toBeCloseTo(28.11);
    expect(trails.collection().features[0].geometry.coordinates).toHaveLength(10);
  });

  it('ignores a fix with the same datetime as the last kept one, and older fixes', () => {
    const trails = new RecentTrails();
    trails.update([unitAt(1, fix(5))]);
    trails.update([unitAt(1, fix(6))]);
    // A new object for the same fix (e.g. a re-sync), even with other coordinates.
    expect(trails.update([unitAt(1, fix(6, 40))])).toBe(false);
    // A late fix from before the newest kept one.
    expect(trails.update([unitAt(1, fix(2))])).toBe(false);
    expect(trails.pointsOf(1)).toEqual([
      [28.05, -26.2],
      [28.06, -26.2],
    ]);
    trails.update([unitAt(1, fix(7))]);
    expect(trails.pointsOf(1)).toHaveLength(3);
  });

  it('ignores units without a position and fixes without coordinates', () => {
    const trails = new RecentTrails();
    trails.update([unitAt(1, null)]);
    trails.update([unitAt(1, fix(0, 0, { lat: NaN }))]);
    trails.update([unitAt(1, fix(1))]);
    expect(trails.pointsOf(1)).toHaveLength(1);
    expect(trails.collection().features).toEqual([]);
  });

  it('splits the line where two fixes are more than 50 km apart', () => {
    const trails = new RecentTrails();
    // 0, 1, 2 km, then a jump of 100 km, then 103 and 104 km.
    for (const [m, km] of [
      [0, 0],
      [1, 1],
      [2, 2],
      [3, 102],
      [4, 103],
    ]) {
      trails.update([unitAt(1, fix(m, km))]);
    }
    const lines = trails.collection().features.map((f) => f.geometry.coordinates.length);
    expect(lines).toEqual([3, 2]);
    expect(trails.collection().features.every((f) => f.properties.uid === 1)).toBe(true);
  });

  it('does not split at 50 km and draws nothing for a lone fix after a jump', () => {
    const justUnder: [number, number][] = [
      [28, -26],
      [28, -26 + (TRAIL_JUMP_LIMIT_M - 100) / 111_320],
    ];
    expect(trailLines(1, '#000000', justUnder)).toHaveLength(1);
    const lone: [number, number][] = [
      [28, -26],
      [28.01, -26],
      [31, -26],
    ];
    const lines = trailLines(1, '#000000', lone);
    expect(lines).toHaveLength(1);
    expect(lines[0].geometry.coordinates).toHaveLength(2);
  });

  it('draws nothing for a unit with one fix or one that only parked in one place', () => {
    const trails = new RecentTrails();
    trails.update([unitAt(1, fix(0))]);
    expect(trails.collection().features).toEqual([]);
    // Parked: new fixes at the same place.
    trails.update([unitAt(1, fix(1, 0, { speed: 0 }))]);
    trails.update([unitAt(1, fix(2, 0, { speed: 0 }))]);
    expect(trails.pointsOf(1)).toHaveLength(3);
    expect(trails.collection().features).toEqual([]);
  });

  it('keeps the tail of a unit that parks until new fixes push the old points out', () => {
    const trails = new RecentTrails();
    const fleet = (p: Position) =>
      [1, 2, 3, 4, 5].map((uid) => unitAt(uid, uid === 1 ? p : fix(0)));
    trails.update(fleet(fix(0)));
    trails.update(fleet(fix(1)));
    trails.update(fleet(fix(2)));
    for (let m = 3; m < 10; m++) trails.update(fleet(fix(m, 2, { speed: 0 })));
    // 10 fixes (5 units): at 0 and 1 km, then 2 km eight times. The line still runs from 0 km.
    expect(trails.collection().features[0].geometry.coordinates).toHaveLength(3);
    trails.update(fleet(fix(10, 2, { speed: 0 })));
    expect(trails.collection().features[0].geometry.coordinates).toHaveLength(2);
    trails.update(fleet(fix(11, 2, { speed: 0 })));
    expect(trails.collection().features).toEqual([]);
  });

  it('forgets a unit that leaves the list', () => {
    const trails = new RecentTrails();
    trails.update([unitAt(1, fix(0)), unitAt(2, fix(0))]);
    trails.update([unitAt(1, fix(1)), unitAt(2, fix(1))]);
    expect(trails.collection().features.map((f) => f.properties.uid)).toEqual([1, 2]);
    expect(trails.update([unitAt(2, fix(1))])).toBe(true);
    expect(trails.size).toBe(1);
    expect(trails.pointsOf(1)).toEqual([]);
    expect(trails.collection().features.map((f) => f.properties.uid)).toEqual([2]);
    // Back again: a fresh tail from its current fix, not joined to the old one.
    trails.update([unitAt(1, fix(5)), unitAt(2, fix(1))]);
    expect(trails.pointsOf(1)).toHaveLength(1);
  });

  it('follows a change of icon colour', () => {
    const trails = new RecentTrails();
    trails.update([unitAt(1, fix(0))]);
    trails.update([unitAt(1, fix(1))]);
    expect(trails.collection().features[0].properties.colour).toBe('#e53935');
    expect(trails.update([unitAt(1, fix(1), { icon_colour: '#00F' })])).toBe(true);
    expect(trails.collection().features[0].properties.colour).toBe('#0000ff');
  });

  it('does no work for units whose position did not change', () => {
    const trails = new RecentTrails();
    const units = Array.from({ length: 500 }, (_, i) => unitAt(i + 1, fix(0, i / 10)));
    trails.update(units);
    const moved = units.map((u) => ({ ...u, position: fix(1, u.uid / 10 + 1) }));
    trails.update(moved);
    const data = trails.collection();
    expect(data.features).toHaveLength(500);
    const before = { ...trails.stats };

    // The same list again, and a new list (new unit objects) sharing the position objects.
    expect(trails.update(moved)).toBe(false);
    expect(trails.update(moved.map((u) => ({ ...u, connected: false })))).toBe(false);
    expect(trails.stats).toEqual(before);
    expect(trails.collection()).toBe(data);

    // One unit moves: one fix read, one tail built, the other lines reused as they were.
    const next = moved.map((u, i) => (i === 7 ? { ...u, position: fix(2, 50) } : u));
    expect(trails.update(next)).toBe(true);
    const after = trails.collection();
    expect(trails.stats).toEqual({
      fixesRead: before.fixesRead + 1,
      tailsBuilt: before.tailsBuilt + 1,
    });
    expect(after).not.toBe(data);
    expect(after.features[0]).toBe(data.features[0]);
    expect(after.features[7]).not.toBe(data.features[7]);
  });

  it('clear forgets every tail', () => {
    const trails = new RecentTrails();
    trails.update([unitAt(1, fix(0))]);
    trails.update([unitAt(1, fix(1))]);
    trails.clear();
    expect(trails.size).toBe(0);
    expect(trails.collection().features).toEqual([]);
  });
});
