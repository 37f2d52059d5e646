// The {daterange} / {date_range} of a page's route, today when it is missing or unreadable; read
// again when the user's time zone changes, since its days are the user's.
import { useMemo } from 'react';
import type { DateRange } from '../../../components/dateRangePresets';
import { nowInZone, useUserZone } from '../../../components/zone';
import { dayRange, parseDateRange } from './routeParams';

export function useRangeParam(value: string | undefined): DateRange {
  const zone = useUserZone();
  return useMemo(() => parseDateRange(value) ?? dayRange(nowInZone()), [value, zone]);
}
