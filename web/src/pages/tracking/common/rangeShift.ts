// Stepping a date range back or forward by its own length (the ◀ ▶ buttons beside the picker).
import type { DateRange } from '../../../components/dateRangePresets';
import { isWholeDays } from './routeParams';

export function shiftRange(range: DateRange, direction: -1 | 1): DateRange {
  const [from, to] = range;
  if (isWholeDays(range)) {
    // Whole days move by whole days, so a week stays Monday to Sunday across a clock change.
    const days = to.startOf('day').diff(from.startOf('day'), 'day') + 1;
    return [
      from.add(direction * days, 'day').startOf('day'),
      to.add(direction * days, 'day').endOf('day'),
    ];
  }
  const span = to.valueOf() - from.valueOf();
  return [from.add(direction * span, 'ms'), to.add(direction * span, 'ms')];
}

/** A picked range made whole: from the start of its first minute to the end of its last one. */
export function normaliseRange([from, to]: DateRange): DateRange {
  return [from.startOf('minute'), to.endOf('minute')];
}
