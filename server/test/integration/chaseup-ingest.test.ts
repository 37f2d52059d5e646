// Chase-ups at ingest (issue 16 item 1) through a real pipeline and database (SQLite through both
// writers, or PostgreSQL with TEST_DATABASE=postgres): device events raise chase-ups of their SPEC §8
// type in the SPEC §4 state their cause sets, in the batch's transaction, published on the bus
// after the commit; a replayed batch raises none twice; an opted-out client's are "don't chase up";
// a self-monitoring unit's panic waits in "sending notification" until the outbox has told the
// client's recipients; the not-connecting job raises type 11 once per silence.
import { afterEach, describe, expect, it } from 'vitest';
import { resetClock, setClock } from '../../src/clock';
import type { DeviceEventType } from '../../src/ingest/types';
import type { JobLog } from '../../src/jobs';
import { notConnectingJob } from '../../src/jobs/not-connecting';
import type { ChaseupMessage } from '../../src/live/bus';
import type { Mail, Mailer } from '../../src/notify/mailer';
import { createOutboxSender, OUTBOX_SENT } from '../../src/notify/outbox';
import type { Sms, SmsSender } from '../../src/notify/sms';
import { NOT_CONNECTING_MS } from '../../src/recovery/limits';
import { EVALUATORS } from '../../src/rules/evaluators';
import type { Evaluator } from '../../src/rules/types';
import {
  MODES,
  T0,
  breakInserts,
  createHarness,
  fix,
  status,
  type Harness,
  type Mode,
} from './pipeline/harness';

const DEV = '356307042441090';
const LITE = '356307042441091';
const RECOVERY = '356307042441092';
const S = 1000;
const MIN = 60 * S;
/** The server's time in most scenes: an hour after the harness's T0. */
const N = T0 + 3600_000;

let h: Harness;
let published: ChaseupMessage[];

afterEach(async () => {
  resetClock();
  await h?.close();
});

/** Towing as a call-me rule (type 4 chase-ups): one alert per towing event. */
const towingRule: Evaluator = (_rule, _mem, x, sink) => {
  if (x.events.some((e) => e.type === 'towing'))
    sink.instant(x.time, { lat: x.rt.lat, lon: x.rt.lon, speed: x.speed, evidence: {} });
};

async function start(mode: Mode) {
  h = await createHarness([DEV], mode, {}, { evaluators: { ...EVALUATORS, towing: towingRule } });
  await h.addUnit(LITE, { service_type: 'lite' });
  await h.addUnit(RECOVERY, { service_type: 'recovery' });
  h.now = N;
  published = [];
  h.bus.subscribe('chaseup', (m) => published.push(m));
}

/** A located record of `dev` at `time` reporting `events`. */
const at = (time: number, events: DeviceEventType[], dev = DEV) =>
  fix(dev, time, -26.1, 28.05, 0, { events });

async function send(records: ReturnType<typeof fix>[]) {
  await h.pipeline.submit(records);
  await h.pipeline.flush();
}

async function chaseups() {
  const rows = await h.handle.db.selectFrom('chaseup_events').selectAll().orderBy('id').execute();
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    time: Number(r.time),
    device_event_id: r.device_event_id === null ? null : Number(r.device_event_id),
    duplicate_of: r.duplicate_of === null ? null : Number(r.duplicate_of),
  }));
}

async function eventIds(type: string) {
  const rows = await h.handle.db
    .selectFrom('device_events')
    .select('id')
    .where('type', '=', type)
    .orderBy('time')
    .execute();
  return rows.map((r) => Number(r.id));
}

async function setChaseUp(flag: 0 | 1) {
  await h.handle.db
    .updateTable('clients')
    .set({ chase_up: flag })
    .where('cid', '=', h.clientId)
    .execute();
  // What a task changing the flag publishes after its commit.
  h.bus.publish('rules_changed', { client_id: h.clientId });
}

