// Building the segments the segmenter (trips.ts) hands out: a new stop or trip, and extending one
// by a fix.
import { legMeters } from './trips-distance';
import { emptyHistogram, histogramSlot } from './trips-histogram';
import {
  IDLE_SPEED_KMH,
  type FixBox,
  type Segment,
  type TripConfig,
  type TripPoint,
} from './trips-model';

/** A box holding just `p`. */
export function boxAt(p: TripPoint): FixBox {
  return { minLat: p.lat, minLon: p.lon, maxLat: p.lat, maxLon: p.lon };
}

/** Grows `box` to hold `p`: four comparisons, no allocation (this runs for every fix). */
export function growBox(box: FixBox, p: TripPoint): void {
  if (p.lat < box.minLat) box.minLat = p.lat;
  if (p.lat > box.maxLat) box.maxLat = p.lat;
  if (p.lon < box.minLon) box.minLon = p.lon;
  if (p.lon > box.maxLon) box.maxLon = p.lon;
}

/** Grows `box` to hold `other` (nothing when other is null). */
export function mergeBox(box: FixBox, other: FixBox | null): void {
  if (!other) return;
  if (other.minLat < box.minLat) box.minLat = other.minLat;
  if (other.maxLat > box.maxLat) box.maxLat = other.maxLat;
  if (other.minLon < box.minLon) box.minLon = other.minLon;
  if (other.maxLon > box.maxLon) box.maxLon = other.maxLon;
}

/** `box` ∪ `other` as a new box (`box` may be null). */
export function unionBox(box: FixBox | null, other: FixBox): FixBox {
  const out = {
    minLat: other.minLat,
    minLon: other.minLon,
    maxLat: other.maxLat,
    maxLon: other.maxLon,
  };
  mergeBox(out, box);
  return out;
}

/** Sets a segment's box to `box`. */
export function setBox(seg: Segment, box: FixBox): void {
  seg.minLat = box.minLat;
  seg.minLon = box.minLon;
  seg.maxLat = box.maxLat;
  seg.maxLon = box.maxLon;
}

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
    idle: 0,
    histogram: null,
    open: true,
    minLat: p.lat,
    minLon: p.lon,
    maxLat: p.lat,
    maxLon: p.lon,
  };
}

export function extendStop(stop: Segment, p: TripPoint): void {
  growBox(stop, p);
  stop.endTime = p.time;
  stop.endLat = p.lat;
  stop.endLon = p.lon;
}

/**
 * A trip starting at `p`'s time from where the unit was parked (`from`), or from `p`. Its box
 * starts with `p` alone: `from` is an earlier fix, the stop's.
 */
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
    idle: 0,
    histogram: emptyHistogram(),
    open: true,
    minLat: p.lat,
    minLon: p.lon,
    maxLat: p.lat,
    maxLon: p.lon,
  };
}

/**
 * Adds the leg from `prev` to `p` to a trip: distance, speed histogram, idle time, top speed, end,
 * driver.
 */
export function extend(seg: Segment, prev: TripPoint, p: TripPoint, cfg: TripConfig): void {
  seg.distance += legMeters(prev, p, cfg);
  // The interval is attributed to the band of its mean reported speed, and is idle below 3 km/h.
  const mean = (prev.speed + p.speed) / 2;
  const seconds = (p.time - prev.time) / 1000;
  seg.histogram![histogramSlot(mean)] += seconds;
  if (mean < IDLE_SPEED_KMH) seg.idle += seconds;
  if (p.speed > seg.maxSpeed) seg.maxSpeed = p.speed;
  growBox(seg, p);
  seg.endTime = p.time;
  seg.endLat = p.lat;
  seg.endLon = p.lon;
  if (p.driverId != null) seg.driverId = p.driverId;
}
