// One component serves trip, trip_range, trip_range_labeled and trip_day (SPEC §2), so moving
// between those routes keeps the map and the replay; see trips/tripRoute.ts for the parameters.
import './common/tracking.css';

export { default } from './trips/TripExplorer';
