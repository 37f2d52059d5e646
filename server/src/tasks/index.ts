import { registerTasks } from './registry';
import { accountTasks } from './account';
import { userTasks } from './users';
import { userSessionTasks } from './user-sessions';
import { userLogTasks } from './user-logs';
import { userUnitTasks } from './user-units';
import { clientTasks } from './clients';
import { unitTasks } from './units';
import { tripTasks } from './trips';
import { trackLinkTasks } from './track-links';
import { summaryTasks } from './summaries';
import { coverageTasks } from './coverage';
import { peopleTasks } from './people';
import { locationTasks } from './locations';
import { kmlTasks } from './kml';
import { routeTasks } from './routes';
import { routeProgressTasks } from './route-progress';
import { routeTripTasks } from './route-trips';
import { areaVisitTasks } from './area-visits';
import { ruleTasks } from './rules';
import { ruleAlertTasks } from './rule-alerts';
import { panicSettingsTasks } from './panic-settings';
import { noticeTasks } from './notices';
import { tagTasks } from './tags';
import { tagWriteTasks } from './tags-write';
import { fleetTasks } from './fleets';
import { vehicleTasks } from './vehicles';
import { vehicleImportTasks } from './vehicle-import';
import { fuelBatchTasks } from './fuel-batches';
import { fuelUsageTasks } from './fuel-usage';
import { remoteTasks } from './remotes';
import { mobileUnitTasks } from './mobile-units';
import { billingTasks } from './billing';
import { orderTasks } from './orders';
import { dashboardTasks } from './dashboard';
import { immobiliserTasks } from './immobiliser';
import { speedBuzzerTasks } from './speed-buzzer';
import { serviceLogTasks } from './service-logs';
import { odometerLogTasks } from './odometer-logs';
import { reminderTasks } from './reminders';
import { reportTasks } from './reports';
import { scheduledReportTasks } from './scheduled-reports';
import { recoveryTasks } from './recovery';

let registered = false;

/** Registers every task once; each domain module adds its list here. */
export function registerAllTasks(): void {
  if (registered) return;
  registered = true;
  registerTasks([
    ...accountTasks,
    ...userTasks,
    ...userSessionTasks,
    ...userLogTasks,
    ...userUnitTasks,
    ...clientTasks,
    ...unitTasks,
    ...tripTasks,
    ...trackLinkTasks,
    ...summaryTasks,
    ...coverageTasks,
    ...peopleTasks,
    ...locationTasks,
    ...kmlTasks,
    ...routeTasks,
    ...routeProgressTasks,
    ...routeTripTasks,
    ...areaVisitTasks,
    ...ruleTasks,
    ...ruleAlertTasks,
    ...panicSettingsTasks,
    ...noticeTasks,
    ...tagTasks,
    ...tagWriteTasks,
    ...fleetTasks,
    ...vehicleTasks,
    ...vehicleImportTasks,
    ...fuelBatchTasks,
    ...fuelUsageTasks,
    ...remoteTasks,
    ...mobileUnitTasks,
    ...billingTasks,
    ...orderTasks,
    ...dashboardTasks,
    ...immobiliserTasks,
    ...speedBuzzerTasks,
    ...serviceLogTasks,
    ...odometerLogTasks,
    ...reminderTasks,
    ...reportTasks,
    ...scheduledReportTasks,
    ...recoveryTasks,
  ]);
}
