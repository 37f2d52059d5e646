// Each rule type about places and the tracker's reports fires on a drive made for it and stays
// silent on one made to look close (issue 11 "Tests that must exist"): the wrong location, the
// input changing to the other state, a driver tag 10 s before the timeout, and so on.
import { describe, expect, it } from 'vitest';
import type { ClientPlaces, CompiledRoute } from '../../../src/pipeline/places-index';
import { at, drive, fixes, T0, type Call, type DriveResult } from './evaluators-drive';

const asked = (r: DriveResult): Call[] =>
  r.calls.filter((c) => c.op === 'start' || c.op === 'instant');
const evidenceOf = (c: Call | undefined) => (c && 'facts' in c ? c.facts?.evidence : undefined);
const ends = (r: DriveResult) => r.calls.filter((c) => c.op === 'end');

/** A client's places as the evaluators read them: location names and the unit's routes. */
function places(routes: number[] = []): ClientPlaces {
  return {
    clientId: 1,
    empty: false,
    locations: [],
    byLid: new Map([[5, { lid: 5, name: 'Johannesburg Main Depot' }]]),
    index: null,
    routesByUnit: new Map([[7, routes.map((roid) => ({ roid }) as CompiledRoute)]]),
  } as unknown as ClientPlaces;
}

const enter = (lid: number) => ({
  type: 'location_enter' as const,
  ref: lid,
  attributes: { derived: true, lid, name: lid === 5 ? 'Johannesburg Main Depot' : 'Other' },
});
const exit = (lid: number) => ({ ...enter(lid), type: 'location_exit' as const });

describe('Location', () => {
  it('enter: the location_enter event of its location', () => {
    const r = drive('location', { lid: 5, trigger: 'enter' }, [
      { t: 0, speed: 30, inside: [] },
      { t: 10, speed: 20, inside: [5], events: [enter(5)] },
    ]);
    expect(r.fired).toHaveLength(1);
    expect(evidenceOf(r.fired[0])).toEqual({
      lid: 5,
      location_name: 'Johannesburg Main Depot',
      trigger: 'enter',
    });
  });

  it('enter: silent for another location, and for the exit', () => {
    const r = drive('location', { lid: 5, trigger: 'enter' }, [
      { t: 0, speed: 30, inside: [6], events: [enter(6)] },
      { t: 10, speed: 30, inside: [], events: [exit(6), exit(5)] },
    ]);
    expect(asked(r)).toEqual([]);
  });

  it('exit: the location_exit event of its location', () => {
    const r = drive('location', { lid: 5, trigger: 'exit' }, [
      { t: 0, speed: 30, inside: [5], events: [enter(5)] },
      { t: 60, speed: 30, inside: [], events: [exit(5)] },
    ]);
    expect(r.fired.map(at)).toEqual([60]);
    expect(evidenceOf(r.fired[0])).toMatchObject({ trigger: 'exit' });
  });

  it('inside: in the location for the minutes, from the entry to the exit', () => {
    const r = drive(
      'location',
      { lid: 5, trigger: 'inside', minutes: 10 },
      [
        { t: 0, speed: 30, inside: [] },
        { t: 60, speed: 5, inside: [5], events: [enter(5)] },
        { t: 660, speed: 0 },
        { t: 900, speed: 20, inside: [], events: [exit(5)] },
      ],
      { places: places() },
    );
    expect(r.fired.map(at)).toEqual([60]);
    expect(ends(r).map(at)).toEqual([900]);
    expect(evidenceOf(ends(r)[0])).toEqual({
      lid: 5,
      location_name: 'Johannesburg Main Depot',
      trigger: 'inside',
      minutes: 10,
      duration_s: 840,
    });
  });

  it('inside: silent when it leaves 10 s before the minutes, or is in the wrong location', () => {
    const short = drive('location', { lid: 5, trigger: 'inside', minutes: 10 }, [
      { t: 0, speed: 5, inside: [5] },
      { t: 590, speed: 0 },
      { t: 600, speed: 20, inside: [] },
    ]);
    expect(asked(short)).toEqual([]);
    const wrong = drive('location', { lid: 5, trigger: 'inside', minutes: 10 }, [
      { t: 0, speed: 5, inside: [6] },
      { t: 3600, speed: 0 },
    ]);
    expect(asked(wrong)).toEqual([]);
  });
});

