import type { Feature, FeatureCollection, Geometry } from 'geojson';
import { MAX_TRIP_MARKERS, type TripPoint } from '@fleet/common';
import { speedColour, speedRange, speedRatio } from '../speedColour';

export interface TripPath {
  id: number | string;
  /** Fixes in time order (get_trip_points motions). */
  points: readonly TripPoint[];
}

/** A parked place between trips. */
export interface TripStop {
  lat: number;
  lon: number;
  start?: string;
  end?: string;
  /** Shown under the P sign, e.g. how long the unit stood there. */
  label?: string;
}

export type TripFeatureKind = 'seg' | 'path' | 'marker' | 'event' | 'start' | 'end' | 'stop';

export interface TripFeatureProps {
  kind: TripFeatureKind;
  trip: number | string;
  colour?: string;
  speeding?: 0 | 1;
  /** Index of the fix within its trip, for markers. */
  index?: number;
  speed?: number;
  datetime?: string;
  /** Special trip event of a fix (SPEC §3: brake, accelerate, corner, crash, gps). */
  event?: string;
  /** Text under a stop's sign. */
  label?: string;
}

export type TripCollection = FeatureCollection<Geometry, TripFeatureProps>;

/** Colours change in this many steps along a line, so runs of similar speed merge into one feature. */
const COLOUR_STEPS = 8;

function valid(p: TripPoint): boolean {
  return Number.isFinite(p.lat) && Number.isFinite(p.lon);
}

/** Evenly spread indices into a list of `n`, at most `max`, always keeping the first and last. */
export function sampleIndices(n: number, max: number): number[] {
  if (n <= 0 || max <= 0) return [];
  if (n <= max) return Array.from({ length: n }, (_, i) => i);
  if (max === 1) return [0];
  const step = (n - 1) / (max - 1);
  const out: number[] = [];
  for (let i = 0; i < max; i++) {
    const index = Math.round(i * step);
    if (out[out.length - 1] !== index) out.push(index);
  }
  return out;
}

/**
 * Coloured line pieces of one trip: colour by speed within the trip's own speed range, and a
 * `speeding` flag where either end of a segment is above `maxSpeed` (null: no limit).
 */
export function tripSegments(
  path: TripPath,
  maxSpeed: number | null,
): Feature<Geometry, TripFeatureProps>[] {
  const points = path.points.filter(valid);
  if (points.length < 2) return [];
  const [min, max] = speedRange(points.map((p) => p.speed));
  const out: Feature<Geometry, TripFeatureProps>[] = [];
  let run: [number, number][] = [];
  let runKey = '';
  let runColour = '';
  let runSpeeding: 0 | 1 = 0;
  const close = () => {
    if (run.length >= 2) {
      out.push({
        type: 'Feature',
        geometry: { type: 'LineString', coordinates: run },
        properties: { kind: 'seg', trip: path.id, colour: runColour, speeding: runSpeeding },
      });
    }
  };
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1];
    const b = points[i];
    const speed = (a.speed + b.speed) / 2;
    const step = Math.round(speedRatio(speed, min, max) * (COLOUR_STEPS - 1));
    const speeding: 0 | 1 = maxSpeed != null && Math.max(a.speed, b.speed) > maxSpeed ? 1 : 0;
    const key = `${step}|${speeding}`;
    if (key !== runKey) {
      close();
      runKey = key;
      runColour = speedColour(min + (step / (COLOUR_STEPS - 1)) * (max - min), min, max);
      runSpeeding = speeding;
      run = [[a.lon, a.lat]];
    }
    run.push([b.lon, b.lat]);
  }
  close();
  return out;
}

export interface TripFeatureOptions {
  maxSpeed: number | null;
  showLines: boolean;
  showArrows: boolean;
  showMarkers: boolean;
  maxMarkers?: number;
  /** Signs on fixes that carry a special trip event (default true); never thinned. */
  showEvents?: boolean;
  /** Start and end signs of each trip (default true). */
  showEnds?: boolean;
}

/** Everything TripLayer draws, as one collection told apart by `kind`. */
export function buildTripCollection(
  paths: readonly TripPath[],
  stops: readonly TripStop[],
  options: TripFeatureOptions,
): TripCollection {
  const features: Feature<Geometry, TripFeatureProps>[] = [];
  for (const path of paths) {
    if (options.showLines) features.push(...tripSegments(path, options.maxSpeed));
    const coords = path.points.filter(valid).map((p) => [p.lon, p.lat]);
    if (options.showArrows && coords.length >= 2) {
      features.push({
        type: 'Feature',
        geometry: { type: 'LineString', coordinates: coords },
        properties: { kind: 'path', trip: path.id },
      });
    }
  }

  if (options.showMarkers) {
    // MAX_TRIP_MARKERS (SPEC §9) is shared by all trips on the map, spread by their size.
    const all: { trip: number | string; index: number; point: TripPoint; colour: string }[] = [];
    for (const path of paths) {
      const [min, max] = speedRange(path.points.map((p) => p.speed));
      path.points.forEach((point, index) => {
        if (valid(point))
          all.push({ trip: path.id, index, point, colour: speedColour(point.speed, min, max) });
      });
    }
    for (const i of sampleIndices(all.length, options.maxMarkers ?? MAX_TRIP_MARKERS)) {
      const { trip, index, point, colour } = all[i];
      features.push({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [point.lon, point.lat] },
        properties: {
          kind: 'marker',
          trip,
          index,
          colour,
          speed: point.speed,
          datetime: point.datetime,
        },
      });
    }
  }

  if (options.showEvents ?? true) {
    for (const path of paths) {
      path.points.forEach((point, index) => {
        if (!valid(point) || !point.event || point.event === 'normal') return;
        features.push({
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [point.lon, point.lat] },
          properties: {
            kind: 'event',
            trip: path.id,
            index,
            event: point.event,
            speed: point.speed,
            datetime: point.datetime,
          },
        });
      });
    }
  }

  for (const stop of stops) {
    if (!Number.isFinite(stop.lat) || !Number.isFinite(stop.lon)) continue;
    const properties: TripFeatureProps = { kind: 'stop', trip: '', datetime: stop.start };
    if (stop.label) properties.label = stop.label;
    features.push({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [stop.lon, stop.lat] },
      properties,
    });
  }

  for (const path of options.showEnds === false ? [] : paths) {
    const points = path.points.filter(valid);
    if (points.length === 0) continue;
    const first = points[0];
    const last = points[points.length - 1];
    features.push({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [first.lon, first.lat] },
      properties: { kind: 'start', trip: path.id, datetime: first.datetime },
    });
    if (points.length > 1) {
      features.push({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [last.lon, last.lat] },
        properties: { kind: 'end', trip: path.id, datetime: last.datetime },
      });
    }
  }
  return { type: 'FeatureCollection', features };
}
