// The segmenter's data (trips.ts): its configuration, the fixes it is fed and the segments it hands
// out. A leaf module, so that trips.ts and the helpers it uses (trips-segments.ts,
// trips-distance.ts) all depend on it and never on each other in a circle.
import { STOP_THRESHOLD_S } from '@fleet/common';

export interface TripConfig {
  /** A fix at or above this speed (km/h) is moving. */
  movingSpeedKmh: number;
  /** A trip must take the unit at least this far (straight line) from where it started. */
  minTripDistanceM: number;
  /** ... and last at least this long. */
  minTripDurationS: number;
  /** Standing still this long ends a trip (SPEC §9 stop threshold). */
  minParkingS: number;
  /** Once stationary, the unit is moving again only when it leaves this radius. */
  stopRadiusM: number;
  /** A leg shorter than this to a fix below movingSpeedKmh is GPS drift: no distance. */
  driftM: number;
  /** No fix for longer than this ends a trip at its last fix. */
  maxGapS: number;
}

export const DEFAULT_TRIP_CONFIG: TripConfig = {
  movingSpeedKmh: 5,
  minTripDistanceM: 500,
  minTripDurationS: 60,
  minParkingS: STOP_THRESHOLD_S,
  stopRadiusM: 100,
  driftM: 50,
  maxGapS: 1800,
};

/**
 * A leg of a trip whose mean reported speed is below this (km/h) is idle time: the engine on, the
 * vehicle standing (a traffic light, a queue). Below movingSpeedKmh, so a crawl in traffic is not.
 */
export const IDLE_SPEED_KMH = 3;

export interface TripPoint {
  time: number;
  lat: number;
  lon: number;
  /** km/h */
  speed: number;
  /** people.pid of the identified driver, if any. */
  driverId?: number | null;
  /** The position filter re-anchored here after a jump: the leg into it adds no distance. */
  jump?: boolean;
}

export interface Segment {
  type: 0 | 1;
  startTime: number;
  endTime: number;
  startLat: number;
  startLon: number;
  endLat: number;
  endLon: number;
  /** metres */
  distance: number;
  /** km/h */
  maxSpeed: number;
  driverId: number | null;
  /** Seconds of the trip's legs below IDLE_SPEED_KMH (0 for stops). */
  idle: number;
  /** Seconds per HISTOGRAM_KEYS slot; null for stops. */
  histogram: number[] | null;
  open: boolean;
  /**
   * The box of the segment's fixes: every stored fix from startTime to endTime (both included)
   * lies in it, and it is no larger (the area search reads only segments whose box meets the
   * area's, see tasks/area-visits.ts).
   */
  minLat: number;
  minLon: number;
  maxLat: number;
  maxLon: number;
}

/** A bounding box of fixes (a segment's, or the segmenter's working boxes). */
export interface FixBox {
  minLat: number;
  minLon: number;
  maxLat: number;
  maxLon: number;
}

export type SegmentOp = { op: 'open' | 'update' | 'close' | 'remove'; segment: Segment };