describe('Abnormal Park', () => {
  const parkedFrom = (inside: number[]) => [
    { t: 0, speed: 40, ignition: true, inside },
    { t: 60, speed: 0, ignition: false },
    { t: 60 + 1800, ignition: false },
    { t: 3000, speed: 30, ignition: true },
  ];

  it('parked outside the chosen locations for the minutes', () => {
    const r = drive('abnormal_park', { minutes: 30, lids: [5] }, parkedFrom([6]));
    expect(r.fired.map(at)).toEqual([60]);
    expect(ends(r).map(at)).toEqual([3000]);
    expect(evidenceOf(ends(r)[0])).toEqual({ minutes: 30, duration_s: 2940 });
  });

  it('with no locations chosen, parked outside all of them', () => {
    expect(drive('abnormal_park', { minutes: 30 }, parkedFrom([])).fired).toHaveLength(1);
  });

  it('silent when parked inside a chosen location, or any when none is chosen', () => {
    expect(asked(drive('abnormal_park', { minutes: 30, lids: [5] }, parkedFrom([5])))).toEqual([]);
    expect(asked(drive('abnormal_park', { minutes: 30 }, parkedFrom([6])))).toEqual([]);
  });
});

describe('Route Violation', () => {
  const off = {
    type: 'route_violation' as const,
    ref: 3,
    attributes: { name: 'N1', off_route: 420 },
  };
  const back = { type: 'route_return' as const, ref: 3, attributes: { name: 'N1', off_route: 10 } };

  it('from the route_violation event to the route_return of the same route', () => {
    const r = drive(
      'route_violation',
      { roid: 3 },
      [
        { t: 0, speed: 60 },
        { t: 30, speed: 60, events: [off] },
        { t: 60, speed: 60 },
        { t: 90, speed: 60, events: [back] },
      ],
      { places: places([3]) },
    );
    expect(r.fired.map(at)).toEqual([30]);
    expect(evidenceOf(r.fired[0])).toEqual({ roid: 3, route_name: 'N1', off_route_m: 420 });
    expect(ends(r).map(at)).toEqual([90]);
    expect(r.mem).toEqual({});
  });

  it('any route when none is chosen; silent for another route than the chosen one', () => {
    const steps = [{ t: 0, speed: 60, events: [off] }];
    expect(drive('route_violation', {}, steps, { places: places([3]) }).fired).toHaveLength(1);
    expect(asked(drive('route_violation', { roid: 4 }, steps, { places: places([3, 4]) }))).toEqual(
      [],
    );
  });

  it('a route unassigned while off ends the incident', () => {
    const r = drive('route_violation', {}, [{ t: 0, speed: 60, events: [off] }], {
      places: places([3]),
    });
    const mem = r.mem;
    const later = drive('route_violation', {}, [{ t: 60, speed: 60 }], { places: places([]), mem });
    expect(later.mem).toEqual({});
  });
});

describe('Border crossing', () => {
  it('a fix outside South Africa after one inside', () => {
    const r = drive('border_crossing', {}, [
      { t: 0, speed: 80, lat: -22.35, lon: 30.04 }, // Musina
      { t: 600, speed: 40, lat: -22.2167, lon: 30.0 }, // Beitbridge, Zimbabwe
      { t: 900, speed: 40, lat: -20.15, lon: 28.58 }, // Bulawayo
    ]);
    expect(r.fired.map(at)).toEqual([600]);
    expect(evidenceOf(r.fired[0])).toEqual({ direction: 'out' });
  });

  it('silent for a first fix abroad, a return, and a drive that stays inside', () => {
    const r = drive('border_crossing', {}, [
      { t: 0, speed: 40, lat: -25.97, lon: 32.57 }, // Maputo: only sets the memory
      { t: 3600, speed: 80, lat: -25.45, lon: 31.98 }, // Komatipoort, back in
      { t: 7200, speed: 80, lat: -26.2, lon: 28.05 }, // Johannesburg
      { t: 9000, speed: 80, lat: -29.86, lon: 31.02 }, // Durban
    ]);
    expect(asked(r)).toEqual([]);
  });
});

describe('Battery disconnected or tampering, Immobiliser bypass, Power Restored', () => {
  it('a power cut or a tamper alarm is an incident, with the voltage when known', () => {
    const cut = drive('battery_tampering', {}, [
      { t: 0, power: 12.6 },
      {
        t: 10,
        power: 0.4,
        events: [{ type: 'power_cut', attributes: { derived: true, power: 0.4 } }],
      },
    ]);
    expect(cut.fired.map(evidenceOf)).toEqual([{ event: 'power_cut', power: 0.4 }]);
    const tamper = drive('battery_tampering', {}, [{ t: 0, events: ['tamper'] }]);
    expect(tamper.fired.map(evidenceOf)).toEqual([{ event: 'tamper' }]);
    // A tracker unplugged or its supply wire cut (GT06 removal alarm, Teltonika unplug with the
    // supply input still live) is tampering too.
    for (const type of ['harness_unplugged', 'supply_cut'] as const) {
      const r = drive('battery_tampering', {}, [{ t: 0, events: [type] }]);
      expect(r.fired.map(evidenceOf)).toEqual([{ event: type }]);
    }
  });

  it('silent on a power restore or a low battery alarm', () => {
    const r = drive('battery_tampering', {}, [{ t: 0, events: ['power_restored', 'low_battery'] }]);
    expect(asked(r)).toEqual([]);
  });

  it('immobiliser bypass and power restored fire on their events only', () => {
    expect(
      drive('immobiliser_bypass', {}, [{ t: 0, events: ['immobiliser_bypass'] }]).fired,
    ).toHaveLength(1);
    expect(asked(drive('immobiliser_bypass', {}, [{ t: 0, events: ['tamper'] }]))).toEqual([]);
    const restored = drive('power_restored', {}, [
      { t: 0, power: 13.1, events: ['power_restored'] },
    ]);
    expect(restored.fired.map(evidenceOf)).toEqual([{ power: 13.1 }]);
    expect(asked(drive('power_restored', {}, [{ t: 0, events: ['power_cut'] }]))).toEqual([]);
  });
});

