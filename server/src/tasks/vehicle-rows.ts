// Vehicles as the vehicle table and its edit page read them (issue 12): a unit with its details,
// its default and current driver, its labels and fleets, its last report and its odometer and
// engine hours with the user's corrections. One query for the units of a page, one for their labels
// and one for their fleets, whatever the page size.
import { sql, type SelectQueryBuilder } from 'kysely';
import type { TagRef, Vehicle, VehicleSort } from '@fleet/common';
import type { Database } from '../db';
import { engineHours, odometerKm } from '../domain/readings';
import type { TaskContext } from './context';
import { notFound } from './errors';
import { iso } from './paging';

type UnitsQuery = SelectQueryBuilder<Database, 'units', {}>;

/** Units with what a vehicle row shows. People are joined within the unit's client only. */
export function withVehicleColumns(q: UnitsQuery) {
  return q
    .leftJoin('unit_state', 'unit_state.unit_id', 'units.uid')
    .leftJoin('people as driver', (j) =>
      j
        .onRef('driver.pid', '=', 'units.driver_id')
        .onRef('driver.client_id', '=', 'units.client_id'),
    )
    .leftJoin('people as now_driver', (j) =>
      j
        .onRef('now_driver.pid', '=', 'unit_state.driver_id')
        .onRef('now_driver.client_id', '=', 'units.client_id'),
    )
    .select([
      'units.uid',
      'units.client_id',
      'units.name',
      'units.reg',
      'units.icon_colour',
      'units.icon_type',
      'units.vehicle_class_ref',
      'units.unit_type',
      'units.service_type',
      'units.make',
      'units.model',
      'units.year',
      'units.vin',
      'units.colour',
      'units.fuel_type',
      'units.tank_size',
      'units.display',
      'units.active',
      'units.stock_status',
      'units.device_id',
      'units.protocol',
      'units.odometer_offset',
      'units.engine_hours_offset',
      'driver.pid as driver_pid',
      'driver.first_name as driver_first_name',
      'driver.surname as driver_surname',
      'now_driver.pid as now_driver_pid',
      'now_driver.first_name as now_driver_first_name',
      'now_driver.surname as now_driver_surname',
      'unit_state.fix_time',
      'unit_state.odometer',
      'unit_state.engine_hours',
    ]);
}

type VehicleQuery = ReturnType<typeof withVehicleColumns>;
export type VehicleRow = Awaited<ReturnType<VehicleQuery['execute']>>[number];

/**
 * The order of the vehicle table (VEHICLE_SORTS). Values a unit may lack sort as empty or zero,
 * the same on SQLite and PostgreSQL (which put NULLs at opposite ends); uid breaks ties in the
 * same direction, so that the descending order is the ascending one reversed.
 */
export function sortVehicles(q: VehicleQuery, sort: VehicleSort, order: 'asc' | 'desc') {
  const keys = {
    name: [sql`lower(units.name)`, sql`units.name`],
    reg: [sql`lower(units.reg)`, sql`units.reg`],
    vehicle_class_ref: [sql`units.vehicle_class_ref`],
    driver: [
      sql`coalesce(lower(${sql.ref('driver.first_name')} || ' ' || ${sql.ref('driver.surname')}), '')`,
    ],
    last_report: [sql`coalesce(unit_state.fix_time, 0)`],
    odometer: [sql`coalesce(unit_state.odometer, 0) / 1000.0 + units.odometer_offset`],
    engine_hours: [sql`coalesce(unit_state.engine_hours, 0) / 3600.0 + units.engine_hours_offset`],
  }[sort];
  let sorted = q;
  for (const key of keys) sorted = sorted.orderBy(key, order);
  return sorted.orderBy('units.uid', order);
}

const personRef = (pid: number | null, first: string | null, surname: string | null) =>
  pid === null ? null : { pid, name: `${first ?? ''} ${surname ?? ''}`.trim() };

