// Alert delivery (issue 11): the outbox sender (notify/outbox.ts) every few seconds, under the
// job's lease so one process sweeps at a time. The sender also runs at once when the rule engine
// queues messages ('outbox_queued'); its per-row claims keep the two from sending a row twice.
import type { OutboxSender } from '../notify/outbox';
import { defineJob, type JobDefinition } from './define';

/** Clock ms between sweeps: a retry comes due at most this late. */
export const OUTBOX_SWEEP_MS = 5000;

export function outboxJob(sender: OutboxSender): JobDefinition {
  return defineJob({
    name: 'outbox',
    schedule: { everyMs: OUTBOX_SWEEP_MS },
    // A sweep that waits on slow servers (30 s SMTP, 10 s SMS timeouts) is still well inside this.
    leaseMs: 10 * 60_000,
    async run({ log, runId }) {
      const r = await sender.run();
      if (r.sent || r.failed || r.givenUp) log.debug?.({ runId, ...r }, 'outbox sweep');
    },
  });
}
