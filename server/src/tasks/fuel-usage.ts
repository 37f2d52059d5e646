// Fuel usage (issue 13 item 5; report_10): per vehicle and period, the litres filled, the distance
// driven between fills from the tracker's odometer, consumption in L/100 km (L/hour for machines),
// the vehicle's usual consumption, and the fraud flags of each fill (away from any stop at the fill
// time; more litres than the tank). Only valid rows of finished batches are fills.
import {
  FILL_STOP_WINDOW_MS,
  isAboveUsual,
  isMachineClass,
  type FuelFill,
  type FuelVehicleUsage,
} from '@fleet/common';
import { fillFlags, fuelLedger, type LedgerFill } from '../domain/fuel-usage';
import type { TaskContext } from './context';
import { TaskError } from './errors';
import { FUEL_ROLES } from './fuel-batches';
import { iso } from './paging';
import { defineTask } from './registry';

const DAY_MS = 86_400_000;
/** Fills this far before the period give the first fill its distance and the usual consumption. */
const LOOKBACK_MS = 180 * DAY_MS;
/** The longest period one read covers. */
const MAX_PERIOD_MS = 400 * DAY_MS;
/** The tracker's position counts as "at the fill time" within this much of it. */
const POSITION_WINDOW_MS = 30 * 60_000;
/** Fills of one read whose tracker data is looked up (each takes a few indexed reads). */
const TRACKED_FILLS = 3000;

interface Position {
  lat: number;
  lon: number;
  /** km */
  odometer: number;
}

/** The unit's stored position nearest the time, within POSITION_WINDOW_MS. */
async function positionAt(ctx: TaskContext, uid: number, at: number): Promise<Position | null> {
  const cols = [
    'positions.fix_time',
    'positions.lat',
    'positions.lon',
    'positions.odometer',
  ] as const;
  const before = await ctx.tenant
    .positionsOf([uid])
    .select(cols)
    .where('positions.unit_id', '=', uid)
    .where('positions.fix_time', '<=', at)
    .where('positions.fix_time', '>=', at - POSITION_WINDOW_MS)
    .orderBy('positions.fix_time', 'desc')
    .limit(1)
    .executeTakeFirst();
  const after = await ctx.tenant
    .positionsOf([uid])
    .select(cols)
    .where('positions.unit_id', '=', uid)
    .where('positions.fix_time', '>', at)
    .where('positions.fix_time', '<=', at + POSITION_WINDOW_MS)
    .orderBy('positions.fix_time', 'asc')
    .limit(1)
    .executeTakeFirst();
  const best = [before, after]
    .filter((p) => p !== undefined)
    .sort((a, b) => Math.abs(Number(a.fix_time) - at) - Math.abs(Number(b.fix_time) - at))[0];
  return best
    ? { lat: Number(best.lat), lon: Number(best.lon), odometer: Number(best.odometer) / 1000 }
    : null;
}

/** The unit's stops (trips of type 1) within FILL_STOP_WINDOW_MS of the time. */
async function stopsAround(ctx: TaskContext, uid: number, at: number) {
  const rows = await ctx.tenant
    .selectFrom('trips')
    .select(['start_lat', 'start_lon'])
    .where('unit_id', '=', uid)
    .where('type', '=', 1)
    .where('start_time', '<=', at + FILL_STOP_WINDOW_MS)
    .where('end_time', '>=', at - FILL_STOP_WINDOW_MS)
    .execute();
  return rows.map((r) => ({ lat: Number(r.start_lat), lon: Number(r.start_lon) }));
}

const getFuelUsage = defineTask({
  name: 'get_fuel_usage',
  roles: FUEL_ROLES,
  probe: (f) => ({ from: '2020-01-01T00:00:00Z', to: '2030-01-01T00:00:00Z', uids: [f.uid] }),
  async handler(ctx, p) {
    const from = Date.parse(p.from);
    const to = Date.parse(p.to);
    if (to <= from) throw new TaskError('The period must end after it starts');
    if (to - from > MAX_PERIOD_MS) throw new TaskError('Choose a period of at most 400 days');
    return fuelUsage(ctx, from, to, p.uids);
  },
});

/**
 * The fuel usage of the units (every visible one when none are named) over [from, to): per vehicle
 * and per fill, newest fill first. The fuel report (reports/builders) reads it too.
 */
