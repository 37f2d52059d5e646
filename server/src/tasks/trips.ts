// Trip tasks: stored trips and stops, the raw points of a range, device events, trip labels.
import {
  TRIP_LABELS,
  UNIT_TRIP_SIZE,
  type Role,
  type TripLabel,
  type TripPoint,
  type TripRow,
} from '@fleet/common';
import type { Selectable } from 'kysely';
import { json } from '../db';
import type { TripsTable } from '../db/types';
import { defineTask } from './registry';
import { TaskError, notFound } from './errors';
import { iso, listAnswer, pageOf } from './paging';
import { peopleNames } from './people';

/** The fields every trip and stop answer shares (API.md §3), whatever list it comes in. */
export function tripFields(r: Selectable<TripsTable>, names: Map<number, string>) {
  return {
    id: r.id,
    type: tripTypeOf(r.type),
    start: iso(r.start_time),
    end: iso(r.end_time),
    distance: Math.round(r.distance / 10) / 100,
    max_speed: Math.round(r.max_speed),
    duration: r.duration,
    start_position: { lat: r.start_lat, lon: r.start_lon },
    end_position: { lat: r.end_lat, lon: r.end_lon },
    label: tripLabelOf(r.label),
    driver: r.driver_id ? { pid: r.driver_id, name: names.get(r.driver_id) ?? '' } : null,
    open: r.open === 1,
  };
}

export const TRIP_READ_ROLES: Role[] = [
  'feature_trips',
  'feature_trips_summary',
  'feature_fleet_trips',
  'feature_fleet_coverage',
  'feature_driver_trips',
  'feature_realtime',
  'user_support',
];

const MAX_RANGE_MS = 93 * 86400_000;
const MAX_POINTS = 20000;

export function rangeOf(p: { from: string; to: string }): { from: number; to: number } {
  const from = Date.parse(p.from);
  const to = Date.parse(p.to);
  if (to <= from) throw new TaskError('to must be after from');
  if (to - from > MAX_RANGE_MS) throw new TaskError('The date range can be at most 93 days');
  return { from, to };
}

/** A trips row's type: 0 is a trip, anything else a stop (as the pipeline writes them). */
export const tripTypeOf = (type: number): 0 | 1 => (type === 0 ? 0 : 1);

const LABELS: ReadonlySet<string> = new Set(TRIP_LABELS);
const isTripLabel = (label: string): label is TripLabel => LABELS.has(label);
/** A trips row's label; text the API does not know (none is ever written) reads as unlabeled. */
export const tripLabelOf = (label: string): TripLabel => (isTripLabel(label) ? label : 'unlabeled');

/** Device events shown on trips (SPEC §3 special trip events). */
const TRIP_EVENT: Record<string, string> = {
  harsh_braking: 'brake',
  harsh_acceleration: 'accelerate',
  harsh_cornering: 'corner',
  crash: 'crash',
  crash_braking: 'crash',
  crash_impact_park: 'crash',
  crash_park_tilt: 'crash',
  gps_jamming: 'gps',
};

const getTrips = defineTask({
  name: 'get_trips',
  roles: TRIP_READ_ROLES,
  probe: (f) => ({ uid: f.uid, from: '2000-01-01T00:00:00Z', to: '2000-03-01T00:00:00Z' }),
  async handler(ctx, p) {
    await ctx.tenant.assertUnit(p.uid);
    const { from, to } = rangeOf(p);
    let q = ctx.tenant
      .selectFrom('trips')
      .selectAll()
      .where('unit_id', '=', p.uid)
      .where('start_time', '<', to)
      .where('end_time', '>', from);
    if (p.kind !== 'all') q = q.where('type', '=', p.kind === 'trips' ? 0 : 1);
    const rows = await q
      .orderBy('start_time', 'desc')
      .orderBy('id', 'desc')
      .limit(UNIT_TRIP_SIZE)
      .execute();
    const names = await peopleNames(
      ctx,
      rows.map((r) => r.driver_id),
    );
    const limit = typeof p.max_speed === 'number' ? p.max_speed : null;
    const trips: TripRow[] = rows.map((r) => ({
      ...tripFields(r, names),
      speed_histogram: json.parse(r.speed_histogram, {}),
      speeding: limit !== null && r.type === 0 && r.max_speed > limit,
    }));
    // SPEC §4: a unit trip list is flagged oversized when it reaches its size cap.
    return { trips, oversized: rows.length >= UNIT_TRIP_SIZE };
  },
});

