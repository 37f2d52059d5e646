// Reminders (issue 13 item 3; SPEC §2 /portal/alerts reminders, §3 Reminder, §5 advance amount,
// §6 feature_reminders_view / _edit): vehicle service by km or hours, vehicle licence expiry, and
// the driver licence and PrDP expiry of a person. The list is in urgency order with each one's
// state computed now (reminder-rows.ts); the e-mail of a due cycle is jobs/reminder-check.ts's.
import {
  formatReminderAmount,
  isDriverReminder,
  isServiceReminder,
  reminderType,
  type Role,
  type TaskMap,
} from '@fleet/common';
import type { Insertable } from 'kysely';
import { now } from '../clock';
import type { RemindersTable } from '../db/types';
import type { TaskContext } from './context';
import { TaskError, notFound } from './errors';
import { listAnswer, pageOf } from './paging';
import { dayToMs, notDeleted } from './people-rows';
import { defineTask } from './registry';
import { loadReminder, remindersOf, unitReadings } from './reminder-rows';

export const REMINDER_READ_ROLES: readonly Role[] = [
  'feature_reminders_view',
  'feature_reminders_edit',
  'user_support',
];
export const REMINDER_WRITE_ROLES: readonly Role[] = ['feature_reminders_edit', 'user_support'];

type ReminderParams = TaskMap['set_reminder']['parsed'];

async function findRow(ctx: TaskContext, id: number) {
  const row = await ctx.tenant
    .selectFrom('reminders')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('Reminder');
  // A reminder of a vehicle the user may not see is as missing as one that does not exist.
  await loadReminder(ctx, id);
  return row;
}

/** The subject's client and name; another client's vid or pid answers "not found". */
async function subjectOf(ctx: TaskContext, p: ReminderParams) {
  if (isDriverReminder(p.type)) {
    const person = await ctx.tenant
      .selectFrom('people')
      .select(['pid', 'client_id', 'first_name', 'surname'])
      .where('pid', '=', p.pid!)
      .where(notDeleted())
      .executeTakeFirst();
    if (!person) throw new TaskError('pid: Person not found');
    return { clientId: person.client_id, name: `${person.first_name} ${person.surname}`.trim() };
  }
  const unit = await ctx.tenant
    .units()
    .select(['units.uid', 'units.client_id', 'units.name'])
    .where('units.uid', '=', p.vid!)
    .executeTakeFirst();
  if (!unit) throw new TaskError('vid: Vehicle not found');
  return { clientId: unit.client_id, name: unit.name };
}

/** The stored columns of a reminder: only those its type uses, the others empty. */
async function columnsOf(ctx: TaskContext, p: ReminderParams) {
  const service = isServiceReminder(p.type);
  let lastDone = p.last_done ?? null;
  if (service && lastDone === null) {
    // Not told when it was last done: count from the vehicle's reading now.
    const r = (await unitReadings(ctx, [p.vid!])).get(p.vid!);
    lastDone = (p.type === 'service_km' ? r?.odometer : r?.engine_hours) ?? 0;
  }
  return {
    type: p.type,
    unit_id: isDriverReminder(p.type) ? null : p.vid!,
    person_id: isDriverReminder(p.type) ? p.pid! : null,
    interval: service ? p.interval! : null,
    last_done: service ? lastDone : null,
    due_date: p.type === 'vehicle_licence' ? dayToMs(p.due_date!) : null,
    advance: p.advance!,
    recipients: JSON.stringify([...new Set(p.recipients.map((e) => e.toLowerCase()))]),
    notes: p.notes,
  } satisfies Omit<Insertable<RemindersTable>, 'client_id' | 'created' | 'updated'>;
}

const getReminders = defineTask({
  name: 'get_reminders',
  roles: REMINDER_READ_ROLES,
  probe: (f) => ({ vid: f.uid }),
  async handler(ctx, p) {
    let all = await remindersOf(ctx, { vid: p.vid, type: p.type });
    if (p.state) all = all.filter((r) => r.state === p.state);
    const { limit, offset } = pageOf(p);
    return listAnswer('reminders', all.slice(offset, offset + limit), all.length, p.page_size);
  },
});

const getReminder = defineTask({
  name: 'get_reminder',
  roles: REMINDER_READ_ROLES,
  probe: (f) => ({ id: f.rid }),
  async handler(ctx, p) {
    return { reminder: await loadReminder(ctx, p.id) };
  },
});

const setReminder = defineTask({
  name: 'set_reminder',
  roles: REMINDER_WRITE_ROLES,
  entityType: 'Reminder',
  probe: (f) => ({ type: 'service_km', vid: f.uid, interval: 15000, advance: 1000 }),
  async handler(ctx, p) {
    const existing = p.id !== undefined ? await findRow(ctx, p.id) : undefined;
    const subject = await subjectOf(ctx, p);
    const columns = await columnsOf(ctx, p);
    const time = now();
    let id: number;
    if (existing) {
      id = existing.id;
      await ctx.tenant
        .updateTable('reminders')
        .set({ ...columns, updated: time })
        .where('id', '=', id)
        .execute();
    } else {
      const row = await ctx.tenant
        .insertInto('reminders', subject.clientId)
        .values({ ...columns, created: time, updated: time })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = row.id;
    }
    const type = reminderType(p.type);
    const what = isServiceReminder(p.type)
      ? `every ${formatReminderAmount(p.type, p.interval!)}`
      : p.type === 'vehicle_licence'
        ? `due ${p.due_date}`
        : 'on the expiry date on record';
    ctx.changeLog({
      action: existing ? 'E' : 'I',
      entityType: 'Reminder',
      entityId: id,
      description: `${type.name} reminder for ${subject.name} ${existing ? 'edited' : 'added'}: ${what}, ${formatReminderAmount(p.type, p.advance!)} before`,
    });
    return { reminder: await loadReminder(ctx, id) };
  },
});

const deleteReminder = defineTask({
  name: 'delete_reminder',
  roles: REMINDER_WRITE_ROLES,
  entityType: 'Reminder',
  probe: (f) => ({ id: f.rid }),
  async handler(ctx, p) {
    const row = await findRow(ctx, p.id);
    const view = await loadReminder(ctx, p.id);
    await ctx.tenant.deleteFrom('reminders').where('id', '=', row.id).execute();
    ctx.changeLog({
      action: 'D',
      entityType: 'Reminder',
      entityId: row.id,
      description: `${reminderType(view.type).name} reminder for ${view.subject} deleted`,
    });
    return {};
  },
});

/** Reminders due soon or overdue that the user may see (the dashboard's alert card). */
export async function remindersDueCount(ctx: TaskContext): Promise<number> {
  return (await remindersOf(ctx)).filter((r) => r.state !== 'ok').length;
}

export const reminderTasks = [getReminders, getReminder, setReminder, deleteReminder];
