// The jobs runner (server/src/jobs): two server processes on one database (two connections to
// the SQLite file, or two PostgreSQL pools) run each scheduled job once between them.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openDb, type Db } from '../../src/db';
import { createMemoryBus } from '../../src/live/bus';
import { resetClock, setClock } from '../../src/clock';
import { createJobRunner, defineJob, type JobLog, type JobRunner } from '../../src/jobs';
import { sessionCleanupJob } from '../../src/jobs/session-cleanup';
import { createTestDatabase, type TestDatabase } from '../support/test-db';

const T0 = Date.UTC(2026, 2, 2, 10, 0, 30);
const MIN = 60_000;

let tdb: TestDatabase;
let a: Db;
let b: Db;

beforeAll(async () => {
  tdb = await createTestDatabase('jobs_test');
  const open = () => openDb({ databaseUrl: tdb.databaseUrl, dataDir: tdb.dataDir });
  a = open();
  await migrate(a);
  b = open();
});
afterAll(async () => {
  await a.close();
  await b.close();
  await tdb.drop();
});

const runners: JobRunner[] = [];
afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.stop()));
  resetClock();
});

/** Pins the server clock at `at` (stopped, so only the test moves it). */
const at = (t: number) => setClock({ start: t, rate: 0 });

interface Logged {
  level: string;
  obj: Record<string, unknown>;
  msg?: string;
}
function recordingLog(): JobLog & { lines: Logged[] } {
  const lines: Logged[] = [];
  const put = (level: string) => (obj: object, msg?: string) =>
    lines.push({ level, obj: obj as Record<string, unknown>, msg });
  return { lines, info: put('info'), warn: put('warn'), error: put('error') };
}

function runner(db: Db, jobs: ReturnType<typeof defineJob>[], log: JobLog = recordingLog()) {
  const r = createJobRunner({ db: db.db, bus: createMemoryBus(), log, jobs });
  runners.push(r);
  return r;
}

const lease = (name: string) =>
  a.db.selectFrom('job_leases').selectAll().where('name', '=', name).executeTakeFirst();