const getTripPoints = defineTask({
  name: 'get_trip_points',
  roles: TRIP_READ_ROLES,
  probe: (f) => ({ uid: f.uid, from: '2000-01-01T00:00:00Z', to: '2000-01-02T00:00:00Z' }),
  async handler(ctx, p) {
    await ctx.tenant.assertUnit(p.uid);
    const { from, to } = rangeOf(p);
    const rows = await ctx.tenant
      .positionsOf([p.uid])
      .select(['fix_time', 'lat', 'lon', 'speed', 'course', 'ignition'])
      .where('fix_time', '>=', from)
      .where('fix_time', '<=', to)
      .orderBy('fix_time')
      .limit(MAX_POINTS * 5)
      .execute();
    const events = await ctx.tenant
      .selectFrom('device_events')
      .select(['time', 'type'])
      .where('unit_id', '=', p.uid)
      .where('time', '>=', from)
      .where('time', '<=', to)
      .execute();
    const eventAt = new Map<number, string>();
    for (const e of events) if (TRIP_EVENT[e.type]) eventAt.set(e.time, TRIP_EVENT[e.type]);
    // Thin very long ranges evenly, always keeping points that carry an event.
    const step = Math.max(1, Math.ceil(rows.length / MAX_POINTS));
    const motions: TripPoint[] = [];
    rows.forEach((r, i) => {
      const event = eventAt.get(r.fix_time);
      if (i % step !== 0 && !event && i !== rows.length - 1) return;
      const point: TripPoint = {
        lat: r.lat,
        lon: r.lon,
        speed: Math.round(r.speed),
        direction: Math.round(r.course),
        datetime: iso(r.fix_time),
      };
      if (event) point.event = event;
      motions.push(point);
    });
    return { motions, thinned: step > 1 };
  },
});

const getUnitEvents = defineTask({
  name: 'get_unit_events',
  roles: [...TRIP_READ_ROLES, 'feature_rule_alerts'],
  probe: (f) => ({ uid: f.uid }),
  async handler(ctx, p) {
    await ctx.tenant.assertUnit(p.uid);
    let q = ctx.tenant.selectFrom('device_events').where('unit_id', '=', p.uid);
    if (p.from) q = q.where('time', '>=', Date.parse(p.from));
    if (p.to) q = q.where('time', '<=', Date.parse(p.to));
    if (p.types?.length) q = q.where('type', 'in', p.types);
    const { n } = await q
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const rows = await q
      .selectAll()
      .orderBy('time', 'desc')
      .orderBy('id', 'desc')
      .limit(pageOf(p).limit)
      .offset(pageOf(p).offset)
      .execute();
    return listAnswer(
      'events',
      rows.map((r) => ({
        id: r.id,
        uid: r.unit_id,
        time: iso(r.time),
        type: r.type,
        lat: r.lat,
        lon: r.lon,
        speed: r.speed,
        attributes: json.parse(r.attributes, {}),
      })),
      Number(n),
      p.page_size,
    );
  },
});

const setTripLabel = defineTask({
  name: 'set_trip_label',
  roles: ['feature_trips'],
  entityType: 'Unit',
  probe: (f) => ({ id: f.tripId, label: 'business' }),
  async handler(ctx, p) {
    const trip = await ctx.tenant
      .selectFrom('trips')
      .select(['id', 'unit_id', 'type'])
      .where('id', '=', p.id)
      .executeTakeFirst();
    if (!trip) throw notFound('Trip');
    const unit = await ctx.tenant.assertUnit(trip.unit_id);
    if (trip.type !== 0) throw new TaskError('Only trips can be labelled, not stops');
    await ctx.tenant.updateTable('trips').set({ label: p.label }).where('id', '=', p.id).execute();
    ctx.changeLog({
      action: 'E',
      entityType: 'Unit',
      entityId: unit.uid,
      description: `${unit.name}: trip ${p.id} labelled ${p.label}`,
    });
    return { id: p.id, label: p.label };
  },
});

export const tripTasks = [getTrips, getTripPoints, getUnitEvents, setTripLabel];
