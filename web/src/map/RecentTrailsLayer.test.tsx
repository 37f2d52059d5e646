import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { UnitListItem } from '@fleet/common';
import { MapContext } from './MapContext';
import { RecentTrailsLayer } from './RecentTrailsLayer';
import { FakeMap } from './testing/fakeMap';
import { makeUnit } from './testing/units';
import type { TrailCollection } from './live/recentTrails';

function withMap(map: FakeMap, children: ReactNode) {
  return <MapContext.Provider value={map.asMap()}>{children}</MapContext.Provider>;
}

const sourceOf = (map: FakeMap) => [...map.sources.values()][0];
const lastSent = (map: FakeMap) => {
  const calls = sourceOf(map).setDataCalls;
  return calls[calls.length - 1] as TrailCollection;
};

/** `n` units, unit i `minute` minutes after 10:00 and `minute` × 10 m further east. */
function fleet(n: number, minute: number, over: Partial<UnitListItem> = {}): UnitListItem[] {
  return Array.from({ length: n }, (_, i) => {
    const unit = makeUnit(i + 1, over);
    return {
      ...unit,
      position: {
        ...unit.position!,
        lat: -26.2 + i * 0.01,
        lon: 28 + minute * 0.0001,
        datetime: new Date(Date.UTC(2025, 0, 1, 10, minute)).toISOString(),
      },
    };
  });
}

describe('RecentTrailsLayer', () => {
  it('adds its source and line layer on mount and removes them on unmount', () => {
    const map = new FakeMap();
    const { unmount } = render(withMap(map, <RecentTrailsLayer units={fleet(3, 0)} />));
    expect(map.sources.size).toBe(1);
    const [sourceId] = [...map.sources.keys()];
    expect(map.layerIds()).toEqual([`${sourceId}-line`]);
    expect(map.layers[0]).toMatchObject({ type: 'line', source: sourceId });
    expect(map.layers[0].paint['line-color']).toEqual(['get', 'colour']);
    unmount();
    expect(map.layers).toEqual([]);
    expect(map.sources.size).toBe(0);
  });

  it('sends the tails of the units that moved, and shows the layer once there are lines', () => {
    const map = new FakeMap();
    const { rerender } = render(withMap(map, <RecentTrailsLayer units={fleet(2, 0)} />));
    expect((sourceOf(map).data as TrailCollection).features).toEqual([]);
    expect(map.layers[0].layout.visibility).toBe('none');

    rerender(withMap(map, <RecentTrailsLayer units={fleet(2, 1, { icon_colour: 'blue' })} />));
    const sent = lastSent(map);
    expect(sent.features.map((f) => f.properties)).toEqual([
      { uid: 1, colour: '#1e88e5' },
      { uid: 2, colour: '#1e88e5' },
    ]);
    expect(sent.features[0].geometry.coordinates).toEqual([
      [28, -26.2],
      [28.0001, -26.2],
    ]);
    expect(map.layers[0].layout.visibility).toBe('visible');
  });

  it('sends nothing new when the list changes but no position does', () => {
    const map = new FakeMap();
    const first = fleet(2, 0);
    const { rerender } = render(withMap(map, <RecentTrailsLayer units={first} />));
    const moved = fleet(2, 1);
    rerender(withMap(map, <RecentTrailsLayer units={moved} />));
    const calls = sourceOf(map).setDataCalls.length;
    rerender(withMap(map, <RecentTrailsLayer units={moved.map((u) => ({ ...u }))} />));
    expect(sourceOf(map).setDataCalls).toHaveLength(calls);
  });

  it('sends an empty collection above 500 units and starts afresh below', () => {
    const map = new FakeMap();
    const { rerender } = render(withMap(map, <RecentTrailsLayer units={fleet(501, 0)} />));
    expect((sourceOf(map).data as TrailCollection).features).toEqual([]);
    rerender(withMap(map, <RecentTrailsLayer units={fleet(501, 1)} />));
    expect((sourceOf(map).data as TrailCollection).features).toEqual([]);

    rerender(withMap(map, <RecentTrailsLayer units={fleet(500, 2)} />));
    expect(lastSent(map).features).toEqual([]); // one fix each since the clustering stopped
    rerender(withMap(map, <RecentTrailsLayer units={fleet(500, 3)} />));
    expect(lastSent(map).features).toHaveLength(500);

    rerender(withMap(map, <RecentTrailsLayer units={fleet(501, 4)} />));
    expect(lastSent(map).features).toEqual([]);
    expect(map.layers[0].layout.visibility).toBe('none');
  });

  it('hides the layer when not visible', () => {
    const map = new FakeMap();
    const { rerender } = render(withMap(map, <RecentTrailsLayer units={fleet(1, 0)} />));
    rerender(withMap(map, <RecentTrailsLayer units={fleet(1, 1)} />));
    expect(map.layers[0].layout.visibility).toBe('visible');
    rerender(withMap(map, <RecentTrailsLayer units={fleet(1, 1)} visible={false} />));
    expect(map.layers[0].layout.visibility).toBe('none');
  });
});
