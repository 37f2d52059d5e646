import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import type { FeatureCollection, LineString, Point } from 'geojson';
import type { TripPoint } from '@fleet/common';
import { MapContext } from './MapContext';
import { ReplayLayer } from './ReplayLayer';
import { ReplayController, type FrameClock } from './replay/replayController';
import { FakeMap } from './testing/fakeMap';

const still: FrameClock = { now: () => 0, request: () => 0, cancel: () => undefined };
const points: TripPoint[] = [0, 1, 2, 3].map((i) => ({
  lat: -26,
  lon: 28 + i * 0.01,
  speed: 50,
  direction: 90,
  datetime: new Date(Date.UTC(2025, 0, 1, 8, i)).toISOString(),
}));

describe('ReplayLayer', () => {
  it('draws the travelled part up to the moving marker, which points where it goes', () => {
    const replay = new ReplayController(points, { clock: still });
    replay.seekFraction(0.5);
    const map = new FakeMap();
    render(
      <MapContext.Provider value={map.asMap()}>
        <ReplayLayer points={replay.points} state={replay.getState()} />
      </MapContext.Provider>,
    );
    const data = [...map.sources.values()][0].data as FeatureCollection;
    const byKind = (kind: string) => data.features.find((f) => f.properties?.kind === kind)!;
    const travelled = (byKind('travelled').geometry as LineString).coordinates;
    expect(travelled.map(([lon]) => Number(lon.toFixed(3)))).toEqual([28, 28.01, 28.015]);
    expect((byKind('marker').geometry as Point).coordinates[0]).toBeCloseTo(28.015, 9);
    expect(byKind('marker').properties!.heading).toBeCloseTo(90, 0);
    expect((byKind('path').geometry as LineString).coordinates).toHaveLength(4);
  });
});
