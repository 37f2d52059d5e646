// trip_summary and trip_summary_date[/{uid}[/{date_range}]] (SPEC §2); see trips/summary.
import './common/tracking.css';

export { default } from './trips/summary/TripSummaryView';
