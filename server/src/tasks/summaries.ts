// Fleet-wide trip reads: trip summaries per unit, fleet and driver trips.
import { sql, type Selectable } from 'kysely';
import { UNIT_TRIP_SIZE, type FleetTripRow, type TaskMap } from '@fleet/common';
import { json } from '../db';
import type { TripsTable } from '../db/types';
import { HISTOGRAM_KEYS } from '../domain/trips-histogram';
import { defineTask, type ForeignIds } from './registry';
import { notFound } from './errors';
import { iso } from './paging';
import { rangeOf, tripFields } from './trips';
import { peopleNames } from './people';
import type { TaskContext } from './context';

/** Parameters of a read over a range and some units (none named: every visible unit). */
type FleetRange = TaskMap['get_fleet_trips']['parsed'];

export const fleetRangeProbe = (f: ForeignIds) => ({
  from: '2000-01-01T00:00:00Z',
  to: '2000-01-02T00:00:00Z',
  uids: [f.uid],
});

/** The visible units among the wanted ones (all visible units when none are named). */
async function visibleUnits(ctx: TaskContext, uids?: number[]) {
  let q = ctx.tenant.units().select(['units.uid', 'units.name', 'units.reg']);
  if (uids?.length) q = q.where('units.uid', 'in', uids);
  const rows = await q.orderBy('units.name').execute();
  if (uids?.length && rows.length === 0) throw notFound('Unit');
  return rows;
}

/** The range of a fleet read and the units it covers. */
export async function fleetScope(ctx: TaskContext, p: FleetRange) {
  const { from, to } = rangeOf(p);
  const units = await visibleUnits(ctx, p.uids);
  return { from, to, units, uids: units.map((u) => u.uid) };
}

function tripItem(
  r: Selectable<TripsTable>,
  names: Map<number, string>,
  units: Map<number, { name: string; reg: string }>,
): FleetTripRow {
  return {
    ...tripFields(r, names),
    uid: r.unit_id,
    unit_name: units.get(r.unit_id)?.name ?? '',
    reg: units.get(r.unit_id)?.reg ?? '',
  };
}

const getTripSummary = defineTask({
  name: 'get_trip_summary',
  roles: ['feature_trips_summary', 'user_support'],
  probe: fleetRangeProbe,
  async handler(ctx, p) {
    const { from, to, units, uids } = await fleetScope(ctx, p);
    const rows = await tripsOverlapping(ctx, uids, from, to)
      .select([
        'unit_id',
        'type',
        'distance',
        'duration',
        'max_speed',
        'speed_histogram',
        'start_time',
        'end_time',
      ])
      .execute();
    const byUnit = new Map<number, typeof rows>();
    for (const r of rows) byUnit.set(r.unit_id, [...(byUnit.get(r.unit_id) ?? []), r]);
    const summary = units.map((u) => {
      const list = byUnit.get(u.uid) ?? [];
      // Only the part of a trip or stop inside the range counts (a stop may span days).
      const inRange = (r: { start_time: number; end_time: number }) =>
        Math.max(0, Math.round((Math.min(r.end_time, to) - Math.max(r.start_time, from)) / 1000));
      const trips = list.filter((r) => r.type === 0);
      const stops = list.filter((r) => r.type !== 0);
      const histogram = Object.fromEntries(HISTOGRAM_KEYS.map((k) => [k, 0]));
      for (const t of trips) {
        for (const [k, v] of Object.entries(
          json.parse<Record<string, number>>(t.speed_histogram, {}),
        )) {
          histogram[k] = (histogram[k] ?? 0) + Number(v);
        }
      }
      return {
        id: u.uid,
        uid: u.uid,
        name: u.name,
        reg: u.reg,
        trips: trips.length,
        distance: Math.round(trips.reduce((s, t) => s + t.distance, 0) / 10) / 100,
        driving_time: trips.reduce((s, t) => s + inRange(t), 0),
        parked_time: stops.reduce((s, t) => s + inRange(t), 0),
        max_speed: Math.round(Math.max(0, ...trips.map((t) => t.max_speed))),
        first_start: iso(trips.length ? Math.min(...trips.map((t) => t.start_time)) : null),
        last_end: iso(trips.length ? Math.max(...trips.map((t) => t.end_time)) : null),
        speed_histogram: histogram,
      };
    });
    return { trips: summary, count: summary.length };
  },
});

