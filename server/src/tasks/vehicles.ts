// Vehicles (issue 12, SPEC §2 /portal/vehicles): the client's units with their details, as the
// vehicle table lists them and its edit page reads and writes them. A typed odometer or engine-hour
// reading is stored as an offset on the unit (domain/readings.ts).
import { sql, type Updateable } from 'kysely';
import type { Role, TaskMap, Vehicle } from '@fleet/common';
import { now } from '../clock';
import type { UnitsTable } from '../db/types';
import { engineHoursOffset, odometerOffset } from '../domain/readings';
import type { TaskContext } from './context';
import { TaskError } from './errors';
import { replaceUnitFleets } from './fleets';
import { containsPattern } from './locations';
import { countRows, listAnswer, pageOf } from './paging';
import { defineTask } from './registry';
import { replaceUnitLabels } from './tags-write';
import { loadVehicle, sortVehicles, vehiclesOf, withVehicleColumns } from './vehicle-rows';
import {
  REG_TAKEN,
  checkSupportFields,
  describeChanges,
  describeReadings,
  personOf,
  publishUnitEdit,
  publishUnitsAdded,
  regTaken,
} from './vehicle-write';

export const VEHICLE_READ_ROLES: readonly Role[] = [
  'feature_vehicles_view',
  'feature_vehicles_edit',
  'user_support',
];
export const VEHICLE_WRITE_ROLES: readonly Role[] = ['feature_vehicles_edit', 'user_support'];

/** A new vehicle's fields nobody typed (a unit without a tracker until support attaches one). */
export const NEW_VEHICLE = {
  reg: '',
  icon_colour: '#1677ff',
  icon_type: 0,
  vehicle_class_ref: 'sedan',
  service_type: 'full',
  unit_type: 'Wired',
  active: 1,
  display: 1,
  driver_id: null,
  last_disconnect: null,
  device_id: null,
  protocol: null,
  stock_status: 5,
} as const;

const SEARCHED = ['units.name', 'units.reg', 'units.make', 'units.model', 'units.vin'] as const;

type VehicleParams = TaskMap['set_vehicle']['parsed'];

/** The unit columns a set_vehicle call gives; absent fields stay as they are. */
function unitColumns(p: VehicleParams): Updateable<UnitsTable> {
  const { uid: _u, tgids: _t, fids: _f, odometer: _o, engine_hours: _e, display, ...rest } = p;
  const columns: Updateable<UnitsTable> = Object.fromEntries(
    Object.entries(rest).filter(([, v]) => v !== undefined),
  );
  if (display !== undefined) columns.display = display ? 1 : 0;
  if (p.vin !== undefined) columns.vin = p.vin.toUpperCase();
  return columns;
}

/** The offsets that make the unit read what the user typed, from its running values now. */
async function readingColumns(
  ctx: TaskContext,
  uid: number | undefined,
  p: VehicleParams,
): Promise<Updateable<UnitsTable>> {
  if (p.odometer === undefined && p.engine_hours === undefined) return {};
  const state =
    uid === undefined
      ? undefined
      : await ctx.tenant
          .selectFrom('unit_state')
          .select(['odometer', 'engine_hours'])
          .where('unit_id', '=', uid)
          .executeTakeFirst();
  const columns: Updateable<UnitsTable> = {};
  if (p.odometer !== undefined)
    columns.odometer_offset = odometerOffset(state?.odometer, p.odometer);
  if (p.engine_hours !== undefined) {
    columns.engine_hours_offset = engineHoursOffset(state?.engine_hours, p.engine_hours);
  }
  return columns;
}

const getVehicles = defineTask({
  name: 'get_vehicles',
  roles: VEHICLE_READ_ROLES,
  probe: (f) => ({ page_size: 500, tgid: f.tgid }),
  async handler(ctx, p) {
    let q = ctx.tenant.units();
    const search = p.search?.trim();
    if (search) {
      const like = containsPattern(search);
      q = q.where((eb) =>
        eb.or(SEARCHED.map((c) => sql<boolean>`lower(${sql.ref(c)}) like ${like} escape '\\'`)),
      );
    }
    if (p.state === 'active') q = q.where('units.active', '=', 1);
    if (p.state === 'disabled') q = q.where('units.active', '!=', 1);
    if (p.vehicle_class) q = q.where('units.vehicle_class_ref', '=', p.vehicle_class);
    if (p.tgid !== undefined) {
      q = q.where(
        'units.uid',
        'in',
        ctx.tenant.selectFrom('unit_tags').select('unit_tags.unit_id').where('tag_id', '=', p.tgid),
      );
    }
    if (p.fid !== undefined) {
      q = q.where(
        'units.uid',
        'in',
        ctx.tenant
          .selectFrom('fleet_units')
          .select('fleet_units.unit_id')
          .where('fleet_id', '=', p.fid),
      );
    }
    const count = await countRows(q);
    const { limit, offset } = pageOf(p);
    const rows = await sortVehicles(withVehicleColumns(q), p.sort, p.order)
      .limit(limit)
      .offset(offset)
      .execute();
    return listAnswer('vehicles', await vehiclesOf(ctx, rows), count, p.page_size);
  },
});

