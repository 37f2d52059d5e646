// The server's periodic work (ARCHITECTURE.md §3 jobs/): reports, reminders and retention join here.
import type { Services } from '../services';
import type { RunningDevices } from '../devices';
import type { JobDefinition, JobLog } from './define';
import { createJobRunner, type JobRunner } from './runner';
import { sessionCleanupJob } from './session-cleanup';
import { tripExpiryJob } from './trip-expiry';

export { defineJob, type JobContext, type JobDefinition, type JobLog } from './define';
export { createJobRunner, type JobRunner } from './runner';

/** Starts the server's jobs on its clock; stop() waits for runs in progress. */
export function startJobs(services: Services, devices: RunningDevices, log: JobLog): JobRunner {
  const jobs: JobDefinition[] = [sessionCleanupJob];
  const tripExpiry = tripExpiryJob(devices.pipeline);
  if (tripExpiry) jobs.push(tripExpiry);
  const runner = createJobRunner({ db: services.db.db, bus: services.bus, log, jobs });
  runner.start();
  return runner;
}