describe('jobs runner', () => {
  it('runs a job once per scheduled time across two processes', async () => {
    at(T0);
    const runs: string[] = [];
    const job = (who: string) =>
      defineJob({
        name: 'count-once',
        schedule: { everyMs: MIN },
        async run() {
          runs.push(who);
        },
      });
    const ra = runner(a, [job('a')]);
    const rb = runner(b, [job('b')]);
    await Promise.all([ra.tick(), rb.tick()]);
    expect(runs).toEqual([]); // 10:00:30: the first scheduled time, 10:01, is still ahead

    // Both at once (the lease decides), then one after the other (the last run's time decides).
    at(T0 + MIN);
    await Promise.all([ra.tick(), rb.tick()]);
    expect(runs).toHaveLength(1);
    at(T0 + 2 * MIN);
    await ra.tick();
    await rb.tick();
    expect(runs).toEqual([expect.any(String), 'a']);
    at(T0 + 3 * MIN);
    await rb.tick();
    await ra.tick();
    await Promise.all([ra.tick(), rb.tick()]); // a second look within the same minute
    expect(runs).toEqual([expect.any(String), 'a', 'b']);
    const row = await lease('count-once');
    expect(row).toMatchObject({ leased_until: 0, last_error: null });
    expect(row!.last_run_at).toBe(Date.UTC(2026, 2, 2, 10, 3));
  });

  it('follows a croner pattern on the server clock, not the machine clock', async () => {
    at(Date.UTC(2031, 0, 1, 8, 57));
    const runs: number[] = [];
    const r = runner(a, [
      defineJob({
        name: 'five-minutes',
        schedule: '*/5 * * * *',
        async run({ scheduledAt }) {
          runs.push(scheduledAt);
        },
      }),
    ]);
    at(Date.UTC(2031, 0, 1, 8, 59, 59));
    await r.tick();
    expect(runs).toEqual([]);
    // Late ticks (a busy process) still run once, for the latest time due.
    at(Date.UTC(2031, 0, 1, 9, 11, 2));
    await r.tick();
    await r.tick();
    expect(runs).toEqual([Date.UTC(2031, 0, 1, 9, 10)]);
  });

  it('logs a failed run with its job and run id, keeps the error, and runs again next time', async () => {
    at(T0);
    const log = recordingLog();
    let fail = true;
    let runs = 0;
    const r = runner(
      a,
      [
        defineJob({
          name: 'flaky',
          schedule: { everyMs: MIN },
          async run() {
            runs++;
            if (fail) throw new Error('mail server unreachable');
          },
        }),
      ],
      log,
    );
    at(T0 + MIN);
    await r.tick();
    const errors = log.lines.filter((l) => l.level === 'error');
    expect(errors).toHaveLength(1);
    const runId = errors[0].obj.runId as string;
    expect(runId).toMatch(/^[0-9a-f]{8}$/);
    expect(errors[0].obj.job).toBe('flaky');
    expect(errors[0].msg).toBe(`job flaky failed (run ${runId})`);
    expect((await lease('flaky'))!.last_error).toBe(`run ${runId}: mail server unreachable`);

    await r.tick(); // same minute: not retried at once
    expect(runs).toBe(1);
    fail = false;
    at(T0 + 2 * MIN);
    await r.tick();
    expect(runs).toBe(2);
    expect((await lease('flaky'))!.last_error).toBeNull();
  });

  it("lets another process take over once a crashed holder's lease runs out", async () => {
    at(T0);
    let release!: () => void;
    const hung = new Promise<void>((resolve) => (release = resolve));
    const ranOn: string[] = [];
    const job = (who: string) =>
      defineJob({
        name: 'takeover',
        schedule: { everyMs: MIN },
        leaseMs: 10 * MIN,
        async run() {
          ranOn.push(who);
          if (who === 'a')
            await hung; // process a stops answering mid-run
          else throw new Error('b failed');
        },
      });
    const ra = runner(a, [job('a')]);
    const rb = runner(b, [job('b')]);
    at(T0 + MIN);
    const aTick = ra.tick();
    try {
      await takeOver();
    } finally {
      release();
    }
    await aTick;

    async function takeOver() {
      await new Promise((r) => setTimeout(r, 50));
      expect(ranOn).toEqual(['a']);
      expect((await lease('takeover'))!.holder).toBe(ra.holder);

      at(T0 + 5 * MIN); // a still holds the lease
      await rb.tick();
      expect(ranOn).toEqual(['a']);
      at(T0 + 12 * MIN); // a's lease ran out
      await rb.tick();
      expect(ranOn).toEqual(['a', 'b']);
    }
    // a wakes up: its late release (a success) must not touch what b's run recorded since.
    expect(await lease('takeover')).toMatchObject({
      holder: rb.holder,
      last_run_at: T0 + 12 * MIN - 30_000,
      last_error: expect.stringMatching(/^run [0-9a-f]{8}: b failed$/),
    });
  });

  it('session clean-up removes ended sessions and spent tickets, and announces the expired ones', async () => {
    at(T0);
    const { db } = a;
    const client = await db
      .insertInto('clients')
      .values({ name: 'Jobs Ltd', state: 1, created: T0 })
      .returning('cid')
      .executeTakeFirstOrThrow();
    const user = await db
      .insertInto('users')
      .values({
        client_id: client.cid,
        username: 'jobs-user',
        display_name: 'Jobs',
        email: null,
        password_hash: 'x',
        user_type: 'full',
        roles: '[]',
        settings: '{}',
        ui_settings: '{}',
        all_units: 1,
        created: T0,
        last_login: null,
      })
      .returning('nid')
      .executeTakeFirstOrThrow();
    const session = (hash: string, expires: number, revoked = 0) => ({
      token_hash: hash,
      user_id: user.nid,
      client_id: client.cid,
      created: T0 - MIN,
      last_seen: T0 - MIN,
      expires,
      ip: '',
      user_agent: '',
      channel: 'test',
      revoked,
    });
    const ids = await db
      .insertInto('sessions')
      .values([
        session('live', T0 + 60 * MIN),
        session('expired', T0 - 1),
        session('revoked', T0 + 60 * MIN, 1),
      ])
      .returning('id')
      .execute();
    const ticket = (hash: string, expires: number, used_at: number | null) => ({
      kind: 'reset',
      token_hash: hash,
      user_id: user.nid,
      created: T0 - MIN,
      expires,
      used_at,
      data: '{}',
    });
    await db
      .insertInto('tickets')
      .values([
        ticket('t-fresh', T0 + MIN, null),
        ticket('t-used', T0 + MIN, T0 - 10),
        ticket('t-expired', T0 - 1, null),
      ])
      .execute();

    const bus = createMemoryBus();
    const announced: unknown[] = [];
    bus.subscribe('session_revoked', (m) => announced.push(m));
    const log = recordingLog();
    await sessionCleanupJob.run({ db, bus, log, runId: 'test', scheduledAt: T0 });

    const sessions = await db.selectFrom('sessions').select('token_hash').execute();
    expect(sessions.map((s) => s.token_hash)).toEqual(['live']);
    const tickets = await db.selectFrom('tickets').select('token_hash').execute();
    expect(tickets.map((s) => s.token_hash)).toEqual(['t-fresh']);
    expect(announced).toEqual([{ sessionIds: [ids[1].id] }]);
    expect(log.lines[0].obj).toEqual({ sessions: 2, tickets: 2 });
  });
});
