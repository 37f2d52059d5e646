// The recovery desk's plan at ingest (issue 16 item 1): which device events raise a chase-up of
// which SPEC §8 type, and the SPEC §4 state each cause sets, in the order of precedence
// 9, 8, 7, 12/11, 6, 5, 10, else 0 New; duplicates folded within the window (in one batch and
// across batches) and not outside it.
import { describe, expect, it } from 'vitest';
import { CHASEUP_TYPES } from '@fleet/common';
import type { DeviceEventType } from '../../../src/ingest/types';
import type { StoredEvent } from '../../../src/pipeline/columns';
import {
  CHASEUP_DESCRIPTION_OF_EVENT,
  CHASEUP_TYPE_OF_EVENT,
  baseState,
  chaseupEvents,
  planChaseups,
  recentQuery,
  type ChaseupPlanInput,
  type ChaseupUnit,
  type KnownChaseup,
} from '../../../src/recovery/plan';
import {
  CHASEUP_DUPLICATE_WINDOW_MS,
  CHASEUP_FLAP_WINDOW_MS,
  CHASEUP_FUTURE_MS,
  CHASEUP_TOO_LATE_MS,
  RECOVERY_LIMITS,
} from '../../../src/recovery/limits';

const NOW = Date.UTC(2025, 2, 3, 12, 0, 0);
const MIN = 60_000;
const UID = 7;
const CID = 3;

let nextId = 100;
function ev(type: string, time = NOW - MIN, extra: Partial<StoredEvent> = {}): StoredEvent {
  return {
    id: nextId++,
    unit_id: UID,
    client_id: CID,
    time,
    type,
    lat: -26.1,
    lon: 28.05,
    speed: 0,
    ref: 0,
    ...extra,
  };
}

function plan(
  events: StoredEvent[],
  opts: {
    unit?: Partial<ChaseupUnit>;
    recipients?: boolean;
    recent?: KnownChaseup[];
  } = {},
) {
  const input: ChaseupPlanInput = {
    now: NOW,
    events,
    unitOf: () => ({ serviceType: 'recovery', chaseUp: true, ...opts.unit }),
    hasPanicRecipients: () => opts.recipients ?? false,
    recent: opts.recent ?? [],
  };
  return planChaseups(input);
}

const stateOf = (type: string, opts: Parameters<typeof plan>[1] = {}, time = NOW - MIN) =>
  plan([ev(type, time)], opts)[0].state;

const EXPECTED: Record<string, number> = {
  power_cut: 1,
  low_battery: 2,
  tamper: 3,
  crash: 5,
  panic: 6,
  panic_remote: 7,
  driver_id_timeout: 8,
  driver_id_lost: 9,
  gps_fault: 10,
  harness_unplugged: 12,
  supply_cut: 13,
  immobiliser_fault: 14,
  immobiliser_bypass: 14,
  towing: 15,
  house_alarm: 16,
  immobiliser_line_high: 17,
  gps_jamming: 18,
  gsm_jamming: 19,
  early_warning_timeout: 20,
  early_warning_lost: 21,
  crash_park_tilt: 22,
  crash_braking: 23,
  crash_impact_park: 24,
};

