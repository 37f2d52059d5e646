import { afterEach, describe, expect, it, vi } from 'vitest';
import dayjs from 'dayjs';
import { DATE_PRESETS, rangePickerPresets, startOfWeek } from './dateRangePresets';
import { nowInZone, setUserZone } from './zone';

const fmt = (d: dayjs.Dayjs) => d.format('YYYY-MM-DD HH:mm');
const range = (key: string, now: dayjs.Dayjs) =>
  DATE_PRESETS.find((p) => p.key === key)!
    .range(now)
    .map(fmt);

describe('date-range presets (SPEC §9)', () => {
  // Wednesday 2025-06-11 14:30
  const now = dayjs('2025-06-11T14:30:00');

  it('offers the eight presets in order', () => {
    expect(rangePickerPresets(now).map((p) => p.label)).toEqual([
      'Today',
      'Yesterday',
      'This Week',
      'Last 7 Days',
      'From Last Week',
      'This Month',
      'From Last Month',
      'Plus 7 Days',
    ]);
  });

  it('starts weeks on Monday, Sunday included', () => {
    expect(fmt(startOfWeek(now))).toBe('2025-06-09 00:00');
    expect(fmt(startOfWeek(dayjs('2025-06-15T10:00:00')))).toBe('2025-06-09 00:00');
    expect(fmt(startOfWeek(dayjs('2025-06-09T00:00:00')))).toBe('2025-06-09 00:00');
  });

  it('computes each range from now', () => {
    expect(range('today', now)).toEqual(['2025-06-11 00:00', '2025-06-11 23:59']);
    expect(range('yesterday', now)).toEqual(['2025-06-10 00:00', '2025-06-10 23:59']);
    expect(range('this_week', now)).toEqual(['2025-06-09 00:00', '2025-06-11 23:59']);
    expect(range('last_7_days', now)).toEqual(['2025-06-05 00:00', '2025-06-11 23:59']);
    expect(range('from_last_week', now)).toEqual(['2025-06-02 00:00', '2025-06-11 23:59']);
    expect(range('this_month', now)).toEqual(['2025-06-01 00:00', '2025-06-11 23:59']);
    expect(range('from_last_month', now)).toEqual(['2025-05-01 00:00', '2025-06-11 23:59']);
    expect(range('plus_7_days', now)).toEqual(['2025-06-11 00:00', '2025-06-18 23:59']);
  });
});

describe('date-range presets in the user time zone', () => {
  afterEach(() => {
    setUserZone(undefined);
    vi.useRealTimers();
  });
  const isoRange = (key: string, now?: dayjs.Dayjs) =>
    DATE_PRESETS.find((p) => p.key === key)!
      .range(now ?? nowInZone())
      .map((d) => d.toISOString());

  it('starts Today at the user midnight, not the browser one', () => {
    // 12:30 UTC on Friday 20 November is 01:30 on Saturday 21 November in Auckland (+13:00).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-20T12:30:00Z'));
    setUserZone('Pacific/Auckland');
    const today = rangePickerPresets().find((p) => p.label === 'Today')!.value;
    expect(today.map((d) => d.toISOString())).toEqual([
      '2026-11-20T11:00:00.000Z',
      '2026-11-21T10:59:59.999Z',
    ]);
    expect(isoRange('yesterday')).toEqual(['2026-11-19T11:00:00.000Z', '2026-11-20T10:59:59.999Z']);
    // Monday 16 November in Auckland.
    expect(isoRange('this_week')[0]).toBe('2026-11-15T11:00:00.000Z');
  });

  it('keeps whole user days across clock changes', () => {
    setUserZone('Pacific/Auckland');
    // Auckland moves from +12:00 to +13:00 on Sunday 27 September 2026.
    const now = nowInZone().year(2026).month(8).date(30).hour(9);
    expect(isoRange('last_7_days', now)).toEqual([
      '2026-09-23T12:00:00.000Z',
      '2026-09-30T10:59:59.999Z',
    ]);
    setUserZone('Africa/Johannesburg');
    // A New York browser changes its clocks on 1 November; the user's month is untouched.
    const november = nowInZone().year(2026).month(10).date(20).hour(9);
    expect(isoRange('this_month', november)[0]).toBe('2026-10-31T22:00:00.000Z');
    expect(isoRange('from_last_month', november)[0]).toBe('2026-09-30T22:00:00.000Z');
  });
});
