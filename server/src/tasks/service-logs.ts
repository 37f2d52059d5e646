// Service logs (issue 13 item 1; SPEC §2 /portal/vehicles service, §3 Service log, §4 sorted by
// datetimestamp descending, §6 feature_services_view / _edit): the work done on a vehicle, with its
// odometer (km) or engine hours. A reading below the last one logged before it is kept only when
// the user confirms it; a service (not a tyre change) resets the vehicle's service reminder.
import {
  lowerReadingMessage,
  resetsServiceReminder,
  serviceWorkName,
  SERVICE_WORK_TYPES,
  type Role,
  type ServiceLog,
  type ServiceVehicle,
  type ServiceWorkType,
  type TaskMap,
} from '@fleet/common';
import { sql } from 'kysely';
import { now } from '../clock';
import { json } from '../db';
import type { TaskContext } from './context';
import { TaskError, notFound } from './errors';
import { formatClientTime } from '../notify/compose';
import { countRows, iso, listAnswer, pageOf } from './paging';
import { defineTask } from './registry';
import { remindersOf, unitReadings } from './reminder-rows';
import { userTimeZone } from './units';
import { containsPattern } from './locations';

export const SERVICE_READ_ROLES: readonly Role[] = [
  'feature_services_view',
  'feature_services_edit',
  'user_support',
];
export const SERVICE_WRITE_ROLES: readonly Role[] = ['feature_services_edit', 'user_support'];

/** Vehicle classes counted in engine hours rather than km. */
const HOUR_CLASSES = new Set(['factory', 'tractor', 'construction', 'machine']);

/** A future time beyond this much clock skew is refused. */
const FUTURE_SLACK_MS = 60_000;

const km = (n: number) => `${Math.round(n).toLocaleString('en-US')} km`;
const hours = (n: number) => `${Math.round(n).toLocaleString('en-US')} h`;

type LogRow = {
  id: number;
  unit_id: number;
  name: string;
  datetimestamp: number;
  odometer: number | null;
  engine_hours: number | null;
  work_type: string;
  cost_cents: number | null;
  workshop: string;
  notes: string;
  attachments: string;
  created_by: string;
};

function toServiceLog(r: LogRow): ServiceLog {
  return {
    id: r.id,
    vid: r.unit_id,
    vehicle: r.name,
    datetimestamp: iso(Number(r.datetimestamp)),
    odometer: r.odometer === null ? null : Number(r.odometer),
    engine_hours: r.engine_hours === null ? null : Number(r.engine_hours),
    work_type: r.work_type as ServiceWorkType,
    cost: r.cost_cents === null ? null : Number(r.cost_cents),
    workshop: r.workshop,
    notes: r.notes,
    attachments: json.parse<string[]>(r.attachments, []),
    created_by: r.created_by,
  };
}

/** Service logs of the units the user may see, with the vehicle's name. */
const logsQuery = (ctx: TaskContext) =>
  ctx.tenant
    .selectFrom('service_logs')
    .innerJoin('units', 'units.uid', 'service_logs.unit_id')
    .where('service_logs.unit_id', 'in', ctx.tenant.units().select('units.uid'));

const LOG_COLUMNS = [
  'service_logs.id',
  'service_logs.unit_id',
  'units.name',
  'service_logs.datetimestamp',
  'service_logs.odometer',
  'service_logs.engine_hours',
  'service_logs.work_type',
  'service_logs.cost_cents',
  'service_logs.workshop',
  'service_logs.notes',
  'service_logs.attachments',
  'service_logs.created_by',
] as const;

