// "12 km NE of Pretoria": where a unit is, in words, from the basemap's town list (no geocoder,
// nothing leaves the browser).
import { bearingDegrees, haversineMeters } from '@fleet/common';
import { NEIGHBOURING_CAPITALS, SOUTH_AFRICAN_TOWNS, type Town } from '../../../map/basemap/towns';
import { compassPoint } from './unitStatus';

const ALL_TOWNS: readonly Town[] = [...SOUTH_AFRICAN_TOWNS, ...NEIGHBOURING_CAPITALS];
/** Closer than this a unit is "in" the town. */
const IN_TOWN_KM = 3;

export interface NearestTown {
  name: string;
  /** Straight-line distance, km. */
  km: number;
  /** Compass point of the unit as seen from the town. */
  direction: string;
}

export function nearestTown(
  lat: number,
  lon: number,
  towns: readonly Town[] = ALL_TOWNS,
): NearestTown | null {
  if (!Number.isFinite(lat) || !Number.isFinite(lon)) return null;
  let best: Town | null = null;
  let bestM = Infinity;
  for (const town of towns) {
    const m = haversineMeters(town.lat, town.lon, lat, lon);
    if (m < bestM) {
      bestM = m;
      best = town;
    }
  }
  if (!best) return null;
  return {
    name: best.name,
    km: bestM / 1000,
    direction: compassPoint(bearingDegrees(best.lat, best.lon, lat, lon)),
  };
}

export function describeNearestTown(town: NearestTown | null): string {
  if (!town) return '—';
  if (town.km < IN_TOWN_KM) return `In ${town.name}`;
  const km = town.km < 10 ? town.km.toFixed(1) : String(Math.round(town.km));
  return `${km} km ${town.direction} of ${town.name}`;
}
