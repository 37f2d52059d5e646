// Table types of what the devices report and the pipeline derives: positions, live state, trips
// and stops, device events, unknown devices, share links (epoch milliseconds, booleans 0/1).
import type { Generated } from 'kysely';

export interface PositionsTable {
  id: Generated<number>;
  unit_id: number;
  fix_time: number;
  server_time: number;
  lat: number;
  lon: number;
  speed: number;
  course: number;
  altitude: number | null;
  satellites: number | null;
  valid: number;
  ignition: number | null;
  odometer: number;
  attributes: string;
}

export interface UnitStateTable {
  unit_id: number;
  client_id: number;
  fix_time: number;
  server_time: number;
  lat: number;
  lon: number;
  speed: number;
  course: number;
  ignition: number | null;
  motion: number;
  park_state: number;
  park_since: number | null;
  odometer: number;
  engine_hours: number;
  power: number | null;
  battery: number | null;
  gsm: number | null;
  driver_id: number | null;
  attributes: string;
}

export interface TripsTable {
  id: Generated<number>;
  unit_id: number;
  client_id: number;
  type: number;
  start_time: number;
  end_time: number;
  start_lat: number;
  start_lon: number;
  end_lat: number;
  end_lon: number;
  distance: number;
  max_speed: number;
  duration: number;
  /** Whole seconds of the trip standing with the engine on (0016_trip_idle; 0 for stops). */
  idle_time: Generated<number>;
  driver_id: number | null;
  label: string;
  speed_histogram: string;
  open: number;
  /**
   * The box of the segment's fixes (0008_trip_boxes): every position of the unit from start_time
   * to end_time lies in it. NULL for a row the pipeline has not boxed (always a candidate).
   */
  min_lat: number | null;
  min_lon: number | null;
  max_lat: number | null;
  max_lon: number | null;
}

export interface DeviceEventsTable {
  id: Generated<number>;
  unit_id: number;
  client_id: number;
  time: number;
  type: string;
  lat: number | null;
  lon: number | null;
  speed: number | null;
  attributes: string;
  /** The lid or roid the event concerns (location_enter, route_violation, ...); 0 otherwise. */
  ref: Generated<number>;
}

export interface UnitIssuesTable {
  id: Generated<number>;
  device_id: string;
  protocol: string;
  remote_address: string;
  first_seen: number;
  last_seen: number;
  count: number;
}

export interface TrackLinksTable {
  id: Generated<number>;
  unit_id: number;
  client_id: number;
  token_hash: string;
  created: number;
  expires: number;
  revoked: number;
  created_by: number;
}

export interface TrackAllLinksTable {
  id: Generated<number>;
  client_id: number;
  token_hash: string;
  created: number;
  expires: number;
  revoked: number;
  created_by: number;
}
