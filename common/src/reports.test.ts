// The periods scheduled reports cover (SPEC §3 Report intervals; §9 weeks start on Monday): a run
// on a calendar day covers the period that ended just before it, in whole calendar days.
import { describe, expect, it } from 'vitest';
import { dayAfter, periodEndedBy } from './reports';

describe('periodEndedBy', () => {
  it('daily: yesterday, across a month end, a year end and a leap day', () => {
    expect(periodEndedBy('daily', '2026-11-18')).toEqual({ from: '2026-11-17', to: '2026-11-17' });
    expect(periodEndedBy('daily', '2026-12-01')).toEqual({ from: '2026-11-30', to: '2026-11-30' });
    expect(periodEndedBy('daily', '2027-01-01')).toEqual({ from: '2026-12-31', to: '2026-12-31' });
    expect(periodEndedBy('daily', '2028-03-01')).toEqual({ from: '2028-02-29', to: '2028-02-29' });
  });

  it('weekly: Monday to Sunday of last week, whichever day of this week it runs', () => {
    // 30 Nov 2026 is a Monday; 6 Dec a Sunday.
    const lastWeek = { from: '2026-11-23', to: '2026-11-29' };
    expect(periodEndedBy('weekly', '2026-11-30')).toEqual(lastWeek);
    expect(periodEndedBy('weekly', '2026-12-02')).toEqual(lastWeek);
    expect(periodEndedBy('weekly', '2026-12-06')).toEqual(lastWeek);
    // The Sunday before is still in the week before that.
    expect(periodEndedBy('weekly', '2026-11-29')).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    // A week across a year end: Mon 28 Dec 2026 to Sun 3 Jan 2027, run on Mon 4 Jan.
    expect(periodEndedBy('weekly', '2027-01-04')).toEqual({ from: '2026-12-28', to: '2027-01-03' });
  });

  it('monthly: the last calendar month, its own length, across a year end', () => {
    expect(periodEndedBy('monthly', '2026-12-01')).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
    });
    expect(periodEndedBy('monthly', '2026-12-31')).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
    });
    expect(periodEndedBy('monthly', '2027-01-01')).toEqual({
      from: '2026-12-01',
      to: '2026-12-31',
    });
    expect(periodEndedBy('monthly', '2028-03-01')).toEqual({
      from: '2028-02-01',
      to: '2028-02-29',
    });
    expect(periodEndedBy('monthly', '2027-03-15')).toEqual({
      from: '2027-02-01',
      to: '2027-02-28',
    });
  });

  it('dayAfter: the day a period is over, when its run is due', () => {
    expect(dayAfter({ from: '2026-11-01', to: '2026-11-30' })).toBe('2026-12-01');
    expect(dayAfter(periodEndedBy('weekly', '2027-01-06'))).toBe('2027-01-04');
    expect(dayAfter(periodEndedBy('daily', '2028-03-01'))).toBe('2028-03-01');
  });
});
