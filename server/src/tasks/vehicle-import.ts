// The vehicles CSV import (issue 12): the web parses the file, the server checks every row with
// the rules of set_vehicle and answers, per line, what it would do or why it refuses it. A row
// whose registration is a vehicle of the client's updates it, any other row adds a vehicle. Not a
// dry run: the valid rows are stored in the task's one transaction; rows in error store nothing.
import type { Updateable } from 'kysely';
import {
  VEHICLE_CLASSES,
  vehicleInput,
  type ImportRowResult,
  type TaskMap,
  type Vehicle,
} from '@fleet/common';
import type { z } from 'zod';
import { now } from '../clock';
import type { UnitsTable } from '../db/types';
import type { TaskContext } from './context';
import { defineTask } from './registry';
import { NEW_VEHICLE, VEHICLE_WRITE_ROLES } from './vehicles';
import { describeChanges, publishUnitEdit, publishUnitsAdded } from './vehicle-write';

type ImportRow = TaskMap['import_vehicles']['parsed']['rows'][number];
type Column = keyof ImportRow;

/** The CSV's column names (VEHICLE_CSV_COLUMNS), which the messages name. */
const HEADING: Record<Column, string> = {
  name: 'Name',
  reg: 'Registration',
  vehicle_class_ref: 'Class',
  make: 'Make',
  model: 'Model',
  year: 'Year',
  vin: 'VIN',
  colour: 'Colour',
  fuel_type: 'Fuel type',
  tank_size: 'Tank size',
};

const shown = (raw: string) => `'${raw.length > 40 ? `${raw.slice(0, 40)}…` : raw}'`;

/** A numeric cell, or NaN. */
const numberOf = (raw: string) => (/^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : NaN);

/**
 * One row's columns as set_vehicle would store them, and its errors. An empty cell is no value:
 * a new vehicle gets the default, an updated one keeps what it has (a file of names and
 * registrations alone does not wipe the details).
 */
export function checkRow(row: ImportRow): {
  columns: Updateable<UnitsTable>;
  errors: string[];
  /** the registration, lower-cased, when it is valid */
  reg: string;
} {
  const errors: string[] = [];
  const columns: Updateable<UnitsTable> = {};
  const check = <T>(key: Column, schema: z.ZodType<T>, value: unknown): T | undefined => {
    const r = schema.safeParse(value);
    if (r.success) return r.data;
    errors.push(`${HEADING[key]}: ${r.error.issues[0]?.message ?? 'is not valid'}`);
    return undefined;
  };
  const shape = vehicleInput.shape;
  const cell = (key: Column) => row[key].trim();

  if (!cell('name')) errors.push('Name: is required');
  else columns.name = check('name', shape.name, cell('name'));
  const reg = cell('reg') ? check('reg', shape.reg, cell('reg')) : undefined;
  if (reg) columns.reg = reg;
  for (const key of ['make', 'model', 'colour'] as const) {
    if (cell(key)) columns[key] = check(key, shape[key], cell(key));
  }
  if (cell('vin')) columns.vin = check('vin', shape.vin, cell('vin'))?.toUpperCase();

  const cls = cell('vehicle_class_ref').toLowerCase();
  if (cls && !(VEHICLE_CLASSES as readonly string[]).includes(cls)) {
    errors.push(`Class: ${shown(cell('vehicle_class_ref'))} is not a vehicle class`);
  } else if (cls) columns.vehicle_class_ref = cls;

  const fuel = cell('fuel_type').toLowerCase();
  if (fuel) columns.fuel_type = check('fuel_type', shape.fuel_type, fuel);

  for (const [key, noun] of [
    ['year', 'a year'],
    ['tank_size', 'a number'],
  ] as const) {
    if (!cell(key)) continue;
    const n = numberOf(cell(key));
    if (Number.isNaN(n)) errors.push(`${HEADING[key]}: ${shown(cell(key))} is not ${noun}`);
    else columns[key] = check(key, shape[key], n);
  }
  return { columns, errors, reg: reg?.toLowerCase() ?? '' };
}

interface Existing {
  uid: number;
  visible: boolean;
  row: Partial<Vehicle>;
}

