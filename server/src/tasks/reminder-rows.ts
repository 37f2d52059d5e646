// Reading reminders through the tenant layer (issue 13): the client's reminders whose vehicle or
// driver the user may see, each with its state now, in urgency order. The e-mail job reads the
// same rows across clients in jobs/reminder-check.ts; both build them with domain/reminders.ts.
import { compareUrgency, dayInZone, type Reminder, type ReminderTypeKey } from '@fleet/common';
import { now } from '../clock';
import { engineHours, odometerKm } from '../domain/readings';
import { reminderView, type PersonExpiries, type UnitReadings } from '../domain/reminders';
import type { TaskContext } from './context';
import { notFound } from './errors';
import { notDeleted } from './people-rows';
import { userTimeZone } from './units';

/** The visible units' running odometer (km) and engine hours, by uid. */
export async function unitReadings(
  ctx: TaskContext,
  uids?: readonly number[],
): Promise<Map<number, UnitReadings>> {
  let q = ctx.tenant
    .units()
    .leftJoin('unit_state', 'unit_state.unit_id', 'units.uid')
    .select([
      'units.uid',
      'units.name',
      'units.odometer_offset',
      'units.engine_hours_offset',
      'unit_state.odometer',
      'unit_state.engine_hours',
    ]);
  if (uids) {
    if (!uids.length) return new Map();
    q = q.where('units.uid', 'in', [...uids]);
  }
  const rows = await q.execute();
  return new Map(
    rows.map((r) => [
      r.uid,
      {
        uid: r.uid,
        name: r.name,
        odometer: odometerKm(r.odometer, r.odometer_offset),
        engine_hours: engineHours(r.engine_hours, r.engine_hours_offset),
      },
    ]),
  );
}

async function peopleExpiries(
  ctx: TaskContext,
  pids: readonly number[],
): Promise<Map<number, PersonExpiries>> {
  if (!pids.length) return new Map();
  const rows = await ctx.tenant
    .selectFrom('people')
    .select(['pid', 'first_name', 'surname', 'licence_expiry', 'prdp_expiry'])
    .where('pid', 'in', [...pids])
    .where(notDeleted())
    .execute();
  return new Map(
    rows.map((r) => [
      r.pid,
      {
        pid: r.pid,
        name: `${r.first_name} ${r.surname}`.trim(),
        licence_expiry: r.licence_expiry === null ? null : Number(r.licence_expiry),
        prdp_expiry: r.prdp_expiry === null ? null : Number(r.prdp_expiry),
      },
    ]),
  );
}

export interface ReminderFilter {
  id?: number;
  vid?: number;
  type?: ReminderTypeKey;
}

/** The reminders the user may see, with their state now (days in the user's zone), most urgent first. */
export async function remindersOf(
  ctx: TaskContext,
  filter: ReminderFilter = {},
): Promise<Reminder[]> {
  let q = ctx.tenant.selectFrom('reminders').selectAll();
  if (filter.id !== undefined) q = q.where('id', '=', filter.id);
  if (filter.vid !== undefined) q = q.where('unit_id', '=', filter.vid);
  if (filter.type !== undefined) q = q.where('type', '=', filter.type);
  const rows = await q.execute();
  if (!rows.length) return [];
  const uids = [...new Set(rows.flatMap((r) => (r.unit_id === null ? [] : [r.unit_id])))];
  const pids = [...new Set(rows.flatMap((r) => (r.person_id === null ? [] : [r.person_id])))];
  const units = await unitReadings(ctx, uids);
  const people = await peopleExpiries(ctx, pids);
  const today = dayInZone(now(), await userTimeZone(ctx));
  return rows
    .map((r) => reminderView(r, units, people, today))
    .filter((r): r is Reminder => r !== null)
    .sort(compareUrgency);
}

export async function loadReminder(ctx: TaskContext, id: number): Promise<Reminder> {
  const [reminder] = await remindersOf(ctx, { id });
  if (!reminder) throw notFound('Reminder');
  return reminder;
}
