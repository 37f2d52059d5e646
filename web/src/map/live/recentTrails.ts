import {
  REALTIME_TRIP_DEPTH_FEW_ITEMS,
  REALTIME_TRIP_DEPTH_MAX,
  REALTIME_TRIP_DEPTH_MIN,
  haversineMeters,
  type Position,
  type UnitListItem,
} from '@fleet/common';
import type { Feature, FeatureCollection, LineString } from 'geojson';
import { normaliseColour } from '../colours';

// Realtime trip depth (SPEC §9): on the live map each unit trails its last few live fixes, so a
// fleet manager sees where each vehicle has just come from. Pure and incremental: a live flush
// costs work only for the units whose position changed.

/** A tail never joins two consecutive fixes further apart than this (metres): the line splits. */
export const TRAIL_JUMP_LIMIT_M = 50_000;

/**
 * How many fixes each unit's tail keeps (SPEC §9 realtime trip depth): the maximum, 30, when fewer
 * than 5 units are on the map, else the minimum, 10.
 */
export function trailDepth(unitCount: number): number {
  return unitCount < REALTIME_TRIP_DEPTH_FEW_ITEMS
    ? REALTIME_TRIP_DEPTH_MAX
    : REALTIME_TRIP_DEPTH_MIN;
}

export interface TrailProps {
  uid: number;
  /** The unit's icon colour as '#rrggbb' (normaliseColour, as the unit sprites use). */
  colour: string;
}
export type TrailFeature = Feature<LineString, TrailProps>;
export type TrailCollection = FeatureCollection<LineString, TrailProps>;

interface Tail {
  /** The position object last seen for the unit: the same object again means no new fix. */
  position: Position | null;
  /** Datetime of the newest kept fix, as given and in epoch ms (NaN if unreadable). */
  datetime: string;
  time: number;
  /** Kept fixes as [lon, lat], oldest first, at most `depth`. */
  points: [number, number][];
  /** icon_colour as given, and its '#rrggbb'. */
  iconColour: string | null;
  colour: string;
  /** Lines of the current points; null when they must be built again. */
  features: TrailFeature[] | null;
  /** Generation of the last update that listed the unit. */
  seen: number;
}

/** What the trails have done, for tests and profiling: both only grow. */
export interface TrailStats {
  /** Position objects read (a unit whose position object did not change is not read). */
  fixesRead: number;
  /** Tails whose lines were built. */
  tailsBuilt: number;
}

function isNewer(p: Position, tail: Tail, time: number): boolean {
  if (tail.points.length === 0) return true;
  if (p.datetime === tail.datetime) return false;
  if (Number.isFinite(time) && Number.isFinite(tail.time)) return time > tail.time;
  return p.datetime > tail.datetime;
}

/** The lines of one tail: consecutive repeats of a point collapse, jumps split the line. */
export function trailLines(
  uid: number,
  colour: string,
  points: readonly (readonly [number, number])[],
  jumpLimitM = TRAIL_JUMP_LIMIT_M,
): TrailFeature[] {
  const out: TrailFeature[] = [];
  let line: [number, number][] = [];
  const flush = () => {
    if (line.length >= 2) {
      out.push({
        type: 'Feature',
        geometry: { type: 'LineString', coordinates: line },
        properties: { uid, colour },
      });
    }
  };
  for (const [lon, lat] of points) {
    const last = line[line.length - 1];
    if (last) {
      if (last[0] === lon && last[1] === lat) continue;
      if (haversineMeters(last[1], last[0], lat, lon) > jumpLimitM) {
        flush();
        line = [];
      }
    }
    line.push([lon, lat]);
  }
  flush();
  return out;
}

/**
 * Each unit's last N live fixes (N = trailDepth of the units with a position) and their lines.
 * Call `update` with the unit list after every live flush, then read `collection()`. The position a
 * unit has when first listed (its last known fix when the page opened) starts its tail.
 */
export class RecentTrails {
  readonly stats: TrailStats = { fixesRead: 0, tailsBuilt: 0 };
  private readonly tails = new Map<number, Tail>();
  private generation = 0;
  private depthNow = REALTIME_TRIP_DEPTH_MAX;
  private dirty = true;
  private data: TrailCollection = { type: 'FeatureCollection', features: [] };

