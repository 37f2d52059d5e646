// /recovery/trips/{id}[/{datetime}[/{heading}]] and /recovery/trip_range/{id}/{daterange}
// [/{max_speed}] (issue 16 item 5; SPEC §2): the tracking trip pages for a unit of any client. The
// route's parameters are the tracking routes' (trips/tripRoute.ts reads them); the unit is read on
// its own instead of from the user's unit list, and every link stays under /recovery.
import TripExplorer from '../tracking/trips/TripExplorer';
import type { TripPaths } from '../tracking/trips/tripRoute';
import { recoveryUnitPath } from '../../api/recovery';
import './views/views.css';

export const RECOVERY_TRIP_PATHS: TripPaths = {
  trip: '/recovery/trips',
  range: '/recovery/trip_range',
};

export default function RecoveryTripsPage() {
  return <TripExplorer paths={RECOVERY_TRIP_PATHS} anyClient unitLink={recoveryUnitPath} />;
}