/** A call-me rule (towing): its alerts go on the desk's queue as type 4. */
async function towedAwayRule() {
  await h.handle.db
    .insertInto('rules')
    .values({
      client_id: h.clientId,
      name: 'Towed away',
      type: 'towing',
      apply_type: 'all',
      apply_to: '[]',
      fid: null,
      param: '{}',
      emails: '[]',
      sms: '[]',
      phones: '["+27831112222"]',
      days: '[1,2,3,4,5,6,7]',
      start_min: 0,
      end_min: 1440,
      active: 1,
      created: T0,
      updated: T0,
    })
    .execute();
  h.bus.publish('rules_changed', { client_id: h.clientId });
}

describe.each(MODES)('chase-ups at ingest (%s)', (mode) => {
  it('files each event in the state its cause sets, and publishes each after the commit', async () => {
    await start(mode);
    await send([at(N - 60 * S, ['panic'])]);
    await send([at(N - 50 * S, ['gps_fault'])]);
    // Old news: the tracker was offline for two hours.
    await send([status(DEV, N - 2 * 3600_000, { events: ['tamper'] })]);
    // The same panic button again, 20 s later: the same incident.
    await send([at(N - 40 * S, ['panic'])]);
    // A tracker whose clock runs 7 minutes fast.
    await send([status(DEV, N + 7 * MIN, { events: ['house_alarm'] })]);

    const rows = await chaseups();
    const [panic, panic2] = await eventIds('panic');
    expect(rows.map((r) => [r.type, r.state, r.device_event_id])).toEqual([
      [6, 0, panic],
      [10, 10, (await eventIds('gps_fault'))[0]],
      [3, 8, (await eventIds('tamper'))[0]],
      [6, 6, panic2],
      [16, 9, (await eventIds('house_alarm'))[0]],
    ]);
    expect(rows[0]).toMatchObject({
      client_id: h.clientId,
      unit_id: h.units[DEV],
      time: N - 60 * S,
      lat: -26.1,
      lon: 28.05,
      description: 'Panic button pressed',
      duplicate_of: null,
      rule_alert_id: null,
    });
    expect(Number(rows[0].created)).toBe(N);
    expect(rows[3].duplicate_of).toBe(rows[0].id);
    expect(published).toEqual(
      rows.map((r) => ({
        client_id: h.clientId,
        id: r.id,
        uid: h.units[DEV],
        type: r.type,
        state: r.state,
        kind: 'new',
        time: new Date(r.time).toISOString(),
      })),
    );
  });

  it('folds the events of one batch into the first, and another type or unit is its own', async () => {
    await start(mode);
    await send([
      at(N - 5 * MIN, ['panic_remote']),
      at(N - 4 * MIN, ['panic_remote', 'power_cut']),
      at(N - 3 * MIN, ['panic_remote']),
      at(N - 3 * MIN, ['crash_impact_park'], RECOVERY),
    ]);
    const rows = await chaseups();
    const first = rows.find((r) => r.type === 7 && r.state === 0)!;
    expect(rows.map((r) => [r.unit_id, r.type, r.state, r.duplicate_of]).sort()).toEqual(
      [
        [h.units[DEV], 7, 0, null],
        [h.units[DEV], 1, 0, null],
        [h.units[DEV], 7, 6, first.id],
        [h.units[DEV], 7, 6, first.id],
        [h.units[RECOVERY], 24, 0, null],
      ].sort(),
    );
    // Outside the window: no duplicate, but the fourth within 24 h, none of them worked: a
    // flapping button, held for filtering.
    h.now = N + 40 * MIN;
    await send([at(N + 39 * MIN, ['panic_remote'])]);
    expect((await chaseups()).at(-1)).toMatchObject({ type: 7, state: 5, duplicate_of: null });
    // Once an agent has worked the first, the next outside the window is a new incident.
    await h.handle.db
      .updateTable('chaseup_events')
      .set({ state: 1 })
      .where('id', '=', first.id)
      .execute();
    h.now = N + 80 * MIN;
    await send([at(N + 79 * MIN, ['panic_remote'])]);
    expect((await chaseups()).at(-1)).toMatchObject({ type: 7, state: 0, duplicate_of: null });
  });

  it('raises nothing twice for a replayed batch, before or after a restart', async () => {
    await start(mode);
    const batch = [at(N - 2 * MIN, ['panic']), at(N - MIN, ['supply_cut'])];
    await send(batch);
    const once = await chaseups();
    expect(once.map((r) => r.type)).toEqual([6, 13]);
    await send(batch);
    await h.restart();
    await send(batch);
    expect(await chaseups()).toEqual(once);
    expect(published.map((m) => m.id)).toEqual(once.map((r) => r.id));
  });

  it("files an opted-out client's chase-ups as don't chase up, once the bus says so", async () => {
    await start(mode);
    await send([at(N - 10 * MIN, [])]);
    await setChaseUp(0);
    await send([at(N - 9 * MIN, ['crash'])]);
    await setChaseUp(1);
    await send([at(N - 8 * MIN, ['crash_braking'])]);
    expect((await chaseups()).map((r) => [r.type, r.state])).toEqual([
      [5, 7],
      [23, 0],
    ]);
  });

  it('publishes nothing of a batch whose transaction failed; its resend is raised once', async () => {
    await start(mode);
    // The write after the chase-ups' fails: the whole batch rolls back.
    const undo = await breakInserts(h, 'unit_state');
    const batch = [at(N - MIN, ['harness_unplugged'])];
    await expect(h.pipeline.submit(batch)).rejects.toThrow();
    expect(await chaseups()).toEqual([]);
    expect(published).toEqual([]);
    await undo();
    await send(batch);
    const rows = await chaseups();
    expect(rows.map((r) => [r.type, r.state])).toEqual([[12, 0]]);
    expect(published.map((m) => [m.id, m.type, m.kind])).toEqual([[rows[0].id, 12, 'new']]);
  });

  it("publishes a call-me rule's chase-up (type 4) the same way", async () => {
    await start(mode);
    await towedAwayRule();
    await send([
      fix(DEV, N - 20 * S, -26.1, 28, 0, { ignition: false }),
      fix(DEV, N - 10 * S, -26.1, 28.001, 30, { ignition: false, events: ['towing'] }),
    ]);
    const rows = await chaseups();
    expect(rows.map((r) => [r.type, r.state])).toEqual([
      [4, 0],
      [15, 0],
    ]);
    expect(published.map((m) => [m.id, m.type, m.state])).toEqual(
      rows.map((r) => [r.id, r.type, r.state]),
    );
  });

  it('publishes each of many call-me chase-ups of one batch with its own id', async () => {
    await start(mode);
    const devices = Array.from(
      { length: 10 },
      (_, i) => `3563070424412${String(i).padStart(2, '0')}`,
    );
    for (const d of devices) await h.addUnit(d);
    await towedAwayRule();
    await send(
      devices.flatMap((d) => [
        fix(d, N - 20 * S, -26.1, 28, 0, { ignition: false }),
        fix(d, N - 10 * S, -26.1, 28.001, 30, { ignition: false, events: ['towing'] }),
      ]),
    );
    const rows = (await chaseups()).filter((r) => r.type === 4);
    expect(rows.map((r) => r.unit_id).sort()).toEqual(devices.map((d) => h.units[d]).sort());
    const alerts = await h.handle.db
      .selectFrom('rule_alerts')
      .select(['raid', 'unit_id'])
      .execute();
    const raidOf = new Map(alerts.map((a) => [a.unit_id, Number(a.raid)]));
    for (const r of rows) expect(Number(r.rule_alert_id)).toBe(raidOf.get(r.unit_id));
    const fromRules = published.filter((m) => m.type === 4);
    expect(fromRules.map((m) => [m.id, m.uid]).sort()).toEqual(
      rows.map((r) => [r.id, r.unit_id]).sort(),
    );
  });
});

