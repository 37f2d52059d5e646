// What set_vehicle and import_vehicles share (issue 12): the checks of a vehicle's fields against
// its client, the change-log sentence that tells what changed, and the live update that brings an
// edit to the live map at once.
import { sql } from 'kysely';
import {
  PERSON_ROLE_DELETED,
  STOCK_STATUS,
  UNIT_ACTIVE_SUPPORT_VIEW,
  type PersonRef,
  type Vehicle,
} from '@fleet/common';
import { json } from '../db';
import type { UnitDetailFields } from '../live/bus';
import type { TaskContext } from './context';
import { TaskError } from './errors';

export const REG_TAKEN = 'reg: another vehicle has this registration';

/** Whether another unit of the client has this registration (case-insensitively). */
export async function regTaken(
  ctx: TaskContext,
  clientId: number,
  reg: string,
  exceptUid?: number,
): Promise<boolean> {
  if (!reg) return false;
  let q = ctx.tenant
    .selectFrom('units')
    .select('uid')
    .where('client_id', '=', clientId)
    .where(sql`lower(reg)`, '=', reg.toLowerCase());
  if (exceptUid !== undefined) q = q.where('uid', '!=', exceptUid);
  return !!(await q.executeTakeFirst());
}

/**
 * A person of the client who may be named (a driver, a remote's holder): SPEC §6 role 11
 * (DELETED) must not be displayed, so it cannot be chosen either. Refuses naming the field.
 */
export async function personOf(
  ctx: TaskContext,
  clientId: number,
  pid: number,
  field: string,
): Promise<PersonRef> {
  const row = await ctx.tenant
    .selectFrom('people')
    .select(['pid', 'first_name', 'surname', 'roles'])
    .where('client_id', '=', clientId)
    .where('pid', '=', pid)
    .executeTakeFirst();
  if (!row || json.parse<number[]>(row.roles, []).includes(PERSON_ROLE_DELETED)) {
    throw new TaskError(`${field}: Person not found`);
  }
  return { pid: row.pid, name: `${row.first_name} ${row.surname}`.trim() };
}

/**
 * SPEC §4: a client sets a vehicle Active (1) or Disabled (2); the other active codes and the
 * stock status are the support desk's. A value sent back unchanged is not a change.
 */
export function checkSupportFields(
  ctx: TaskContext,
  p: { active?: number; stock_status?: number },
  current: { active: number; stock_status: number },
): void {
  if (ctx.tenant.isSupport) return;
  if (p.stock_status !== undefined && p.stock_status !== current.stock_status) {
    throw new TaskError('stock_status: only support staff change the stock status');
  }
  if (p.active !== undefined && p.active !== current.active && p.active !== 1 && p.active !== 2) {
    throw new TaskError('active: choose 1 (Active) or 2 (Disabled)');
  }
}

/** The fields the change log tells, in order; `changed` ones are told without their values. */
const TOLD: [keyof Vehicle, string, 'value' | 'changed'][] = [
  ['name', 'name', 'value'],
  ['reg', 'registration', 'value'],
  ['vehicle_class_ref', 'class', 'value'],
  ['unit_type', 'unit type', 'value'],
  ['make', 'make', 'value'],
  ['model', 'model', 'value'],
  ['year', 'year', 'value'],
  ['vin', 'VIN', 'value'],
  ['colour', 'colour', 'value'],
  ['fuel_type', 'fuel type', 'value'],
  ['tank_size', 'tank size', 'value'],
  ['driver', 'driver', 'value'],
  ['fleets', 'fleets', 'value'],
  ['display', 'shown on the map', 'value'],
  ['active', 'state', 'value'],
  ['stock_status', 'stock status', 'value'],
  ['icon_colour', 'icon colour', 'changed'],
  ['icon_type', 'icon', 'changed'],
];

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function told(key: keyof Vehicle, v: unknown): string {
  if (v === null || v === undefined || v === '') return 'none';
  switch (key) {
    case 'driver':
      return (v as PersonRef).name;
    case 'fleets':
      return (v as { name: string }[]).map((f) => f.name).join(', ') || 'none';
    case 'display':
      return v ? 'yes' : 'no';
    case 'active':
      return UNIT_ACTIVE_SUPPORT_VIEW[v as number] ?? String(v);
    case 'stock_status':
      return STOCK_STATUS[v as number] ?? String(v);
    default:
      return String(v);
  }
}

/**
 * What changed between two states of a vehicle, as the change log tells it ("Truck 12:
 * registration ND 123 → ND 124, icon colour changed"). Keys absent from `after` are not compared.
 */
export function describeChanges(
  name: string,
  before: Partial<Vehicle>,
  after: Partial<Vehicle>,
): string {
  const parts: string[] = [];
  for (const [key, label, how] of TOLD) {
    if (!(key in after) || same(before[key], after[key])) continue;
    parts.push(
      how === 'changed'
        ? `${label} changed`
        : `${label} ${told(key, before[key])} → ${told(key, after[key])}`,
    );
  }
  return `${name}: ${parts.length ? parts.join(', ') : 'no changes'}`;
}

/** The corrections of a vehicle's readings, as the 'Unit' change-log row tells them. */
export function describeReadings(before: Partial<Vehicle>, after: Vehicle): string | null {
  const parts: string[] = [];
  const was = { odometer: before.odometer ?? null, engine_hours: before.engine_hours ?? null };
  if (was.odometer !== after.odometer) {
    parts.push(`odometer set to ${after.odometer} km (was ${was.odometer ?? 'none'})`);
  }
  if (was.engine_hours !== after.engine_hours) {
    parts.push(`engine hours set to ${after.engine_hours} h (was ${was.engine_hours ?? 'none'})`);
  }
  return parts.length ? `${after.name}: ${parts.join(', ')}` : null;
}

/** The fields of the live map's unit a vehicle edit may change (API.md §5 'units' message). */
const LIVE_FIELDS = [
  'name',
  'reg',
  'icon_colour',
  'icon_type',
  'vehicle_class_ref',
  'service_type',
  'unit_type',
  'active',
  'display',
  'driver',
] as const satisfies readonly (keyof UnitDetailFields)[];

/**
 * Once committed, sends the live map the unit's changed fields (the hub forwards them to every
 * user who sees the unit, within a second), so nobody has to reload to see an edit.
 */
export function publishUnitEdit(
  ctx: TaskContext,
  clientId: number,
  before: Partial<Vehicle>,
  after: Vehicle,
): void {
  const changed = LIVE_FIELDS.filter((k) => k in before && !same(before[k], after[k]));
  if (!changed.length) return;
  const fields: Partial<UnitDetailFields> = Object.fromEntries(changed.map((k) => [k, after[k]]));
  ctx.afterCommit(() =>
    ctx.services.bus.publish('unit', { ...fields, client_id: clientId, uid: after.uid }),
  );
}

/** Once committed, the live hub re-reads who sees which units (a vehicle was added). */
export function publishUnitsAdded(ctx: TaskContext, clientId: number): void {
  ctx.afterCommit(() => ctx.services.bus.publish('units_changed', { clientId }));
}