const getFleetTrips = defineTask({
  name: 'get_fleet_trips',
  roles: ['feature_fleet_trips', 'user_support'],
  probe: fleetRangeProbe,
  async handler(ctx, p) {
    const { from, to, units, uids } = await fleetScope(ctx, p);
    const rows = await tripsOverlapping(ctx, uids, from, to)
      .selectAll()
      .where('type', '=', 0)
      .orderBy('start_time', 'desc')
      .limit(UNIT_TRIP_SIZE * 4)
      .execute();
    const names = await peopleNames(
      ctx,
      rows.map((r) => r.driver_id),
    );
    const unitMap = new Map(units.map((u) => [u.uid, u]));
    return {
      trips: rows.map((r) => tripItem(r, names, unitMap)),
      oversized: rows.length >= UNIT_TRIP_SIZE * 4,
    };
  },
});

const getDriverTrips = defineTask({
  name: 'get_driver_trips',
  roles: ['feature_driver_trips', 'user_support'],
  probe: (f) => ({ from: '2000-01-01T00:00:00Z', to: '2000-01-02T00:00:00Z', pids: [f.pid] }),
  async handler(ctx, p) {
    const { from, to } = rangeOf(p);
    const people = await ctx.tenant
      .selectFrom('people')
      .select(['pid', 'first_name', 'surname'])
      .where('pid', 'in', p.pids)
      .execute();
    if (!people.length) throw notFound('Driver');
    const units = await visibleUnits(ctx);
    const uids = units.map((u) => u.uid);
    // A trip belongs to the driver identified on it, or else to the unit's assigned driver.
    const assigned = await ctx.tenant
      .units()
      .select(['units.uid', 'units.driver_id'])
      .where(
        'units.driver_id',
        'in',
        people.map((x) => x.pid),
      )
      .execute();
    const rows = await tripsOverlapping(ctx, uids, from, to)
      .selectAll()
      .where('type', '=', 0)
      .where((eb) =>
        eb.or([
          eb(
            'driver_id',
            'in',
            people.map((x) => x.pid),
          ),
          eb.and([
            eb('driver_id', 'is', null),
            eb('unit_id', 'in', assigned.length ? assigned.map((a) => a.uid) : [-1]),
          ]),
        ]),
      )
      .orderBy('start_time', 'desc')
      .limit(UNIT_TRIP_SIZE * 4)
      .execute();
    const named = people.map((x) => ({ pid: x.pid, name: `${x.first_name} ${x.surname}`.trim() }));
    const names = new Map(named.map((x) => [x.pid, x.name]));
    const driverOfUnit = new Map(assigned.map((a) => [a.uid, a.driver_id!]));
    const unitMap = new Map(units.map((u) => [u.uid, u]));
    return {
      trips: rows.map((r) =>
        tripItem(
          { ...r, driver_id: r.driver_id ?? driverOfUnit.get(r.unit_id) ?? null },
          names,
          unitMap,
        ),
      ),
      people: named,
    };
  },
});

/** Trips and stops of the given units that overlap the range [from, to]. */
export function tripsOverlapping(ctx: TaskContext, uids: number[], from: number, to: number) {
  const q = ctx.tenant
    .selectFrom('trips')
    .where('start_time', '<', to)
    .where('end_time', '>', from);
  // `in ()` is not valid SQL on PostgreSQL: no units, no trips.
  return uids.length ? q.where('unit_id', 'in', uids) : q.where(sql<boolean>`1 = 0`);
}

export const summaryTasks = [getTripSummary, getFleetTrips, getDriverTrips];
