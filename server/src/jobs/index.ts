// The server's periodic work (ARCHITECTURE.md §3 jobs/): reports, reminders and retention join here.
import type { Services } from '../services';
import type { RunningDevices } from '../devices';
import type { JobDefinition, JobLog } from './define';
import { createJobRunner, type JobRunner } from './runner';
import { sessionCleanupJob } from './session-cleanup';
import { tripExpiryJob } from './trip-expiry';
import { outboxJob } from './outbox';
import { reminderCheckJob } from './reminder-check';
import { scheduledReportsJob } from './scheduled-reports';
import { notConnectingJob } from './not-connecting';
import { positionsUpkeepJob } from './positions-upkeep';
import { createOutboxSender } from '../notify/outbox';
import { createSmsSender } from '../notify/sms';

export { defineJob, type JobContext, type JobDefinition, type JobLog } from './define';
export { createJobRunner, type JobRunner } from './runner';

/**
 * Starts the server's jobs on its clock; stop() waits for runs in progress. A process without the
 * jobs role runs only its own pipeline's trip expiry.
 */
export function startJobs(services: Services, devices: RunningDevices, log: JobLog): JobRunner {
  const jobs: JobDefinition[] = [];
  // Every process with a pipeline closes the trips of its own silent units.
  const tripExpiry = devices.pipeline && tripExpiryJob(devices.pipeline);
  if (tripExpiry) jobs.push(tripExpiry);
  if (!services.config.roles.includes('jobs')) return startRunner(services, jobs, log, () => {});
  jobs.push(sessionCleanupJob);
  // Alert e-mail and SMS: swept by the job, and sent at once when the rule engine queues them.
  const { config } = services;
  const outbox = createOutboxSender({
    db: services.db.db,
    mailer: services.mailer,
    sms: createSmsSender({ smsUrl: config.smsUrl, dataDir: config.dataDir }),
    baseUrl: config.publicUrl,
    dataDir: config.dataDir,
    log,
  });
  jobs.push(outboxJob(outbox));
  jobs.push(reminderCheckJob());
  jobs.push(scheduledReportsJob(services));
  jobs.push(notConnectingJob());
  jobs.push(positionsUpkeepJob(services.db.dialect, config.positionsRetentionDays));
  const unsubscribe = services.bus.subscribe('outbox_queued', () => outbox.kick());
  return startRunner(services, jobs, log, async () => {
    unsubscribe();
    await outbox.stop();
  });
}

function startRunner(
  services: Services,
  jobs: JobDefinition[],
  log: JobLog,
  after: () => void | Promise<void>,
): JobRunner {
  const runner = createJobRunner({ db: services.db.db, bus: services.bus, log, jobs });
  runner.start();
  return {
    holder: runner.holder,
    start: () => runner.start(),
    tick: () => runner.tick(),
    async stop() {
      await runner.stop();
      await after();
    },
  };
}
