// Every trip and stop carries the box of its fixes (the area search narrows by it): the box of a
// segment is exactly the min/max of the fixes from its start to its end, whatever the segmenter
// did on the way (candidates given up, drift restarts, halts, gaps, expiry and resumption).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '@fleet/common';
import {
  DEFAULT_TRIP_CONFIG,
  applyOps,
  expire,
  newSegmenterState,
  pushPoint,
  type Segment,
  type SegmentKey,
  type TripPoint,
} from '../../../src/domain/trips';
import { loadTrack, segmentAll } from './tracks';

const cfg = DEFAULT_TRIP_CONFIG;
const T0 = Date.UTC(2025, 2, 3, 6, 0, 0);

/** The box of the fixes from the segment's start to its end, both included. */
function boxOfFixes(seg: Segment, fixes: readonly TripPoint[]) {
  const inside = fixes.filter((f) => f.time >= seg.startTime && f.time <= seg.endTime);
  return {
    minLat: Math.min(...inside.map((f) => f.lat)),
    minLon: Math.min(...inside.map((f) => f.lon)),
    maxLat: Math.max(...inside.map((f) => f.lat)),
    maxLon: Math.max(...inside.map((f) => f.lon)),
  };
}

function expectExactBoxes(segments: readonly Segment[], fixes: readonly TripPoint[]) {
  expect(segments.length).toBeGreaterThan(0);
  for (const seg of segments) {
    const { minLat, minLon, maxLat, maxLon } = seg;
    expect({ minLat, minLon, maxLat, maxLon }, `segment ${seg.type} at ${seg.startTime}`).toEqual(
      boxOfFixes(seg, fixes),
    );
  }
  // Segments follow one another end to start: a fix lies outside every segment only before the
  // first one or after the last one's end (the area search reads those times too).
  for (let i = 1; i < segments.length; i++)
    expect(segments[i].startTime).toBe(segments[i - 1].endTime);
}

/**
 * A day of a unit that does everything the segmenter distinguishes: parking with GPS drift and
 * drift speeds, drives with traffic-light halts, hops across a yard, a quick dash that parks
 * before it lasts a minute, and silences longer than maxGapS.
 */
function randomDay(seed: number): TripPoint[] {
  const rand = seededRandom(seed);
  const out: TripPoint[] = [];
  let t = T0;
  let lat = -26.2;
  let lon = 28.05;
  let course = rand() * 2 * Math.PI;
  const fix = (speed: number, dt: number, metres: number) => {
    t += dt * 1000;
    course += (rand() - 0.5) * 0.6;
    lat += (Math.cos(course) * metres) / 111_320;
    lon += (Math.sin(course) * metres) / 99_900;
    out.push({ time: t, lat, lon, speed });
  };
  while (out.length < 300) {
    const mode = rand();
    if (mode < 0.25) {
      // Parked: drift of a few metres, now and then a drift speed.
      for (let i = 0, n = 3 + Math.floor(rand() * 15); i < n; i++)
        fix(rand() < 0.15 ? 6 + rand() * 4 : 0, 30 + rand() * 300, rand() * 15);
    } else if (mode < 0.55) {
      // A drive, perhaps with a halt at a light.
      for (let i = 0, n = 5 + Math.floor(rand() * 40); i < n; i++) {
        const halt = rand() < 0.05;
        const speed = halt ? 0 : 20 + rand() * 70;
        fix(speed, 10 + rand() * 20, halt ? 0 : (speed / 3.6) * 15);
      }
    } else if (mode < 0.65) {
      // A hop across the yard: slow, under the trip distance.
      for (let i = 0, n = 2 + Math.floor(rand() * 5); i < n; i++) fix(8 + rand() * 5, 15, 40);
    } else if (mode < 0.75) {
      // A dash: far, but parked again before a minute was up.
      for (let i = 0; i < 3; i++) fix(60, 15, 250);
    } else if (mode < 0.85) {
      // A halt of 1 to 8 minutes.
      for (let i = 0, n = 2 + Math.floor(rand() * 16); i < n; i++) fix(0, 30, rand() * 5);
    } else {
      // Silence: the next fix comes 20 to 90 minutes later.
      t += (20 + rand() * 70) * 60_000;
    }
  }
  return out;
}

describe('segment boxes', () => {
  it('equal the min/max of their fixes on the recorded sequences', () => {
    for (const name of ['day-two-trips-lunch', 'gap-in-data', 'ignition-idle']) {
      const track = loadTrack(name);
      expectExactBoxes(segmentAll(track, cfg).segments, track);
    }
  });

  it('equal the min/max of their fixes on any day, also with expiry between fixes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.boolean(), (seed, expiring) => {
        const fixes = randomDay(seed);
        const st = newSegmenterState();
        const map = new Map<SegmentKey, Segment>();
        for (const p of fixes) {
          // The server's clock runs on between fixes: a silent unit's trip is expired, and
          // resumed if the next fix continues it.
          if (expiring && st.last) applyOps(map, expire(st, p.time - 1, cfg));
          applyOps(map, pushPoint(st, p, cfg));
        }
        const segments = [...map.values()].sort((a, b) => a.startTime - b.startTime);
        expectExactBoxes(segments, fixes);
        // The open segment's box holds the last fix unless a trip candidate is under way.
        if (!st.candidate) expect(segments.at(-1)!.endTime).toBe(fixes.at(-1)!.time);
      }),
      // 670327696: a trip candidate cut off by a gap, then the stop went on (its fixes were left out).
      { numRuns: 200, examples: [[670327696, false]] },
    );
  });

  it('grows with each fix of an open trip, one fix at a time', () => {
    const fixes = randomDay(7);
    const st = newSegmenterState();
    const map = new Map<SegmentKey, Segment>();
    for (const p of fixes) {
      applyOps(map, pushPoint(st, p, cfg));
      const seen = fixes.filter((f) => f.time <= p.time);
      expectExactBoxes(
        [...map.values()].sort((a, b) => a.startTime - b.startTime),
        seen,
      );
    }
  });
});
