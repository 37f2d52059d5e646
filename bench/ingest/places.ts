// The benchmark's places: `count` locations for the bench client, a mix of circles and polygons of
// 10 to 50 vertices, spread over the area the fleet's tracks cover. A fifth sit on the units'
// starting points (depots), so that parked fixes and departures really fall inside; the rest are
// scattered at random, and some of them are crossed by the drives.
import { boxOf, ringCentre, seededRandom, type LatLon } from '@fleet/common';
import type { Kysely } from 'kysely';
import type { Database } from '../../server/src/db';
import { unitTrack } from './fleet';

const M_PER_DEG = 6378137 * (Math.PI / 180);

function offset(c: LatLon, east: number, north: number): LatLon {
  return {
    lat: c.lat + north / M_PER_DEG,
    lon: c.lon + east / (M_PER_DEG * Math.cos((c.lat * Math.PI) / 180)),
  };
}

/** A star-shaped ring (vertices by increasing angle, so it never crosses itself). */
function ring(rnd: () => number, centre: LatLon, radius: number, vertices: number): LatLon[] {
  const out: LatLon[] = [];
  for (let i = 0; i < vertices; i++) {
    const a = ((i + rnd() * 0.8) / vertices) * 2 * Math.PI;
    const r = radius * (0.5 + rnd() * 0.5);
    out.push(offset(centre, r * Math.sin(a), r * Math.cos(a)));
  }
  return out;
}

export async function seedLocations(
  db: Kysely<Database>,
  clientId: number,
  count: number,
  units: number,
): Promise<void> {
  const rnd = seededRandom(4242);
  const rows = [];
  for (let k = 0; k < count; k++) {
    const depot = k % 5 === 0;
    const centre = depot
      ? unitTrack(Math.floor(rnd() * units), 0, 1)[0]
      : { lat: -26.2 + (rnd() - 0.5) * 0.8, lon: 28.05 + (rnd() - 0.5) * 0.8 };
    const radius = 100 + rnd() * 900;
    const polygon = k % 2 === 1;
    const now = Date.now();
    const common = {
      client_id: clientId,
      name: `${depot ? 'Depot' : 'Place'} ${k}`,
      colour: '#1677ff',
      address: '',
      notes: '',
      created: now,
      updated: now,
    };
    if (polygon) {
      const points = ring(rnd, centre, radius, 10 + Math.floor(rnd() * 41));
      const c = ringCentre(points);
      const box = boxOf(points);
      rows.push({
        ...common,
        type: 'polygon',
        geofence: JSON.stringify(points),
        lat: c.lat,
        lon: c.lon,
        radius: null,
        min_lat: box.minLat,
        min_lon: box.minLon,
        max_lat: box.maxLat,
        max_lon: box.maxLon,
      });
    } else {
      const c = { lat: centre.lat, lon: centre.lon };
      const box = boxOf([c], radius);
      rows.push({
        ...common,
        type: 'point',
        geofence: JSON.stringify([c]),
        lat: c.lat,
        lon: c.lon,
        radius,
        min_lat: box.minLat,
        min_lon: box.minLon,
        max_lat: box.maxLat,
        max_lon: box.maxLon,
      });
    }
  }
  for (let i = 0; i < rows.length; i += 100)
    await db
      .insertInto('locations')
      .values(rows.slice(i, i + 100))
      .execute();
}
