// The vehicle form's values, and the set_vehicle input they make: only the fields the user changed
// (a save must not overwrite what someone else changed meanwhile, nor re-send readings that the
// vehicle has since counted on from), checked as the server checks them (vehicleInput).
import type { Vehicle, VehicleInput } from '@fleet/common';
import type { FieldErrors } from './fieldErrors';

/** The vehicle's own fields as the form edits them, and its driver, labels and fleets by id. */
export type VehicleFormValues = Pick<
  Vehicle,
  | 'name'
  | 'reg'
  | 'icon_colour'
  | 'vehicle_class_ref'
  | 'unit_type'
  | 'make'
  | 'model'
  | 'year'
  | 'vin'
  | 'colour'
  | 'fuel_type'
  | 'tank_size'
  | 'display'
  | 'active'
  | 'stock_status'
  | 'odometer'
  | 'engine_hours'
> & {
  driver_id: number | null;
  tgids: number[];
  fids: number[];
};

export type VehicleField = keyof VehicleFormValues | 'icon_type';

/** Each field in the form's words, for messages that name it. */
export const VEHICLE_FIELD_LABELS: Record<VehicleField, string> = {
  name: 'Name',
  reg: 'Registration',
  icon_colour: 'Icon colour',
  icon_type: 'Icon',
  vehicle_class_ref: 'Vehicle class',
  unit_type: 'Unit type',
  make: 'Make',
  model: 'Model',
  year: 'Year',
  vin: 'VIN',
  colour: 'Colour',
  fuel_type: 'Fuel type',
  tank_size: 'Tank size',
  driver_id: 'Default driver',
  tgids: 'Labels',
  fids: 'Fleets',
  display: 'Show on the map',
  active: 'Active state',
  stock_status: 'Stock status',
  odometer: 'Odometer',
  engine_hours: 'Engine hours',
};

export type VehicleErrors = FieldErrors<VehicleField>;

export function valuesFromVehicle(v: Vehicle): VehicleFormValues {
  return {
    name: v.name,
    reg: v.reg,
    icon_colour: v.icon_colour,
    vehicle_class_ref: v.vehicle_class_ref,
    unit_type: v.unit_type,
    make: v.make,
    model: v.model,
    year: v.year,
    vin: v.vin,
    colour: v.colour,
    fuel_type: v.fuel_type,
    tank_size: v.tank_size,
    driver_id: v.driver?.pid ?? null,
    tgids: v.tags.map((t) => t.tgid),
    fids: v.fleets.map((f) => f.fid),
    display: v.display,
    active: v.active,
    stock_status: v.stock_status,
    odometer: v.odometer,
    engine_hours: v.engine_hours,
  };
}

const sameSet = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((x) => b.includes(x));

const TEXT_FIELDS = [
  'name',
  'reg',
  'icon_colour',
  'vehicle_class_ref',
  'unit_type',
  'make',
  'model',
  'vin',
  'colour',
  'fuel_type',
] as const;
const PLAIN_FIELDS = [
  'year',
  'tank_size',
  'driver_id',
  'display',
  'active',
  'stock_status',
] as const;

/** set_vehicle's input: the uid and the fields that differ from `initial`. */
export function changedInput(
  uid: number,
  initial: VehicleFormValues,
  values: VehicleFormValues,
): VehicleInput {
  const input: Record<string, unknown> = { uid };
  for (const key of TEXT_FIELDS) {
    if (values[key].trim() !== initial[key].trim()) input[key] = values[key].trim();
  }
  for (const key of PLAIN_FIELDS) {
    if (values[key] !== initial[key]) input[key] = values[key];
  }
  if (!sameSet(values.tgids, initial.tgids)) input.tgids = values.tgids;
  if (!sameSet(values.fids, initial.fids)) input.fids = values.fids;
  // A reading is a new starting point: sent only when typed, never cleared.
  for (const key of ['odometer', 'engine_hours'] as const) {
    const value = values[key];
    if (value !== null && value !== initial[key]) input[key] = value;
  }
  return input as VehicleInput;
}

/** Labels the save adds to the vehicle: each is checked against the rules first (SPEC §5). */
export function addedLabels(initial: VehicleFormValues, values: VehicleFormValues): number[] {
  return values.tgids.filter((tgid) => !initial.tgids.includes(tgid));
}
