import { describe, expect, it, vi } from 'vitest';
import { render } from '@testing-library/react';
import type { TripPoint } from '@fleet/common';
import { MapContext } from './MapContext';
import { FakeMap } from './testing/fakeMap';
import { TripLayer, type TripLayerProps } from './TripLayer';
import type { TripCollection } from './trips/tripGeojson';

const points: TripPoint[] = [0, 60, 130, 40, 0].map((speed, i) => ({
  lat: -26 + i * 0.01,
  lon: 28 + i * 0.01,
  speed,
  direction: 45,
  datetime: new Date(Date.UTC(2025, 0, 1, 8, i)).toISOString(),
}));
const trips = [{ id: 9, points }];

function source(map: FakeMap) {
  return [...map.sources.values()][0];
}
const kinds = (map: FakeMap) =>
  (source(map).data as TripCollection).features.map((f) => f.properties.kind);

describe('TripLayer', () => {
  it('draws lines, arrows, markers and start/end signs, and fits the map when asked', () => {
    const map = new FakeMap();
    render(
      <MapContext.Provider value={map.asMap()}>
        <TripLayer trips={trips} fitOnChange />
      </MapContext.Provider>,
    );
    expect(new Set(kinds(map))).toEqual(new Set(['seg', 'path', 'marker', 'start', 'end']));
    expect(map.fitted).toHaveLength(1);
    expect((map.fitted[0] as { bounds: unknown }).bounds).toEqual([
      [28, -26],
      [28.04, -25.96],
    ]);
  });

  it('drops the arrows when the trip arrows toggle goes off', () => {
    const map = new FakeMap();
    const { rerender } = render(
      <MapContext.Provider value={map.asMap()}>
        <TripLayer trips={trips} />
      </MapContext.Provider>,
    );
    expect(kinds(map)).toContain('path');
    rerender(
      <MapContext.Provider value={map.asMap()}>
        <TripLayer trips={trips} showArrows={false} />
      </MapContext.Provider>,
    );
    expect(kinds(map)).not.toContain('path');
  });

  it('reports which fix was clicked', () => {
    const map = new FakeMap();
    const onPointClick = vi.fn();
    render(
      <MapContext.Provider value={map.asMap()}>
        <TripLayer trips={trips} onPointClick={onPointClick} />
      </MapContext.Provider>,
    );
    const markers = map.layerIds().find((id) => id.endsWith('-markers'))!;
    map.fire('click', { features: [{ properties: { trip: 9, index: 2 } }] }, markers);
    expect(onPointClick).toHaveBeenCalledWith(9, 2, points[2]);
  });

  const shownWhen = (first: TripLayerProps, second: TripLayerProps) => {
    const map = new FakeMap();
    const { rerender } = render(
      <MapContext.Provider value={map.asMap()}>
        <TripLayer {...first} />
      </MapContext.Provider>,
    );
    const before = map.layers.map((l) => l.layout?.visibility);
    rerender(
      <MapContext.Provider value={map.asMap()}>
        <TripLayer {...second} />
      </MapContext.Provider>,
    );
    return { before, after: map.layers.map((l) => l.layout?.visibility) };
  };

  it('hides and shows its layers with `visible`', () => {
    const { before, after } = shownWhen({ trips, visible: false }, { trips });
    expect(new Set(before)).toEqual(new Set(['none']));
    expect(new Set(after)).toEqual(new Set(['visible']));
  });

  it('keeps its layers out of the frame while it has nothing to draw', () => {
    const { before, after } = shownWhen({ trips: [] }, { trips });
    expect(before.length).toBeGreaterThan(0);
    expect(new Set(before)).toEqual(new Set(['none']));
    expect(new Set(after)).toEqual(new Set(['visible']));
  });
});
