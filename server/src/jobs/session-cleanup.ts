// Session clean-up: forgets ended sessions and spent tickets, and tells the live hub about
// sessions that simply expired so their sockets close (revocations were announced when they
// happened). The queries are here, not in auth/, because they are the job's alone.
import { now } from '../clock';
import { defineJob } from './define';

export const sessionCleanupJob = defineJob({
  name: 'session-cleanup',
  schedule: '* * * * *',
  async run({ db, bus, log }) {
    const at = now();
    const expired = await db
      .selectFrom('sessions')
      .select('id')
      .where('revoked', '=', 0)
      .where('expires', '<=', at)
      .execute();
    const sessions = await db
      .deleteFrom('sessions')
      .where((eb) => eb.or([eb('revoked', '=', 1), eb('expires', '<=', at)]))
      .executeTakeFirst();
    if (expired.length) bus.publish('session_revoked', { sessionIds: expired.map((r) => r.id) });
    // A used ticket can never be used again; an expired one neither.
    const tickets = await db
      .deleteFrom('tickets')
      .where((eb) => eb.or([eb('used_at', 'is not', null), eb('expires', '<=', at)]))
      .executeTakeFirst();
    const removed = {
      sessions: Number(sessions.numDeletedRows),
      tickets: Number(tickets.numDeletedRows),
    };
    if (removed.sessions || removed.tickets)
      log.info(removed, 'ended sessions and spent tickets removed');
  },
});
