// driver_trips[/{pids}[/{date_range}]] (SPEC §2); see trips/fleet.
import './common/tracking.css';

export { default } from './trips/fleet/DriverTripsPageView';
