// The rule engine inside the pipeline's stages: one alert row per incident, the window guard, the
// cooldown that reopens an alert instead of raising another, and the memory that survives a
// reload from unit_state and unit_rule_memory.
import { describe, expect, it } from 'vitest';
import { ALL_RULE_DAYS, RULE_COOLDOWN_S } from '@fleet/common';
import { pipelineConfig } from '../../../src/pipeline/config';
import { processRecords, type Batch } from '../../../src/pipeline/process';
import {
  newRuntime,
  runtimeFromRow,
  type UnitInfo,
  type UnitRuntime,
} from '../../../src/pipeline/runtime';
import { unitStateValues, UNIT_STATE_COLUMNS } from '../../../src/pipeline/store';
import { ClientRules, engineRule } from '../../../src/rules/cache';
import { EVALUATORS } from '../../../src/rules/evaluators';
import { parseRuleMemory, serializeRuleMemory } from '../../../src/rules/state';
import type { CompiledRule, EvalInput, Evaluator } from '../../../src/rules/types';
import { ZoneClock } from '../../../src/rules/zone';
import type { DeviceRecord } from '../../../src/ingest/types';
import { DEV, INFO, T0, east, fix, status } from '../pipeline/records';

const S = 1000;
const MIN = 60 * S;
const LIMIT = 100;

/** Speeding as the evaluators do it: open above the limit, keep the peak, end below it. */
const overLimit: Evaluator = (_rule, mem, x, sink) => {
  if (!x.newFix) return;
  const facts = (speed: number) => ({
    lat: x.rt.lat,
    lon: x.rt.lon,
    speed,
    evidence: { limit: LIMIT, peak: speed, duration_s: (x.time - Number(mem.since)) / S },
  });
  if (x.speed > LIMIT) {
    if (!sink.open) {
      mem.since = x.time;
      mem.peak = x.speed;
      sink.start(x.time, facts(x.speed));
    } else {
      mem.peak = Math.max(Number(mem.peak), x.speed);
      sink.update(facts(Number(mem.peak)));
    }
  } else if (sink.open) sink.end(x.time, facts(Number(mem.peak)));
};

/** An event rule: one instant alert per reported harsh braking. */
const onBraking: Evaluator = (_rule, _mem, x, sink) => {
  if (x.events.some((e) => e.type === 'harsh_braking'))
    sink.instant(x.time, { lat: null, lon: null, speed: x.speed, evidence: { kind: 'braking' } });
};

function rule(over: Partial<CompiledRule> = {}): CompiledRule {
  return {
    rid: 11,
    clientId: INFO.clientId,
    name: 'Too fast',
    type: 'speeding',
    param: { limit: LIMIT, grace_s: 0 },
    days: ALL_RULE_DAYS,
    start: 0,
    end: 1440,
    emails: [],
    sms: [],
    phones: [],
    callMe: false,
    ...over,
  };
}

class Engine {
  rt: UnitRuntime = newRuntime(INFO);
  now = T0 + 24 * 3600_000;
  readonly cfg = pipelineConfig();
  info: UnitInfo = INFO;
  errors: unknown[] = [];
  constructor(public client: ClientRules) {}
  run(records: DeviceRecord[]): Batch {
    const batch = processRecords(records, {
      now: this.now,
      cfg: this.cfg,
      unitOf: (id) => (id === DEV ? this.info : null),
      runtimeOf: () => this.rt,
      driverPid: () => null,
      rulesOf: (cid) => (cid === this.client.clientId ? this.client : undefined),
      onRuleError: (err) => this.errors.push(err),
    });
    return batch;
  }
  /** A restart: the runtime as unit_state would give it back. */
  reload(): void {
    const values = unitStateValues(this.rt);
    const row = Object.fromEntries(UNIT_STATE_COLUMNS.map((c, i) => [c, values[i]]));
    // The memory row (none when the memory is empty).
    const memory = serializeRuleMemory(this.rt.rules);
    this.rt = runtimeFromRow(this.info, row as never, memory === '{}' ? null : memory, this.cfg);
  }
}

const clientOf = (rules: ReturnType<typeof engineRule>[], zone = 'Africa/Johannesburg') =>
  new ClientRules(INFO.clientId, new ZoneClock(zone), rules, null);