  /** The depth the last update used. */
  get depth(): number {
    return this.depthNow;
  }

  /** How many units are tracked. */
  get size(): number {
    return this.tails.size;
  }

  /** The kept fixes of a unit as [lon, lat], oldest first (a copy). */
  pointsOf(uid: number): [number, number][] {
    return (this.tails.get(uid)?.points ?? []).map((p) => [p[0], p[1]]);
  }

  /**
   * Takes the unit list after a live flush. Returns whether the lines changed. Units missing from
   * the list are forgotten; units whose position object is the one seen last time cost nothing.
   */
  update(units: readonly UnitListItem[]): boolean {
    const generation = ++this.generation;
    let positioned = 0;
    for (const unit of units) if (unit.position) positioned++;
    const depth = trailDepth(positioned);
    const depthChanged = depth !== this.depthNow;
    this.depthNow = depth;

    let listed = 0;
    let changed = false;
    for (const unit of units) {
      let tail = this.tails.get(unit.uid);
      if (!tail) {
        tail = {
          position: null,
          datetime: '',
          time: NaN,
          points: [],
          iconColour: null,
          colour: '',
          features: [],
          seen: 0,
        };
        this.tails.set(unit.uid, tail);
      }
      if (tail.seen === generation) continue; // a uid listed twice: the first one wins
      tail.seen = generation;
      listed++;

      if (unit.icon_colour !== tail.iconColour) {
        tail.iconColour = unit.icon_colour;
        const colour = `#${normaliseColour(unit.icon_colour)}`;
        if (colour !== tail.colour) {
          tail.colour = colour;
          if (tail.points.length >= 2) changed = this.invalidate(tail);
        }
      }
      if (unit.position !== tail.position) {
        tail.position = unit.position;
        if (this.addFix(tail, unit.position)) changed = this.invalidate(tail);
      }
      if (depthChanged && tail.points.length > depth) {
        tail.points.splice(0, tail.points.length - depth);
        changed = this.invalidate(tail);
      }
    }

    if (listed !== this.tails.size) {
      for (const [uid, tail] of this.tails) {
        if (tail.seen === generation) continue;
        this.tails.delete(uid);
        if (tail.features === null || tail.features.length > 0) changed = this.invalidate(tail);
      }
    }
    return changed;
  }

  /**
   * The tails as lines, one or more per unit that moved, split at jumps over TRAIL_JUMP_LIMIT_M.
   * The same object until the lines change, so it can be handed to React and MapLibre as is.
   */
  collection(): TrailCollection {
    if (!this.dirty) return this.data;
    const features: TrailFeature[] = [];
    for (const [uid, tail] of this.tails) {
      if (tail.features === null) {
        this.stats.tailsBuilt++;
        tail.features = trailLines(uid, tail.colour, tail.points);
      }
      for (const feature of tail.features) features.push(feature);
    }
    this.dirty = false;
    this.data = { type: 'FeatureCollection', features };
    return this.data;
  }

  /** Forgets every tail (e.g. while the map clusters and draws none). */
  clear(): void {
    if (this.tails.size === 0) return;
    this.tails.clear();
    this.dirty = true;
  }

  private invalidate(tail: Tail): true {
    tail.features = null;
    this.dirty = true;
    return true;
  }

  /** Adds a fix to a tail if it is newer than the newest kept; returns whether it was added. */
  private addFix(tail: Tail, p: Position | null): boolean {
    if (!p) return false;
    this.stats.fixesRead++;
    if (!Number.isFinite(p.lat) || !Number.isFinite(p.lon)) return false;
    const time = Date.parse(p.datetime);
    if (!isNewer(p, tail, time)) return false;
    tail.points.push([p.lon, p.lat]);
    if (tail.points.length > this.depthNow) {
      tail.points.splice(0, tail.points.length - this.depthNow);
    }
    tail.datetime = p.datetime;
    tail.time = time;
    return true;
  }
}
