// Where a new location starts: the middle of the client's units that have a position, else the
// map's default centre (SPEC §3: -28.4972, 24.2199).
import { MAP_DEFAULTS, type LatLon, type UnitListItem } from '@fleet/common';

export function fleetCentre(units: readonly Pick<UnitListItem, 'position'>[]): LatLon {
  let north = -Infinity;
  let south = Infinity;
  let east = -Infinity;
  let west = Infinity;
  for (const { position } of units) {
    if (!position || !Number.isFinite(position.lat) || !Number.isFinite(position.lon)) continue;
    if (position.lat === 0 && position.lon === 0) continue;
    north = Math.max(north, position.lat);
    south = Math.min(south, position.lat);
    east = Math.max(east, position.lon);
    west = Math.min(west, position.lon);
  }
  if (north === -Infinity) return { lat: MAP_DEFAULTS.lat, lon: MAP_DEFAULTS.lng };
  return { lat: (north + south) / 2, lon: (east + west) / 2 };
}
