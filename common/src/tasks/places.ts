// Places on the map (issue 10): geofence locations, KML, routes, route progress, route trips and
// the area search.
import { z } from 'zod';
import { MAX_KML_CHARS } from '../constants';
import { POLYGON_MAX_POINTS, polygonProblem, type LatLon } from '../places';
import {
  idSchema,
  isoDate,
  pagingSchema,
  plainText,
  cleanText,
  type EmptyAnswer,
  type ListAnswer,
} from './shared';

const placeName = cleanText(100).refine((s) => s.length > 0, 'is required');

export const latLonSchema = z.object({
  lat: z
    .number()
    .min(-90, 'latitude must be between -90 and 90')
    .max(90, 'latitude must be between -90 and 90'),
  lon: z
    .number()
    .min(-180, 'longitude must be between -180 and 180')
    .max(180, 'longitude must be between -180 and 180'),
});

const colourSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #1565c0');

/** The largest circle a point location may have (metres). */
export const MAX_LOCATION_RADIUS_M = 100_000;
export const DEFAULT_LOCATION_RADIUS_M = 100;

export const locationInput = z
  .object({
    lid: idSchema.optional(),
    name: placeName,
    type: z.enum(['point', 'polygon']),
    /** point: exactly the centre; polygon: the vertices (a closing repeat of the first is dropped) */
    geofence: z
      .array(latLonSchema)
      .min(1)
      .max(POLYGON_MAX_POINTS + 1),
    /** metres, points only */
    radius: z
      .number()
      .gt(0, 'radius must be above 0 metres')
      .max(MAX_LOCATION_RADIUS_M, `radius must be at most ${MAX_LOCATION_RADIUS_M} metres`)
      .optional(),
    colour: colourSchema.optional(),
    address: cleanText(200).optional(),
    notes: cleanText(1000).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.type === 'point') {
      if (v.geofence.length !== 1)
        ctx.addIssue({
          code: 'custom',
          path: ['geofence'],
          message: 'a point location has exactly one point',
        });
      if (v.radius === undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['radius'],
          message: 'is required for a point location',
        });
    } else {
      const problem = polygonProblem(v.geofence);
      if (problem)
        ctx.addIssue({ code: 'custom', path: ['geofence'], message: `the polygon ${problem}` });
    }
  });

export type LocationInput = z.input<typeof locationInput>;

/** Only one of polygon or lid: the area a search covers. */
const areaSchema = {
  polygon: z
    .array(latLonSchema)
    .min(3)
    .max(POLYGON_MAX_POINTS + 1)
    .optional(),
  lid: idSchema.optional(),
};

export const routePointSchema = latLonSchema.extend({ name: cleanText(100).optional() });

/** The largest path a route keeps (vertices). */
export const MAX_ROUTE_POINTS = 20_000;
export const DEFAULT_ROUTE_CORRIDOR_M = 500;
export const ROUTE_SOURCES = ['drawn', 'trip', 'waypoints'] as const;
export type RouteSource = (typeof ROUTE_SOURCES)[number];

export const routeInput = z.object({
  roid: idSchema.optional(),
  name: placeName,
  display: z.boolean().default(true),
  colour: colourSchema.optional(),
  /** drawn: `path` is a line drawn on the map; trip: a recorded trip's points; waypoints: straight legs */
  source: z.enum(ROUTE_SOURCES),
  origin: routePointSchema,
  destination: routePointSchema,
  waypoints: z.array(routePointSchema).max(50).default([]),
  /** The whole path from origin to destination; absent for source 'waypoints' (straight legs). */
  path: z.array(latLonSchema).min(2).max(MAX_ROUTE_POINTS).optional(),
  /** metres a unit may be from the path and still be on the route */
  corridor: z
    .number()
    .min(10, 'corridor must be at least 10 metres')
    .max(50_000)
    .default(DEFAULT_ROUTE_CORRIDOR_M),
  uids: z.array(idSchema).max(2000).default([]),
});

export type RouteInput = z.input<typeof routeInput>;

export const placeParams = {
  get_locations: z.object({ ...pagingSchema, search: plainText().max(100).optional() }),
  get_location: z.object({ lid: idSchema }),
  set_location: locationInput,
  delete_location: z.object({ lid: idSchema }),
  /** All the client's locations as one KML document. */
  get_kml: z.object({}),
  /** dry_run: only say what would be created and refused. */
  import_kml: z.object({
    kml: z.string().min(1, 'kml is empty').max(MAX_KML_CHARS, 'the file may be at most 5 MB'),
    dry_run: z.boolean().default(false),
  }),
  get_routes: z.object({ ...pagingSchema, search: plainText().max(100).optional() }),
  get_route: z.object({ roid: idSchema }),
  set_route: routeInput,
  delete_route: z.object({ roid: idSchema }),
  /** Assigned units on one route, or on every route. */
  get_route_progress: z.object({ roid: idSchema.optional() }),
  get_route_trips: z.object({
    roid: idSchema,
    from: isoDate,
    to: isoDate,
    uids: z.array(idSchema).max(2000).optional(),
  }),
  get_area_visits: z
    .object({ ...areaSchema, from: isoDate, to: isoDate })
    .refine((v) => (v.polygon === undefined) !== (v.lid === undefined), {
      message: 'give either polygon or lid',
      path: ['polygon'],
    })
    .refine((v) => v.polygon === undefined || polygonProblem(v.polygon) === null, {
      message: 'the polygon must have 3 to 1000 points and not cross itself',
      path: ['polygon'],
    }),
};

