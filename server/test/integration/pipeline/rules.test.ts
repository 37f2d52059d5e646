// Rules at ingest (issue 11 items 2 and 5) through a real pipeline and database: one alert per
// incident stored in the batch's transaction, never lost or doubled by a failed commit, a resend or
// a restart; its messages queued once in the outbox (not for old news); call-me types on the
// recovery desk's queue; panic events queuing the client's panic recipients. The evaluators here are small stand-ins with
// the real contract (rules/types.ts), so these tests are about the engine and the store.
import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { RULE_COOLDOWN_S } from '@fleet/common';
import type { Evaluator, Evaluators } from '../../../src/rules/types';
import { EVALUATORS } from '../../../src/rules/evaluators';
import {
  MODES,
  T0,
  breakInserts,
  breakPositions,
  createHarness,
  fix,
  type Harness,
  type Mode,
} from './harness';

const DEV = '356307042441090';
const S = 1000;
const LIMIT = 120;

let h: Harness;

afterEach(async () => {
  await h?.close();
});

/** Speeding with the evidence keys of the real one: {limit, peak, duration_s, grace_s}. */
const speeding: Evaluator<'speeding'> = (rule, mem, x, sink) => {
  if (!x.newFix) return;
  const limit = rule.param.limit;
  const facts = () => ({
    lat: x.rt.lat,
    lon: x.rt.lon,
    speed: Number(mem.peak),
    evidence: {
      limit,
      peak: Number(mem.peak),
      duration_s: (x.time - Number(mem.since)) / S,
      grace_s: rule.param.grace_s,
    },
  });
  if (x.speed > limit) {
    if (!sink.open) {
      mem.since = x.time;
      mem.peak = x.speed;
      sink.start(x.time, facts());
    } else {
      mem.peak = Math.max(Number(mem.peak), x.speed);
      sink.update(facts());
    }
  } else if (sink.open) sink.end(x.time, facts());
};

/** Towing (a call-me type): one alert per towing event. */
const towing: Evaluator = (_rule, _mem, x, sink) => {
  if (x.events.some((e) => e.type === 'towing'))
    sink.instant(x.time, { lat: x.rt.lat, lon: x.rt.lon, speed: x.speed, evidence: {} });
};

const evaluators: Evaluators = { ...EVALUATORS, speeding, towing };

async function start(
  mode: Mode,
  extra: { service_type?: string }[] = [],
  use: Evaluators | undefined = evaluators,
) {
  h = await createHarness([DEV], mode, {}, { evaluators: use });
  for (let i = 0; i < extra.length; i++) await h.addUnit(`35630704244110${i}`, extra[i]);
  h.now = T0 + 3600_000;
}

async function addRule(
  fields: Partial<{
    client_id: number;
    name: string;
    type: string;
    apply_type: string;
    apply_to: string;
    param: string;
    emails: string;
    sms: string;
    phones: string;
  }> = {},
): Promise<number> {
  const row = await h.handle.db
    .insertInto('rules')
    .values({
      client_id: h.clientId,
      name: 'Highway limit',
      type: 'speeding',
      apply_type: 'all',
      apply_to: '[]',
      fid: null,
      param: JSON.stringify({ limit: LIMIT, grace_s: 0 }),
      emails: '["ops@example.com"]',
      sms: '["+27821234567"]',
      phones: '[]',
      days: '[1,2,3,4,5,6,7]',
      start_min: 0,
      end_min: 1440,
      active: 1,
      created: T0,
      updated: T0,
      ...fields,
    })
    .returning('rid')
    .executeTakeFirstOrThrow();
  h.bus.publish('rules_changed', { client_id: fields.client_id ?? h.clientId });
  return Number(row.rid);
}

/** A fix every 10 s driving east, at the given speeds (km/h), from `from`. */
function drive(from: number, speeds: number[], dev = DEV) {
  return speeds.map((v, i) => fix(dev, from + i * 10 * S, -26.1, 28 + i * 0.003, v));
}

/** 4 minutes over the limit (peak 132 km/h at 2 minutes), then back under it. */
const EPISODE = [100, ...Array.from({ length: 24 }, (_, i) => (i === 12 ? 132 : 125)), 110, 100];

async function send(records: ReturnType<typeof drive>) {
  await h.pipeline.submit(records);
  await h.pipeline.flush();
}

async function alerts() {
  return h.handle.db.selectFrom('rule_alerts').selectAll().orderBy('raid').execute();
}

async function outbox() {
  return h.handle.db
    .selectFrom('outbox')
    .select(['kind', 'recipient', 'topic', 'ref', 'status'])
    .orderBy('id')
    .execute();
}

