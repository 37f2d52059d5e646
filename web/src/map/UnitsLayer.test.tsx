import { describe, expect, it, vi } from 'vitest';
import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { UnitListItem } from '@fleet/common';
import { MapContext } from './MapContext';
import { FakeMap } from './testing/fakeMap';
import { makeUnit } from './testing/units';
import { UnitsLayer } from './UnitsLayer';
import { GeofenceLayer } from './GeofenceLayer';
import type { UnitCollection } from './units/unitFeatures';

function withMap(map: FakeMap, children: ReactNode) {
  return <MapContext.Provider value={map.asMap()}>{children}</MapContext.Provider>;
}

const fleetOf = (map: FakeMap) => [...map.sources.entries()].find(([id]) => id.endsWith('-fleet'))!;
const selectedOf = (map: FakeMap) =>
  [...map.sources.entries()].find(([id]) => id.endsWith('-selected'))!;
const uids = (data: unknown) => (data as UnitCollection).features.map((f) => f.properties.uid);
const fleet = (n: number): UnitListItem[] => Array.from({ length: n }, (_, i) => makeUnit(i + 1));

describe('UnitsLayer', () => {
  it('adds its sources and layers on mount and removes every one on unmount', () => {
    const map = new FakeMap();
    const { unmount } = render(withMap(map, <UnitsLayer units={fleet(3)} selectedUid={2} />));
    const [fleetId] = fleetOf(map);
    // Cluster bubbles and their counts are drawn by the icon layer; tags alone get a halo pass.
    expect(map.layerIds()).toEqual([
      `${fleetId}-pointer`,
      `${fleetId}-icon`,
      `${fleetId}-tag`,
      expect.stringMatching(/-selected-halo$/),
      expect.stringMatching(/-selected-pointer$/),
      expect.stringMatching(/-selected-icon$/),
      expect.stringMatching(/-selected-tag$/),
    ]);
    unmount();
    expect(map.layers).toEqual([]);
    expect(map.sources.size).toBe(0);
  });

  it('puts the selected unit in a source of its own and the rest in the fleet', () => {
    const map = new FakeMap();
    render(withMap(map, <UnitsLayer units={fleet(3)} selectedUid={2} animate={false} />));
    expect(uids(fleetOf(map)[1].data)).toEqual([1, 3]);
    expect(uids(selectedOf(map)[1].data)).toEqual([2]);
  });

  it('draws the sprites a fleet needs before its data reaches the map', () => {
    const map = new FakeMap();
    render(
      withMap(map, <UnitsLayer units={[makeUnit(1, { icon_colour: 'green' }, 0)]} iconStyle={4} />),
    );
    expect(map.imagesAsked).toContain('unit:4:large_truck:43a047:parked');
  });

  it('sends changed units to the map with setData', () => {
    const map = new FakeMap();
    const units = fleet(2);
    const { rerender } = render(withMap(map, <UnitsLayer units={units} animate={false} />));
    const [, source] = fleetOf(map);
    const moved = [units[0], { ...units[1], position: { ...units[1].position!, lat: -25.9 } }];
    rerender(withMap(map, <UnitsLayer units={moved} animate={false} />));
    const last = source.setDataCalls[source.setDataCalls.length - 1] as UnitCollection;
    expect(last.features[1].geometry.coordinates[1]).toBe(-25.9);
  });

  it('clusters above 500 units and stops when the fleet shrinks again', () => {
    const map = new FakeMap();
    const { rerender } = render(withMap(map, <UnitsLayer units={fleet(400)} />));
    const [, source] = fleetOf(map);
    expect(source.cluster).toBe(false);
    rerender(withMap(map, <UnitsLayer units={fleet(501)} selectedUid={7} />));
    expect(source.cluster).toBe(true);
    expect(uids(selectedOf(map)[1].data)).toEqual([7]);
    rerender(withMap(map, <UnitsLayer units={fleet(500)} />));
    expect(source.cluster).toBe(false);
  });

  it('starts clustered when the first list is already large', () => {
    const map = new FakeMap();
    render(withMap(map, <UnitsLayer units={fleet(800)} />));
    expect(fleetOf(map)[1].cluster).toBe(true);
  });

  it('hides name tags for icon style 2', () => {
    const map = new FakeMap();
    const { rerender } = render(
      withMap(map, <UnitsLayer units={fleet(1)} iconStyle={3} animate={false} />),
    );
    const [, source] = fleetOf(map);
    expect((source.data as UnitCollection).features[0].properties.tag).toBe('Truck 1');
    rerender(withMap(map, <UnitsLayer units={fleet(1)} iconStyle={2} animate={false} />));
    expect((source.data as UnitCollection).features[0].properties.tag).toBe('');
  });

  it('selects a unit on click and shows a pointer cursor over units', () => {
    const map = new FakeMap();
    const onSelect = vi.fn();
    render(withMap(map, <UnitsLayer units={fleet(2)} onSelect={onSelect} />));
    const [fleetId] = fleetOf(map);
    map.fire('mouseenter', {}, `${fleetId}-icon`);
    expect(map.canvas.style.cursor).toBe('pointer');
    map.fire('click', { features: [{ properties: { uid: 2 } }] }, `${fleetId}-icon`);
    expect(onSelect).toHaveBeenCalledWith(2);
    map.fire('mouseleave', {}, `${fleetId}-icon`);
    expect(map.canvas.style.cursor).toBe('');
  });

  it('zooms into a cluster when it is clicked', async () => {
    const map = new FakeMap();
    render(withMap(map, <UnitsLayer units={fleet(600)} />));
    const [fleetId] = fleetOf(map);
    await act(async () => {
      map.fire(
        'click',
        {
          features: [
            { properties: { cluster_id: 3 }, geometry: { type: 'Point', coordinates: [28, -26] } },
          ],
        },
        `${fleetId}-icon`,
      );
    });
    expect(map.eased).toEqual([{ center: [28, -26], zoom: 9 }]);
  });

  it('stacks layers in JSX order: units drawn over geofences', () => {
    const map = new FakeMap();
    render(
      withMap(
        map,
        <>
          <GeofenceLayer locations={[]} />
          <UnitsLayer units={fleet(1)} />
        </>,
      ),
    );
    const ids = map.layerIds();
    const lastGeofence = Math.max(...ids.map((id, i) => (id.startsWith('geofences-') ? i : -1)));
    const firstUnit = ids.findIndex((id) => id.startsWith('units-'));
    expect(lastGeofence).toBeLessThan(firstUnit);
  });
});
