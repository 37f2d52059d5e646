// The fleet's records (issue 12): vehicles, fleets and labels, remotes and mobile units, and the
// CSV import of vehicles. People and contacts are in ./people.ts.
import { z } from 'zod';
import { UNIT_TYPES, VEHICLE_CLASSES } from '../enums';
import {
  cleanText,
  idSchema,
  pagingSchema,
  plainText,
  type EmptyAnswer,
  type ListAnswer,
  type PersonRef,
} from './shared';
import type { Fleet, Tag } from './rules';

/** A colour as #rrggbb. */
export const hexColour = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #1677ff');

/**
 * A registration (SPEC-CHECKLIST decision): letters, digits, spaces, `.`, `-`, `_` and `/`, the
 * characters SPEC §5 keeps when cleaning fuel rows, so that imported fuel rows match their vehicle.
 */
export const REGISTRATION_PATTERN = /^[A-Za-z0-9 ._/-]*$/;
export const registration = plainText()
  .trim()
  .max(20)
  .regex(REGISTRATION_PATTERN, 'use letters, digits, spaces and . - _ / only');

/** A required name, free of the special characters of SPEC §5. */
export const requiredName = (max: number) =>
  cleanText(max).refine((s) => s.length > 0, 'is required');

/**
 * The stored icon type of SPEC §3's unit. The live map draws a unit from its vehicle class in its
 * icon colour (web/src/map/sprites), so the vehicle page picks the picture by the class.
 */
export const ICON_TYPES = [0, 1, 2, 3, 4, 5, 6, 7] as const;

export const FUEL_TYPES = ['petrol', 'diesel', 'electric', 'hybrid', 'lpg', 'other'] as const;
export type FuelType = (typeof FUEL_TYPES)[number];

/** A label as other rows carry it. */
export interface TagRef {
  tgid: number;
  name: string;
  colour: string;
  is_global: boolean;
}

/** The columns the vehicle table sorts by. */
export const VEHICLE_SORTS = [
  'name',
  'reg',
  'vehicle_class_ref',
  'driver',
  'last_report',
  'odometer',
  'engine_hours',
] as const;
export type VehicleSort = (typeof VEHICLE_SORTS)[number];

/** One vehicle (a unit of the client) as the vehicle table and its edit page show it. */
export interface Vehicle {
  uid: number;
  name: string;
  reg: string;
  icon_colour: string;
  icon_type: number;
  vehicle_class_ref: string;
  /** SPEC §3 unit types: Wired, Mobile, Solar, Boat */
  unit_type: string;
  service_type: string;
  make: string;
  model: string;
  year: number | null;
  vin: string;
  colour: string;
  fuel_type: string;
  /** litres */
  tank_size: number | null;
  /** the default driver (the pipeline's identified driver overrides it on trips) */
  driver: PersonRef | null;
  /** the driver identified by the device now, if any */
  current_driver: PersonRef | null;
  tags: TagRef[];
  fleets: { fid: number; name: string }[];
  display: boolean;
  /** SPEC §4 active state code: 1 Active; the client view reads every other code as Disabled */
  active: number;
  /** SPEC §3 stock status code (support users) */
  stock_status: number;
  device_id: string | null;
  protocol: string | null;
  /** ISO-8601 of the last position, null when the unit never reported */
  last_report: string | null;
  /** km, the running value with the user's correction applied */
  odometer: number | null;
  /** hours, likewise */
  engine_hours: number | null;
}