/** A row as the API answers it. */
export function toVehicle(
  r: VehicleRow,
  tags: TagRef[] = [],
  fleets: { fid: number; name: string }[] = [],
): Vehicle {
  return {
    uid: r.uid,
    name: r.name,
    reg: r.reg,
    icon_colour: r.icon_colour,
    icon_type: r.icon_type,
    vehicle_class_ref: r.vehicle_class_ref,
    unit_type: r.unit_type,
    service_type: r.service_type,
    make: r.make,
    model: r.model,
    year: r.year === null ? null : Number(r.year),
    vin: r.vin,
    colour: r.colour,
    fuel_type: r.fuel_type,
    tank_size: r.tank_size === null ? null : Number(r.tank_size),
    driver: personRef(r.driver_pid, r.driver_first_name, r.driver_surname),
    current_driver: personRef(r.now_driver_pid, r.now_driver_first_name, r.now_driver_surname),
    tags,
    fleets,
    display: Number(r.display) === 1,
    active: Number(r.active),
    stock_status: Number(r.stock_status),
    device_id: r.device_id,
    protocol: r.protocol,
    // A unit that has sent only status records has a state row without a fix (fix_time 0).
    last_report: r.fix_time ? iso(r.fix_time) : null,
    odometer: odometerKm(r.odometer, r.odometer_offset),
    engine_hours: engineHours(r.engine_hours, r.engine_hours_offset),
  };
}

/** A label as other rows carry it. */
export function tagRef(t: { tgid: number; name: string; colour: string; is_global: number }) {
  return { tgid: t.tgid, name: t.name, colour: t.colour, is_global: Number(t.is_global) === 1 };
}

function groupBy<T>(rows: T[], key: (row: T) => number): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = out.get(k);
    if (list) list.push(row);
    else out.set(k, [row]);
  }
  return out;
}

/**
 * The labels of these units, global labels last (SPEC §4). unit_tags rows carry the unit's
 * client, so the tenant filter keeps them to the caller's units; the label itself is the unit's
 * client's or a global one.
 */
export async function labelsOfUnits(
  ctx: TaskContext,
  uids: readonly number[],
): Promise<Map<number, TagRef[]>> {
  if (!uids.length) return new Map();
  const rows = await ctx.tenant
    .selectFrom('unit_tags')
    .innerJoin('tags', 'tags.tgid', 'unit_tags.tag_id')
    .select(['unit_tags.unit_id', 'tags.tgid', 'tags.name', 'tags.colour', 'tags.is_global'])
    .where('unit_tags.unit_id', 'in', [...uids])
    .where((eb) =>
      eb.or([
        eb('tags.is_global', '=', 1),
        eb('tags.client_id', '=', eb.ref('unit_tags.client_id')),
      ]),
    )
    .orderBy('tags.is_global')
    .orderBy(sql`lower(tags.name)`)
    .orderBy('tags.tgid')
    .execute();
  const grouped = groupBy(rows, (r) => r.unit_id);
  return new Map([...grouped].map(([uid, list]) => [uid, list.map(tagRef)]));
}

/** The fleets of these units, by name. */
export async function fleetsOfUnits(
  ctx: TaskContext,
  uids: readonly number[],
): Promise<Map<number, { fid: number; name: string }[]>> {
  if (!uids.length) return new Map();
  const rows = await ctx.tenant
    .selectFrom('fleet_units')
    .innerJoin('fleets', (j) =>
      j
        .onRef('fleets.fid', '=', 'fleet_units.fleet_id')
        .onRef('fleets.client_id', '=', 'fleet_units.client_id'),
    )
    .select(['fleet_units.unit_id', 'fleets.fid', 'fleets.name'])
    .where('fleet_units.unit_id', 'in', [...uids])
    .orderBy(sql`lower(fleets.name)`)
    .orderBy('fleets.fid')
    .execute();
  const grouped = groupBy(rows, (r) => r.unit_id);
  return new Map(
    [...grouped].map(([uid, list]) => [uid, list.map((f) => ({ fid: f.fid, name: f.name }))]),
  );
}

/** Rows with their labels and fleets, read in two queries for the whole list. */
export async function vehiclesOf(ctx: TaskContext, rows: VehicleRow[]): Promise<Vehicle[]> {
  const uids = rows.map((r) => r.uid);
  // One after the other: a write task's transaction is one connection.
  const tags = await labelsOfUnits(ctx, uids);
  const fleets = await fleetsOfUnits(ctx, uids);
  return rows.map((r) => toVehicle(r, tags.get(r.uid), fleets.get(r.uid)));
}

/** A vehicle the user may see, or 'Unit not found' (another client's uid answers the same). */
export async function loadVehicle(ctx: TaskContext, uid: number): Promise<Vehicle> {
  const row = await withVehicleColumns(ctx.tenant.units())
    .where('units.uid', '=', uid)
    .executeTakeFirst();
  if (!row) throw notFound('Unit');
  const [vehicle] = await vehiclesOf(ctx, [row]);
  return vehicle;
}
