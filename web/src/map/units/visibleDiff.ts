import type { Feature, Point } from 'geojson';
import type { UnitFeatureProps } from './unitFeatures';

// Which units of a clustered fleet changed in a way the map can show. A clustered GeoJSON source
// re-indexes and re-lays out every tile on each update, and setData sends every feature to the
// worker again (MapLibre's own serializer, about 65 ms a second for 5,000 units on the bench
// machine): sending only the visible changes through updateData, and nothing when nothing visible
// changed, keeps the live map's frame rate near the empty map's (docs/performance.md, Map).

export type UnitFeature = Feature<Point, UnitFeatureProps>;

/** A move smaller than this, in screen pixels at the current zoom, cannot be seen. */
export const MIN_VISIBLE_PX = 0.5;
/** A heading change smaller than this, in degrees, cannot be seen on a sprite. */
export const MIN_VISIBLE_DEG = 1;

/** Web Mercator y in [0, 1) of the world; MapLibre's world is 512 px wide at zoom 0. */
function mercatorY(lat: number): number {
  const s = Math.sin((lat * Math.PI) / 180);
  return 0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI);
}

/** Screen distance in pixels between two points at `zoom`. */
export function pixelDistance(a: number[], b: number[], zoom: number): number {
  const world = 512 * 2 ** zoom;
  const dx = ((b[0] - a[0]) / 360) * world;
  const dy = (mercatorY(b[1]) - mercatorY(a[1])) * world;
  return Math.hypot(dx, dy);
}

function angleDelta(a: number, b: number): number {
  const d = Math.abs(a - b) % 360;
  return d > 180 ? 360 - d : d;
}

export interface VisibleDiff {
  add: UnitFeature[];
  update: UnitFeature[];
  remove: number[];
  /** Some changes were held back (headings of clustered units, sub-pixel moves). */
  deferred: boolean;
}

/**
 * Compares the fleet as last sent to the map with the fleet now. `isolated` tells whether a unit is
 * drawn on its own (not in a cluster bubble): only then can a change be seen. Moves count once they
 * reach MIN_VISIBLE_PX from the position last sent, so slow drift is not lost.
 */
export function visibleDiff(
  sent: ReadonlyMap<number, UnitFeature>,
  next: readonly UnitFeature[],
  zoom: number,
  isolated: (uid: number) => boolean,
): VisibleDiff {
  const diff: VisibleDiff = { add: [], update: [], remove: [], deferred: false };
  const seen = new Set<number>();
  for (const feature of next) {
    const p = feature.properties;
    seen.add(p.uid);
    const before = sent.get(p.uid);
    if (!before) {
      diff.add.push(feature);
      continue;
    }
    if (before === feature) continue;
    const q = before.properties;
    const turned =
      angleDelta(p.dir, q.dir) >= MIN_VISIBLE_DEG || angleDelta(p.rot, q.rot) >= MIN_VISIBLE_DEG;
    const moved = pixelDistance(before.geometry.coordinates, feature.geometry.coordinates, zoom);
    // Only a unit drawn on its own shows a new icon, pointer, tag, heading or position: a bubble
    // shows a count, and one member's move shifts it by a fraction of that move. Changes inside
    // bubbles wait for the next full update (a pan or zoom, or at most FULL_SYNC_MS).
    const looksDifferent =
      p.icon !== q.icon ||
      p.pointer !== q.pointer ||
      p.tag !== q.tag ||
      turned ||
      moved >= MIN_VISIBLE_PX;
    if (p.st !== q.st || p.sel !== q.sel || (looksDifferent && isolated(p.uid))) {
      diff.update.push(feature);
    } else if (looksDifferent || moved > 0 || p.dir !== q.dir || p.rot !== q.rot) {
      diff.deferred = true;
    }
  }
  for (const uid of sent.keys()) if (!seen.has(uid)) diff.remove.push(uid);
  return diff;
}
