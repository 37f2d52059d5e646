// fleet_coverage_area[/{uid_list}[/{daterange}]] (SPEC §2); see trips/fleet.
import './common/tracking.css';

export { default } from './trips/fleet/FleetCoverageView';
