// The dashboard's days (issue 15): periods of 1, 7, 14 and 30 days cut at the user's midnights,
// also across a clock change, and the period before them.
import { describe, expect, it } from 'vitest';
import { countUnits, dayIndex, periodOf, tally } from '../../../src/domain/dashboard';

const iso = (ms: number) => new Date(ms).toISOString();

describe('periodOf', () => {
  it('starts each day at the user midnight, oldest first, today last', () => {
    const now = Date.parse('2026-03-10T10:00:00+02:00');
    const p = periodOf('Africa/Johannesburg', now, 7);
    expect(p.starts.map(iso)).toEqual([
      '2026-03-03T22:00:00.000Z',
      '2026-03-04T22:00:00.000Z',
      '2026-03-05T22:00:00.000Z',
      '2026-03-06T22:00:00.000Z',
      '2026-03-07T22:00:00.000Z',
      '2026-03-08T22:00:00.000Z',
      '2026-03-09T22:00:00.000Z',
    ]);
    expect(iso(p.previousFrom)).toBe('2026-02-24T22:00:00.000Z');
    // The week before, up to the same point: 6 days and 10 hours after its start.
    expect(iso(p.previousTo)).toBe('2026-03-03T08:00:00.000Z');
  });

  it('keeps a 23-hour day whole when the clocks go forward (London, 29 March 2026)', () => {
    const now = Date.parse('2026-03-30T12:00:00+01:00');
    const p = periodOf('Europe/London', now, 3);
    expect(p.starts.map(iso)).toEqual([
      '2026-03-28T00:00:00.000Z',
      '2026-03-29T00:00:00.000Z',
      '2026-03-29T23:00:00.000Z',
    ]);
  });

  it('has as many days as asked for each day option', () => {
    const now = Date.parse('2026-10-25T01:30:00+01:00');
    for (const days of [1, 7, 14, 30]) {
      const p = periodOf('Europe/London', now, days);
      expect(p.starts).toHaveLength(days);
      expect(new Set(p.starts).size).toBe(days);
      expect(p.previousFrom).toBeLessThan(p.starts[0]);
    }
  });
});

describe('tally and counting', () => {
  it('puts each item in its day and the period before in previous', () => {
    const starts = [0, 100, 200];
    expect(dayIndex(starts, -1)).toBe(-1);
    expect(dayIndex(starts, 0)).toBe(0);
    expect(dayIndex(starts, 199)).toBe(1);
    expect(dayIndex(starts, 250)).toBe(2);
    const t = tally({ starts, to: 250, previousFrom: -300, previousTo: -50 }, [
      { kind: 'trip', time: 10, uid: 1, metres: 1234 },
      { kind: 'trip', time: 210, uid: 2, metres: 1000 },
      { kind: 'speeding', time: -100, uid: 1 },
      { kind: 'harsh_braking', time: -20, uid: 1 },
      { kind: 'harsh_braking', time: 300, uid: 1 },
    ]);
    expect(t.totals).toMatchObject({ trips: 2, distance: 2.23, harsh_braking: 0 });
    expect(t.previous).toMatchObject({ speeding: 1, harsh_braking: 0 });
    expect(t.days.map((d) => d.trips)).toEqual([1, 0, 1]);
    expect(t.byUnit.get(1)).toMatchObject({ trips: 1, distance: 1.23 });
  });

  it('counts SPEC §4: active when active, moving when movement is 0, faults when any', () => {
    expect(
      countUnits([
        { active: true, moving: 0, faults: [] },
        { active: true, moving: 1, faults: ['No GPS'] },
        { active: false, moving: 0, faults: ['Not connecting'] },
      ]),
    ).toEqual({ active: 2, deactivated: 1, faults: 2, moving: 1 });
  });
});