export const vehicleInput = z.object({
  /** absent: a new vehicle (a unit without a tracker until support attaches one) */
  uid: idSchema.optional(),
  name: requiredName(60).optional(),
  reg: registration.optional(),
  icon_colour: hexColour.optional(),
  icon_type: z
    .number()
    .int()
    .min(0)
    .max(ICON_TYPES.length - 1)
    .optional(),
  vehicle_class_ref: z.enum(VEHICLE_CLASSES, { message: 'is not a vehicle class' }).optional(),
  unit_type: z.enum(UNIT_TYPES, { message: 'is not a unit type' }).optional(),
  make: cleanText(40).optional(),
  model: cleanText(40).optional(),
  year: z.number().int().min(1900).max(2100).nullable().optional(),
  vin: z
    .string()
    .trim()
    .max(17)
    .regex(/^[A-HJ-NPR-Za-hj-npr-z0-9]*$/, 'a VIN has letters (not I, O or Q) and digits only')
    .optional(),
  colour: cleanText(30).optional(),
  fuel_type: z.enum(FUEL_TYPES, { message: 'is not a fuel type' }).or(z.literal('')).optional(),
  tank_size: z.number().min(0).max(5000).nullable().optional(),
  /** the default driver; null clears it */
  driver_id: idSchema.nullable().optional(),
  /** every label of the vehicle (replaces the list) */
  tgids: z.array(idSchema).max(200).optional(),
  /** every fleet of the vehicle (replaces the list) */
  fids: z.array(idSchema).max(200).optional(),
  display: z.boolean().optional(),
  /** SPEC §4 codes 0-13; client users may set only 1 (Active) or 2 (Disabled by the client) */
  active: z.number().int().min(0).max(13).optional(),
  /** support users only */
  stock_status: z.number().int().min(0).max(15).optional(),
  /** a reading in km: from now on the vehicle's odometer counts on from it */
  odometer: z.number().min(0).max(10_000_000).optional(),
  /** a reading in hours, likewise */
  engine_hours: z.number().min(0).max(1_000_000).optional(),
});
export type VehicleInput = z.input<typeof vehicleInput>;

/**
 * A cell of a CSV row, as text. The web sends text, but the server's payload cleaning (SPEC §5)
 * turns numeric strings into numbers ("2019", "80"): a number is taken back as its text. Typed as
 * text in and out, so that the web's rows stay plain strings.
 */
const csvCell = z
  .union([z.string(), z.number()])
  .transform(String)
  .pipe(z.string().max(200)) as unknown as z.ZodType<string, string>;

/** One line of a vehicles CSV, as read (the web parses the file; the server checks each row). */
export const vehicleImportRow = z.object({
  name: csvCell,
  reg: csvCell.default(''),
  vehicle_class_ref: csvCell.default(''),
  make: csvCell.default(''),
  model: csvCell.default(''),
  year: csvCell.default(''),
  vin: csvCell.default(''),
  colour: csvCell.default(''),
  fuel_type: csvCell.default(''),
  tank_size: csvCell.default(''),
});
/** The columns of the vehicles CSV, in order, as the export writes them and the import reads them. */
export const VEHICLE_CSV_COLUMNS = [
  'Name',
  'Registration',
  'Class',
  'Make',
  'Model',
  'Year',
  'VIN',
  'Colour',
  'Fuel type',
  'Tank size',
] as const;

/** An import's verdict on one row: what it would do, or why it refuses it. */
export interface ImportRowResult {
  /** the row's line in the file (the header is line 1) */
  line: number;
  action: 'create' | 'update' | 'error';
  /** the name of what is created or updated */
  name: string;
  /** one message per refused field, naming it */
  errors: string[];
}

export interface ImportAnswer {
  /** false for a dry run: nothing was stored */
  stored: boolean;
  created: number;
  updated: number;
  refused: number;
  rows: ImportRowResult[];
}

/** A panic remote paired to a unit (SPEC §8: chase-up type 7, panic remote). */
export interface Remote {
  id: number;
  remote_id: string;
  uid: number;
  unit_name: string;
  holder: PersonRef | null;
  /** the holder's name when the holder is not a person of the client */
  holder_name: string;
  /** as last recorded (set_remote): trackers do not report a remote's battery */
  battery_state: 'ok' | 'low' | 'unknown';
  /** ISO-8601 of the last press reported by the unit (its latest panic_remote event) */
  last_press: string | null;
}

/** A press of a remote: a panic_remote event of its unit (SPEC §8 chase-up type 7). */
export interface RemotePress {
  /** device_events.id */
  id: number;
  /** ISO-8601 */
  time: string;
  lat: number | null;
  lon: number | null;
}

/** A phone that reports as a tracker through the OsmAnd gateway. */
export interface MobileUnit {
  uid: number;
  name: string;
  reg: string;
  device_id: string | null;
  last_report: string | null;
  /** battery %, as the app reports it */
  battery: number | null;
  connected: boolean;
}

