// Fleet totals over the summary rows shown.
import type { TripSummaryRow } from '@fleet/common';

export function summaryTotals(rows: readonly TripSummaryRow[]) {
  let distance = 0;
  const totals = { trips: 0, distance: 0, driving_time: 0, parked_time: 0, max_speed: 0 };
  for (const r of rows) {
    totals.trips += r.trips;
    distance += r.distance;
    totals.driving_time += r.driving_time;
    totals.parked_time += r.parked_time;
    totals.max_speed = Math.max(totals.max_speed, r.max_speed);
  }
  totals.distance = Math.round(distance * 100) / 100;
  return totals;
}
