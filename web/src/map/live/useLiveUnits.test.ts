import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { makeUnit } from '../testing/units';
import type { BufferClock } from './liveBuffer';
import { useLiveUnits } from './useLiveUnits';

describe('useLiveUnits', () => {
  it('merges socket updates into the unit list on the next tick, not on every message', () => {
    const timers: (() => void)[] = [];
    const clock: BufferClock = {
      now: () => 0,
      setTimeout: (fn) => timers.push(fn),
      clearTimeout: () => undefined,
    };
    const initial = [makeUnit(1), makeUnit(2)];
    const { result } = renderHook(() => useLiveUnits(initial, { clock }));
    act(() => {
      result.current.push([{ uid: 2, name: 'first' }]);
      result.current.push([
        { uid: 2, name: 'second' },
        { uid: 1, connected: false },
      ]);
    });
    expect(result.current.units[1].name).toBe('Truck 2');
    act(() => timers.shift()!());
    expect(result.current.units[1].name).toBe('second');
    expect(result.current.units[0].connected).toBe(false);
  });

  it('takes a new HTTP list as the whole truth', () => {
    const { result, rerender } = renderHook(({ units }) => useLiveUnits(units), {
      initialProps: { units: [makeUnit(1)] },
    });
    const next = [makeUnit(5), makeUnit(6)];
    rerender({ units: next });
    expect(result.current.units.map((u) => u.uid)).toEqual([5, 6]);
  });
});
