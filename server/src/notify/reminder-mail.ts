// Reminder e-mail (issue 13 item 3): the reminders of every client with their state now (days in
// the client's zone), read for the e-mail job (jobs/reminder-check.ts), and the text of the mail
// the outbox sender (outbox.ts, topic 'reminder') sends for one of them.
import type { Kysely } from 'kysely';
import { dayInZone, reminderType, REMINDER_STATE_NAMES, type Reminder } from '@fleet/common';
import type { Database } from '../db';
import { now } from '../clock';
import { engineHours, odometerKm } from '../domain/readings';
import { reminderView, type PersonExpiries, type UnitReadings } from '../domain/reminders';
import { formatClientTime, render, type Composed } from './compose';

export interface ClientReminder {
  client_id: number;
  timezone: string;
  reminder: Reminder;
  /** the reminder's due cycle (common dueCycle) and the one already mailed */
  notified_due: string | null;
}

/**
 * The reminders (of one client, or one reminder) with their state at `at`. Reads across clients
 * on purpose: the job runs for every client and the sender composes for any; each row is read
 * with its own client's units, people and zone only.
 */
export async function readClientReminders(
  db: Kysely<Database>,
  at: number,
  only: { id?: number; clientId?: number } = {},
): Promise<ClientReminder[]> {
  let q = db
    .selectFrom('reminders')
    .innerJoin('clients', 'clients.cid', 'reminders.client_id')
    .selectAll('reminders')
    .select('clients.timezone');
  if (only.id !== undefined) q = q.where('reminders.id', '=', only.id);
  if (only.clientId !== undefined) q = q.where('reminders.client_id', '=', only.clientId);
  const rows = await q.execute();
  if (!rows.length) return [];
  const uids = [...new Set(rows.flatMap((r) => (r.unit_id === null ? [] : [r.unit_id])))];
  const pids = [...new Set(rows.flatMap((r) => (r.person_id === null ? [] : [r.person_id])))];
  const units = new Map<number, UnitReadings & { client_id: number }>();
  if (uids.length) {
    for (const u of await db
      .selectFrom('units')
      .leftJoin('unit_state', 'unit_state.unit_id', 'units.uid')
      .select([
        'units.uid',
        'units.client_id',
        'units.name',
        'units.odometer_offset',
        'units.engine_hours_offset',
        'unit_state.odometer',
        'unit_state.engine_hours',
      ])
      .where('units.uid', 'in', uids)
      .execute()) {
      units.set(u.uid, {
        uid: u.uid,
        client_id: u.client_id,
        name: u.name,
        odometer: odometerKm(u.odometer, u.odometer_offset),
        engine_hours: engineHours(u.engine_hours, u.engine_hours_offset),
      });
    }
  }
  const people = new Map<number, PersonExpiries & { client_id: number }>();
  if (pids.length) {
    for (const p of await db
      .selectFrom('people')
      .select(['pid', 'client_id', 'first_name', 'surname', 'licence_expiry', 'prdp_expiry'])
      .where('pid', 'in', pids)
      .execute()) {
      people.set(p.pid, {
        pid: p.pid,
        client_id: p.client_id,
        name: `${p.first_name} ${p.surname}`.trim(),
        licence_expiry: p.licence_expiry === null ? null : Number(p.licence_expiry),
        prdp_expiry: p.prdp_expiry === null ? null : Number(p.prdp_expiry),
      });
    }
  }
  const out: ClientReminder[] = [];
  for (const r of rows) {
    // Only the reminder's own client's vehicle or person.
    const ownUnits = new Map([...units].filter(([, u]) => u.client_id === r.client_id));
    const ownPeople = new Map([...people].filter(([, p]) => p.client_id === r.client_id));
    const view = reminderView(r, ownUnits, ownPeople, dayInZone(at, r.timezone));
    if (view) {
      out.push({
        client_id: r.client_id,
        timezone: r.timezone,
        reminder: view,
        notified_due: r.notified_due,
      });
    }
  }
  return out;
}

/** The reminder an e-mailed cycle (reminder_mails.id, the outbox ref) is of, with its state now. */
export async function reminderOfMail(db: Kysely<Database>, mailId: number, clientId: number) {
  const mail = await db
    .selectFrom('reminder_mails')
    .select('reminder_id')
    .where('id', '=', mailId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  if (!mail) return null;
  const [c] = await readClientReminders(db, now(), { id: mail.reminder_id, clientId });
  return c ?? null;
}

/** The mail of a reminder that reached its advance amount (or is past due). */
export function composeReminder(c: ClientReminder, at: number, baseUrl: string): Composed {
  const r = c.reminder;
  const type = reminderType(r.type).name;
  const state = REMINDER_STATE_NAMES[r.state];
  const title = `${type}: ${r.subject} ${r.state === 'overdue' ? 'is overdue' : 'is due soon'}`;
  const due =
    typeof r.due === 'number'
      ? `at ${Math.round(r.due).toLocaleString('en-US')} ${r.type === 'service_km' ? 'km' : 'h'}`
      : (r.due ?? 'unknown');
  const rows: [string, string][] = [
    [r.pid ? 'Driver' : 'Vehicle', r.subject],
    ['Reminder', type],
    ['State', `${state}: ${r.left_text}${r.state === 'overdue' ? '' : ' left'}`],
    ['Due', due],
    ['Checked', formatClientTime(at, c.timezone)],
  ];
  if (r.notes) rows.push(['Notes', r.notes]);
  const href = `${baseUrl}/#/portal/alerts/reminder/${r.id}`;
  const { text, html } = render(title, rows, { href, label: 'Open the reminder' });
  return { subject: title, text, html, sms: `${title}: ${r.left_text}.`.slice(0, 160) };
}
