// The recovery desk's not-connecting check (issue 16 item 4): every few minutes, the units on a
// recovery service silent for SPEC §9's 86,400 s raise a chase-up of type 11, once per silence
// (recovery/not-connecting.ts), under the job's lease so one process looks at a time. The new
// chase-ups are published on the bus after their transaction commits (the live hub tells support
// users' sockets).
import { now } from '../clock';
import { NOT_CONNECTING_CHECK_MS } from '../recovery/limits';
import { raiseNotConnecting } from '../recovery/not-connecting';
import { defineJob, type JobDefinition } from './define';

export function notConnectingJob(): JobDefinition {
  return defineJob({
    name: 'not-connecting',
    schedule: { everyMs: NOT_CONNECTING_CHECK_MS },
    async run({ db, bus, log, runId }) {
      const raised = await raiseNotConnecting(db, now());
      for (const c of raised) bus.publish('chaseup', c);
      if (raised.length)
        log.info({ runId, units: raised.length }, `not connecting: ${raised.length} chase-ups`);
    },
  });
}
