// Trip expiry: closes the open trips of units silent for longer than the no-data gap. It works on
// the pipeline's in-memory segmenters, so every process with a pipeline runs it for its own units
// ('process' scope): a lease would leave the other processes' silent units open.
import type { Pipeline } from '../pipeline';
import { defineJob, type JobDefinition } from './define';

/** The pipeline's trip-expiry job, every `pipeline.config.expireIntervalMs`; null when that is 0. */
export function tripExpiryJob(pipeline: Pipeline): JobDefinition | null {
  const everyMs = pipeline.config.expireIntervalMs;
  if (everyMs <= 0) return null;
  return defineJob({
    name: 'trip-expiry',
    schedule: { everyMs },
    scope: 'process',
    run: () => pipeline.expireTrips(),
  });
}
