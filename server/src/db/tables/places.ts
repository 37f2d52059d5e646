// Table types of the client's places (issue 10): locations and routes (epoch milliseconds, JSON
// as text).
import type { Generated } from 'kysely';

/** A geofence location (issue 10): a point with a radius, or a polygon. */
export interface LocationsTable {
  lid: Generated<number>;
  client_id: number;
  name: string;
  /** 'point' | 'polygon' */
  type: string;
  /** JSON list of {lat, lon}: the centre of a point, the vertices (not closed) of a polygon. */
  geofence: string;
  /** The centre (a point's own, a polygon's vertex average). */
  lat: number;
  lon: number;
  /** metres, points only */
  radius: number | null;
  /** The bounding box, with the radius for points. */
  min_lat: number;
  min_lon: number;
  max_lat: number;
  max_lon: number;
  colour: string;
  address: string;
  notes: string;
  created: number;
  updated: number;
}

/** A route (issue 10, SPEC §3). The JSON columns hold what the API sends. */
export interface RoutesTable {
  roid: Generated<number>;
  client_id: number;
  name: string;
  display: number;
  colour: string;
  /** 'drawn' | 'trip' | 'waypoints' */
  source: string;
  /** JSON RoutePoint */
  origin: string;
  /** JSON RoutePoint */
  destination: string;
  /** JSON RoutePoint[] */
  waypoints: string;
  /** JSON RouteLeg[] */
  legs: string;
  /** JSON LatLon[]: the whole path */
  polyline: string;
  /** JSON LatLon[]: the path simplified for drawing at small scales */
  polyline_overview: string;
  /** metres along the path */
  distance: number;
  /** corridor in metres: a unit is on the route while it is at most this far from the path */
  corridor: number;
  min_lat: number;
  min_lon: number;
  max_lat: number;
  max_lon: number;
  /** created, epoch ms (SPEC §3 datetime) */
  datetime: number;
  updated: number;
}

/** The units assigned to a route (route progress and corridor events). */
export interface RouteUnitsTable {
  route_id: number;
  unit_id: number;
  client_id: number;
}
