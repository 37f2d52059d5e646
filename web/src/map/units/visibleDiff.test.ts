import { describe, expect, it } from 'vitest';
import { pixelDistance, visibleDiff, type UnitFeature } from './visibleDiff';

function feature(
  uid: number,
  lon: number,
  lat: number,
  extra: Partial<UnitFeature['properties']> = {},
) {
  return {
    type: 'Feature',
    id: uid,
    geometry: { type: 'Point', coordinates: [lon, lat] },
    properties: {
      uid,
      icon: 'unit:3:sedan:1e88e5:moving',
      pointer: 'pointer:3:1e88e5',
      dir: 90,
      rot: 0,
      tag: `Unit ${uid}`,
      sel: 0,
      st: 3,
      ...extra,
    },
  } as UnitFeature;
}

const sentOf = (features: UnitFeature[]) => new Map(features.map((f) => [f.properties.uid, f]));
const none = () => false;

describe('visibleDiff', () => {
  it('measures screen pixels in a 512 px world', () => {
    expect(pixelDistance([0, 0], [360 / 512, 0], 0)).toBeCloseTo(1);
    expect(pixelDistance([0, 0], [360 / 512, 0], 5)).toBeCloseTo(32);
  });

  it('holds back sub-pixel moves and headings inside clusters', () => {
    const sent = sentOf([feature(1, 28, -26)]);
    // ~30 m at zoom 5 is a hundredth of a pixel.
    const diff = visibleDiff(sent, [feature(1, 28.0003, -26, { dir: 120 })], 5, none);
    expect(diff).toEqual({ add: [], update: [], remove: [], deferred: true });
  });

  it('sends moves of half a pixel or more, and headings of units drawn on their own', () => {
    const sent = sentOf([feature(1, 28, -26), feature(2, 29, -26)]);
    const moved = feature(1, 28.0003, -26);
    const turned = feature(2, 29, -26, { dir: 100 });
    expect(visibleDiff(sent, [moved, turned], 15, (uid) => uid === 1).update).toEqual([moved]);
    expect(visibleDiff(sent, [feature(1, 28, -26), turned], 5, (uid) => uid === 2).update).toEqual([
      turned,
    ]);
  });

  it('sends a new icon or tag of a unit drawn on its own, new units and removed ones', () => {
    const sent = sentOf([feature(1, 28, -26), feature(2, 29, -26)]);
    const parked = feature(1, 28, -26, { icon: 'unit:3:sedan:1e88e5:parked', pointer: '' });
    const added = feature(3, 30, -26);
    const diff = visibleDiff(sent, [parked, added], 5, (uid) => uid === 1);
    expect(diff.update).toEqual([parked]);
    expect(diff.add).toEqual([added]);
    expect(diff.remove).toEqual([2]);
    expect(diff.deferred).toBe(false);
  });

  it('holds back new icons, tags and moves of units inside a cluster bubble, which shows a count', () => {
    const sent = sentOf([feature(1, 28, -26), feature(2, 29, -26)]);
    const renamed = feature(1, 28, -26, { icon: 'unit:3:sedan:1e88e5:parked', tag: 'Renamed' });
    const moved = feature(2, 29.1, -26);
    expect(visibleDiff(sent, [renamed, moved], 5, none)).toEqual({
      add: [],
      update: [],
      remove: [],
      deferred: true,
    });
  });
});
