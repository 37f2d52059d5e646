// The demo clients' routes (issue 10): two per client, from the client's depot along national
// roads to a customer, which the simulator's route vehicles really drive. One function makes each
// route's path from a fixed seed, and both the seed (the stored polyline) and the simulator (the
// path driven) take it from here, so what is stored is exactly what is driven.
import type { Insertable } from 'kysely';
import { boxOf, buildRoute, DEFAULT_ROUTE_CORRIDOR_M, seededRandom } from '@fleet/common';
import type { RoutePoint } from '@fleet/common';
import type { RoutesTable } from '../db/types';
import { seedFor } from '../sim/random';
import { roadPath, type Point } from '../sim/route';
import type { SimRoutePlan, SimStop } from '../sim';
import { demoStops, placeByName, type DemoClientKey } from './places';

interface DemoRouteSpec {
  name: string;
  colour: string;
  /** Place names: the origin (a depot), the waypoints passed, the destination. */
  from: string;
  via: string[];
  to: string;
  /** Indexes in the client's unit list (DEMO_UNITS or OTHER_UNITS) of the units driving it. */
  units: number[];
  /** The index of the unit that strays from it now and then, if any. */
  strays?: number;
}

const SPECS: Record<DemoClientKey, DemoRouteSpec[]> = {
  demo: [
    {
      name: 'N1 Pretoria Run',
      colour: '#1565c0',
      from: 'Johannesburg Main Depot',
      via: ['Midrand Distribution Centre'],
      to: 'Hatfield Wholesale',
      // Mercedes Sprinter JOH-09 and JOH-29
      units: [8, 28],
    },
    {
      name: 'N3 Villiers Run',
      colour: '#ef6c00',
      from: 'Johannesburg Main Depot',
      via: ['Engen Heidelberg Truck Stop'],
      to: 'Villiers Grain Silos',
      // Toyota Hilux JOH-21, which now and then leaves the N3
      units: [20],
      strays: 20,
    },
  ],
  other: [
    {
      name: 'Pietermaritzburg Run',
      colour: '#2e7d32',
      from: 'Pinetown Main Depot',
      via: ['Engen Cato Ridge Fuel Stop'],
      to: 'Pietermaritzburg Cold Storage',
      // Other Tata Ultra 1
      units: [0],
    },
    {
      name: 'South Coast Run',
      colour: '#6a1b9a',
      from: 'Pinetown Main Depot',
      via: ['Amanzimtoti Hardware'],
      to: 'Port Shepstone Timber Yard',
      // Other Toyota Dyna 2, which now and then leaves the N2
      units: [1],
      strays: 1,
    },
  ],
};

export interface DemoRoute {
  name: string;
  colour: string;
  origin: RoutePoint;
  waypoints: RoutePoint[];
  destination: RoutePoint;
  /** The whole path, origin to destination, at the 6 decimals a route stores. */
  path: Point[];
  units: number[];
  strays: number | null;
}

/** The path of every demo route comes from this seed (and the route's name). */
export const DEMO_ROUTE_SEED = 20261125;

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;
const CACHE = new Map<DemoClientKey, DemoRoute[]>();

/** A client's demo routes, the same on every call and in every process. */
export function demoRoutes(key: DemoClientKey): DemoRoute[] {
  let routes = CACHE.get(key);
  if (!routes) {
    routes = makeDemoRoutes(key);
    CACHE.set(key, routes);
  }
  return routes;
}

/** demoRoutes without the cache: every path from its own fixed seed. */
export function makeDemoRoutes(key: DemoClientKey): DemoRoute[] {
  return SPECS[key].map((spec) => {
    const point = (name: string): RoutePoint => {
      const place = placeByName(key, name);
      return { lat: round6(place.lat), lon: round6(place.lon), name };
    };
    const origin = point(spec.from);
    const waypoints = spec.via.map(point);
    const destination = point(spec.to);
    const rand = seededRandom(seedFor(DEMO_ROUTE_SEED, spec.name));
    // roadPath reads only the towns' positions: the waypoints and the destination are its towns.
    const stops = [...waypoints, destination].map((p) => ({ ...p, name: p.name ?? '' }));
    const path = roadPath(origin, stops, rand).points.map((p) => ({
      lat: round6(p.lat),
      lon: round6(p.lon),
    }));
    return {
      name: spec.name,
      colour: spec.colour,
      origin,
      waypoints,
      destination,
      path,
      units: spec.units,
      strays: spec.strays ?? null,
    };
  });
}

/** The row a demo route is stored as, the geometry made as set_route makes it. */
export function routeRow(clientId: number, route: DemoRoute, at: number): Insertable<RoutesTable> {
  const built = buildRoute({
    origin: route.origin,
    destination: route.destination,
    waypoints: route.waypoints,
    path: route.path,
    source: 'drawn',
  });
  const box = boxOf(built.polyline, DEFAULT_ROUTE_CORRIDOR_M);
  return {
    client_id: clientId,
    name: route.name,
    display: 1,
    colour: route.colour,
    source: 'drawn',
    origin: JSON.stringify(built.origin),
    destination: JSON.stringify(built.destination),
    waypoints: JSON.stringify(route.waypoints),
    legs: JSON.stringify(built.legs),
    polyline: JSON.stringify(built.polyline),
    polyline_overview: JSON.stringify(built.polyline_overview),
    distance: built.distance,
    corridor: DEFAULT_ROUTE_CORRIDOR_M,
    min_lat: box.minLat,
    min_lon: box.minLon,
    max_lat: box.maxLat,
    max_lon: box.maxLon,
    datetime: at,
    updated: at,
  };
}

/** How the simulator drives a demo unit: its route if it has one, else trips ending at stops. */
export function demoDriving(
  key: DemoClientKey,
  index: number,
  city: number,
): { route?: SimRoutePlan; stops?: SimStop[] } {
  const route = demoRoutes(key).find((r) => r.units.includes(index));
  if (route) {
    return {
      route: { path: route.path, waypoints: route.waypoints, strays: route.strays === index },
    };
  }
  return { stops: demoStops(key, city) };
}