describe('event → chase-up type (SPEC §8)', () => {
  it.each(Object.entries(EXPECTED))('%s raises type %i', (type, chaseupType) => {
    const [c] = plan([ev(type)]);
    expect(c.type).toBe(chaseupType);
    expect(CHASEUP_TYPES[c.type]).toBeDefined();
    expect(c.description).toBe(CHASEUP_DESCRIPTION_OF_EVENT[type as DeviceEventType]);
    expect(c.description.length).toBeGreaterThan(5);
  });

  it('maps exactly those events, covering every type but 4 (rules) and 11 (the job)', () => {
    expect(CHASEUP_TYPE_OF_EVENT).toEqual(EXPECTED);
    const covered = new Set(Object.values(EXPECTED));
    const all = Object.keys(CHASEUP_TYPES).map(Number);
    expect(all.filter((t) => !covered.has(t))).toEqual([4, 11]);
  });

  it.each([
    'ignition_on',
    'ignition_off',
    'power_restored',
    'overspeed',
    'harsh_braking',
    'driver_id',
    'location_enter',
  ])('%s raises none', (type) => {
    expect(plan([ev(type)])).toEqual([]);
    expect(chaseupEvents([ev(type)])).toEqual([]);
  });

  it('fills the row from the event: unit, client, time, place, device event, created now', () => {
    const e = ev('panic', NOW - 2 * MIN, { lat: -33.9, lon: 18.4 });
    expect(plan([e])).toEqual([
      {
        client_id: CID,
        unit_id: UID,
        type: 6,
        state: 0,
        time: NOW - 2 * MIN,
        lat: -33.9,
        lon: 18.4,
        device_event_id: e.id,
        description: 'Panic button pressed',
        created: NOW,
        duplicate_of: null,
        duplicate_of_planned: null,
      },
    ]);
  });

  it('keeps an event without a place without one', () => {
    const [c] = plan([ev('power_cut', NOW - MIN, { lat: null, lon: null })]);
    expect([c.lat, c.lon]).toEqual([null, null]);
  });
});

describe('internal states, each from its cause (SPEC §4)', () => {
  it('0 New: a recovery unit of a chased client, fresh data', () => {
    expect(stateOf('panic')).toBe(0);
  });

  it('9 data in the future: more than 5 minutes ahead of the server clock', () => {
    expect(stateOf('panic', {}, NOW + CHASEUP_FUTURE_MS + 1)).toBe(9);
    expect(stateOf('panic', {}, NOW + CHASEUP_FUTURE_MS)).toBe(0);
  });

  it('8 too late: older than the limit when it arrives', () => {
    expect(stateOf('panic', {}, NOW - CHASEUP_TOO_LATE_MS - 1)).toBe(8);
    expect(stateOf('panic', {}, NOW - CHASEUP_TOO_LATE_MS)).toBe(0);
  });

  it("7 don't chase up: the client opted out", () => {
    expect(stateOf('towing', { unit: { chaseUp: false } })).toBe(7);
  });

  it('12 only client notifications: a self-monitoring unit, nothing to send', () => {
    expect(stateOf('power_cut', { unit: { serviceType: 'lite' } })).toBe(12);
    expect(stateOf('panic', { unit: { serviceType: 'old_lite' } })).toBe(12);
    // Recipients are told of panics only: another type has nothing to wait for.
    expect(stateOf('tamper', { unit: { serviceType: 'lite' }, recipients: true })).toBe(12);
  });

  it('11 sending notification: a self-monitoring unit whose client has panic recipients', () => {
    expect(stateOf('panic', { unit: { serviceType: 'lite' }, recipients: true })).toBe(11);
    expect(stateOf('panic_remote', { unit: { serviceType: 'old_lite' }, recipients: true })).toBe(
      11,
    );
    // A recovery unit is chased by the desk, recipients or not.
    expect(stateOf('panic', { recipients: true })).toBe(0);
  });

  it('6 duplicate: the same unit and type within the window of a chase-up on the queue', () => {
    const recent = [{ id: 41, unit_id: UID, type: 6, time: NOW - 20 * MIN, state: 1 }];
    const [c] = plan([ev('panic', NOW - MIN)], { recent });
    expect(c).toMatchObject({ state: 6, duplicate_of: 41, duplicate_of_planned: null });
  });

  it('5 filter first: the third of a type within 24 h, none of them worked', () => {
    const recent = [
      { id: 1, unit_id: UID, type: 3, time: NOW - 10 * 3600_000, state: 0 },
      { id: 2, unit_id: UID, type: 3, time: NOW - 5 * 3600_000, state: 4 },
    ];
    expect(stateOf('tamper', { recent })).toBe(5);
    // The second is not flapping yet.
    expect(stateOf('tamper', { recent: recent.slice(1) })).toBe(0);
  });

  it('5 is not set when one of them was worked as a real incident (states 1-3)', () => {
    for (const worked of [1, 2, 3]) {
      const recent = [
        { id: 1, unit_id: UID, type: 3, time: NOW - 10 * 3600_000, state: worked },
        { id: 2, unit_id: UID, type: 3, time: NOW - 5 * 3600_000, state: 0 },
      ];
      expect(stateOf('tamper', { recent })).toBe(0);
    }
  });

  it('5 counts only the last 24 h', () => {
    const recent = [
      { id: 1, unit_id: UID, type: 3, time: NOW - MIN - CHASEUP_FLAP_WINDOW_MS, state: 0 },
      { id: 2, unit_id: UID, type: 3, time: NOW - 5 * 3600_000, state: 0 },
    ];
    expect(stateOf('tamper', { recent })).toBe(0);
  });

  it('10 investigate first: the unit-issue types go to the technical check', () => {
    expect(stateOf('gps_fault')).toBe(10);
    expect(stateOf('immobiliser_line_high')).toBe(10);
    expect(stateOf('gps_jamming')).toBe(0);
  });
});

