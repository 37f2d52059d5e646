// The rows a fuel file gives once its columns are mapped, and the page's preview of each: the same
// check the server makes (checkFuelRow), so the preview shows what the import will store.
import {
  FUEL_COLUMN_KEYS,
  FUEL_IMPORT_COLUMNS,
  checkFuelRow,
  fuelRegKey,
  type CheckedFuelRow,
  type FuelColumnMap,
  type FuelUploadRow,
  type Vehicle,
} from '@fleet/common';
import type { FuelSheet } from './readFuelFile';

/** Each data row under its keys; a row with formula cells carries their refusal. */
export function uploadRows(sheet: FuelSheet, map: FuelColumnMap): FuelUploadRow[] {
  return sheet.rows.map((cells, i) => {
    const row: FuelUploadRow = { line: i + 2 };
    for (const column of FUEL_IMPORT_COLUMNS) {
      const index = map[column];
      row[FUEL_COLUMN_KEYS[column]] = index === null ? '' : (cells[index] ?? '');
    }
    const formulas = sheet.formulas[i + 1];
    if (formulas?.length)
      row.refused = `${formulas.length === 1 ? 'Cell' : 'Cells'} ${formulas.join(', ')} ${
        formulas.length === 1 ? 'holds a formula' : 'hold formulas'
      }; formulas are not run: type the value`;
    return row;
  });
}

export interface PreviewRow extends CheckedFuelRow {
  line: number;
}

export function previewRows(
  rows: readonly FuelUploadRow[],
  vehicles: readonly Pick<Vehicle, 'uid' | 'reg'>[],
  zone: string,
  now: number,
): PreviewRow[] {
  const byReg = new Map<string, number>();
  for (const v of vehicles) {
    const key = fuelRegKey(v.reg);
    if (key && !byReg.has(key)) byReg.set(key, v.uid);
  }
  return rows.map((raw) => ({
    line: raw.line,
    ...checkFuelRow(raw, { now, zone, vehicleOf: (reg) => byReg.get(reg) }),
  }));
}
