// The trip-expiry job (jobs/trip-expiry.ts) closes the open trip of a unit that went silent, on
// the server clock, through the jobs runner as the server starts it.
import { afterEach, describe, expect, it } from 'vitest';
import { loadTrack } from '../../unit/domain/tracks';
import { resetClock, setClock } from '../../../src/clock';
import { createMemoryBus } from '../../../src/live/bus';
import { createJobRunner, type JobRunner } from '../../../src/jobs';
import { tripExpiryJob } from '../../../src/jobs/trip-expiry';
import { createHarness, fix, tripsOf, type Harness, MODES } from './harness';

const A = '356307042441031';
let h: Harness;
let runner: JobRunner | null = null;

afterEach(async () => {
  await runner?.stop();
  runner = null;
  resetClock();
  await h?.close();
});

const silentLog = { info() {}, warn() {}, error() {} };

describe.each(MODES)('trip-expiry job (%s)', (mode) => {
  it('closes the trip of a unit silent for longer than the no-data gap, once it is due', async () => {
    const track = loadTrack('day-two-trips-lunch');
    h = await createHarness([A], mode, { expireIntervalMs: 60_000 });
    const uid = h.units[A];
    const cut = track.findIndex((p) => p.time >= Date.UTC(2025, 2, 3, 10, 36));
    const last = track[cut - 1].time;
    h.now = last + 10_000;
    const recs = track
      .slice(0, cut)
      .map((p) => fix(A, p.time, p.lat, p.lon, p.speed, { ignition: p.ignition }));
    for (let i = 0; i < recs.length; i += 8) await h.pipeline.submit(recs.slice(i, i + 8));
    const open = () => tripsOf(h, uid).then((rows) => rows.map((r) => [r.type, r.open]));
    expect(await open()).toEqual([
      [1, 0],
      [0, 1],
    ]);

    const job = tripExpiryJob(h.pipeline)!;
    expect(job.scope).toBe('process');
    const at = (t: number) => {
      h.now = t;
      setClock({ start: t, rate: 0 });
    };
    at(last + 20 * 60_000);
    runner = createJobRunner({
      db: h.handle.db,
      bus: createMemoryBus(),
      log: silentLog,
      jobs: [job],
    });
    at(last + 22 * 60_000); // due, but the unit is silent for less than the gap (30 min)
    await runner.tick();
    expect(await open()).toEqual([
      [1, 0],
      [0, 1],
    ]);
    at(last + 31 * 60_000);
    await runner.tick();
    const rows = await tripsOf(h, uid);
    expect(rows.map((r) => [r.type, r.open])).toEqual([
      [1, 0],
      [0, 0],
      [1, 1],
    ]);
    expect(rows[1].end_time).toBe(last);
  });

  it('is not scheduled when the pipeline disables expiry', async () => {
    h = await createHarness([A], mode, { expireIntervalMs: 0 });
    expect(tripExpiryJob(h.pipeline)).toBeNull();
  });
});
