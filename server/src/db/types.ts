// Table types of the one Database interface (Kysely). Timestamps are epoch milliseconds (UTC),
// booleans 0/1, JSON as text (ARCHITECTURE.md §4).
import type { Generated } from 'kysely';

export interface ClientsTable {
  cid: Generated<number>;
  name: string;
  state: number;
  created: number;
  /** IANA zone rule windows and alert e-mails are read in (default Africa/Johannesburg). */
  timezone: Generated<string>;
}

export interface UsersTable {
  nid: Generated<number>;
  client_id: number;
  username: string;
  display_name: string;
  email: string | null;
  user_type: string;
  roles: string;
  settings: string;
  ui_settings: string;
  password_hash: string | null;
  all_units: number;
  created: number;
  last_login: number | null;
}

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  client_id: number;
  created: number;
  last_seen: number;
  expires: number;
  ip: string;
  user_agent: string;
  channel: string;
  revoked: number;
}

export interface ConnectionLogsTable {
  id: Generated<number>;
  client_id: number | null;
  user_id: number | null;
  username: string;
  datetimestamp: number;
  ip: string;
  user_agent: string;
  channel: string;
  success: number;
  message: string;
}

export interface ChangeLogsTable {
  id: Generated<number>;
  client_id: number;
  user_id: number;
  username: string;
  datetimestamp: number;
  action: string;
  entity_type: string;
  entity_id: string;
  description: string;
}

export interface TicketsTable {
  id: Generated<number>;
  kind: string;
  token_hash: string;
  user_id: number;
  created: number;
  expires: number;
  used_at: number | null;
  data: string;
}

export interface UnitsTable {
  uid: Generated<number>;
  client_id: number;
  name: string;
  reg: string;
  icon_colour: string;
  icon_type: number;
  vehicle_class_ref: string;
  service_type: string;
  unit_type: string;
  active: number;
  display: number;
  driver_id: number | null;
  last_disconnect: number | null;
  device_id: string | null;
  protocol: string | null;
  stock_status: number;
  created: number;
  make: Generated<string>;
  model: Generated<string>;
  year: number | null;
  vin: Generated<string>;
  colour: Generated<string>;
  fuel_type: Generated<string>;
  /** litres */
  tank_size: number | null;
  /** km added to the pipeline's running odometer (unit_state.odometer, metres) */
  odometer_offset: Generated<number>;
  /** hours added to the pipeline's running engine hours */
  engine_hours_offset: Generated<number>;
  updated: Generated<number>;
}

export interface PeopleTable {
  pid: Generated<number>;
  client_id: number;
  first_name: string;
  surname: string;
  title: string;
  rank: number;
  roles: string;
  contact_roles: string;
  email: string | null;
  cellphone: string | null;
  licence_class: string;
  licence_expiry: number | null;
  prdp_expiry: number | null;
  driver_tag: string | null;
  created: number;
  id_number: Generated<string>;
  licence_number: Generated<string>;
  /** a data: URL of a small JPEG or PNG */
  photo: string | null;
  updated: Generated<number>;
}

export interface UserUnitsTable {
  user_id: number;
  unit_id: number;
}

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

/**
 * A unit's rule memory (rules/state.ts), JSON by rid. Apart from unit_state, which every batch
 * rewrites: the memory is written only when it changed, and a unit without any has no row.
 */
