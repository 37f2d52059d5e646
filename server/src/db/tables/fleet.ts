// Table types of the fleet's records (issue 12): units, people, labels, fleets and panic remotes
// (ARCHITECTURE.md §4: epoch milliseconds, booleans 0/1, JSON as text).
import type { Generated } from 'kysely';

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
  /** a Backup service type unit: the uid of the vehicle's main unit */
  backup_of: number | null;
  /** The tracker model where the protocol's bytes differ by model (GT06 clones), else null. */
  device_model: string | null;
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
