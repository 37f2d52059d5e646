// Single Vehicles reports (issue 14 item 1): trips and stops, speeding, events and alerts, daily
// summary, location visits, fuel. Each takes one unit (scope.units[0]) and a period; the shared
// readers are in read.ts, each report in its own single-*.ts.
import type { ReportBuilder } from '../model';
import { dailySummaryReport } from './single-daily';
import { eventsReport } from './single-events';
import { fuelReport } from './single-fuel';
import { speedingReport } from './single-speeding';
import { tripsReport } from './single-trips';
import { locationVisitsReport } from './single-visits';

export const singleVehicleBuilders: Record<string, ReportBuilder> = {
  trips: tripsReport,
  speeding: speedingReport,
  events: eventsReport,
  daily_summary: dailySummaryReport,
  location_visits: locationVisitsReport,
  fuel: fuelReport,
};