/** The client's vehicles by lower-cased registration, and which of them the user may see. */
async function vehiclesByReg(ctx: TaskContext, clientId: number): Promise<Map<string, Existing>> {
  const rows = await ctx.tenant
    .selectFrom('units')
    .select([
      'uid',
      'name',
      'reg',
      'vehicle_class_ref',
      'make',
      'model',
      'year',
      'vin',
      'colour',
      'fuel_type',
      'tank_size',
    ])
    .where('client_id', '=', clientId)
    .where('reg', '!=', '')
    .execute();
  const visible = new Set(
    (
      await ctx.tenant.units().select('units.uid').where('units.client_id', '=', clientId).execute()
    ).map((u) => u.uid),
  );
  return new Map(
    rows.map(({ uid, ...row }) => [row.reg.toLowerCase(), { uid, visible: visible.has(uid), row }]),
  );
}

/** Rows per insert statement: well under SQLite's and PostgreSQL's bound-variable limits. */
const INSERT_SLICE = 200;

const importVehicles = defineTask({
  name: 'import_vehicles',
  roles: VEHICLE_WRITE_ROLES,
  entityType: 'Vehicle',
  probe: () => ({ rows: [{ name: 'Probe', reg: 'PROBE 1' }], dry_run: true }),
  async handler(ctx, p) {
    const clientId = ctx.tenant.ownerClient();
    const existing = await vehiclesByReg(ctx, clientId);
    const firstLine = new Map<string, number>();
    const creates: { line: number; columns: Updateable<UnitsTable> }[] = [];
    const updates: { found: Existing; columns: Updateable<UnitsTable> }[] = [];
    const results: ImportRowResult[] = p.rows.map((row, i) => {
      const line = i + 2; // the header is line 1
      const { columns, errors, reg } = checkRow(row);
      const found = reg ? existing.get(reg) : undefined;
      if (reg && firstLine.has(reg)) {
        errors.push(`Registration: ${shown(row.reg.trim())} is also on line ${firstLine.get(reg)}`);
      } else if (reg) firstLine.set(reg, line);
      if (found && !found.visible)
        errors.push('Registration: another vehicle has this registration');
      const name = row.name.trim();
      if (errors.length) return { line, action: 'error', name, errors };
      // The registration is the match: written in another case, it stays as stored.
      if (found) updates.push({ found, columns: { ...columns, reg: found.row.reg } });
      else creates.push({ line, columns });
      return { line, action: found ? 'update' : 'create', name, errors: [] };
    });
    const answer = {
      stored: !p.dry_run,
      created: creates.length,
      updated: updates.length,
      refused: results.filter((r) => r.action === 'error').length,
      rows: results,
    };
    if (p.dry_run) return answer;

    const time = now();
    for (let i = 0; i < creates.length; i += INSERT_SLICE) {
      const slice = creates.slice(i, i + INSERT_SLICE);
      const ids = await ctx.tenant
        .insertInto('units', clientId)
        .values(
          slice.map((c) => ({
            ...NEW_VEHICLE,
            name: '',
            ...c.columns,
            created: time,
            updated: time,
          })),
        )
        .returning(['uid', 'name', 'reg'])
        .execute();
      for (const u of ids) {
        ctx.changeLog({
          action: 'I',
          entityType: 'Vehicle',
          entityId: u.uid,
          description: `Vehicle ${u.name} added by import${u.reg ? ` (${u.reg})` : ''}`,
        });
      }
    }
    if (creates.length) publishUnitsAdded(ctx, clientId);
    for (const { found, columns } of updates) {
      await ctx.tenant
        .updateTable('units')
        .set({ ...columns, updated: time })
        .where('uid', '=', found.uid)
        .execute();
      const after = { ...found.row, ...columns } as Partial<Vehicle>;
      ctx.changeLog({
        action: 'E',
        entityType: 'Vehicle',
        entityId: found.uid,
        description: `${describeChanges(String(after.name), found.row, after)} (import)`,
      });
      publishUnitEdit(ctx, clientId, found.row, { ...after, uid: found.uid } as Vehicle);
    }
    return answer;
  },
});

export const vehicleImportTasks = [importVehicles];
