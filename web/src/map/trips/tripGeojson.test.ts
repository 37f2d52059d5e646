import { describe, expect, it } from 'vitest';
import { MAX_TRIP_MARKERS, type TripPoint } from '@fleet/common';
import { buildTripCollection, sampleIndices, tripSegments } from './tripGeojson';

function trip(speeds: number[]): TripPoint[] {
  return speeds.map((speed, i) => ({
    lat: -26 + i * 0.001,
    lon: 28,
    speed,
    direction: 0,
    datetime: new Date(Date.UTC(2025, 0, 1, 8, 0, i * 10)).toISOString(),
  }));
}

const all = { maxSpeed: 120, showLines: true, showArrows: true, showMarkers: true };

describe('trip geojson', () => {
  it('spreads at most the allowed markers evenly, keeping the first and last fix', () => {
    const picked = sampleIndices(5000, MAX_TRIP_MARKERS);
    expect(picked).toHaveLength(MAX_TRIP_MARKERS);
    expect(picked[0]).toBe(0);
    expect(picked[picked.length - 1]).toBe(4999);
    expect(new Set(picked).size).toBe(picked.length);
    expect(sampleIndices(3, 1000)).toEqual([0, 1, 2]);
    expect(sampleIndices(0, 10)).toEqual([]);
  });

  it('never draws more than MAX_TRIP_MARKERS fix markers, across all trips', () => {
    const paths = [1, 2, 3].map((id) => ({ id, points: trip(Array(2000).fill(50)) }));
    const markers = buildTripCollection(paths, [], all).features.filter(
      (f) => f.properties.kind === 'marker',
    );
    expect(markers).toHaveLength(MAX_TRIP_MARKERS);
    expect(new Set(markers.map((m) => m.properties.trip))).toEqual(new Set([1, 2, 3]));
  });

  it('flags the segments above the speed limit and nothing else', () => {
    const segs = tripSegments({ id: 1, points: trip([60, 70, 130, 135, 80, 60]) }, 120);
    const fixesIn = (flag: 0 | 1) =>
      new Set(
        segs
          .filter((s) => s.properties.speeding === flag)
          .flatMap((s) => (s.geometry.type === 'LineString' ? s.geometry.coordinates : []))
          .map(([, lat]) => Math.round((lat + 26) * 1000)),
      );
    // Fixes 2 and 3 are above 120 km/h: the segments 1-2, 2-3 and 3-4 touch them.
    expect([...fixesIn(1)].sort()).toEqual([1, 2, 3, 4]);
    expect([...fixesIn(0)].sort()).toEqual([0, 1, 4, 5]);
    expect(
      tripSegments({ id: 1, points: trip([60, 130]) }, null).every(
        (s) => s.properties.speeding === 0,
      ),
    ).toBe(true);
  });

  it('colours a trip at one constant speed with real colours', () => {
    const segs = tripSegments({ id: 1, points: trip([80, 80, 80, 80]) }, 120);
    expect(segs).toHaveLength(1);
    expect(segs[0].properties.colour).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('adds the arrow path only with the trip arrows toggle on', () => {
    const path = [{ id: 1, points: trip([10, 20, 30]) }];
    const kinds = (showArrows: boolean) =>
      buildTripCollection(path, [], { ...all, showArrows }).features.map((f) => f.properties.kind);
    expect(kinds(true)).toContain('path');
    expect(kinds(false)).not.toContain('path');
  });

  it('marks where each trip starts and ends, and the stops', () => {
    const c = buildTripCollection(
      [{ id: 5, points: trip([0, 40, 0]) }],
      [{ lat: -26.5, lon: 28.5 }],
      all,
    );
    const signs = c.features.filter((f) => ['start', 'end', 'stop'].includes(f.properties.kind));
    expect(signs.map((f) => f.properties.kind).sort()).toEqual(['end', 'start', 'stop']);
    const start = signs.find((f) => f.properties.kind === 'start')!;
    expect(start.geometry.type === 'Point' && start.geometry.coordinates).toEqual([28, -26]);
  });

  it('signs every special trip event, however many fixes are thinned out, and labels stops', () => {
    const points = trip(Array(3000).fill(50));
    points[1234] = { ...points[1234], event: 'brake' };
    points[2001] = { ...points[2001], event: 'crash' };
    points[5] = { ...points[5], event: 'normal' };
    const c = buildTripCollection(
      [{ id: 7, points }],
      [{ lat: -26.5, lon: 28.5, label: '2 h 05 min' }],
      all,
    );
    const events = c.features.filter((f) => f.properties.kind === 'event');
    expect(events.map((f) => [f.properties.event, f.properties.index])).toEqual([
      ['brake', 1234],
      ['crash', 2001],
    ]);
    const stop = c.features.find((f) => f.properties.kind === 'stop')!;
    expect(stop.properties.label).toBe('2 h 05 min');
    expect(
      buildTripCollection([{ id: 7, points }], [], { ...all, showEvents: false }).features.some(
        (f) => f.properties.kind === 'event',
      ),
    ).toBe(false);
  });

  it('leaves out the start and end signs when asked, keeping the stops', () => {
    const kinds = buildTripCollection(
      [{ id: 5, points: trip([0, 40, 0]) }],
      [{ lat: -26.5, lon: 28.5 }],
      { ...all, showEnds: false },
    ).features.map((f) => f.properties.kind);
    expect(kinds).toContain('stop');
    expect(kinds).not.toContain('start');
    expect(kinds).not.toContain('end');
  });
});
