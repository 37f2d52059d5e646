import { describe, expect, it } from 'vitest';
import { MAX_REALTIME_MARKERS } from '@fleet/common';
import { makeUnit as unit } from '../testing/units';
import {
  buildUnitCollections,
  UnitFeatureCache,
  shouldCluster,
  tagsVisible,
  unitFeature,
  unitIconState,
} from './unitFeatures';

describe('unit icon state (SPEC §4)', () => {
  it('shows moving units with a heading, stopped units parked, disconnected units grey', () => {
    expect(unitIconState(unit(1, {}, 40))).toBe('moving');
    expect(unitIconState(unit(1, {}, 0))).toBe('parked');
    expect(unitIconState(unit(1, { connected: false }, 40))).toBe('offline');
    expect(unitIconState(unit(1, { position: null }))).toBe('parked');
  });
});

describe('unit features', () => {
  const opts = { iconStyle: 3 as const, showTags: true, selectedUid: null };

  it('carry a heading pointer only for moving units, rotated to their direction', () => {
    const moving = unitFeature(unit(1, {}, 60), opts)!;
    expect(moving.properties.pointer).toBe('pointer:3:e53935');
    expect(moving.properties.dir).toBe(90);
    expect(moving.properties.rot).toBe(0);
    expect(unitFeature(unit(2, {}, 0), opts)!.properties.pointer).toBe('');
    expect(unitFeature(unit(3, { connected: false }, 60), opts)!.properties.pointer).toBe('');
  });

  it('rotate the icon itself in the Arrows style instead of adding a pointer', () => {
    const f = unitFeature(unit(1, {}, 60), { ...opts, iconStyle: 0 })!;
    expect(f.properties.pointer).toBe('');
    expect(f.properties.rot).toBe(90);
    expect(f.properties.icon).toBe('unit:0:default:e53935:moving');
  });

  it('hide name tags for icon styles 1 and 2 and when the toggle is off', () => {
    expect(tagsVisible(1, true)).toBe(false);
    expect(tagsVisible(2, true)).toBe(false);
    expect(tagsVisible(3, true)).toBe(true);
    expect(tagsVisible(3, false)).toBe(false);
    expect(unitFeature(unit(1), { ...opts, iconStyle: 2 })!.properties.tag).toBe('');
    expect(unitFeature(unit(1), opts)!.properties.tag).toBe('Truck 1');
  });

  it('skip units that have no position yet', () => {
    const { others } = buildUnitCollections([unit(1), unit(2, { position: null })], opts);
    expect(others.features.map((f) => f.properties.uid)).toEqual([1]);
  });

  it('keep the selected unit apart so clustering cannot swallow it', () => {
    const units = Array.from({ length: 600 }, (_, i) => unit(i + 1));
    const { others, selected } = buildUnitCollections(units, { ...opts, selectedUid: 42 });
    expect(selected.features.map((f) => f.properties.uid)).toEqual([42]);
    expect(selected.features[0].properties.sel).toBe(1);
    expect(others.features).toHaveLength(599);
    expect(others.features.some((f) => f.properties.uid === 42)).toBe(false);
  });

  it('cluster only above MAX_REALTIME_MARKERS units (SPEC §9)', () => {
    expect(shouldCluster(MAX_REALTIME_MARKERS)).toBe(false);
    expect(shouldCluster(MAX_REALTIME_MARKERS + 1)).toBe(true);
  });

  it('draw a unit where the animation says while it glides', () => {
    const f = unitFeature(unit(7), opts, (uid) => (uid === 7 ? [28.5, -26.5] : undefined))!;
    expect(f.geometry.coordinates).toEqual([28.5, -26.5]);
  });

  it('build features again only for units that changed, and for all when the options change', () => {
    const cache = new UnitFeatureCache();
    const units = [unit(1), unit(2)];
    const first = buildUnitCollections(units, opts, undefined, cache).others.features;
    const moved = [units[0], unit(2, { name: 'Renamed' })];
    const second = buildUnitCollections(moved, opts, undefined, cache).others.features;
    expect(second[0]).toBe(first[0]);
    expect(second[1]).not.toBe(first[1]);
    expect(second[1].properties.tag).toBe('Renamed');
    const restyled = buildUnitCollections(moved, { ...opts, iconStyle: 2 }, undefined, cache);
    expect(restyled.others.features[0]).not.toBe(first[0]);
    expect(restyled.others.features[0].properties.tag).toBe('');
  });

  it('never keep a feature drawn mid-glide: the unit is back at its fix when the glide ends', () => {
    const cache = new UnitFeatureCache();
    const units = [unit(7)];
    const gliding = buildUnitCollections(units, opts, () => [28.5, -26.5], cache);
    expect(gliding.others.features[0].geometry.coordinates).toEqual([28.5, -26.5]);
    const landed = buildUnitCollections(units, opts, () => undefined, cache);
    expect(landed.others.features[0].geometry.coordinates).not.toEqual([28.5, -26.5]);
  });
});
