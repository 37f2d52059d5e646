// The trips a fleet or driver trip list shows, as a CSV file (SPEC §7: downloaded locally, no call).
// Times are the user's zone, as the list shows them; numbers stay numbers for a spreadsheet.
import { DISTANCE_DECIMALS, type FleetTripRow } from '@fleet/common';
import type { DateRange } from '../../../../components/dateRangePresets';
import { toCsv } from '../../../../components/download';
import { zoned } from '../../../../components/zone';

export const TRIPS_CSV_HEADER = [
  'Unit',
  'Registration',
  'Start',
  'End',
  'Duration',
  'Distance (km)',
  'Max speed (km/h)',
  'Driver',
];

const TIME = 'YYYY-MM-DD HH:mm';

/** h:mm:ss, which spreadsheets read as a duration. */
export function durationText(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${Math.floor(s / 3600)}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}`;
}

/** One line per trip, in the list's order; a trip still under way has no end yet ("now"). */
export function fleetTripsCsv(rows: readonly FleetTripRow[]): string {
  return toCsv(
    TRIPS_CSV_HEADER,
    rows.map((row) => [
      row.unit_name,
      row.reg,
      zoned(row.start).format(TIME),
      row.open ? '' : zoned(row.end).format(TIME),
      durationText(row.duration),
      Number(row.distance.toFixed(DISTANCE_DECIMALS)),
      Math.round(row.max_speed),
      row.driver?.name ?? '',
    ]),
  );
}

/** trips-2026-11-01-to-2026-11-25.csv: the range's days in the user's zone. */
export function fleetTripsFileName([from, to]: DateRange): string {
  const day = (d: DateRange[number]) => zoned(d).format('YYYY-MM-DD');
  return `trips-${day(from)}-to-${day(to)}.csv`;
}
