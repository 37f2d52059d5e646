// The rule memory's own table (unit_rule_memory): a unit's row is written in the batch's
// transaction only when its memory changed (the unit's state row is rewritten by every batch, the
// memory seldom changes), deleted when the memory empties (also when the unit moves to another
// client), undone with a failed batch.
import { afterEach, describe, expect, it } from 'vitest';
import type { Evaluator, Evaluators } from '../../../src/rules/types';
import { EVALUATORS } from '../../../src/rules/evaluators';
import { MODES, T0, breakPositions, createHarness, fix, type Harness, type Mode } from './harness';

const DEV = '356307042441090';
const S = 1000;
const LIMIT = 120;

let h: Harness;

afterEach(async () => {
  await h?.close();
});

/** Over the limit: one open incident, its peak in the memory. */
const speeding: Evaluator<'speeding'> = (rule, mem, x, sink) => {
  if (!x.newFix) return;
  const facts = () => ({
    lat: x.rt.lat,
    lon: x.rt.lon,
    speed: Number(mem.peak),
    evidence: { limit: rule.param.limit, peak: Number(mem.peak), duration_s: 0, grace_s: 0 },
  });
  if (x.speed > rule.param.limit) {
    mem.peak = Math.max(Number(mem.peak ?? 0), x.speed);
    if (!sink.open) sink.start(x.time, facts());
    else sink.update(facts());
  } else if (sink.open) sink.end(x.time, facts());
};
const evaluators: Evaluators = { ...EVALUATORS, speeding };

async function start(mode: Mode) {
  h = await createHarness([DEV], mode, {}, { evaluators });
  h.now = T0 + 3600_000;
}

async function addRule(): Promise<number> {
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
    .returning('rid')
    .executeTakeFirstOrThrow();
  h.bus.publish('rules_changed', { client_id: h.clientId });
  return Number(row.rid);
}

async function send(from: number, speeds: number[]) {
  await h.pipeline.submit(
    speeds.map((v, i) => fix(DEV, from + i * 10 * S, -26.1, 28 + (from - T0) / 1e7 + i * 0.003, v)),
  );
  await h.pipeline.flush();
}

async function memory() {
  const rows = await h.handle.db.selectFrom('unit_rule_memory').selectAll().execute();
  return rows.map((r) => ({ ...r, updated: Number(r.updated), memory: JSON.parse(r.memory) }));
}

describe.each(MODES)('rule memory (%s)', (mode) => {
  it('writes a unit memory only when it changes, and deletes it when it empties', async () => {
    await start(mode);
    const rid = await addRule();
    // Under the limit: the rule keeps nothing, so the unit has no row.
    await send(T0, [100, 110]);
    expect(await memory()).toEqual([]);
    const opened = h.now;
    await send(T0 + 20 * S, [130]);
    expect(await memory()).toEqual([
      {
        unit_id: h.units[DEV],
        client_id: h.clientId,
        updated: opened,
        memory: { [rid]: { s: T0 + 20 * S, o: 1, t: 'speeding', m: { peak: 130 } } },
      },
    ]);
    // Still over the limit, no higher: the memory is the same and its row is not written again.
    h.now += 60_000;
    await send(T0 + 30 * S, [125, 130]);
    expect((await memory())[0].updated).toBe(opened);
    // A new peak changes it.
    await send(T0 + 50 * S, [140]);
    expect(await memory()).toMatchObject([
      { updated: h.now, memory: { [rid]: { m: { peak: 140 } } } },
    ]);
    // The rule goes: its memory with it, and the unit's row.
    await h.handle.db.deleteFrom('rules').where('rid', '=', rid).execute();
    h.bus.publish('rules_changed', { client_id: h.clientId });
    await addRule();
    await send(T0 + 60 * S, [100]);
    expect(await memory()).toEqual([]);
  });

  it('keeps the committed memory when a batch fails, and writes it with the resend', async () => {
    await start(mode);
    const rid = await addRule();
    await send(T0, [100]);
    const undo = await breakPositions(h);
    await expect(send(T0 + 10 * S, [130])).rejects.toThrow();
    expect(await memory()).toEqual([]);
    await undo();
    await send(T0 + 10 * S, [130]);
    expect(await memory()).toMatchObject([{ memory: { [rid]: { s: T0 + 10 * S, o: 1 } } }]);
    // The episode goes on from the stored memory after a restart, and ends as one alert.
    await h.restart();
    await send(T0 + 20 * S, [150, 100]);
    const alerts = await h.handle.db.selectFrom('rule_alerts').selectAll().execute();
    expect(alerts).toMatchObject([{ open: 0, speed: 150 }]);
    expect(Number(alerts[0].time)).toBe(T0 + 10 * S);
    expect(await memory()).toMatchObject([
      { memory: { [rid]: { s: T0 + 10 * S, e: T0 + 30 * S } } },
    ]);
  });

  it('deletes the memory of a unit that moves to another client', async () => {
    await start(mode);
    await addRule();
    await send(T0, [130]);
    expect(await memory()).toMatchObject([{ client_id: h.clientId }]);
    const other = await h.handle.db
      .insertInto('clients')
      .values({ name: 'Other Co', state: 1, created: T0 })
      .returning('cid')
      .executeTakeFirstOrThrow();
    await h.handle.db
      .updateTable('units')
      .set({ client_id: Number(other.cid) })
      .where('uid', '=', h.units[DEV])
      .execute();
    h.pipeline.invalidate();
    // The old client's rules no longer apply: their memory is not left behind under its name, nor
    // taken to the new owner (which has no rules of its own here).
    await send(T0 + 10 * S, [130]);
    expect(await memory()).toEqual([]);
    const state = await h.handle.db
      .selectFrom('unit_state')
      .select('client_id')
      .executeTakeFirstOrThrow();
    expect(state.client_id).toBe(Number(other.cid));
  });
});
