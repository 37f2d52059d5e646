// Loads a recorded sequence (fixtures/tracks/*.csv, written by fixtures/record-tracks.ts).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  applyOps,
  newSegmenterState,
  pushPoint,
  type Segment,
  type SegmentKey,
  type SegmentOp,
  type TripConfig,
  type TripPoint,
} from '../../../src/domain/trips';

const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'tracks');

export interface RecordedFix extends TripPoint {
  ignition: boolean;
}

export function loadTrack(name: string): RecordedFix[] {
  const [, ...lines] = fs
    .readFileSync(path.join(DIR, `${name}.csv`), 'utf8')
    .trim()
    .split('\n');
  return lines.map((line) => {
    const [time, lat, lon, speed, ignition] = line.split(',');
    return {
      time: Date.parse(time),
      lat: Number(lat),
      lon: Number(lon),
      speed: Number(speed),
      ignition: ignition === '1',
    };
  });
}

/** Feeds every fix; returns the final segments in time order and every operation emitted. */
export function segmentAll(
  points: TripPoint[],
  cfg: TripConfig,
): { segments: Segment[]; ops: SegmentOp[] } {
  const st = newSegmenterState();
  const ops: SegmentOp[] = [];
  for (const p of points) ops.push(...pushPoint(st, p, cfg));
  const map = new Map<SegmentKey, Segment>();
  applyOps(map, ops);
  return { segments: [...map.values()].sort((a, b) => a.startTime - b.startTime), ops };
}

export const hhmm = (t: number) => new Date(t).toISOString().slice(11, 19);
