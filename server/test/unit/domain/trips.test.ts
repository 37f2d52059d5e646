import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TRIP_CONFIG,
  applyOps,
  cloneSegmenterState,
  expire,
  newSegmenterState,
  pushPoint,
  segmentKey,
  type Segment,
  type SegmentKey,
  type SegmentOp,
  type SegmenterState,
  type TripPoint,
} from '../../../src/domain/trips';
import {
  HISTOGRAM_KEYS,
  histogramJson,
  histogramObject,
  histogramSlot,
} from '../../../src/domain/trips-histogram';
import { hhmm, loadTrack, segmentAll } from './tracks';

const cfg = DEFAULT_TRIP_CONFIG;
const trips = (s: Segment[]) => s.filter((x) => x.type === 0);
const stops = (s: Segment[]) => s.filter((x) => x.type === 1);
const sum = (a: number[] | null) => (a ?? []).reduce((x, y) => x + y, 0);

/** Every operation targets a segment that was opened; segments tile time without overlap. */
function expectWellFormed(ops: SegmentOp[], segments: Segment[]) {
  const opened = new Set<SegmentKey>();
  for (const { op, segment } of ops) {
    const key = segmentKey(segment);
    if (op === 'open') opened.add(key);
    else expect(opened.has(key), `${op} of ${key} before open`).toBe(true);
  }
  expect(segments.filter((s) => s.open)).toHaveLength(1);
  expect(segments[segments.length - 1].open).toBe(true);
  for (let i = 1; i < segments.length; i++) {
    expect(segments[i].type).not.toBe(segments[i - 1].type);
    expect(segments[i].startTime).toBe(segments[i - 1].endTime);
  }
}

describe('trip segmentation of recorded sequences', () => {
  it('a day with two trips and a lunch stop', () => {
    const track = loadTrack('day-two-trips-lunch');
    const { segments, ops } = segmentAll(track, cfg);
    expectWellFormed(ops, segments);
    expect(segments.map((s) => s.type)).toEqual([1, 0, 1, 0, 1]);
    const [toLunch, back] = trips(segments);
    const lunch = segments[2];

    // Parked at the office since the first fix; two drift speeds of 6-8 km/h made no trip.
    expect(hhmm(segments[0].startTime)).toBe('08:30:00');
    // The first trip starts at the first moving fix after the 90 s warm-up, and keeps both
    // traffic-light halts (75 s and 40 s), ending where the car stood still at the restaurant.
    expect(hhmm(toLunch.startTime)).toBe('10:31:40');
    expect(hhmm(toLunch.endTime)).toBe('10:39:10');
    expect(toLunch.distance).toBeGreaterThan(4300);
    expect(toLunch.distance).toBeLessThan(4800);
    expect(toLunch.maxSpeed).toBe(
      Math.max(
        ...track
          .filter((p) => p.time >= toLunch.startTime && p.time <= toLunch.endTime)
          .map((p) => p.speed),
      ),
    );
    expect(sum(toLunch.histogram)).toBeCloseTo((toLunch.endTime - toLunch.startTime) / 1000, 6);

    // Lunch: from arrival until the departure, not from the drift speed logged at 11:29.
    expect(lunch.startTime).toBe(toLunch.endTime);
    expect(hhmm(lunch.endTime)).toBe('11:35:30');
    expect((lunch.endTime - lunch.startTime) / 60000).toBeGreaterThan(50);

    expect(back.startTime).toBe(lunch.endTime);
    expect(back.distance).toBeGreaterThan(4300);
    expect(back.distance).toBeLessThan(4800);
    expect(back.open).toBe(false);
    // Parked at the office again: the open stop runs to the last fix.
    expect(segments[4].open).toBe(true);
    expect(segments[4].endTime).toBe(track[track.length - 1].time);
  });

  it('a gap in data ends the trip at its last fix; a shorter hole does not', () => {
    const track = loadTrack('gap-in-data');
    const { segments, ops } = segmentAll(track, cfg);
    expectWellFormed(ops, segments);
    expect(segments.map((s) => s.type)).toEqual([1, 0, 1, 0, 1]);
    const [first, second] = trips(segments);
    // The last fix before the 45-minute silence closes the first trip...
    const gapAt = track.findIndex(
      (p, i) => i > 0 && p.time - track[i - 1].time > cfg.maxGapS * 1000,
    );
    expect(first.endTime).toBe(track[gapAt - 1].time);
    expect(first.endLat).toBe(track[gapAt - 1].lat);
    // ...the unit counts as parked there until it moves again after the gap...
    expect(segments[2].startTime).toBe(first.endTime);
    expect(second.startTime).toBe(track[gapAt].time);
    // ...and the distance driven blind is in neither trip.
    expect(second.startLat).toBe(track[gapAt].lat);
    // The 8-minute hole inside the second trip stays inside it.
    const hole = track.findIndex(
      (p, i) => i > gapAt + 1 && p.time - track[i - 1].time >= 8 * 60_000,
    );
    expect(hole).toBeGreaterThan(0);
    expect(second.startTime).toBeLessThan(track[hole - 1].time);
    expect(second.endTime).toBeGreaterThan(track[hole].time);
  });

  it('ignition on without movement is no trip', () => {
    const track = loadTrack('ignition-idle');
    expect(track.filter((p) => p.ignition).length).toBeGreaterThan(40);
    expect(track.filter((p) => p.speed >= cfg.movingSpeedKmh).length).toBeGreaterThan(0);
    const { segments } = segmentAll(track, cfg);
    expect(trips(segments)).toHaveLength(0);
    expect(stops(segments)).toHaveLength(1);
    expect(segments[0].startTime).toBe(track[0].time);
    expect(segments[0].endTime).toBe(track[track.length - 1].time);
  });

  it('continues identically from a saved state (a restart mid-trip)', () => {
    const track = loadTrack('day-two-trips-lunch');
    const whole = segmentAll(track, cfg).segments;
    for (const cut of [40, 60, 130]) {
      const st = newSegmenterState();
      const ops: SegmentOp[] = [];
      for (const p of track.slice(0, cut)) ops.push(...pushPoint(st, p, cfg));
      const restored = JSON.parse(JSON.stringify(st)) as SegmenterState;
      for (const p of track.slice(cut)) ops.push(...pushPoint(restored, p, cfg));
      const map = new Map<SegmentKey, Segment>();
      applyOps(map, ops);
      expect([...map.values()].sort((a, b) => a.startTime - b.startTime)).toEqual(whole);
    }
  });
});

