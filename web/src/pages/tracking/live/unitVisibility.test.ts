import { describe, expect, it } from 'vitest';
import { makeUnit } from '../../../map/testing/units';
import { isDisabled, listedUnits, mappedUnits } from './unitVisibility';

const active = makeUnit(1);
const disabled = makeUnit(2, { active: 2 });
const ghost = makeUnit(3, { connected: false, park_state: 1 }, 0);
const disabledGhost = makeUnit(4, { active: 0, connected: false }, 0);
const fleet = [active, disabled, ghost, disabledGhost];
const uids = (units: { uid: number }[]) => units.map((u) => u.uid);

describe('isDisabled', () => {
  it('calls every active code but 1 disabled (SPEC §4)', () => {
    expect(isDisabled({ active: 1 })).toBe(false);
    for (const code of [0, 2, 3, -1]) expect(isDisabled({ active: code })).toBe(true);
  });
});

describe('listedUnits', () => {
  it('keeps every unit while disabled units are shown', () => {
    expect(listedUnits(fleet, true)).toBe(fleet);
  });
  it('drops disabled units when they are not', () => {
    expect(uids(listedUnits(fleet, false))).toEqual([1, 3]);
  });
});

describe('mappedUnits', () => {
  it('draws disconnected units as ghosts while ghost units are on', () => {
    expect(uids(mappedUnits(fleet, true, null))).toEqual([1, 2, 3, 4]);
  });
  it('leaves disconnected units off the map with ghost units off', () => {
    expect(uids(mappedUnits(fleet, false, null))).toEqual([1, 2]);
    // Selecting a connected unit changes nothing.
    expect(uids(mappedUnits(fleet, false, 1))).toEqual([1, 2]);
  });
  it('still draws the selected disconnected unit', () => {
    expect(uids(mappedUnits(fleet, false, 3))).toEqual([1, 2, 3]);
  });
  it('never draws what the list left out: disabled units hidden from the map too', () => {
    const listed = listedUnits(fleet, false);
    expect(uids(mappedUnits(listed, true, null))).toEqual([1, 3]);
    expect(uids(mappedUnits(listed, false, 4))).toEqual([1]);
  });
});