/** What to type into the Traccar Client or OsmAnd app. */
export interface MobileSetup {
  /** e.g. http://portal.example.com:5055 */
  server_url: string;
  host: string;
  port: number;
  device_id: string;
}

export const fleetParams = {
  get_vehicles: z.object({
    ...pagingSchema,
    search: plainText().max(100).optional(),
    /** SPEC §4 client view */
    state: z.enum(['active', 'disabled']).optional(),
    vehicle_class: z.enum(VEHICLE_CLASSES).optional(),
    tgid: idSchema.optional(),
    fid: idSchema.optional(),
    sort: z.enum(VEHICLE_SORTS).default('name'),
    order: z.enum(['asc', 'desc']).default('asc'),
  }),
  get_vehicle: z.object({ uid: idSchema }),
  set_vehicle: vehicleInput,
  /** rows of a vehicles CSV; dry_run answers what would happen and stores nothing */
  import_vehicles: z.object({
    rows: z.array(vehicleImportRow).min(1, 'the file has no rows').max(5000),
    dry_run: z.boolean().default(true),
  }),

  get_fleet: z.object({ fid: idSchema }),
  set_fleet: z.object({
    fid: idSchema.optional(),
    name: requiredName(60),
    uids: z.array(idSchema).max(5000).default([]),
  }),
  delete_fleet: z.object({ fid: idSchema }),

  get_tag: z.object({ tgid: idSchema }),
  set_tag: z.object({
    tgid: idSchema.optional(),
    name: requiredName(40),
    colour: hexColour.optional(),
    /** support users only: a label every client sees */
    is_global: z.boolean().optional(),
    /** the units that carry it (of the caller's client); absent leaves them as they are */
    uids: z.array(idSchema).max(5000).optional(),
  }),
  delete_tag: z.object({ tgid: idSchema }),
  /** the labels of one unit (replaces the list) */
  set_unit_tags: z.object({ uid: idSchema, tgids: z.array(idSchema).max(200) }),

  get_remotes: z.object({ uid: idSchema.optional() }),
  /** one remote with its latest presses (SPEC §7 key `remote`) */
  get_remote: z.object({ id: idSchema }),
  set_remote: z.object({
    id: idSchema.optional(),
    remote_id: z
      .string()
      .trim()
      .min(1, 'is required')
      .max(32)
      .regex(/^[A-Za-z0-9_.:-]+$/, 'use letters, digits and _ . : - only'),
    uid: idSchema,
    holder_pid: idSchema.nullable().optional(),
    holder_name: cleanText(80).optional(),
    /**
     * As found when the remote was last tested: trackers report the press, not the remote's
     * battery, so the fitter or the client records it.
     */
    battery_state: z.enum(['ok', 'low', 'unknown']).optional(),
  }),
  delete_remote: z.object({ id: idSchema }),

  get_mobile_units: z.object({}),
  get_mobile_unit: z.object({ uid: idSchema }),
  /** absent uid: a new unit of type Mobile with a generated device identifier */
  set_mobile_unit: z.object({
    uid: idSchema.optional(),
    name: requiredName(60),
    reg: registration.optional(),
  }),
};

export interface FleetRecordAnswers {
  get_vehicles: ListAnswer<'vehicles', Vehicle>;
  get_vehicle: { vehicle: Vehicle };
  set_vehicle: { vehicle: Vehicle };
  import_vehicles: ImportAnswer;
  get_fleet: { fleet: Fleet };
  set_fleet: { fleet: Fleet };
  delete_fleet: EmptyAnswer;
  get_tag: { tag: Tag };
  set_tag: { tag: Tag };
  delete_tag: EmptyAnswer;
  set_unit_tags: { uid: number; tags: TagRef[] };
  get_remotes: { remotes: Remote[] };
  get_remote: { remote: Remote; presses: RemotePress[] };
  set_remote: { remote: Remote };
  delete_remote: EmptyAnswer;
  get_mobile_units: { units: MobileUnit[] };
  get_mobile_unit: { unit: MobileUnit; setup: MobileSetup };
  set_mobile_unit: { unit: MobileUnit; setup: MobileSetup };
}
