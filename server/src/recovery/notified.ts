// A self-monitoring unit's panic (issue 16 item 1; SPEC §4 states 11 and 12): its chase-up waits in
// 11 "sending notification" while the client's panic recipients are being told, and becomes 12
// "only client notifications sent" once the outbox sender has settled every message of that panic
// (sent, or given up after its tries: nothing more will be sent either way). Called by the sender
// (notify/outbox.ts) after each 'panic' message it settles.
import type { Kysely } from 'kysely';
import { CHASEUP_STATE_CLIENT_ONLY, CHASEUP_STATE_SENDING } from '@fleet/common';
import type { Database } from '../db';

/** Outbox status 0: still to send (notify/outbox.ts OUTBOX_PENDING). */
const PENDING = 0;

/**
 * The panic `deviceEventId`'s messages are all settled: its chase-up moves from 11 to 12. Answers
 * whether it moved (false: messages still pending, or no chase-up waiting on them).
 */
export async function panicNotified(
  db: Kysely<Database>,
  deviceEventId: number,
  clientId: number,
): Promise<boolean> {
  const pending = await db
    .selectFrom('outbox')
    .select('id')
    .where('topic', '=', 'panic')
    .where('ref', '=', deviceEventId)
    .where('client_id', '=', clientId)
    .where('status', '=', PENDING)
    .limit(1)
    .executeTakeFirst();
  if (pending) return false;
  const res = await db
    .updateTable('chaseup_events')
    .set({ state: CHASEUP_STATE_CLIENT_ONLY })
    .where('device_event_id', '=', deviceEventId)
    .where('client_id', '=', clientId)
    .where('state', '=', CHASEUP_STATE_SENDING)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}
