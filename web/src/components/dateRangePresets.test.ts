import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { DATE_PRESETS, rangePickerPresets, startOfWeek } from './dateRangePresets';

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
