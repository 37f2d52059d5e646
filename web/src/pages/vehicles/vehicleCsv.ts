// The vehicles CSV: the export writes VEHICLE_CSV_COLUMNS in order, the import reads the same
// headers into the rows import_vehicles takes (common/src/tasks/fleet.ts).
import Papa from 'papaparse';
import { VEHICLE_CSV_COLUMNS, type TaskRequest, type Vehicle } from '@fleet/common';
import { classFromText } from './vehicleFormat';

export type VehicleImportRow = TaskRequest<'import_vehicles'>['rows'][number];

/** Each column of the file and the row key it fills. */
export const VEHICLE_CSV_KEYS: Record<
  (typeof VEHICLE_CSV_COLUMNS)[number],
  keyof VehicleImportRow & string
> = {
  Name: 'name',
  Registration: 'reg',
  Class: 'vehicle_class_ref',
  Make: 'make',
  Model: 'model',
  Year: 'year',
  VIN: 'vin',
  Colour: 'colour',
  'Fuel type': 'fuel_type',
  'Tank size': 'tank_size',
};

/** Byte order mark: without it Excel reads UTF-8 as the local code page and garbles accents. */
const BOM = '\uFEFF';

/** The export's text: the class as its api name, so that the file imports again as it is. */
export function vehiclesCsv(vehicles: readonly Vehicle[]): string {
  const data = vehicles.map((v) => [
    v.name,
    v.reg,
    v.vehicle_class_ref,
    v.make,
    v.model,
    v.year ?? '',
    v.vin,
    v.colour,
    v.fuel_type,
    v.tank_size ?? '',
  ]);
  // escapeFormulae: a cell a spreadsheet would run as a formula is written as text (CSV injection).
  return `${BOM}${Papa.unparse(
    { fields: [...VEHICLE_CSV_COLUMNS], data },
    { escapeFormulae: true, newline: '\r\n' },
  )}\r\n`;
}

/** A row as typed in a spreadsheet, made ready for the server: classes in words become api names. */
export function normaliseVehicleRow(row: VehicleImportRow): VehicleImportRow {
  return {
    ...row,
    vehicle_class_ref: row.vehicle_class_ref ? classFromText(row.vehicle_class_ref) : '',
    fuel_type: (row.fuel_type ?? '').trim().toLowerCase(),
  };
}
