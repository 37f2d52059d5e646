// Date-range presets of SPEC §9. Weeks start on Monday. Days are the user's (zone.ts): each range
// is computed from `now` in the zone `now` is in, the user's by default.
import type { Dayjs } from 'dayjs';
import { nowInZone } from './zone';

export type DateRange = [Dayjs, Dayjs];

export function startOfWeek(day: Dayjs): Dayjs {
  // dayjs counts Sunday as 0; Monday starts the week here (days coded 1 to 7, Monday to Sunday).
  return day.subtract((day.day() + 6) % 7, 'day').startOf('day');
}

export interface DatePreset {
  key: string;
  label: string;
  range: (now: Dayjs) => DateRange;
}

export const DATE_PRESETS: DatePreset[] = [
  { key: 'today', label: 'Today', range: (now) => [now.startOf('day'), now.endOf('day')] },
  {
    key: 'yesterday',
    label: 'Yesterday',
    range: (now) => [now.subtract(1, 'day').startOf('day'), now.subtract(1, 'day').endOf('day')],
  },
  { key: 'this_week', label: 'This Week', range: (now) => [startOfWeek(now), now.endOf('day')] },
  {
    key: 'last_7_days',
    label: 'Last 7 Days',
    range: (now) => [now.subtract(6, 'day').startOf('day'), now.endOf('day')],
  },
  {
    key: 'from_last_week',
    label: 'From Last Week',
    range: (now) => [startOfWeek(now).subtract(7, 'day'), now.endOf('day')],
  },
  {
    key: 'this_month',
    label: 'This Month',
    range: (now) => [now.startOf('month'), now.endOf('day')],
  },
  {
    key: 'from_last_month',
    label: 'From Last Month',
    range: (now) => [now.subtract(1, 'month').startOf('month'), now.endOf('day')],
  },
  {
    key: 'plus_7_days',
    label: 'Plus 7 Days',
    range: (now) => [now.startOf('day'), now.add(7, 'day').endOf('day')],
  },
];

/** The presets in the shape antd's RangePicker takes. */
export function rangePickerPresets(
  now: Dayjs = nowInZone(),
): { label: string; value: DateRange }[] {
  return DATE_PRESETS.map((p) => ({ label: p.label, value: p.range(now) }));
}