/** Fixes every 10 s driving east at the given speeds. */
function drive(from: number, speeds: number[]): DeviceRecord[] {
  return speeds.map((v, i) => fix(from + i * 10 * S, -26.1, 28 + east(i * 300), v));
}

describe('rule engine', () => {
  it('turns one speeding episode in one batch into one closed alert with its peak', () => {
    const e = new Engine(clientOf([engineRule(rule(), overLimit)]));
    const b = e.run(drive(T0, [80, 110, 132, 120, 90, 80]));
    expect(b.alerts).toHaveLength(1);
    expect(b.alerts[0]).toMatchObject({
      insert: true,
      ruleId: 11,
      unitId: INFO.uid,
      time: T0 + 10 * S,
      speed: 132,
      open: 0,
      endTime: T0 + 40 * S,
      evidence: { peak: 132, duration_s: 30 },
    });
  });

  it('keeps an episode spanning batches on one row: insert, then updates of it', () => {
    const e = new Engine(clientOf([engineRule(rule(), overLimit)]));
    const b1 = e.run(drive(T0, [90, 110, 115]));
    expect(b1.alerts).toMatchObject([{ insert: true, time: T0 + 10 * S, open: 1, endTime: null }]);
    const b2 = e.run(drive(T0 + 30 * S, [140, 120]));
    expect(b2.alerts).toMatchObject([{ insert: false, time: T0 + 10 * S, open: 1, speed: 140 }]);
    const b3 = e.run(drive(T0 + 50 * S, [60]));
    expect(b3.alerts).toMatchObject([
      { insert: false, time: T0 + 10 * S, open: 0, endTime: T0 + 50 * S, speed: 140 },
    ]);
  });

  it("writes an open incident's progress when its peak rises, else once a minute, and always its end", () => {
    const e = new Engine(clientOf([engineRule(rule(), overLimit)]));
    // One fix per batch, as a busy server commits them: ten minutes at a steady 120 km/h.
    const writes: number[] = [];
    e.run(drive(T0, [130]));
    for (let i = 1; i <= 60; i++) {
      const b = e.run(drive(T0 + i * 10 * S, [i === 30 ? 140 : 120]));
      if (b.alerts.length) writes.push(i);
    }
    // Every 6th fix (a minute), and the fix that raised the peak, not all 60.
    expect(writes.length).toBeLessThanOrEqual(12);
    expect(writes).toContain(30);
    const end = e.run(drive(T0 + 61 * 10 * S, [80]));
    expect(end.alerts).toMatchObject([{ insert: false, open: 0, speed: 140, time: T0 }]);
  });

  it('reopens the same alert within the cooldown, and raises a new one after it', () => {
    const e = new Engine(clientOf([engineRule(rule(), overLimit)]));
    e.run(drive(T0, [110, 60]));
    // Again 2 minutes after the end: the same incident goes on (an update of its row, open again).
    const again = e.run(drive(T0 + 10 * S + 2 * MIN, [120]));
    expect(again.alerts).toMatchObject([
      { insert: false, time: T0, open: 1, endTime: null, speed: 120 },
    ]);
    e.run(drive(T0 + 20 * S + 2 * MIN, [50]));
    // After the cooldown: a new incident.
    const later = T0 + 20 * S + 2 * MIN + RULE_COOLDOWN_S * S + 10 * S;
    const fresh = e.run(drive(later, [125]));
    expect(fresh.alerts).toMatchObject([{ insert: true, time: later, open: 1 }]);
  });

  it('starts nothing outside the rule days and hours, in the client zone', () => {
    // Monday 8:00 to 17:00 in Johannesburg; T0 is Monday 6:00 UTC = 8:00 SAST.
    const weekdays = rule({ days: [1], start: 8 * 60, end: 17 * 60 });
    const e = new Engine(clientOf([engineRule(weekdays, overLimit)]));
    expect(e.run(drive(T0 - 30 * S, [130, 130])).alerts).toEqual([]);
    // From 8:00 it fires; the earlier minutes did not count.
    expect(e.run(drive(T0 + 10 * S, [130])).alerts).toMatchObject([
      { insert: true, time: T0 + 10 * S },
    ]);
    // The same clock time on Tuesday is outside the days.
    const tuesday = new Engine(clientOf([engineRule(weekdays, overLimit)]));
    expect(tuesday.run(drive(T0 + 24 * 3600_000, [130, 130])).alerts).toEqual([]);
    // In London, 6:00 UTC in March is 6:00: before the window.
    const london = new Engine(clientOf([engineRule(weekdays, overLimit)], 'Europe/London'));
    expect(london.run(drive(T0, [130, 130])).alerts).toEqual([]);
  });

  it('lets an incident that started in the window run past its end', () => {
    const morning = rule({ start: 0, end: 8 * 60 + 1 }); // until 8:01 SAST = 6:01 UTC
    const e = new Engine(clientOf([engineRule(morning, overLimit)]));
    e.run(drive(T0 + 50 * S, [130, 131]));
    const b = e.run(drive(T0 + 70 * S, [150, 70]));
    expect(b.alerts).toMatchObject([{ insert: false, open: 0, speed: 150, endTime: T0 + 80 * S }]);
  });

  it('sees the record events and the state before the record', () => {
    const seen: { ignitionBefore: boolean | null; ignition: boolean | null; events: unknown }[] =
      [];
    const spy: Evaluator = (_r, _m, x: EvalInput) =>
      seen.push({
        ignitionBefore: x.before.ignition,
        ignition: x.rt.ignition,
        events: [...x.events],
      });
    const e = new Engine(clientOf([engineRule(rule(), spy)]));
    e.run([status(T0, { ignition: false }), status(T0 + S, { ignition: true, events: ['panic'] })]);
    expect(seen[1]).toEqual({
      ignitionBefore: false,
      ignition: true,
      events: [
        { type: 'panic', ref: 0, attributes: {} },
        { type: 'ignition_on', ref: 0, attributes: { derived: true } },
      ],
    });
  });

  it('raises one instant alert per event, continued within the cooldown', () => {
    const e = new Engine(clientOf([engineRule(rule({ type: 'harsh_driving' }), onBraking)]));
    const b = e.run([
      fix(T0, -26.1, 28, 50, { events: ['harsh_braking'] }),
      fix(T0 + 30 * S, -26.1, 28.001, 40, { events: ['harsh_braking'] }),
    ]);
    expect(b.alerts).toMatchObject([
      { insert: true, time: T0, open: 0, endTime: T0 + 30 * S, evidence: { kind: 'braking' } },
    ]);
  });

  it('forgets an ended incident a day after it ended, and not before', () => {
    const e = new Engine(clientOf([engineRule(rule({ type: 'harsh_driving' }), onBraking)]));
    e.run([fix(T0, -26.1, 28, 50, { events: ['harsh_braking'] })]);
    const stored = `{"11":{"s":${T0},"e":${T0},"t":"harsh_driving"}}`;
    e.run([fix(T0 + 2 * 3600_000, -26.1, 28.001, 50)]);
    expect(serializeRuleMemory(e.rt.rules)).toBe(stored);
    e.now = T0 + 26 * 3600_000;
    e.run([fix(T0 + 25 * 3600_000, -26.1, 28.002, 50)]);
    expect(serializeRuleMemory(e.rt.rules)).toBe('{}');
  });

  it('runs nothing for late fixes and resent duplicates', () => {
    const e = new Engine(clientOf([engineRule(rule({ type: 'harsh_driving' }), onBraking)]));
    e.run([fix(T0 + MIN, -26.1, 28, 50)]);
    const late = e.run([fix(T0, -26.1, 28.0001, 50, { events: ['harsh_braking'] })]);
    expect(late.alerts).toEqual([]);
    const dup = e.run([fix(T0 + MIN, -26.1, 28, 50, { events: ['harsh_braking'] })]);
    expect(dup.alerts).toEqual([]);
  });

  it('keeps the memory through unit_state: a reload resumes the open episode', () => {
    const e = new Engine(clientOf([engineRule(rule(), overLimit)]));
    e.run(drive(T0, [110, 130]));
    e.reload();
    expect(e.rt.rules?.get(11)).toMatchObject({ s: T0, open: true, m: { since: T0, peak: 130 } });
    const b = e.run(drive(T0 + 20 * S, [125, 70]));
    expect(b.alerts).toMatchObject([
      { insert: false, time: T0, open: 0, speed: 130, evidence: { peak: 130, duration_s: 30 } },
    ]);
  });

  it('serialises and parses the memory; bad stored memory reads as none', () => {
    const mem = parseRuleMemory('{"3":{"s":5,"o":1,"e":0,"m":{"a":[1,2]}},"x":{},"4":7}');
    expect(mem?.get(3)).toMatchObject({ s: 5, open: true, e: 0, m: { a: [1, 2] } });
    expect(mem?.size).toBe(1);
    // What is 0 or empty is left out.
    expect(serializeRuleMemory(mem!)).toBe('{"3":{"s":5,"o":1,"m":{"a":[1,2]}}}');
    // With the rule's type, as the engine stores it; an unknown type reads as not known.
    const typed = parseRuleMemory('{"3":{"s":5,"o":0,"e":6,"t":"towing","m":{}},"4":{"t":"nope"}}');
    expect(typed?.get(3)?.t).toBe('towing');
    expect(typed?.get(4)?.t).toBe('');
    expect(serializeRuleMemory(typed)).toBe('{"3":{"s":5,"e":6,"t":"towing"}}');
    expect(parseRuleMemory('not json')).toBe(null);
    expect(parseRuleMemory('{}')).toBe(null);
    expect(serializeRuleMemory(null)).toBe('{}');
    // Rules that never raised anything and keep no memory are left out (they read back the same).
    const idle = parseRuleMemory(
      '{"3":{"s":0,"o":0,"e":0,"m":{}},"4":{"s":0,"o":0,"e":0,"m":{"n":1}}}',
    );
    expect(idle?.size).toBe(2);
    expect(serializeRuleMemory(idle)).toBe('{"4":{"m":{"n":1}}}');
    idle!.get(4)!.m.n = undefined;
    expect(serializeRuleMemory(idle)).toBe('{}');
  });

  it('serialises again whatever changed since the last time: values, keys, nested values, the incident', () => {
    const mem = parseRuleMemory('{"3":{"s":0,"o":0,"e":0,"m":{"since":5}}}')!;
    const st = mem.get(3)!;
    const text = () => JSON.parse(serializeRuleMemory(mem))['3'];
    expect(text()).toEqual({ m: { since: 5 } });
    st.m.since = 6;
    expect(text().m).toEqual({ since: 6 });
    st.m.peak = 90;
    expect(text().m).toEqual({ since: 6, peak: 90 });
    delete st.m.since;
    expect(text().m).toEqual({ peak: 90 });
    // Evaluators forget a value by setting it undefined: it is not stored.
    st.m.gone = 1;
    expect(text().m).toEqual({ peak: 90, gone: 1 });
    st.m.gone = undefined;
    expect(serializeRuleMemory(mem)).toBe('{"3":{"m":{"peak":90}}}');
    st.m.list = [1];
    expect(text().m).toEqual({ peak: 90, list: [1] });
    (st.m.list as number[]).push(2);
    expect(text().m).toEqual({ peak: 90, list: [1, 2] });
    st.s = 100;
    st.open = true;
    expect(text()).toMatchObject({ s: 100, o: 1 });
    st.open = false;
    st.e = 200;
    expect(text()).toEqual({ s: 100, e: 200, m: { peak: 90, list: [1, 2] } });
    // Entries that leave or come back.
    mem.set(4, { ...st, m: { a: 1 }, saved: null });
    expect(Object.keys(JSON.parse(serializeRuleMemory(mem)))).toEqual(['3', '4']);
    mem.delete(3);
    expect(JSON.parse(serializeRuleMemory(mem))).toEqual({
      '4': { s: 100, e: 200, m: { a: 1 } },
    });
  });

  it('drops the memory of a deleted rule and ends its open alert', () => {
    const e = new Engine(clientOf([engineRule(rule(), overLimit)]));
    e.run(drive(T0, [110, 130]));
    e.client = clientOf([]);
    const b = e.run(drive(T0 + 20 * S, [140]));
    expect(b.alerts).toMatchObject([
      { insert: false, ruleId: 11, time: T0, open: 0, endTime: T0 + 10 * S },
    ]);
    expect(e.rt.rules).toBe(null);
    expect(serializeRuleMemory(e.rt.rules)).toBe('{}');
  });

  it('drops the memory of a rule edited to another type under the same rid, ending its alert', () => {
    const e = new Engine(clientOf([engineRule(rule(), overLimit)]));
    e.run(drive(T0, [110, 130]));
    expect(e.rt.rules?.get(11)).toMatchObject({ t: 'speeding', open: true, m: { peak: 130 } });
    // The same rid, now a vehicle moving rule: it must not read the speeding memory as its own.
    const seen: Record<string, unknown>[] = [];
    const spy: Evaluator = (_r, mem) => {
      seen.push({ ...mem });
      mem.mine = true;
    };
    e.client = clientOf([
      engineRule(rule({ type: 'vehicle_moving', param: { min_speed: 10 } }), spy),
    ]);
    const b = e.run(drive(T0 + 20 * S, [140]));
    expect(seen).toEqual([{}]);
    // The speeding alert is ended, as for a deleted rule; no continuation of it by the new type.
    expect(b.alerts).toMatchObject([
      { insert: false, ruleId: 11, time: T0, open: 0, endTime: T0 + 10 * S },
    ]);
    expect(e.rt.rules?.get(11)).toMatchObject({ t: 'vehicle_moving', s: 0, open: false });
    // The type is stored with the memory, so a restart in between drops it too.
    e.reload();
    expect(e.rt.rules?.get(11)).toMatchObject({ t: 'vehicle_moving', m: { mine: true } });
    e.client = clientOf([engineRule(rule(), overLimit)]);
    e.run(drive(T0 + 30 * S, [90]));
    expect(e.rt.rules?.get(11)?.m).toEqual({});
    // An edit that keeps the type keeps the memory (a new limit goes on with the episode).
    const same = new Engine(clientOf([engineRule(rule(), overLimit)]));
    same.run(drive(T0, [110, 130]));
    same.client = clientOf([engineRule(rule({ name: 'Renamed' }), overLimit)]);
    expect(same.run(drive(T0 + 20 * S, [140])).alerts).toMatchObject([
      { insert: false, time: T0, open: 1, speed: 140 },
    ]);
  });

  it('runs nothing per record for a client without rules', () => {
    const seen: number[] = [];
    const e = new Engine(clientOf([]));
    const b = e.run(drive(T0, [150, 150]));
    expect(b.units.get(INFO.uid)?.rules).toBeUndefined();
    expect(b.alerts).toEqual([]);
    expect(e.rt.rules).toBe(null);
    // The same unit once its client has a rule: resolved for the batch, run on every record.
    e.client = clientOf([engineRule(rule(), (_r, _m, x) => void seen.push(x.time))]);
    expect(e.run(drive(T0 + 20 * S, [150, 150])).units.get(INFO.uid)?.rules).not.toBeNull();
    expect(seen).toEqual([T0 + 20 * S, T0 + 30 * S]);
  });

  it('calls an events-only rule (battery tampering) on records with events only, alerting as before', () => {
    const real = engineRule(
      rule({ type: 'battery_tampering', param: {} }),
      EVALUATORS.battery_tampering as Evaluator,
    );
    expect(real.eventsOnly).toBe(true);
    // A stand-in evaluator is always called: nothing is known of what it reads.
    expect(engineRule(rule({ type: 'battery_tampering', param: {} }), onBraking).eventsOnly).toBe(
      false,
    );
    const e = new Engine(clientOf([real]));
    const b = e.run([
      fix(T0, -26.1, 28, 50),
      fix(T0 + 10 * S, -26.1, 28.001, 50, { events: ['tamper'] }),
      fix(T0 + 20 * S, -26.1, 28.002, 50),
    ]);
    expect(b.alerts).toMatchObject([
      { insert: true, time: T0 + 10 * S, open: 0, evidence: { event: 'tamper' } },
    ]);
  });

  it('skips rule types the unit service type does not support', () => {
    const client = clientOf([engineRule(rule(), overLimit)]);
    const e = new Engine(client);
    e.info = { ...INFO, serviceType: 'recovery' };
    expect(e.run(drive(T0, [150, 150, 50])).alerts).toEqual([]);
    expect(client.forUnit({ ...INFO, serviceType: 'full' })).toHaveLength(1);
    expect(client.forUnit({ ...INFO, uid: 99, serviceType: 'lite' })).toHaveLength(1);
  });

  it('goes on past an evaluator that throws, and reports it', () => {
    const boom: Evaluator = () => {
      throw new Error('boom');
    };
    const e = new Engine(
      clientOf([engineRule(rule({ rid: 1 }), boom), engineRule(rule({ rid: 2 }), overLimit)]),
    );
    const b = e.run(drive(T0, [120, 50]));
    expect(e.errors).toHaveLength(2);
    expect(b.alerts).toMatchObject([{ ruleId: 2, insert: true }]);
  });
});
