// Each rule type about driving fires on a drive made for it and stays silent on one made to look
// close (issue 11 "Tests that must exist"). The engine applies the window and cooldown; here the
// evaluator alone, with a sink that opens an incident like the engine does.
import { describe, expect, it } from 'vitest';
import { at, drive, fixes, T0, type Call, type DriveResult } from './evaluators-drive';

/** Every start() or instant() call, fired or not: near misses must make none. */
const asked = (r: DriveResult): Call[] =>
  r.calls.filter((c) => c.op === 'start' || c.op === 'instant');
const last = (r: DriveResult, op: Call['op']) => r.calls.filter((c) => c.op === op).at(-1);

describe('Speeding', () => {
  it('one episode over the limit is one incident with its peak and duration', () => {
    const speed = (t: number) => (t === 0 ? 100 : t >= 255 ? 110 : t === 120 ? 132 : 125);
    const r = drive('speeding', { limit: 120, grace_s: 10 }, fixes(0, 260, 5, speed));
    expect(r.fired).toHaveLength(1);
    // Starts at the first fix over the limit, once the grace time has passed.
    expect(at(r.fired[0])).toBe(5);
    expect(r.fired[0].op === 'start' && r.fired[0].facts.evidence).toMatchObject({ limit: 120 });
    const end = last(r, 'end');
    expect(end && at(end)).toBe(255);
    expect(end?.op === 'end' && end.facts?.evidence).toEqual({
      limit: 120,
      peak: 132,
      duration_s: 250,
      grace_s: 10,
    });
    expect(r.mem).toEqual({});
  });

  it('stays silent 1 km/h under the limit, and at the limit', () => {
    expect(asked(drive('speeding', { limit: 120 }, fixes(0, 300, 5, 119)))).toEqual([]);
    expect(asked(drive('speeding', { limit: 120 }, fixes(0, 300, 5, 120)))).toEqual([]);
  });

  it('stays silent when over the limit for less than the grace time', () => {
    const r = drive(
      'speeding',
      { limit: 120, grace_s: 30 },
      fixes(0, 60, 5, (t) => (t >= 10 && t <= 35 ? 140 : 100)),
    );
    expect(asked(r)).toEqual([]);
  });

  it('an episode that began before the window opens the alert once inside it', () => {
    const steps = fixes(0, 120, 10, 130).map((s) => ({ ...s, outside: s.t < 60 }));
    const r = drive('speeding', { limit: 120, grace_s: 0 }, steps);
    expect(r.fired).toHaveLength(1);
    expect(at(r.fired[0])).toBe(0);
  });

  it('a restart in the middle of an episode resumes it from the committed memory', () => {
    const first = drive('speeding', { limit: 120, grace_s: 10 }, fixes(0, 60, 10, 130));
    expect(first.fired.map(at)).toEqual([0]);
    const mem = JSON.parse(JSON.stringify(first.mem)) as Record<string, unknown>;
    const steps = [...fixes(70, 120, 10, (t) => (t === 90 ? 141 : 130)), { t: 130, speed: 100 }];
    const second = drive('speeding', { limit: 120, grace_s: 10 }, steps, {
      mem,
      open: true,
      rt: first.rt,
    });
    expect(second.fired).toEqual([]);
    const end = last(second, 'end')!;
    expect(at(end)).toBe(130);
    expect(end.op === 'end' && end.facts?.evidence).toMatchObject({ peak: 141, duration_s: 130 });
  });

  it('a tracker silent for longer than the episode gap drove two episodes', () => {
    const steps = [...fixes(0, 30, 10, 130), ...fixes(1000, 1030, 10, 130)];
    const r = drive('speeding', { limit: 120, grace_s: 0 }, steps);
    expect(r.fired.map(at)).toEqual([0, 1000]);
    expect(r.calls.filter((c) => c.op === 'end').map(at)).toEqual([30]);
  });
});