export interface UnitRuleMemoryTable {
  unit_id: number;
  client_id: number;
  memory: string;
  updated: number;
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

/** One failed attempt counted by the login limiter (auth/rate-limit.ts). */
export interface LoginLimitsTable {
  id: Generated<number>;
  limit_key: string;
  /** When this failure stops counting (epoch ms). */
  expires: number;
}

/** A periodic job's lease and last run (jobs/runner.ts). */
export interface JobLeasesTable {
  name: string;
  /** The process holding or last holding the lease. */
  holder: string;
  /** The lease ends here (epoch ms); 0 once released. */
  leased_until: number;
  /** The scheduled time of the last run started (epoch ms). */
  last_run_at: number | null;
  /** The last run's failure, with its run id; null after a run that succeeded. */
  last_error: string | null;
}

export interface Database {
  clients: ClientsTable;
  users: UsersTable;
  sessions: SessionsTable;
  connection_logs: ConnectionLogsTable;
  change_logs: ChangeLogsTable;
  tickets: TicketsTable;
  units: UnitsTable;
  people: PeopleTable;
  user_units: UserUnitsTable;
  positions: PositionsTable;
  unit_state: UnitStateTable;
  unit_rule_memory: UnitRuleMemoryTable;
  trips: TripsTable;
  device_events: DeviceEventsTable;
  unit_issues: UnitIssuesTable;
  track_links: TrackLinksTable;
  track_all_links: TrackAllLinksTable;
  login_limits: LoginLimitsTable;
  job_leases: JobLeasesTable;
  locations: LocationsTable;
  routes: RoutesTable;
  route_units: RouteUnitsTable;
  tags: TagsTable;
  unit_tags: UnitTagsTable;
  fleets: FleetsTable;
  fleet_units: FleetUnitsTable;
  rules: RulesTable;
  rule_alerts: RuleAlertsTable;
  rule_alert_marks: RuleAlertMarksTable;
  outbox: OutboxTable;
  chaseup_events: ChaseupEventsTable;
  panic_notification_settings: PanicNotificationSettingsTable;
  notices: NoticesTable;
  notice_clients: NoticeClientsTable;
  notice_reads: NoticeReadsTable;
  remotes: RemotesTable;
}

/** Tables whose rows belong to one client (tenant); scoped by `client_id`. */
export type TenantTable =
  | 'users'
  | 'sessions'
  | 'connection_logs'
  | 'change_logs'
  | 'units'
  | 'people'
  | 'unit_state'
  | 'unit_rule_memory'
  | 'trips'
  | 'device_events'
  | 'track_links'
  | 'track_all_links'
  | 'locations'
  | 'routes'
  | 'route_units'
  | 'tags'
  | 'unit_tags'
  | 'fleets'
  | 'fleet_units'
  | 'remotes'
  | 'rules'
  | 'rule_alerts'
  | 'rule_alert_marks'
  | 'outbox'
  | 'chaseup_events'
  | 'panic_notification_settings'
  | 'notice_clients'
  | 'notice_reads';

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

/** A label (SPEC §3 Tag): rules pick units by it. */
export interface TagsTable {
  tgid: Generated<number>;
  client_id: number;
  name: string;
  is_global: Generated<number>;
  colour: Generated<string>;
  created: number;
  updated: number;
}

/** A panic remote paired to a unit (issue 12; SPEC §8 chase-up type 7). */
export interface RemotesTable {
  id: Generated<number>;
  client_id: number;
  /** the button's own identifier */
  remote_id: string;
  unit_id: number;
  holder_pid: number | null;
  holder_name: Generated<string>;
  /** 'ok' | 'low' | 'unknown' */
  battery_state: Generated<string>;
  last_press: number | null;
  created: number;
  updated: number;
}

export interface UnitTagsTable {
  tag_id: number;
  unit_id: number;
  client_id: number;
}

export interface FleetsTable {
  fid: Generated<number>;
  client_id: number;
  name: string;
  created: number;
  updated: number;
}

export interface FleetUnitsTable {
  fleet_id: number;
  unit_id: number;
  client_id: number;
}

/** A rule (SPEC §3). JSON text: apply_to, param, emails, sms, phones, days. */
export interface RulesTable {
  rid: Generated<number>;
  client_id: number;
  name: string;
  /** a RuleTypeKey */
  type: string;
  /** 'all' | 'units' | 'tags' | 'fleet' */
  apply_type: string;
  apply_to: string;
  fid: number | null;
  param: string;
  emails: string;
  sms: string;
  phones: string;
  days: string;
  /** minutes after midnight, client time; end 1440 is 24:00 */
  start_min: number;
  end_min: number;
  active: number;
  created: number;
  updated: number;
}

/** One incident of a rule on a unit; unique by (rule_id, unit_id, time). */
export interface RuleAlertsTable {
  raid: Generated<number>;
  client_id: number;
  rule_id: number;
  rule_name: string;
  type: string;
  unit_id: number;
  /** when the incident started */
  time: number;
  end_time: number | null;
  /** 1 while the incident goes on */
  open: number;
  lat: number | null;
  lon: number | null;
  speed: number | null;
  /** JSON: the type's facts (limit, peak, duration_s, lid, ...) */
  evidence: string;
  created: number;
}

export interface RuleAlertMarksTable {
  user_id: number;
  client_id: number;
  seen_raid: number;
}

/** A message to deliver after commit (notify/outbox.ts). status 0 pending, 1 sent, 2 given up. */
export interface OutboxTable {
  id: Generated<number>;
  client_id: number;
  /** 'email' | 'sms' */
  kind: string;
  recipient: string;
  /** 'rule_alert' (ref raid) | 'panic' (ref device_events.id) */
  topic: string;
  ref: number;
  status: Generated<number>;
  attempts: Generated<number>;
  next_at: number;
  lease_until: number | null;
  sent_at: number | null;
  last_error: string | null;
  created: number;
}

/** The recovery desk's queue (SPEC §4 chase-up states and types). */
export interface ChaseupEventsTable {
  id: Generated<number>;
  client_id: number;
  unit_id: number;
  /** SPEC §9 recovery chase-up type (4 rule alert, 7 panic remote, ...) */
  type: number;
  state: Generated<number>;
  time: number;
  lat: number | null;
  lon: number | null;
  rule_alert_id: number | null;
  device_event_id: number | null;
  /** JSON list: the rule's phone list (call-me types) */
  phones: Generated<string>;
  description: Generated<string>;
  assigned_to_username: string | null;
  created: number;
}

export interface PanicNotificationSettingsTable {
  client_id: number;
  emails: string;
  sms: string;
  updated: number;
}

/** A notice (SPEC §3) written by a support user; not owned by one client (notice_clients). */
export interface NoticesTable {
  tid: Generated<number>;
  title: string;
  /** cleaned HTML */
  message: string;
  type: number;
  priority: number;
  all_clients: number;
  author_id: number | null;
  created: number;
  updated: number;
}

export interface NoticeClientsTable {
  notice_id: number;
  client_id: number;
}

export interface NoticeReadsTable {
  notice_id: number;
  user_id: number;
  client_id: number;
  unread: number;
  updated: number;
}
