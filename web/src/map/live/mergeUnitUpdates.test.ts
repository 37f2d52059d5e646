import { describe, expect, it } from 'vitest';
import { makeUnit } from '../testing/units';
import { mergeUnitUpdates } from './mergeUnitUpdates';

describe('mergeUnitUpdates', () => {
  const units = [makeUnit(1), makeUnit(2), makeUnit(3)];

  it('applies changed fields and keeps the list order and the other fields', () => {
    const position = {
      lat: -29,
      lon: 31,
      speed: 0,
      direction: 10,
      datetime: '2025-01-01T10:01:00Z',
      ignition: false,
    };
    const next = mergeUnitUpdates(units, [
      { uid: 3, position },
      { uid: 1, connected: false },
    ]);
    expect(next.map((u) => u.uid)).toEqual([1, 2, 3]);
    expect(next[2].position).toEqual(position);
    expect(next[2].name).toBe('Truck 3');
    expect(next[0].connected).toBe(false);
    expect(next[1]).toBe(units[1]);
  });

  it('lets the later of two updates for one unit win, field by field', () => {
    const next = mergeUnitUpdates(units, [
      { uid: 2, name: 'Old', connected: false },
      { uid: 2, name: 'New' },
    ]);
    expect(next[1].name).toBe('New');
    expect(next[1].connected).toBe(false);
  });

  it('ignores units it does not hold and returns the same list when nothing changed', () => {
    expect(mergeUnitUpdates(units, [{ uid: 99, name: 'Ghost' }])).toBe(units);
    expect(mergeUnitUpdates(units, [])).toBe(units);
  });
});