describe.each(MODES)(
  'chase-ups after ingest: the outbox and the not-connecting job (%s)',
  (mode) => {
    it("keeps a lite unit's panic at 11 until the outbox has told the client, then 12", async () => {
      await start(mode);
      // No recipients: only the client's (absent) notifications, at once.
      await send([at(N - 30 * MIN, ['panic'], LITE)]);
      await h.handle.db
        .insertInto('panic_notification_settings')
        .values({
          client_id: h.clientId,
          emails: '["ops@example.com"]',
          sms: '["+27821234567"]',
          updated: N,
        })
        .execute();
      h.bus.publish('rules_changed', { client_id: h.clientId });
      await send([at(N - MIN, ['panic'], LITE)]);
      // Another type of a lite unit is not chased either; a recovery unit's panic is.
      await send([at(N - MIN, ['towing'], LITE), at(N - MIN, ['panic'], RECOVERY)]);
      const before = await chaseups();
      expect(before.map((r) => [r.unit_id, r.type, r.state])).toEqual([
        [h.units[LITE], 6, 12],
        [h.units[LITE], 6, 11],
        [h.units[LITE], 15, 12],
        [h.units[RECOVERY], 6, 0],
      ]);

      setClock({ start: N + 5 * S, rate: 0 });
      const sent: string[] = [];
      const mailer: Mailer = { send: async (m: Mail) => void sent.push(m.to) };
      const sms: SmsSender = { send: async (s: Sms) => void sent.push(s.to) };
      const log: JobLog = { info() {}, warn() {}, error() {} };
      const sender = createOutboxSender({
        db: h.handle.db,
        mailer,
        sms,
        baseUrl: 'https://fleet.example.com',
        log,
      });
      try {
        const result = await sender.run();
        // Both recipients of each panic with recipients: the lite unit's and the recovery unit's.
        expect(result.sent).toBe(4);
      } finally {
        await sender.stop();
      }
      const outbox = await h.handle.db.selectFrom('outbox').select('status').execute();
      expect(outbox.every((r) => r.status === OUTBOX_SENT)).toBe(true);
      const after = await chaseups();
      expect(after.map((r) => r.state)).toEqual([12, 12, 12, 0]);
    });

    it('raises not connecting (type 11) once per silence, for recovery units only', async () => {
      await start(mode);
      const INACTIVE = '356307042441093';
      await h.addUnit(INACTIVE, { service_type: 'recovery' });
      await h.handle.db
        .updateTable('units')
        .set({ active: 0 })
        .where('uid', '=', h.units[INACTIVE])
        .execute();
      // A unit that never reported has no silence to measure.
      await h.addUnit('356307042441094', { service_type: 'stealth' });
      await send([DEV, LITE, RECOVERY, INACTIVE].map((d) => at(N - MIN, [], d)));

      const log: JobLog = { info() {}, warn() {}, error() {} };
      const job = notConnectingJob();
      const run = (time: number) => {
        setClock({ start: time, rate: 0 });
        return job.run({ db: h.handle.db, bus: h.bus, log, runId: 'test', scheduledAt: time });
      };
      await run(N + NOT_CONNECTING_MS - 5 * MIN);
      expect(await chaseups()).toEqual([]);

      const silent = N + NOT_CONNECTING_MS + MIN;
      await run(silent);
      const first = await chaseups();
      expect(first.map((r) => [r.unit_id, r.type, r.state, r.device_event_id, r.time])).toEqual([
        [h.units[DEV], 11, 10, null, silent],
        [h.units[RECOVERY], 11, 10, null, silent],
      ]);
      expect(first[0]).toMatchObject({ lat: -26.1, lon: 28.05 });
      expect(published.map((m) => [m.id, m.uid, m.type, m.state, m.kind])).toEqual(
        first.map((r) => [r.id, r.unit_id, 11, 10, 'new']),
      );

      // Still silent: not again.
      await run(silent + 5 * MIN);
      await run(silent + 3600_000);
      expect(await chaseups()).toHaveLength(2);

      // The recovery unit reports, then falls silent again: a new silence, a new chase-up (of an
      // opted-out client by then: don't chase up).
      h.now = silent + 2 * 3600_000;
      await send([at(h.now - S, [], RECOVERY)]);
      await setChaseUp(0);
      await run(h.now + NOT_CONNECTING_MS + MIN);
      const last = await chaseups();
      expect(last.slice(2).map((r) => [r.unit_id, r.type, r.state])).toEqual([
        [h.units[RECOVERY], 11, 7],
      ]);
    });
  },
);