describe('Battery Low', () => {
  it('one incident per episode under the level, ended 0.5 V above it', () => {
    const r = drive('battery_low', { volts: 11.8 }, [
      { t: 0, power: 12.4 },
      { t: 60, power: 11.6 },
      { t: 120, power: 11.2 },
      { t: 180, power: 12.0 }, // recovering, not yet 0.5 V above
      { t: 240, power: 11.7 },
      { t: 300, power: 12.4 },
    ]);
    expect(r.fired.map(at)).toEqual([60]);
    expect(ends(r).map(at)).toEqual([300]);
    expect(evidenceOf(ends(r)[0])).toEqual({ volts: 11.8, power: 11.2 });
  });

  it('silent 0.1 V above the level', () => {
    expect(
      asked(drive('battery_low', { volts: 11.8 }, fixes(0, 600, 60, 0, { power: 11.9 }))),
    ).toEqual([]);
  });

  it("a tracker's low battery alarm while the voltage is unknown", () => {
    const r = drive('battery_low', { volts: 11.8 }, [{ t: 0, events: ['low_battery'] }]);
    expect(r.fired.map(evidenceOf)).toEqual([{ volts: 11.8, power: null }]);
  });
});

describe('Generic Input', () => {
  it('input N changing to the chosen state', () => {
    const r = drive('generic_input', { input: 3, state: 'on' }, [
      { t: 0, inputs: 0b001 },
      { t: 10, inputs: 0b101 },
      { t: 20, inputs: 0b101 },
    ]);
    expect(r.fired.map(at)).toEqual([10]);
    expect(evidenceOf(r.fired[0])).toEqual({ input: 3, state: 'on' });
  });

  it('silent when the input changes to the other state, another input changes, or nothing was known', () => {
    const other = drive('generic_input', { input: 3, state: 'on' }, [
      { t: 0, inputs: 0b100 },
      { t: 10, inputs: 0b000 },
      { t: 20, inputs: 0b010 },
    ]);
    expect(asked(other)).toEqual([]);
    const unknown = drive('generic_input', { input: 3, state: 'on' }, [{ t: 0, inputs: 0b100 }]);
    expect(asked(unknown)).toEqual([]);
  });

  it('off: the input switching off', () => {
    const r = drive('generic_input', { input: 1, state: 'off' }, [
      { t: 0, inputs: 1 },
      { t: 10, inputs: 0 },
    ]);
    expect(r.fired.map(at)).toEqual([10]);
  });
});

describe('Driver ID timeout', () => {
  const trip = (tagAt: number | null) =>
    [
      { t: 0, speed: 0, ignition: false },
      { t: 60, speed: 0, ignition: true },
      ...fixes(90, 60 + 600, 30, 50, {}).map((s) =>
        s.t === tagAt ? { ...s, driverId: '01A2B3C4' } : s,
      ),
      ...(tagAt !== null && tagAt % 30 !== 0 ? [{ t: tagAt, driverId: '01A2B3C4' }] : []),
    ].sort((a, b) => a.t - b.t);

  it('no driver within the minutes of the trip start: one incident at start + minutes', () => {
    const r = drive('driver_id_timeout', { minutes: 5 }, trip(null));
    expect(r.fired).toHaveLength(1);
    expect(r.fired[0].op === 'instant' && r.fired[0].time).toBe(T0 + 360_000);
    expect(evidenceOf(r.fired[0])).toEqual({
      minutes: 5,
      trip_start: new Date(T0 + 60_000).toISOString(),
    });
  });

  it('silent when the tag comes 10 s before the timeout', () => {
    expect(asked(drive('driver_id_timeout', { minutes: 5 }, trip(350)))).toEqual([]);
  });

  it('silent when the trip ends before the timeout; a new trip re-arms', () => {
    const r = drive('driver_id_timeout', { minutes: 5 }, [
      { t: 0, speed: 0, ignition: true },
      { t: 120, speed: 0, ignition: false },
      { t: 400, speed: 0, ignition: false },
      { t: 1000, speed: 0, ignition: true },
      { t: 1400, speed: 40 },
    ]);
    expect(r.fired.map(at)).toEqual([1300]);
  });
});
