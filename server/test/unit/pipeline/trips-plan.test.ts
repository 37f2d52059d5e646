// A batch's segment operations become row writes: one per segment, with its final values.
import { describe, expect, it } from 'vitest';
import { segmentKey, type Segment, type SegmentOp } from '../../../src/domain/trips';
import { liveView, type UnitWork } from '../../../src/pipeline/process';
import { newRuntime } from '../../../src/pipeline/runtime';
import { TRIP_COLUMNS, finishTrips, planTrips, tripValues } from '../../../src/pipeline/trips';
import { INFO, T0 } from './records';

function segment(type: 0 | 1, startTime: number, over: Partial<Segment> = {}): Segment {
  return {
    type,
    startTime,
    endTime: startTime,
    startLat: -26.1,
    startLon: 28.05,
    endLat: -26.1,
    endLon: 28.05,
    distance: 0,
    maxSpeed: 0,
    driverId: null,
    idle: 0,
    histogram: type === 0 ? [0, 0, 0, 0, 0, 0] : null,
    open: true,
    minLat: -26.1,
    minLon: 28.05,
    maxLat: -26.1,
    maxLon: 28.05,
    ...over,
  };
}

function work(ops: SegmentOp[], stored: [Segment, number][] = []): UnitWork {
  const rt = newRuntime(INFO);
  for (const [seg, id] of stored) rt.rowIds.set(segmentKey(seg), id);
  return { info: INFO, before: liveView(rt), rt, ops, late: [] };
}

const kinds = (w: UnitWork) => {
  const plan = planTrips([w]);
  return {
    deletes: plan.deletes.map((c) => c.id),
    updates: plan.updates.map((c) => [c.id, c.seg.endTime]),
    inserts: plan.inserts.map((c) => [c.seg.type, c.seg.startTime, c.seg.endTime]),
  };
};

describe('trip plan', () => {
  it('updates a stored open segment once with its latest values', () => {
    const stop = segment(1, T0);
    const w = work([{ op: 'update', segment: stop }], [[stop, 41]]);
    stop.endTime = T0 + 60_000;
    expect(kinds(w)).toEqual({ deletes: [], updates: [[41, T0 + 60_000]], inserts: [] });
  });

  it('closes the stop and inserts the trip that follows it', () => {
    const stop = segment(1, T0);
    const trip = segment(0, T0 + 600_000, { endTime: T0 + 700_000 });
    const w = work(
      [
        { op: 'update', segment: stop },
        { op: 'close', segment: stop },
        { op: 'open', segment: trip },
        { op: 'update', segment: trip },
      ],
      [[stop, 41]],
    );
    stop.endTime = T0 + 600_000;
    stop.open = false;
    expect(kinds(w)).toEqual({
      deletes: [],
      updates: [[41, T0 + 600_000]],
      inserts: [[0, T0 + 600_000, T0 + 700_000]],
    });
  });

  it('writes nothing for a segment opened and removed in the same batch', () => {
    const stop = segment(1, T0);
    expect(
      kinds(
        work([
          { op: 'open', segment: stop },
          { op: 'remove', segment: stop },
        ]),
      ),
    ).toEqual({ deletes: [], updates: [], inserts: [] });
    expect(kinds(work([{ op: 'remove', segment: stop }]))).toEqual({
      deletes: [],
      updates: [],
      inserts: [],
    });
  });

  it('deletes a stored segment that is removed, and stores it again if it comes back', () => {
    // An expired trip resuming: the stop that closed it goes, the trip reopens.
    const trip = segment(0, T0, { open: false });
    const stop = segment(1, T0 + 60_000);
    const w = work(
      [
        { op: 'remove', segment: stop },
        { op: 'update', segment: trip },
      ],
      [
        [trip, 7],
        [stop, 8],
      ],
    );
    const plan = planTrips([w]);
    expect(plan.deletes.map((c) => c.id)).toEqual([8]);
    expect(plan.updates.map((c) => c.id)).toEqual([7]);
    expect(w.rt.rowIds.has(segmentKey(stop))).toBe(false);

    const back = work(
      [
        { op: 'remove', segment: stop },
        { op: 'open', segment: stop },
      ],
      [[stop, 8]],
    );
    expect(kinds(back)).toEqual({ deletes: [], updates: [[8, T0 + 60_000]], inserts: [] });
  });

  it('keeps the ids of segments that can still change only', () => {
    const stop = segment(1, T0, { open: false });
    const trip = segment(0, T0 + 600_000);
    const w = work([{ op: 'open', segment: trip }], [[stop, 41]]);
    w.rt.seg.current = trip;
    const plan = planTrips([w]);
    w.rt.rowIds.set(segmentKey(trip), 42);
    finishTrips(plan);
    expect([...w.rt.rowIds.values()]).toEqual([42]);
  });

  it('writes a segment as a trips row, with the unit’s driver on a trip without one', () => {
    const trip = segment(0, T0, {
      endTime: T0 + 125_400,
      endLon: 28.06,
      distance: 1500,
      maxSpeed: 72,
      idle: 40.6,
      histogram: [100, 25.4, 0, 0, 0, 0],
    });
    const row = tripValues(trip, { ...INFO, driverId: 5 });
    expect(Object.fromEntries(TRIP_COLUMNS.map((c, i) => [c, row[i]]))).toEqual({
      unit_id: INFO.uid,
      client_id: INFO.clientId,
      type: 0,
      start_time: T0,
      end_time: T0 + 125_400,
      start_lat: -26.1,
      start_lon: 28.05,
      end_lat: -26.1,
      end_lon: 28.06,
      distance: 1500,
      max_speed: 72,
      duration: 125,
      idle_time: 41,
      driver_id: 5,
      speed_histogram: '{"low":100,"60s":25,"80s":0,"100s":0,"120s":0,"high":0}',
      open: 1,
      min_lat: -26.1,
      min_lon: 28.05,
      max_lat: -26.1,
      max_lon: 28.05,
    });
    // Stops carry no driver and no histogram.
    const stop = tripValues(segment(1, T0), { ...INFO, driverId: 5 });
    expect([
      stop[TRIP_COLUMNS.indexOf('driver_id')],
      stop[TRIP_COLUMNS.indexOf('speed_histogram')],
    ]).toEqual([null, '{}']);
  });
});