const getVehicle = defineTask({
  name: 'get_vehicle',
  roles: VEHICLE_READ_ROLES,
  probe: (f) => ({ uid: f.uid }),
  async handler(ctx, p) {
    return { vehicle: await loadVehicle(ctx, p.uid) };
  },
});

/** Inserts a new vehicle of the client; its uid. */
export async function insertVehicle(
  ctx: TaskContext,
  clientId: number,
  columns: Updateable<UnitsTable>,
): Promise<number> {
  const time = now();
  const row = await ctx.tenant
    .insertInto('units', clientId)
    .values({ ...NEW_VEHICLE, name: '', ...columns, created: time, updated: time })
    .returning('uid')
    .executeTakeFirstOrThrow();
  return row.uid;
}

const setVehicle = defineTask({
  name: 'set_vehicle',
  roles: VEHICLE_WRITE_ROLES,
  entityType: 'Vehicle',
  probe: (f) => ({
    uid: f.uid,
    name: 'Probe',
    reg: 'PROBE 1',
    driver_id: f.pid,
    tgids: [f.tgid],
    fids: [f.fid],
    odometer: 1,
  }),
  async handler(ctx, p) {
    const unit = p.uid !== undefined ? await ctx.tenant.assertUnit(p.uid) : undefined;
    const before: Partial<Vehicle> = unit ? await loadVehicle(ctx, unit.uid) : {};
    if (!unit && !p.name) throw new TaskError('name is required');
    checkSupportFields(ctx, p, {
      active: before.active ?? NEW_VEHICLE.active,
      stock_status: before.stock_status ?? NEW_VEHICLE.stock_status,
    });
    const clientId = unit?.client_id ?? ctx.tenant.ownerClient();
    if (p.reg && (await regTaken(ctx, clientId, p.reg, unit?.uid))) throw new TaskError(REG_TAKEN);
    if (p.driver_id) await personOf(ctx, clientId, p.driver_id, 'driver_id');
    const columns = {
      ...unitColumns(p),
      ...(await readingColumns(ctx, unit?.uid, p)),
    };
    let uid: number;
    if (unit) {
      uid = unit.uid;
      await ctx.tenant
        .updateTable('units')
        .set({ ...columns, updated: now() })
        .where('uid', '=', uid)
        .execute();
    } else {
      uid = await insertVehicle(ctx, clientId, columns);
    }
    const name = p.name ?? unit!.name;
    const owned = { uid, client_id: clientId, name };
    if (p.tgids !== undefined) await replaceUnitLabels(ctx, owned, p.tgids);
    if (p.fids !== undefined) await replaceUnitFleets(ctx, owned, p.fids);
    if (p.driver_id !== undefined && p.driver_id !== (before.driver?.pid ?? null)) {
      // The pipeline names a trip's driver from the unit's default driver when no tag is read.
      ctx.afterCommit(() => ctx.services.bus.publish('people_changed', { client_id: clientId }));
    }
    const after = await loadVehicle(ctx, uid);

    if (unit) {
      ctx.changeLog({
        action: 'E',
        entityType: 'Vehicle',
        entityId: uid,
        description: describeChanges(name, before, after),
      });
      publishUnitEdit(ctx, clientId, before, after);
    } else {
      ctx.changeLog({
        action: 'I',
        entityType: 'Vehicle',
        entityId: uid,
        description: `Vehicle ${name} added${after.reg ? ` (${after.reg})` : ''}`,
      });
      publishUnitsAdded(ctx, clientId);
    }
    const typed = p.odometer !== undefined || p.engine_hours !== undefined;
    const readings = typed ? describeReadings(before, after) : null;
    if (readings) {
      ctx.changeLog({ action: 'E', entityType: 'Unit', entityId: uid, description: readings });
    }
    return { vehicle: after };
  },
});

export const vehicleTasks = [getVehicles, getVehicle, setVehicle];
