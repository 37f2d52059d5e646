// Reminder e-mail (issue 13 item 3): every few minutes, the reminders that reached their advance
// amount (due soon) or are past due queue ONE e-mail per recipient per due cycle through the
// outbox. The cycle is remembered on the reminder (notified_due) by a conditional update in the
// same transaction as the outbox rows, so neither a restart nor a second runner sends it twice;
// a service log that resets the reminder, or a renewed expiry, is a new cycle.
import { dueCycle } from '@fleet/common';
import { now } from '../clock';
import type { Database } from '../db';
import type { Kysely } from 'kysely';
import type { Bus } from '../live/bus';
import { readClientReminders } from '../notify/reminder-mail';
import { emailRows } from '../notify/outbox';
import { defineJob, type JobDefinition } from './define';

export const REMINDER_CHECK_MS = 5 * 60_000;

/** Queues the e-mails of reminders due now; how many reminders were notified. */
export async function checkReminders(db: Kysely<Database>, bus?: Bus): Promise<number> {
  const at = now();
  let notified = 0;
  let queued = 0;
  for (const c of await readClientReminders(db, at)) {
    const r = c.reminder;
    if (r.state === 'ok' || !r.recipients.length) continue;
    const cycle = dueCycle(r);
    if (cycle === null || c.notified_due === cycle) continue;
    await db.transaction().execute(async (tx) => {
      const claimed = await tx
        .updateTable('reminders')
        .set({ notified_due: cycle, notified_at: at })
        .where('id', '=', r.id)
        .where((eb) => eb.or([eb('notified_due', 'is', null), eb('notified_due', '!=', cycle)]))
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return;
      const mail = await tx
        .insertInto('reminder_mails')
        .values({ client_id: c.client_id, reminder_id: r.id, cycle, created: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      await tx
        .insertInto('outbox')
        .values(emailRows(c.client_id, r.recipients, 'reminder', mail.id, at))
        .execute();
      notified += 1;
      queued += r.recipients.length;
    });
  }
  if (queued && bus) bus.publish('outbox_queued', { count: queued });
  return notified;
}

export function reminderCheckJob(): JobDefinition {
  return defineJob({
    name: 'reminder-check',
    schedule: { everyMs: REMINDER_CHECK_MS },
    async run({ db, bus, log, runId }) {
      const n = await checkReminders(db, bus);
      if (n) log.info({ runId, reminders: n }, `reminders: ${n} due, e-mail queued`);
    },
  });
}