describe('precedence: 9, 8, 7, 12/11, 6, 5, 10, else 0', () => {
  const dupOf = (type: number) => [{ id: 9, unit_id: UID, type, time: NOW - 2 * MIN, state: 0 }];
  const flapping = (type: number) => [
    { id: 1, unit_id: UID, type, time: NOW - 3 * 3600_000, state: 0 },
    { id: 2, unit_id: UID, type, time: NOW - 2 * 3600_000, state: 0 },
  ];

  it('9 before 8 and 7', () => {
    // In the future beats everything, even an opted-out lite unit's duplicate.
    const opts = { unit: { chaseUp: false, serviceType: 'lite' }, recent: dupOf(6) };
    expect(stateOf('panic', opts, NOW + CHASEUP_FUTURE_MS + MIN)).toBe(9);
  });

  it('8 before 7', () => {
    expect(stateOf('panic', { unit: { chaseUp: false } }, NOW - 2 * CHASEUP_TOO_LATE_MS)).toBe(8);
  });

  it('7 before 12/11', () => {
    const opts = { unit: { chaseUp: false, serviceType: 'lite' }, recipients: true };
    expect(stateOf('panic', opts)).toBe(7);
  });

  it('12/11 before 6', () => {
    const opts = { unit: { serviceType: 'lite' }, recipients: true, recent: dupOf(6) };
    expect(stateOf('panic', opts)).toBe(11);
    expect(stateOf('power_cut', { unit: { serviceType: 'lite' }, recent: dupOf(1) })).toBe(12);
  });

  it('6 before 5', () => {
    const recent = [...flapping(3), ...dupOf(3)];
    const [c] = plan([ev('tamper')], { recent });
    expect(c).toMatchObject({ state: 6, duplicate_of: 9 });
  });

  it('5 before 10', () => {
    expect(stateOf('gps_fault', { recent: flapping(10) })).toBe(5);
  });

  it('baseState is what rule-alert chase-ups (type 4) take', () => {
    expect(baseState(NOW, NOW + CHASEUP_FUTURE_MS + 1, false)).toBe(9);
    expect(baseState(NOW, NOW - CHASEUP_TOO_LATE_MS - 1, false)).toBe(8);
    expect(baseState(NOW, NOW, false)).toBe(7);
    expect(baseState(NOW, NOW, true)).toBeNull();
  });
});

