// Building the segments the segmenter (trips.ts) hands out: a new stop or trip, and extending one
// by a fix.
import { legMeters } from './trips-distance';
import { emptyHistogram, histogramSlot } from './trips-histogram';
import type { Segment, TripConfig, TripPoint } from './trips-model';

/** A stop that starts and, for now, ends at `p`. */
export function stopAt(p: TripPoint): Segment {
  return {
    type: 1,
    startTime: p.time,
    endTime: p.time,
    startLat: p.lat,
    startLon: p.lon,
    endLat: p.lat,
    endLon: p.lon,
    distance: 0,
    maxSpeed: 0,
    driverId: null,
    histogram: null,
    open: true,
  };
}

export function extendStop(stop: Segment, p: TripPoint): void {
  stop.endTime = p.time;
  stop.endLat = p.lat;
  stop.endLon = p.lon;
}

/** A trip starting at `p`'s time from where the unit was parked (`from`), or from `p`. */
export function startTrip(from: TripPoint | null, p: TripPoint, cfg: TripConfig): Segment {
  const o = from ?? p;
  return {
    type: 0,
    startTime: p.time,
    endTime: p.time,
    startLat: o.lat,
    startLon: o.lon,
    endLat: p.lat,
    endLon: p.lon,
    distance: from ? legMeters(from, p, cfg) : 0,
    maxSpeed: p.speed,
    driverId: p.driverId ?? null,
    histogram: emptyHistogram(),
    open: true,
  };
}

/** Adds the leg from `prev` to `p` to a trip: distance, speed histogram, top speed, end, driver. */
export function extend(seg: Segment, prev: TripPoint, p: TripPoint, cfg: TripConfig): void {
  seg.distance += legMeters(prev, p, cfg);
  // The interval is attributed to the band of its mean reported speed.
  seg.histogram![histogramSlot((prev.speed + p.speed) / 2)] += (p.time - prev.time) / 1000;
  if (p.speed > seg.maxSpeed) seg.maxSpeed = p.speed;
  seg.endTime = p.time;
  seg.endLat = p.lat;
  seg.endLon = p.lon;
  if (p.driverId != null) seg.driverId = p.driverId;
}