describe('Speed Buzzer Violation', () => {
  it('fires once the speed stayed over the limit for the buzzer time', () => {
    const r = drive('speed_buzzer', { limit: 80, seconds: 30 }, fixes(0, 60, 5, 90));
    expect(r.fired).toHaveLength(1);
    expect(at(r.fired[0])).toBe(0);
    expect(last(r, 'update')?.facts?.evidence).toEqual({
      limit: 80,
      seconds: 30,
      peak: 90,
      duration_s: 60,
    });
  });

  it('stays silent when the driver slows down before the buzzer time', () => {
    const r = drive(
      'speed_buzzer',
      { limit: 80, seconds: 30 },
      fixes(0, 60, 5, (t) => (t <= 25 ? 90 : 70)),
    );
    expect(asked(r)).toEqual([]);
  });
});

describe('Harsh Driving', () => {
  it("fires on the tracker's harsh event of a chosen kind", () => {
    const r = drive('harsh_driving', { kinds: ['braking'] }, [
      { t: 0, speed: 60 },
      { t: 10, speed: 50, events: ['harsh_braking'] },
    ]);
    expect(r.fired).toHaveLength(1);
    expect(r.fired[0]).toMatchObject({
      op: 'instant',
      time: T0 + 10_000,
      facts: { evidence: { kind: 'braking', derived: false } },
    });
  });

  it('ignores a kind not chosen, and then never derives for that tracker', () => {
    const r = drive('harsh_driving', { kinds: ['braking'] }, [
      { t: 0, speed: 60, events: ['harsh_cornering'] },
      { t: 1, speed: 20 },
    ]);
    expect(asked(r)).toEqual([]);
    expect(r.mem.reports).toBe(true);
  });

  it('derives harsh braking from a drop of speed where the tracker reports none', () => {
    const r = drive('harsh_driving', {}, [
      { t: 0, speed: 60 },
      { t: 1, speed: 45 },
    ]);
    expect(r.fired).toHaveLength(1);
    expect(r.fired[0].op === 'instant' && r.fired[0].facts.evidence).toEqual({
      kind: 'braking',
      derived: true,
      delta_kmh: -15,
      seconds: 1,
    });
  });

  it('derives acceleration only when chosen', () => {
    const steps = [
      { t: 0, speed: 10 },
      { t: 2, speed: 40 },
    ];
    expect(drive('harsh_driving', { kinds: ['acceleration'] }, steps).fired).toHaveLength(1);
    expect(asked(drive('harsh_driving', { kinds: ['braking'] }, steps))).toEqual([]);
  });

  it('stays silent just under the threshold, or when the fixes are too far apart', () => {
    const under = drive('harsh_driving', {}, [
      { t: 0, speed: 60 },
      { t: 1, speed: 49 },
    ]);
    expect(asked(under)).toEqual([]);
    const gap = drive('harsh_driving', {}, [
      { t: 0, speed: 100 },
      { t: 6, speed: 0 },
    ]);
    expect(asked(gap)).toEqual([]);
  });
});

describe('Vehicle Moving', () => {
  it('starts at the first fix at min_speed and ends at the first of two slow fixes', () => {
    const r = drive('vehicle_moving', { min_speed: 10 }, [
      { t: 0, speed: 0, ignition: true },
      { t: 30, speed: 40 },
      { t: 60, speed: 50 },
      { t: 90, speed: 3 },
      { t: 100, speed: 40 },
      { t: 120, speed: 3 },
      { t: 150, speed: 2 },
    ]);
    expect(r.fired).toHaveLength(1);
    expect(at(r.fired[0])).toBe(30);
    const end = last(r, 'end')!;
    expect(at(end)).toBe(120);
    expect(end.op === 'end' && end.facts?.evidence).toEqual({
      min_speed: 10,
      peak: 50,
      duration_s: 90,
    });
  });

  it('ends when the ignition goes off', () => {
    const r = drive('vehicle_moving', {}, [
      { t: 0, speed: 40, ignition: true },
      { t: 30, ignition: false },
    ]);
    expect(r.calls.filter((c) => c.op === 'end').map(at)).toEqual([30]);
  });

  it('stays silent below min_speed', () => {
    const r = drive('vehicle_moving', { min_speed: 10 }, fixes(0, 600, 10, 9, { ignition: true }));
    expect(asked(r)).toEqual([]);
  });
});