describe('trip segmentation rules', () => {
  const T = Date.UTC(2025, 0, 6, 7, 0);
  /** Moves east at `kmh` with a fix every `every` seconds. */
  function drive(from: TripPoint, seconds: number, kmh: number, every = 10): TripPoint[] {
    const out: TripPoint[] = [];
    let { lat, lon, time } = from;
    const dLon =
      (((kmh / 3.6) * every) / (6378137 * Math.cos((lat * Math.PI) / 180))) * (180 / Math.PI);
    for (let s = every; s <= seconds; s += every) {
      time += every * 1000;
      lon += kmh > 0 ? dLon : 0;
      lat += 0;
      out.push({ time, lat, lon, speed: kmh });
    }
    return out;
  }
  const start: TripPoint = { time: T, lat: -26.2, lon: 28.0, speed: 0 };

  it('a short hop across the yard stays part of the stop', () => {
    const hop = drive(start, 30, 20); // 170 m
    const rest = drive(hop[hop.length - 1], 600, 0, 60);
    const { segments } = segmentAll([start, ...hop, ...rest], cfg);
    expect(segments.map((s) => s.type)).toEqual([1]);
  });

  it('a halt shorter than the stop threshold stays in the trip; a longer one ends it', () => {
    const a = drive(start, 300, 60);
    const light = drive(a[a.length - 1], 240, 0);
    const b = drive(light[light.length - 1], 300, 60);
    const park = drive(b[b.length - 1], 600, 0);
    const { segments } = segmentAll([start, ...a, ...light, ...b, ...park], cfg);
    expect(segments.map((s) => s.type)).toEqual([1, 0, 1]);
    const trip = segments[1];
    expect(trip.endTime).toBe(park[0].time);
    expect(segments[2].startTime).toBe(park[0].time);
    // Distance: 600 s at 60 km/h, and nothing for standing still.
    expect(trip.distance).toBeCloseTo(10000, -1);
  });

  it('counts a stand inside a trip as idle time, and the closing halt as the stop’s', () => {
    // A 10-minute stop threshold keeps a 5-minute stand at 0 km/h inside the trip.
    const long = { ...cfg, minParkingS: 600 };
    const a = drive(start, 300, 60);
    const stand = drive(a[a.length - 1], 310, 0);
    const b = drive(stand[stand.length - 1], 300, 60);
    const park = drive(b[b.length - 1], 900, 0);
    const { segments } = segmentAll([start, ...a, ...stand, ...b, ...park], long);
    expect(segments.map((s) => s.type)).toEqual([1, 0, 1]);
    // 31 fixes at 0 km/h from the stand's first to its last: 300 s. The legs into and out of it
    // average 30 km/h, and the 15 minutes parked at the end belong to the stop.
    expect(segments[1].idle).toBe(300);
    expect(segments[0].idle).toBe(0);
    expect(segments[2].idle).toBe(0);

    // With the default threshold a 4-minute traffic light stays in the trip: 23 legs of 10 s.
    const light = drive(a[a.length - 1], 240, 0);
    const c = drive(light[light.length - 1], 300, 60);
    const park2 = drive(c[c.length - 1], 600, 0);
    const short = segmentAll([start, ...a, ...light, ...c, ...park2], cfg).segments;
    expect(short.map((s) => s.type)).toEqual([1, 0, 1]);
    expect(short[1].idle).toBe(230);
  });

  it('expiry closes a trip whose unit went silent, and undoes it if buffered fixes continue it', () => {
    const a = drive(start, 600, 50);
    const st = newSegmenterState();
    const ops: SegmentOp[] = [];
    for (const p of [start, ...a]) ops.push(...pushPoint(st, p, cfg));
    const last = a[a.length - 1];
    const before = cloneSegmenterState(st);

    const closed = expire(st, last.time + cfg.maxGapS * 1000 + 1, cfg);
    expect(closed.map((o) => [o.op, o.segment.type])).toEqual([
      ['close', 0],
      ['open', 1],
    ]);
    expect(st.phase).toBe('stop');
    // Nothing more to do on the next sweep.
    expect(expire(st, last.time + 2 * cfg.maxGapS * 1000, cfg)).toEqual([]);

    // The tracker was out of coverage and now sends what it buffered: the trip goes on.
    const b = drive(last, 300, 50);
    const resumed = pushPoint(st, b[0], cfg);
    expect(resumed.map((o) => [o.op, o.segment.type, o.segment.open])).toEqual([
      ['remove', 1, true],
      ['update', 0, true],
    ]);
    for (const p of b.slice(1)) pushPoint(st, p, cfg);
    for (const p of b) pushPoint(before, p, cfg);
    expect(st).toEqual(before);
  });

  it('a long gap after expiry keeps the trip closed', () => {
    const a = drive(start, 600, 50);
    const st = newSegmenterState();
    for (const p of [start, ...a]) pushPoint(st, p, cfg);
    const last = a[a.length - 1];
    expire(st, last.time + cfg.maxGapS * 1000 + 1, cfg);
    const later = { ...last, time: last.time + 2 * cfg.maxGapS * 1000, speed: 0 };
    const ops = pushPoint(st, later, cfg);
    expect(ops.map((o) => o.op)).toEqual(['update']);
    expect(ops[0].segment.type).toBe(1);
  });

  it('ignores fixes that are not newer than the last one', () => {
    const st = newSegmenterState();
    pushPoint(st, start, cfg);
    expect(pushPoint(st, { ...start, lat: -26.3 }, cfg)).toEqual([]);
    expect(st.last).toBe(start);
  });
});

