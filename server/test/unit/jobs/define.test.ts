// Job schedules (server/src/jobs/define.ts): croner patterns and epoch-aligned intervals.
import { describe, expect, it } from 'vitest';
import { defineJob } from '../../../src/jobs/define';

const run = async () => {};
const utc = (h: number, m: number, s = 0) => Date.UTC(2026, 2, 29, h, m, s);

describe('defineJob', () => {
  it('refuses a bad pattern, interval or name with a message naming the job', () => {
    expect(() => defineJob({ name: 'report', schedule: 'every day', run })).toThrow(
      /^job report: bad schedule "every day"/,
    );
    expect(() => defineJob({ name: 'tick', schedule: { everyMs: 0 }, run })).toThrow(
      'job tick: everyMs must be a positive whole number, got 0',
    );
    expect(() => defineJob({ name: 'Bad Name', schedule: { everyMs: 1000 }, run })).toThrow(
      /job name must be/,
    );
  });

  it('reads a pattern in UTC unless given a zone, whatever the machine zone', () => {
    const daily = defineJob({ name: 'daily', schedule: '0 3 * * *', run });
    expect(daily.nextAfter(utc(2, 59))).toBe(utc(3, 0));
    expect(daily.nextAfter(utc(3, 0))).toBe(utc(3, 0) + 86_400_000);
    expect(daily.latestAt(utc(3, 0))).toBe(utc(3, 0));
    expect(daily.latestAt(utc(2, 59))).toBe(utc(3, 0) - 86_400_000);
    // 03:00 in Johannesburg (UTC+2) is 01:00 UTC.
    const local = defineJob({
      name: 'local',
      schedule: '0 3 * * *',
      timezone: 'Africa/Johannesburg',
      run,
    });
    expect(local.nextAfter(utc(0, 0))).toBe(utc(1, 0));
  });

  it('aligns an interval to the epoch, so every process computes the same run times', () => {
    const job = defineJob({ name: 'minutely', schedule: { everyMs: 60_000 }, run });
    expect(job.nextAfter(utc(10, 0, 30))).toBe(utc(10, 1));
    expect(job.nextAfter(utc(10, 1))).toBe(utc(10, 2));
    expect(job.latestAt(utc(10, 1, 59))).toBe(utc(10, 1));
    expect(job.scope).toBe('cluster');
  });
});
