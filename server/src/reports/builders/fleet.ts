// Multiple Vehicles, Driver, Export and Advanced reports (issue 14 item 1).
import type { ReportBuilder } from '../model';
import { advancedReport } from './advanced-report';
import { driverScorecard, driverTrips } from './driver-reports';
import { positionsExport } from './export-positions';
import { lastPosition } from './fleet-last';
import { behaviour, speedingLeague } from './fleet-league';
import { fleetSummary, utilisation } from './fleet-summary';

export const fleetBuilders: Record<string, ReportBuilder> = {
  fleet_summary: fleetSummary,
  utilisation,
  speeding_league: speedingLeague,
  behaviour,
  last_position: lastPosition,
  driver_trips: driverTrips,
  driver_scorecard: driverScorecard,
  positions: positionsExport,
  advanced: advancedReport,
};
