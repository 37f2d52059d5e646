// The demo clients' places and routes: valid shapes and names, real visits, deterministic paths.
import {
  buildRoute,
  compilePath,
  hasSpecialCharacters,
  locationInput,
  polygonProblem,
  projectOnPath,
  routeInput,
} from '@fleet/common';
import { describe, expect, it } from 'vitest';
import {
  DEMO_CLIENT_PLACES,
  demoStops,
  placeGeofence,
  placeRow,
  type DemoClientKey,
} from '../../../src/demo/places';
import { demoDriving, demoRoutes, makeDemoRoutes, routeRow } from '../../../src/demo/routes';
import { DEMO_UNITS, OTHER_UNITS } from '../../../src/demo/data';

const KEYS: DemoClientKey[] = ['demo', 'other'];

describe('demo places', () => {
  it.each(KEYS)(
    '%s: a dozen valid places of every kind, names free of special characters',
    (key) => {
      const places = DEMO_CLIENT_PLACES[key];
      expect(places.length).toBeGreaterThanOrEqual(11);
      expect(places.length).toBeLessThanOrEqual(14);
      const kinds = new Set(places.map((p) => p.kind));
      expect([...kinds].sort()).toEqual(['customer', 'depot', 'fuel', 'nogo', 'workshop']);
      expect(new Set(places.map((p) => p.name.toLowerCase())).size).toBe(places.length);
      for (const place of places) {
        expect(hasSpecialCharacters(place.name), place.name).toBe(false);
        expect(hasSpecialCharacters(place.address), place.address).toBe(false);
        expect(hasSpecialCharacters(place.notes), place.notes).toBe(false);
        const geofence = placeGeofence(place);
        if (place.ring) {
          expect(geofence.length).toBeGreaterThanOrEqual(6);
          expect(polygonProblem(geofence), place.name).toBeNull();
        } else {
          expect(place.radius).toBeGreaterThanOrEqual(100);
          expect(place.radius).toBeLessThanOrEqual(300);
        }
        // What set_location would accept.
        const parsed = locationInput.safeParse({
          name: place.name,
          type: place.ring ? 'polygon' : 'point',
          geofence,
          radius: place.radius,
          colour: placeRow(1, place, 0).colour,
          address: place.address,
          notes: place.notes,
        });
        expect(parsed.success, `${place.name}: ${parsed.error?.message}`).toBe(true);
      }
      // The depot is a polygon around its centre, and its bounding box holds it.
      const depot = places.find((p) => p.kind === 'depot')!;
      const row = placeRow(7, depot, 1000);
      expect(row).toMatchObject({ client_id: 7, type: 'polygon', radius: null, created: 1000 });
      expect(row.min_lat).toBeLessThan(depot.lat);
      expect(row.max_lat).toBeGreaterThan(depot.lat);
    },
  );

  it('circles store their radius and a box widened by it', () => {
    const place = DEMO_CLIENT_PLACES.demo.find((p) => p.radius === 250)!;
    const row = placeRow(1, place, 0);
    expect(row).toMatchObject({ type: 'point', radius: 250, lat: place.lat, lon: place.lon });
    expect((Number(row.max_lat) - Number(row.min_lat)) * 111_195).toBeCloseTo(500, -1);
  });

  it('every city with demo vehicles has stops; route vehicles drive routes instead', () => {
    for (const city of new Set(DEMO_UNITS.map((u) => u.city))) {
      expect(demoStops('demo', city).length, `city ${city}`).toBeGreaterThan(0);
    }
    expect(demoStops('other', OTHER_UNITS[0].city).length).toBeGreaterThanOrEqual(5);
    expect(demoDriving('demo', 8, 0).route).toBeDefined();
    expect(demoDriving('demo', 0, 0)).toEqual({ stops: demoStops('demo', 0) });
  });
});

describe('demo routes', () => {
  it.each(KEYS)('%s: two routes along national roads, the same on every call', (key) => {
    const routes = demoRoutes(key);
    expect(routes).toHaveLength(2);
    expect(routes.filter((r) => r.strays !== null)).toHaveLength(1);
    const places = new Map(DEMO_CLIENT_PLACES[key].map((p) => [p.name, p]));
    for (const route of routes) {
      expect(hasSpecialCharacters(route.name)).toBe(false);
      // Origin is the depot, destination and waypoints are places, and the path passes them all.
      expect(places.get(route.origin.name!)!.kind).toBe('depot');
      const compiled = compilePath(route.path);
      for (const p of [route.origin, ...route.waypoints, route.destination]) {
        expect(places.has(p.name!)).toBe(true);
        expect(projectOnPath(compiled, p.lat, p.lon).offset).toBeLessThan(1);
      }
      expect(compiled.length).toBeGreaterThan(40_000);
      expect(compiled.length).toBeLessThan(160_000);
      // set_route would accept it, and the stored polyline is the path itself.
      const input = routeInput.safeParse({ ...route, source: 'drawn', uids: [] });
      expect(input.success, input.error?.message).toBe(true);
      const row = routeRow(3, route, 0);
      expect(JSON.parse(row.polyline as string)).toEqual(route.path);
      const built = buildRoute({ ...route, source: 'drawn' });
      expect(JSON.parse(row.legs as string)).toHaveLength(route.waypoints.length + 1);
      expect(row.distance).toBe(built.distance);
    }
    // The same paths from a fresh computation: the seed, not a cache, makes them the same.
    expect(JSON.stringify(makeDemoRoutes(key))).toBe(JSON.stringify(routes));
  });
});