/** A geofence location (SPEC §3). `lng` repeats `lon` (SPEC: a location has lat, lng/lon). */
export interface Location {
  lid: number;
  name: string;
  type: 'point' | 'polygon';
  geofence: LatLon[];
  lat: number;
  lon: number;
  lng: number;
  /** metres; null for polygons */
  radius: number | null;
  colour: string;
  address: string;
  notes: string;
  /** ISO-8601 */
  updated: string;
}

export interface KmlImportItem {
  name: string;
  type: 'point' | 'polygon';
  /** vertices (polygon) or the point */
  points: number;
}

export interface KmlRefusal {
  /** The placemark's name, or 'Placemark N' when it has none. */
  name: string;
  reason: string;
}

export interface RoutePoint extends LatLon {
  name?: string;
}

export interface RouteStep {
  /** 'Head north-east', 'Turn left', 'Arrive at Depot', ... */
  instruction: string;
  /** metres */
  distance: number;
  /** seconds at the route's planning speed */
  duration: number;
  /** index of the step's first point in the leg's path */
  start_index: number;
}

/** One leg: origin or a waypoint to the next waypoint or the destination (SPEC §3). */
export interface RouteLeg {
  start: RoutePoint;
  end: RoutePoint;
  steps: RouteStep[];
  path: LatLon[];
  /** Points the leg was made to pass without stopping (none for legs split at every waypoint). */
  via_waypoints: RoutePoint[];
  /** distance in metres and duration in seconds */
  values: { distance: number; duration: number };
}

/** A route as get_routes lists it: no legs or full path. */
export interface RouteSummary {
  roid: number;
  name: string;
  display: boolean;
  colour: string;
  source: RouteSource;
  origin: RoutePoint;
  destination: RoutePoint;
  waypoints: RoutePoint[];
  polyline_overview: LatLon[];
  /** metres */
  distance: number;
  corridor: number;
  uids: number[];
  /** ISO-8601, when it was made */
  datetime: string;
  updated: string;
}

export interface Route extends RouteSummary {
  polyline: LatLon[];
  legs: RouteLeg[];
}

/** A unit on its route now (route progress). */
export interface RouteProgress {
  /** SPEC §3: route items carry route_roid */
  route_roid: number;
  route_name: string;
  uid: number;
  name: string;
  reg: string;
  /** metres along the route to the unit's nearest point on it */
  done: number;
  left: number;
  percent: number;
  /** metres between the unit and the route */
  off_route: number;
  on_corridor: boolean;
  /** km/h over the last 15 minutes; null when the unit sent nothing then */
  average_speed: number | null;
  /** ISO-8601; null when average_speed is null or 0, or the unit is off the corridor */
  eta: string | null;
  /** ISO-8601 time of the position used; null when the unit has none */
  fix_time: string | null;
  lat: number | null;
  lon: number | null;
}

/** A trip of an assigned unit that used a route (route trips). */
export interface RouteTrip {
  route_roid: number;
  uid: number;
  name: string;
  /** the trip's id (get_trips) */
  id: number;
  start: string;
  end: string;
  /** metres */
  distance: number;
  /** metres driven inside the corridor */
  inside: number;
  /** 0..100 */
  inside_percent: number;
  /** 0..100: how much of the route the trip covered */
  route_percent: number;
}

/** One stay of a unit inside the searched area. */
export interface AreaVisit {
  uid: number;
  name: string;
  reg: string;
  /** ISO-8601: the first fix inside */
  arrived: string;
  /** ISO-8601: the last fix inside */
  left: string;
  /** fixes inside */
  fixes: number;
}

export interface PlaceAnswers {
  get_locations: ListAnswer<'locations', Location>;
  get_location: { location: Location };
  set_location: { location: Location };
  delete_location: EmptyAnswer;
  get_kml: { kml: string; count: number };
  import_kml: { created: KmlImportItem[]; refused: KmlRefusal[]; dry_run: boolean };
  get_routes: ListAnswer<'routes', RouteSummary>;
  get_route: { route: Route };
  set_route: { route: Route };
  delete_route: EmptyAnswer;
  get_route_progress: { progress: RouteProgress[] };
  get_route_trips: { trips: RouteTrip[] };
  get_area_visits: { visits: AreaVisit[]; truncated: boolean };
}