/** The 4-minute episode's alert as stored once it ended. */
function expectEpisode(a: Awaited<ReturnType<typeof alerts>>[number], rid: number) {
  expect(a).toMatchObject({
    rule_id: rid,
    unit_id: h.units[DEV],
    client_id: h.clientId,
    rule_name: 'Highway limit',
    type: 'speeding',
    open: 0,
    speed: 132,
  });
  expect(Number(a.time)).toBe(T0 + 10 * S);
  expect(Number(a.end_time)).toBe(T0 + 250 * S);
  expect(JSON.parse(a.evidence)).toEqual({ limit: 120, peak: 132, duration_s: 240, grace_s: 0 });
}

describe.each(MODES)('rules at ingest (%s)', (mode) => {
  it('stores one 4-minute speeding episode as one alert, and queues its messages once', async () => {
    await start(mode);
    const rid = await addRule();
    const records = drive(T0, EPISODE);
    // In several batches, as a device sends them.
    for (let i = 0; i < records.length; i += 5) await send(records.slice(i, i + 5));
    const rows = await alerts();
    expect(rows).toHaveLength(1);
    expectEpisode(rows[0], rid);
    const raid = Number(rows[0].raid);
    expect(await outbox()).toEqual([
      { kind: 'email', recipient: 'ops@example.com', topic: 'rule_alert', ref: raid, status: 0 },
      { kind: 'sms', recipient: '+27821234567', topic: 'rule_alert', ref: raid, status: 0 },
    ]);
    expect(h.published.rule_alert).toEqual([
      {
        client_id: h.clientId,
        raid,
        rid,
        uid: h.units[DEV],
        type: 'speeding',
        rule_name: 'Highway limit',
        time: new Date(T0 + 10 * S).toISOString(),
        lat: -26.1,
        lon: 28.003,
        speed: 125,
      },
    ]);
    expect(h.published.outbox_queued).toEqual([{ count: 2 }]);
    // A speeding rule is not a call-me type: nothing on the recovery desk.
    expect(await h.handle.db.selectFrom('chaseup_events').selectAll().execute()).toEqual([]);
    // The memory went with the batch: the incident is closed there too.
    const state = await h.handle.db
      .selectFrom('unit_rule_memory')
      .select('memory')
      .where('unit_id', '=', h.units[DEV])
      .executeTakeFirstOrThrow();
    // (Closed: no "o", which is stored only for an open one.)
    const stored = JSON.parse(state.memory)[rid];
    expect(stored).toMatchObject({ s: T0 + 10 * S, e: T0 + 250 * S, t: 'speeding' });
    expect(stored).not.toHaveProperty('o');
  });

  it('updates the open alerts of many units in one batch, each with its own facts', async () => {
    // Ten units: the store writes their updates many to a statement (8, then 1 and 1).
    await start(
      mode,
      Array.from({ length: 9 }, () => ({})),
    );
    const rid = await addRule({ sms: '[]' });
    const devs = Object.keys(h.units);
    expect(devs).toHaveLength(10);
    // Their ten new alerts too (8, then 1 and 1): each unit's message and e-mail name its own row.
    await send(devs.flatMap((dev) => drive(T0, [130], dev)));
    const raised = (await alerts()).map((a) => [a.unit_id, a.raid]);
    expect(new Set(raised.map(([, raid]) => raid)).size).toBe(10);
    expect(h.published.rule_alert.map((m) => [m.uid, m.raid])).toEqual(raised);
    expect((await outbox()).map((o) => o.ref)).toEqual(raised.map(([, raid]) => raid));
    await send(devs.flatMap((dev, i) => drive(T0 + 10 * S, [140 + i], dev)));
    const rows = await alerts();
    expect(rows).toHaveLength(10);
    for (const [i, dev] of devs.entries()) {
      const row = rows.find((a) => a.unit_id === h.units[dev]);
      expect(row).toMatchObject({ rule_id: rid, open: 1, speed: 140 + i });
      expect(JSON.parse(row!.evidence)).toMatchObject({ peak: 140 + i });
    }
  });

  it('stores the episode as one alert with the real speeding evaluator and its grace time', async () => {
    await start(mode, [], undefined);
    const rid = await addRule({ param: JSON.stringify({ limit: LIMIT, grace_s: 10 }) });
    const records = drive(T0, EPISODE);
    for (let i = 0; i < records.length; i += 4) await send(records.slice(i, i + 4));
    const rows = await alerts();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ rule_id: rid, open: 0, speed: 132, lat: -26.1, lon: 28.003 });
    expect(Number(rows[0].time)).toBe(T0 + 10 * S);
    expect(Number(rows[0].end_time)).toBe(T0 + 250 * S);
    expect(JSON.parse(rows[0].evidence)).toEqual({
      limit: 120,
      peak: 132,
      duration_s: 240,
      grace_s: 10,
    });
    expect(await outbox()).toHaveLength(2);
  });

  it('raises the alert once when the commit that started it failed and the device resent', async () => {
    await start(mode);
    const rid = await addRule();
    const records = drive(T0, EPISODE);
    // The alert row is written, then the outbox insert fails: the whole batch is undone.
    const undo = await breakInserts(h, 'outbox');
    await expect(send(records.slice(0, 6))).rejects.toThrow();
    expect(await alerts()).toEqual([]);
    await undo();
    await send(records.slice(0, 6));
    // A failure in the middle of the episode (the update of the open alert) and its resend.
    const undoPositions = await breakPositions(h);
    await expect(send(records.slice(6, 12))).rejects.toThrow();
    await undoPositions();
    await send(records.slice(6, 12));
    await send(records.slice(6, 12)); // a resend of what was stored: nothing new
    await send(records.slice(12));
    const rows = await alerts();
    expect(rows).toHaveLength(1);
    expectEpisode(rows[0], rid);
    expect(await outbox()).toHaveLength(2);
    expect(h.published.rule_alert).toHaveLength(1);
  });

  it('neither loses nor doubles an episode across a restart in its middle', async () => {
    await start(mode);
    const rid = await addRule();
    const records = drive(T0, EPISODE);
    await send(records.slice(0, 14));
    expect(await alerts()).toMatchObject([{ open: 1, end_time: null }]);
    await h.restart();
    await send(records.slice(14));
    const rows = await alerts();
    expect(rows).toHaveLength(1);
    // The peak and the start were remembered across the restart: duration 240 s, peak 132.
    expectEpisode(rows[0], rid);
    expect(await outbox()).toHaveLength(2);
  });

  it('continues the alert within the cooldown and raises a new one after it', async () => {
    await start(mode);
    await addRule({ emails: '[]', sms: '[]' });
    await send(drive(T0, [130, 100]));
    await send(drive(T0 + 60 * S, [130, 100]));
    expect(await alerts()).toHaveLength(1);
    const later = T0 + 70 * S + RULE_COOLDOWN_S * S + 10 * S;
    h.now = later + 3600_000;
    await send(drive(later, [130, 100]));
    const rows = await alerts();
    expect(rows.map((r) => [Number(r.time), Number(r.end_time), r.open])).toEqual([
      [T0, T0 + 70 * S, 0],
      [later, later + 10 * S, 0],
    ]);
    expect(await outbox()).toEqual([]);
    expect(h.published.outbox_queued).toEqual([]);
  });

  it('puts a call-me alert on the recovery desk queue with the rule phones', async () => {
    await start(mode);
    const rid = await addRule({
      name: 'Towed away',
      type: 'towing',
      param: '{}',
      phones: '["+27831112222"]',
    });
    await send([
      fix(DEV, T0, -26.1, 28, 0, { ignition: false }),
      fix(DEV, T0 + 10 * S, -26.1, 28.001, 30, { ignition: false, events: ['towing'] }),
    ]);
    const [alert] = await alerts();
    expect(alert).toMatchObject({ rule_id: rid, type: 'towing', open: 0 });
    // The rule's chase-up; the towing event raises its own too (type 15, recovery/plan.ts).
    const chase = await h.handle.db
      .selectFrom('chaseup_events')
      .selectAll()
      .where('type', '=', 4)
      .execute();
    expect(chase).toHaveLength(1);
    expect(chase[0]).toMatchObject({
      client_id: h.clientId,
      unit_id: h.units[DEV],
      type: 4,
      state: 0,
      description: 'Rule alert: Towed away',
    });
    expect(Number(chase[0].rule_alert_id)).toBe(Number(alert.raid));
    expect(JSON.parse(chase[0].phones)).toEqual(['+27831112222']);
  });

  it('stores an incident that arrives hours late, but tells nobody and files it too late', async () => {
    await start(mode);
    await addRule({ name: 'Towed away', type: 'towing', param: '{}', phones: '["+27831112222"]' });
    // The tracker was offline: its towing event is 5 hours old when it arrives.
    h.now = T0 + 5 * 3600_000;
    await send([
      fix(DEV, T0, -26.1, 28, 0, { ignition: false }),
      fix(DEV, T0 + 10 * S, -26.1, 28.001, 30, { ignition: false, events: ['towing'] }),
    ]);
    expect(await alerts()).toHaveLength(1);
    expect(await outbox()).toEqual([]);
    const chase = await h.handle.db
      .selectFrom('chaseup_events')
      .selectAll()
      .orderBy('type')
      .execute();
    // The rule's chase-up and the towing event's own (type 15), both too late.
    expect(chase).toMatchObject([
      { type: 4, state: 8 },
      { type: 15, state: 8 },
    ]);
  });

  it('never fires rules of another client, nor types the unit service does not support', async () => {
    await start(mode, [{ service_type: 'recovery' }]);
    const other = await h.handle.db
      .insertInto('clients')
      .values({ name: 'Other Co', state: 1, created: T0 })
      .returning('cid')
      .executeTakeFirstOrThrow();
    await addRule({ client_id: Number(other.cid), name: 'Theirs' });
    await send(drive(T0, [150, 150, 100]));
    expect(await alerts()).toEqual([]);
    // The client's own rule, on its recovery unit (recovery trackers have no speeding rules).
    await addRule({ name: 'Mine' });
    await send(drive(T0 + 60 * S, [150, 150, 100], '356307042441100'));
    expect(await alerts()).toEqual([]);
    await send(drive(T0 + 60 * S, [150, 150, 100]));
    expect((await alerts()).map((a) => a.rule_name)).toEqual(['Mine']);
  });

  it('applies a rule to the units, labels or fleet it names only', async () => {
    await start(mode, [{}, {}]);
    const [a, b, c] = [DEV, '356307042441100', '356307042441101'];
    const { db } = h.handle;
    const tag = await db
      .insertInto('tags')
      .values({ client_id: h.clientId, name: 'Trucks', is_global: 0, created: T0, updated: T0 })
      .returning('tgid')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('unit_tags')
      .values({ tag_id: tag.tgid, unit_id: h.units[b], client_id: h.clientId })
      .execute();
    const fleet = await db
      .insertInto('fleets')
      .values({ client_id: h.clientId, name: 'North', created: T0, updated: T0 })
      .returning('fid')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('fleet_units')
      .values({ fleet_id: fleet.fid, unit_id: h.units[c], client_id: h.clientId })
      .execute();
    await addRule({ name: 'By unit', apply_type: 'units', apply_to: `[${h.units[a]}]` });
    await addRule({ name: 'By label', apply_type: 'tags', apply_to: `[${tag.tgid}]` });
    const byFleet = await addRule({ name: 'By fleet', apply_type: 'fleet' });
    await db.updateTable('rules').set({ fid: fleet.fid }).where('rid', '=', byFleet).execute();
    h.bus.publish('rules_changed', { client_id: h.clientId });
    for (const dev of [a, b, c]) await send(drive(T0, [150, 100], dev));
    const rows = await alerts();
    expect(rows.map((r) => [r.rule_name, r.unit_id])).toEqual([
      ['By unit', h.units[a]],
      ['By label', h.units[b]],
      ['By fleet', h.units[c]],
    ]);
  });

  it('compiles a client rules again when the bus says they changed', async () => {
    await start(mode);
    await send(drive(T0, [100]));
    // Stored without the bus message: the pipeline still runs the rules it compiled.
    await h.handle.db
      .insertInto('rules')
      .values({
        client_id: h.clientId,
        name: 'Quiet',
        type: 'speeding',
        apply_type: 'all',
        apply_to: '[]',
        fid: null,
        param: JSON.stringify({ limit: LIMIT, grace_s: 0 }),
        emails: '[]',
        sms: '[]',
        phones: '[]',
        days: '[1,2,3,4,5,6,7]',
        start_min: 0,
        end_min: 1440,
        active: 1,
        created: T0,
        updated: T0,
      })
      .execute();
    await send(drive(T0 + 10 * S, [150, 100]));
    expect(await alerts()).toEqual([]);
    h.bus.publish('rules_changed', { client_id: h.clientId });
    await send(drive(T0 + 30 * S, [150, 100]));
    expect(await alerts()).toHaveLength(1);
  });

  it('queues the panic recipients for a panic event, once', async () => {
    await start(mode);
    await h.handle.db
      .insertInto('panic_notification_settings')
      .values({
        client_id: h.clientId,
        emails: '["desk@example.com"]',
        sms: '["+27820000001"]',
        updated: T0,
      })
      .execute();
    h.bus.publish('rules_changed', { client_id: h.clientId });
    const panic = fix(DEV, T0, -26.1, 28, 0, { events: ['panic'] });
    await send([panic]);
    await send([panic]);
    const event = await h.handle.db
      .selectFrom('device_events')
      .select('id')
      .where('type', '=', 'panic')
      .executeTakeFirstOrThrow();
    expect(await outbox()).toEqual([
      {
        kind: 'email',
        recipient: 'desk@example.com',
        topic: 'panic',
        ref: Number(event.id),
        status: 0,
      },
      { kind: 'sms', recipient: '+27820000001', topic: 'panic', ref: Number(event.id), status: 0 },
    ]);
    expect(h.published.outbox_queued).toEqual([{ count: 2 }]);
    const n = await sql<{ n: number }>`select count(*) as n from rule_alerts`.execute(h.handle.db);
    expect(Number(n.rows[0].n)).toBe(0);
  });
});