describe('Towing', () => {
  it("starts at the pipeline's towing event and ends when the ignition comes on", () => {
    const r = drive('towing', {}, [
      { t: 0, speed: 0, ignition: false },
      { t: 30, speed: 20, events: ['towing'] },
      { t: 60, speed: 35 },
      { t: 90, speed: 0, ignition: true },
    ]);
    expect(r.fired).toHaveLength(1);
    expect(at(r.fired[0])).toBe(30);
    const end = last(r, 'end')!;
    expect(at(end)).toBe(90);
    expect(end.op === 'end' && end.facts?.evidence).toEqual({ peak: 35, duration_s: 60 });
  });

  it('stays silent when moving with the ignition off raised no towing event', () => {
    const r = drive('towing', {}, fixes(0, 60, 10, 20, { ignition: false }));
    expect(asked(r)).toEqual([]);
  });
});

describe('Excessive Idling, Park and Ignition', () => {
  it('idling: ignition on and standing for the minutes starts at the idle start', () => {
    const steps = [{ t: 0, speed: 50, ignition: true }, ...fixes(60, 60 + 300, 30, 0)];
    steps.push({ t: 400, speed: 30 });
    const r = drive('excessive_idling', { minutes: 5 }, steps);
    expect(r.fired).toHaveLength(1);
    expect(at(r.fired[0])).toBe(60);
    const end = last(r, 'end')!;
    expect(at(end)).toBe(400);
    expect(end.op === 'end' && end.facts?.evidence).toEqual({ minutes: 5, duration_s: 340 });
  });

  it('idling: stays silent when the idle is 10 s shorter than the minutes', () => {
    const steps = [
      { t: 0, speed: 50, ignition: true },
      ...fixes(60, 330, 30, 0),
      { t: 350, speed: 0 },
      { t: 350 + 0.001, speed: 30 },
    ];
    // Idle from 60 s; the last idle record is at 350 s, 290 s later: 10 s short of 5 minutes.
    expect(asked(drive('excessive_idling', { minutes: 5 }, steps))).toEqual([]);
  });

  it('park: parked for the minutes starts when it parked and ends when it moves', () => {
    const r = drive('excessive_park', { minutes: 10 }, [
      { t: 0, speed: 40, ignition: true },
      { t: 60, speed: 0, ignition: false },
      { t: 660, ignition: false },
      { t: 900, speed: 30, ignition: true },
    ]);
    expect(r.fired).toHaveLength(1);
    expect(at(r.fired[0])).toBe(60);
    expect(r.calls.filter((c) => c.op === 'end').map(at)).toEqual([900]);
  });

  it('park: stays silent when it moves 10 s before the minutes', () => {
    const r = drive('excessive_park', { minutes: 10 }, [
      { t: 0, speed: 0, ignition: false },
      { t: 590, ignition: false },
      { t: 595, speed: 30, ignition: true },
    ]);
    expect(asked(r)).toEqual([]);
  });

  it('ignition: on for the minutes without a break', () => {
    const r = drive('excessive_ignition', { minutes: 20 }, [
      { t: 0, ignition: true },
      { t: 1200, ignition: true },
      { t: 1300, ignition: false },
    ]);
    expect(r.fired).toHaveLength(1);
    expect(at(r.fired[0])).toBe(0);
    const end = last(r, 'end')!;
    expect(end.op === 'end' && end.facts?.evidence).toEqual({ minutes: 20, duration_s: 1300 });
  });

  it('ignition: a break restarts the count', () => {
    const r = drive('excessive_ignition', { minutes: 20 }, [
      { t: 0, ignition: true },
      { t: 700, ignition: false },
      { t: 710, ignition: true },
      { t: 1200, ignition: true },
    ]);
    expect(asked(r)).toEqual([]);
  });
});