describe('duplicates', () => {
  const W = CHASEUP_DUPLICATE_WINDOW_MS;

  it('within one batch: the first is New, the rest point at it', () => {
    const a = ev('panic', NOW - 20 * MIN);
    const b = ev('panic', NOW - 10 * MIN);
    const c = ev('panic', NOW - 5 * MIN);
    const out = plan([c, a, b]);
    expect(out.map((x) => [x.device_event_id, x.state, x.duplicate_of_planned])).toEqual([
      [a.id, 0, null],
      [b.id, 6, 0],
      [c.id, 6, 0],
    ]);
    expect(out.every((x) => x.duplicate_of === null)).toBe(true);
  });

  it('within one batch, outside the window: both New', () => {
    const out = plan([ev('towing', NOW - W - 2 * MIN), ev('towing', NOW - MIN)]);
    expect(out.map((x) => x.state)).toEqual([0, 0]);
  });

  it('across batches: a stored chase-up on the queue within the window', () => {
    for (const state of [0, 1, 2, 3, 4]) {
      const recent = [{ id: 55, unit_id: UID, type: 15, time: NOW - MIN - W, state }];
      const [c] = plan([ev('towing', NOW - MIN)], { recent });
      expect(c).toMatchObject({ state: 6, duplicate_of: 55 });
    }
  });

  it('across batches: outside the window is a new incident', () => {
    const recent = [{ id: 55, unit_id: UID, type: 15, time: NOW - 2 * MIN - W, state: 0 }];
    const [c] = plan([ev('towing', NOW - MIN)], { recent });
    expect(c).toMatchObject({ state: 0, duplicate_of: null });
  });

  it('an internal chase-up is no anchor (too late, duplicate, ...)', () => {
    for (const state of [5, 6, 7, 8, 9, 10, 11, 12]) {
      const recent = [{ id: 55, unit_id: UID, type: 15, time: NOW - 2 * MIN, state }];
      expect(stateOf('towing', { recent })).toBe(0);
    }
  });

  it('another unit or another type is another incident', () => {
    const recent = [
      { id: 1, unit_id: UID + 1, type: 15, time: NOW - 2 * MIN, state: 0 },
      { id: 2, unit_id: UID, type: 6, time: NOW - 2 * MIN, state: 0 },
    ];
    expect(stateOf('towing', { recent })).toBe(0);
    const out = plan([ev('towing'), ev('towing', NOW - MIN, { unit_id: UID + 1 })]);
    expect(out.map((x) => x.state)).toEqual([0, 0]);
  });

  it('panic and panic remote are different types', () => {
    const out = plan([ev('panic', NOW - 2 * MIN), ev('panic_remote', NOW - MIN)]);
    expect(out.map((x) => [x.type, x.state])).toEqual([
      [6, 0],
      [7, 0],
    ]);
  });

  it('points at the nearest chase-up on the queue', () => {
    const recent = [
      { id: 1, unit_id: UID, type: 15, time: NOW - 25 * MIN, state: 0 },
      { id: 2, unit_id: UID, type: 15, time: NOW - 4 * MIN, state: 1 },
    ];
    expect(plan([ev('towing', NOW - MIN)], { recent })[0].duplicate_of).toBe(2);
  });

  it('a flapping sensor: folded while in the window, filtered after it', () => {
    const times = [0, 10, 20, 45, 50].map((m) => NOW - 60 * MIN + m * MIN);
    const out = plan(times.map((t) => ev('tamper', t)));
    // New; two duplicates; the fourth is 45 min after the first: the third or more in 24 h, none
    // worked: filter first; the fifth is within the window of no chase-up on the queue either.
    expect(out.map((x) => x.state)).toEqual([0, 6, 6, 5, 5]);
  });
});

describe('the batch lookup', () => {
  it('asks once for the units, types and time span the plan compares with', () => {
    const events = chaseupEvents([
      ev('panic', NOW - 10 * MIN),
      ev('ignition_on', NOW - 20 * MIN),
      ev('towing', NOW - 3 * MIN, { unit_id: 9 }),
      ev('panic', NOW - MIN),
    ]);
    const q = recentQuery(events);
    expect(q.uids.sort()).toEqual([7, 9]);
    expect(q.types.sort((a, b) => a - b)).toEqual([6, 15]);
    const back = Math.max(RECOVERY_LIMITS.duplicateWindowMs, RECOVERY_LIMITS.flapWindowMs);
    expect(q.since).toBe(NOW - 10 * MIN - back);
  });
});
