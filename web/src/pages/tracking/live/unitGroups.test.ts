import { describe, expect, it } from 'vitest';
import type { Tag } from '@fleet/common';
import { makeUnit } from '../../../map/testing/units';
import { inGroups, labelNamesByUnit, NO_GROUP, withLabelLines } from './unitGroups';

const units = [
  makeUnit(1, { name: 'Alpha' }),
  makeUnit(2, { name: 'Bravo' }),
  makeUnit(3, { name: 'Charlie', tags: [{ id: 8, name: 'Cold' }] }),
];
const labels: Tag[] = [
  { tgid: 7, name: 'Trucks', colour: '#1677ff', is_global: false, uids: [1, 2] },
  { tgid: 8, name: 'Cold', colour: '#52c41a', is_global: false, uids: [2] },
  { tgid: 9, name: 'Insured', colour: '#fa8c16', is_global: true, uids: [2] },
];
const fleets = [
  { fid: 3, name: 'North', uids: [2, 3] },
  { fid: 4, name: 'Empty', uids: [] },
];
const uids = (list: readonly { uid: number }[]) => list.map((u) => u.uid);

describe('inGroups', () => {
  it('keeps every unit when no label or fleet is chosen', () => {
    expect(inGroups(units, NO_GROUP, labels, fleets)).toBe(units);
  });

  it('keeps the units the label lists, or whose own tags name it', () => {
    expect(uids(inGroups(units, { tgid: 7, fid: null }, labels, fleets))).toEqual([1, 2]);
    expect(uids(inGroups(units, { tgid: 8, fid: null }, labels, fleets))).toEqual([2, 3]);
    expect(inGroups(units, { tgid: 99, fid: null }, labels, fleets)).toEqual([]);
  });

  it('keeps the members of the fleet, and none of an empty or unknown fleet', () => {
    expect(uids(inGroups(units, { tgid: null, fid: 3 }, labels, fleets))).toEqual([2, 3]);
    expect(inGroups(units, { tgid: null, fid: 4 }, labels, fleets)).toEqual([]);
    expect(inGroups(units, { tgid: null, fid: 99 }, labels, fleets)).toEqual([]);
  });

  it('with both chosen, keeps the units in the label and the fleet', () => {
    expect(uids(inGroups(units, { tgid: 7, fid: 3 }, labels, fleets))).toEqual([2]);
  });
});

describe('withLabelLines', () => {
  const names = labelNamesByUnit(labels);

  it('puts a unit’s labels on a second line of its name tag, and leaves others alone', () => {
    const [alpha, bravo, charlie] = withLabelLines(units, names);
    expect(alpha.name).toBe('Alpha\nTrucks');
    expect(bravo.name).toBe('Bravo\nTrucks · Cold · Insured');
    // Not listed by any label: the unit's own tags.
    expect(charlie.name).toBe('Charlie\nCold');
    expect(units[0].name).toBe('Alpha');
    expect(withLabelLines([makeUnit(5)], names)[0]).not.toHaveProperty(
      'name',
      expect.stringContaining('\n'),
    );
  });

  it('keeps one copy per unit while its labels stay, and makes a new one when they change', () => {
    const first = withLabelLines(units, names)[0];
    expect(withLabelLines(units, names)[0]).toBe(first);
    const relabelled = withLabelLines(units, new Map([[1, ['Vans']]]))[0];
    expect(relabelled.name).toBe('Alpha\nVans');
    const renamed = { ...units[0], name: 'Alpha 2' };
    expect(withLabelLines([renamed], names)[0].name).toBe('Alpha 2\nTrucks');
  });

  it('names a unit without a name by its registration', () => {
    const [unit] = withLabelLines([makeUnit(1, { name: '' })], names);
    expect(unit.name).toBe('CA 1\nTrucks');
  });
});