async function loadLog(ctx: TaskContext, id: number): Promise<ServiceLog> {
  const row = await logsQuery(ctx)
    .select(LOG_COLUMNS)
    .where('service_logs.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('Service log');
  return toServiceLog(row);
}

/** Refuses a time in the future (issue 13 "Bad input"). */
export function pastTime(iso: string, field: string): number {
  const t = Date.parse(iso);
  if (t > now() + FUTURE_SLACK_MS) throw new TaskError(`${field}: the date is in the future`);
  return t;
}

/**
 * The last reading of this kind logged at or before `time` for the vehicle (service logs, and for
 * km the odometer logs too), other than the entry being edited.
 */
async function lastLoggedBefore(
  ctx: TaskContext,
  uid: number,
  kind: 'odometer' | 'engine_hours',
  time: number,
  except?: number,
): Promise<{ reading: number; time: number } | null> {
  let q = ctx.tenant
    .selectFrom('service_logs')
    .select(['datetimestamp', kind])
    .where('unit_id', '=', uid)
    .where('datetimestamp', '<=', time)
    .where(kind, 'is not', null)
    .orderBy(kind, 'desc')
    .limit(1);
  if (except !== undefined) q = q.where('id', '!=', except);
  const fromService = await q.executeTakeFirst();
  let best = fromService
    ? { reading: Number(fromService[kind]), time: Number(fromService.datetimestamp) }
    : null;
  if (kind === 'odometer') {
    const fromOdometer = await ctx.tenant
      .selectFrom('odometer_logs')
      .select(['datetimestamp', 'odometer'])
      .where('unit_id', '=', uid)
      .where('datetimestamp', '<=', time)
      .orderBy('odometer', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (fromOdometer && (!best || Number(fromOdometer.odometer) > best.reading)) {
      best = { reading: Number(fromOdometer.odometer), time: Number(fromOdometer.datetimestamp) };
    }
  }
  return best;
}

type SetParams = TaskMap['set_service_log']['parsed'];

/**
 * A service resets the vehicle's service reminders of its kind (km or hours) when it is the newest
 * service logged: their last-done reading becomes the entry's, which starts a new due cycle.
 */
async function resetReminders(ctx: TaskContext, id: number, p: SetParams, time: number) {
  if (!resetsServiceReminder(p.work_type)) return 0;
  const resetting = SERVICE_WORK_TYPES.filter((w) => resetsServiceReminder(w.key)).map(
    (w) => w.key,
  );
  const later = await ctx.tenant
    .selectFrom('service_logs')
    .select('id')
    .where('unit_id', '=', p.vid)
    .where('id', '!=', id)
    .where('datetimestamp', '>', time)
    .where('work_type', 'in', resetting)
    .executeTakeFirst();
  if (later) return 0;
  const type = p.display_hours ? 'service_hours' : 'service_km';
  const reading = p.display_hours ? p.engine_hours : p.odometer;
  if (reading === null || reading === undefined) return 0;
  const res = await ctx.tenant
    .updateTable('reminders')
    .set({ last_done: reading, updated: now() })
    .where('unit_id', '=', p.vid)
    .where('type', '=', type)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

const getServiceLogs = defineTask({
  name: 'get_service_logs',
  roles: SERVICE_READ_ROLES,
  probe: (f) => ({ vid: f.uid }),
  async handler(ctx, p) {
    let q = logsQuery(ctx);
    if (p.vid !== undefined) {
      await ctx.tenant.assertUnit(p.vid);
      q = q.where('service_logs.unit_id', '=', p.vid);
    }
    const count = await countRows(q);
    const { limit, offset } = pageOf(p);
    const rows = await q
      .select(LOG_COLUMNS)
      .orderBy('service_logs.datetimestamp', 'desc')
      .orderBy('service_logs.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    return listAnswer('service_logs', rows.map(toServiceLog), count, p.page_size);
  },
});

const getServiceVehicles = defineTask({
  name: 'get_service_vehicles',
  roles: SERVICE_READ_ROLES,
  probe: (f) => ({ vid: f.uid }),
  async handler(ctx, p) {
    let q = ctx.tenant.units();
    if (p.vid !== undefined) {
      await ctx.tenant.assertUnit(p.vid);
      q = q.where('units.uid', '=', p.vid);
    }
    const search = p.search?.trim();
    if (search) {
      const like = containsPattern(search);
      q = q.where((eb) =>
        eb.or(
          (['units.name', 'units.reg'] as const).map(
            (c) => sql<boolean>`lower(${sql.ref(c)}) like ${like} escape '\\'`,
          ),
        ),
      );
    }
    const count = await countRows(q);
    const { limit, offset } = pageOf(p);
    const units = await q
      .select(['units.uid', 'units.name', 'units.reg', 'units.vehicle_class_ref'])
      .orderBy(sql`lower(units.name)`)
      .orderBy('units.uid')
      .limit(limit)
      .offset(offset)
      .execute();
    const uids = units.map((u) => u.uid);
    const readings = await unitReadings(ctx, uids);
    const logs = uids.length
      ? await ctx.tenant
          .selectFrom('service_logs')
          .select(['unit_id', 'datetimestamp', 'work_type', 'odometer', 'engine_hours'])
          .where('unit_id', 'in', uids)
          .orderBy('datetimestamp', 'desc')
          .execute()
      : [];
    const reminders = (await remindersOf(ctx)).filter(
      (r) => r.type === 'service_km' || r.type === 'service_hours',
    );
    const vehicles: ServiceVehicle[] = units.map((u) => {
      const mine = logs.filter((l) => l.unit_id === u.uid);
      const next = reminders.find((r) => r.vid === u.uid) ?? null;
      const displayHours = next
        ? next.type === 'service_hours'
        : HOUR_CLASSES.has(u.vehicle_class_ref);
      const last = mine[0];
      return {
        vid: u.uid,
        name: u.name,
        reg: u.reg,
        display_hours: displayHours,
        odometer: readings.get(u.uid)?.odometer ?? null,
        engine_hours: readings.get(u.uid)?.engine_hours ?? null,
        last_service: last
          ? {
              datetimestamp: iso(Number(last.datetimestamp)),
              work_type: last.work_type as ServiceWorkType,
              reading:
                (displayHours ? last.engine_hours : last.odometer) === null
                  ? null
                  : Number(displayHours ? last.engine_hours : last.odometer),
            }
          : null,
        next: next
          ? {
              id: next.id,
              state: next.state,
              left_text: next.left_text,
              due: typeof next.due === 'number' ? next.due : null,
            }
          : null,
        service_count: mine.length,
      };
    });
    return listAnswer('vehicles', vehicles, count, p.page_size);
  },
});

const setServiceLog = defineTask({
  name: 'set_service_log',
  roles: SERVICE_WRITE_ROLES,
  entityType: 'Service Log',
  probe: (f) => ({
    vid: f.uid,
    datetimestamp: '2026-01-01T00:00:00Z',
    odometer: 1000,
    work_type: 'service',
  }),
  async handler(ctx, p) {
    const unit = await ctx.tenant.assertUnit(p.vid);
    const existing =
      p.id !== undefined
        ? await logsQuery(ctx)
            .select(['service_logs.id', 'service_logs.unit_id'])
            .where('service_logs.id', '=', p.id)
            .executeTakeFirst()
        : undefined;
    if (p.id !== undefined && !existing) throw notFound('Service log');
    const time = pastTime(p.datetimestamp, 'datetimestamp');
    const kind = p.display_hours ? 'engine_hours' : 'odometer';
    const entered = p[kind]!;
    if (!p.confirm_lower) {
      const last = await lastLoggedBefore(ctx, p.vid, kind, time, existing?.id);
      if (last && entered < last.reading) {
        const fmt = kind === 'odometer' ? km : hours;
        const when = formatClientTime(last.time, await userTimeZone(ctx));
        throw new TaskError(lowerReadingMessage(fmt(entered), fmt(last.reading), when));
      }
    }
    const columns = {
      unit_id: p.vid,
      datetimestamp: time,
      odometer: p.display_hours ? null : p.odometer!,
      engine_hours: p.display_hours ? p.engine_hours! : null,
      work_type: p.work_type,
      cost_cents: p.cost ?? null,
      workshop: p.workshop,
      notes: p.notes,
      attachments: JSON.stringify(p.attachments),
      updated: now(),
    };
    let id: number;
    if (existing) {
      id = existing.id;
      await ctx.tenant.updateTable('service_logs').set(columns).where('id', '=', id).execute();
    } else {
      const row = await ctx.tenant
        .insertInto('service_logs', unit.client_id)
        .values({ ...columns, created_by: ctx.user.username, created: now() })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = row.id;
    }
    const reset = await resetReminders(ctx, id, p, time);
    const reading = kind === 'odometer' ? km(entered) : hours(entered);
    ctx.changeLog({
      action: existing ? 'E' : 'I',
      entityType: 'Service Log',
      entityId: id,
      description: `${serviceWorkName(p.work_type)} of ${unit.name} at ${reading} ${existing ? 'edited' : 'logged'}${p.confirm_lower ? ' (below the last reading, confirmed)' : ''}${reset ? `; ${reset} service reminder${reset === 1 ? '' : 's'} reset` : ''}`,
    });
    return { service_log: await loadLog(ctx, id), reminders_reset: reset };
  },
});

const deleteServiceLog = defineTask({
  name: 'delete_service_log',
  roles: SERVICE_WRITE_ROLES,
  entityType: 'Service Log',
  probe: (f) => ({ id: f.tripId }),
  async handler(ctx, p) {
    const log = await loadLog(ctx, p.id);
    await ctx.tenant.deleteFrom('service_logs').where('id', '=', log.id).execute();
    ctx.changeLog({
      action: 'D',
      entityType: 'Service Log',
      entityId: log.id,
      description: `${serviceWorkName(log.work_type)} of ${log.vehicle} on ${log.datetimestamp.slice(0, 10)} deleted`,
    });
    return {};
  },
});

export const serviceLogTasks = [
  getServiceLogs,
  getServiceVehicles,
  setServiceLog,
  deleteServiceLog,
];