describe('speed histogram', () => {
  it('names the bands as SPEC §3 does', () => {
    expect(HISTOGRAM_KEYS).toEqual(['low', '60s', '80s', '100s', '120s', 'high']);
    expect(HISTOGRAM_KEYS[histogramSlot(0)]).toBe('low');
    expect(HISTOGRAM_KEYS[histogramSlot(59.9)]).toBe('low');
    expect(HISTOGRAM_KEYS[histogramSlot(60)]).toBe('60s');
    expect(HISTOGRAM_KEYS[histogramSlot(99)]).toBe('80s');
    expect(HISTOGRAM_KEYS[histogramSlot(139.9)]).toBe('120s');
    expect(HISTOGRAM_KEYS[histogramSlot(140)]).toBe('high');
    expect(HISTOGRAM_KEYS[histogramSlot(220)]).toBe('high');
    expect(histogramObject([1.4, 2.6, 0, 0, 0, 9])).toEqual({
      low: 1,
      '60s': 3,
      '80s': 0,
      '100s': 0,
      '120s': 0,
      high: 9,
    });
  });

  it('stores the same text as the object serialised', () => {
    for (const slots of [
      [1.4, 2.6, 0, 0, 0, 9],
      [0, 0, 0, 0, 0, 0],
      [3599.5, 0.49, 12, 7200, 1e6, 0.5],
    ]) {
      expect(histogramJson(slots)).toBe(JSON.stringify(histogramObject(slots)));
    }
    expect(JSON.parse(histogramJson([NaN, 1, 2, 3, 4, 5]))).toMatchObject({ low: null, high: 5 });
  });

  it('keys segments by type and start, distinctly', () => {
    const t = Date.UTC(2025, 0, 6, 7, 0);
    const keys = new Set([
      segmentKey({ type: 0, startTime: t }),
      segmentKey({ type: 1, startTime: t }),
      segmentKey({ type: 0, startTime: t + 1 }),
      segmentKey({ type: 1, startTime: t + 1 }),
    ]);
    expect(keys.size).toBe(4);
    expect(segmentKey({ type: 1, startTime: t })).toBe(segmentKey({ type: 1, startTime: t }));
  });

  it('counts the seconds a trip spends in each band', () => {
    const T = Date.UTC(2025, 0, 6, 7, 0);
    const points: TripPoint[] = [{ time: T, lat: -26.2, lon: 28, speed: 0 }];
    const speeds = [...Array(30).fill(50), ...Array(30).fill(90), ...Array(30).fill(150)];
    let lon = 28;
    speeds.forEach((v, i) => {
      lon += (((v / 3.6) * 10) / (6378137 * Math.cos((26.2 * Math.PI) / 180))) * (180 / Math.PI);
      points.push({ time: T + (i + 1) * 10_000, lat: -26.2, lon, speed: v });
    });
    const { segments } = segmentAll(points, cfg);
    const trip = trips(segments)[0];
    const h = histogramObject(trip.histogram!);
    // Intervals take the band of their mean speed: 70 and 120 fall in the bands between.
    expect(h).toEqual({ low: 290, '60s': 10, '80s': 290, '100s': 0, '120s': 10, high: 290 });
    expect(trip.maxSpeed).toBe(150);
  });
});