export async function fuelUsage(
  ctx: TaskContext,
  from: number,
  to: number,
  uids?: readonly number[],
): Promise<{ vehicles: FuelVehicleUsage[]; fills: FuelFill[]; flagged_count: number }> {
  let unitQuery = ctx.tenant
    .units()
    .select(['units.uid', 'units.name', 'units.reg', 'units.vehicle_class_ref', 'units.tank_size']);
  if (uids?.length) unitQuery = unitQuery.where('units.uid', 'in', [...uids]);
  const units = await unitQuery.orderBy('units.name').execute();
  if (!units.length) return { vehicles: [], fills: [], flagged_count: 0 };

  const rows = await ctx.tenant
    .selectFrom('fuel_rows')
    .innerJoin('fuel_batches', 'fuel_batches.id', 'fuel_rows.batch_id')
    .select([
      'fuel_rows.id',
      'fuel_rows.unit_id',
      'fuel_rows.fill_time',
      'fuel_rows.datetimestamp',
      'fuel_rows.litres',
      'fuel_rows.odometer',
      'fuel_rows.hours',
    ])
    .where('fuel_batches.finished', '=', 1)
    .where('fuel_rows.error', 'is', null)
    .where(
      'fuel_rows.unit_id',
      'in',
      units.map((u) => u.uid),
    )
    .where('fuel_rows.fill_time', '>=', from - LOOKBACK_MS)
    .where('fuel_rows.fill_time', '<', to)
    .orderBy('fuel_rows.unit_id')
    .orderBy('fuel_rows.fill_time')
    .orderBy('fuel_rows.id')
    .execute();

  const byUnit = new Map<number, typeof rows>();
  for (const r of rows) {
    const list = byUnit.get(r.unit_id!) ?? [];
    list.push(r);
    byUnit.set(r.unit_id!, list);
  }

  let lookups = 0;
  const vehicles: FuelVehicleUsage[] = [];
  const fills: FuelFill[] = [];
  for (const unit of units) {
    const list = byUnit.get(unit.uid);
    if (!list) continue;
    const machine = isMachineClass(unit.vehicle_class_ref);
    const tank = unit.tank_size === null ? null : Number(unit.tank_size);
    const firstIn = list.findIndex((r) => Number(r.fill_time) >= from);
    if (firstIn < 0) continue;
    // The tracker is asked about the fills of the period and the one just before it.
    const positions = new Map<number, Position | null>();
    for (let i = Math.max(0, firstIn - 1); i < list.length; i++) {
      if (lookups++ >= TRACKED_FILLS) break;
      positions.set(list[i].id, await positionAt(ctx, unit.uid, Number(list[i].fill_time)));
    }
    const ledgerInput: LedgerFill[] = list.map((r) => ({
      id: r.id,
      at: Number(r.fill_time),
      litres: Number(r.litres),
      odometer: r.odometer === null ? null : Number(r.odometer),
      hours: r.hours === null ? null : Number(r.hours),
      trackerKm: positions.get(r.id)?.odometer ?? null,
    }));
    const ledger = fuelLedger(ledgerInput, machine);
    const summary: FuelVehicleUsage = {
      uid: unit.uid,
      name: unit.name,
      reg: unit.reg,
      basis: machine ? 'hours' : 'km',
      tank_size: tank,
      fills: 0,
      litres: 0,
      used: 0,
      consumption: null,
      usual: ledger[firstIn].usual,
      above_usual: false,
      flagged: 0,
    };
    let litresWithUse = 0;
    for (let i = firstIn; i < list.length; i++) {
      const fill = ledgerInput[i];
      const entry = ledger[i];
      const position = positions.get(fill.id) ?? null;
      const stops = position ? await stopsAround(ctx, unit.uid, fill.at) : [];
      const flags = fillFlags(fill.litres, tank, position, stops);
      fills.push({
        id: fill.id,
        uid: unit.uid,
        datetimestamp: iso(fill.at),
        litres: fill.litres,
        odometer: fill.odometer,
        hours: fill.hours,
        used: entry.used === null ? null : Math.round(entry.used * 10) / 10,
        used_source: entry.usedSource,
        consumption: entry.consumption === null ? null : Math.round(entry.consumption * 10) / 10,
        usual: entry.usual === null ? null : Math.round(entry.usual * 10) / 10,
        above_usual: entry.aboveUsual,
        flags,
        tracked: position !== null,
      });
      summary.fills++;
      summary.litres += fill.litres;
      if (flags.length) summary.flagged++;
      if (entry.used !== null) {
        summary.used += entry.used;
        litresWithUse += fill.litres;
      }
    }
    const consumption =
      summary.used > 0 ? (machine ? 1 : 100) * (litresWithUse / summary.used) : null;
    summary.consumption = consumption === null ? null : Math.round(consumption * 10) / 10;
    summary.above_usual = isAboveUsual(consumption, summary.usual);
    summary.litres = Math.round(summary.litres * 100) / 100;
    summary.used = Math.round(summary.used * 10) / 10;
    vehicles.push(summary);
  }
  fills.sort((a, b) => b.datetimestamp.localeCompare(a.datetimestamp) || b.id - a.id);
  return {
    vehicles,
    fills,
    flagged_count: fills.filter((f) => f.flags.length).length,
  };
}

export const fuelUsageTasks = [getFuelUsage];
