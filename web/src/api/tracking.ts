// The tracking tasks (units, trips, summaries, share links, people): query options for reads, one
// function per write. Answer types come from the TaskMap of @fleet/common.
import type { QueryClient } from '@tanstack/react-query';
import { RESULT, type ApiEnvelope, type TrackAnswer, type TripLabel } from '@fleet/common';
import { call } from './call';
import { CHANNEL, apiUrl } from './client';
import { ApiError, errorText } from './errors';
import { taskKey, taskQuery } from './queries';

export interface Range {
  /** ISO-8601 */
  from: string;
  to: string;
}

/** The user's whole unit list: the live map, its list and every unit picker share this query. */
export const unitListQuery = () => taskQuery('get_unit_list_full', { filter: 'all' });
export const unitQuery = (uid: number) => taskQuery('get_unit', { uid });
export const stealthUnitsQuery = (uids: number[]) =>
  taskQuery('get_stealth_unit_data', uids.length ? { uids } : {});
export const tripsQuery = (uid: number, range: Range, maxSpeed?: number | 'Off') =>
  taskQuery('get_trips', { uid, ...range, max_speed: maxSpeed });
export const tripPointsQuery = (uid: number, range: Range) =>
  taskQuery('get_trip_points', { uid, ...range });
export const unitEventsQuery = (uid: number, range?: Partial<Range>, page = 1) =>
  taskQuery('get_unit_events', { uid, ...range, page });
export const tripSummaryQuery = (range: Range, uids?: number[]) =>
  taskQuery('get_trip_summary', { ...range, uids });
export const fleetTripsQuery = (range: Range, uids?: number[]) =>
  taskQuery('get_fleet_trips', { ...range, uids });
export const driverTripsQuery = (range: Range, pids: number[]) =>
  taskQuery('get_driver_trips', { ...range, pids });
export const driversQuery = () => taskQuery('get_people', { drivers_only: true, page_size: 500 });
export const dashboardTodayQuery = () => taskQuery('get_dashboard_today', {});
export const coverageQuery = (range: Range, uids?: number[]) =>
  taskQuery('get_coverage', { ...range, uids });

export const setTripLabel = (id: number, label: TripLabel) => call('set_trip_label', { id, label });

/** A trip's new label, written into every cached list that holds the trip. */
export function showTripLabel(client: QueryClient, id: number, label: TripLabel): void {
  const relabel = <T extends { trips: { id: number }[] }>(old: T | undefined): T | undefined =>
    old && { ...old, trips: old.trips.map((t) => (t.id === id ? { ...t, label } : t)) };
  client.setQueriesData({ queryKey: taskKey('get_trips') }, relabel);
  client.setQueriesData({ queryKey: taskKey('get_fleet_trips') }, relabel);
  client.setQueriesData({ queryKey: taskKey('get_driver_trips') }, relabel);
}

export const setTrackLink = (uid: number, expires: string) =>
  call('set_track_link', { uid, expires });
export const deleteTrackLink = (send_token: string) => call('delete_track_link', { send_token });
export const setTrackAllLink = (expires: string) => call('set_track_all_link', { expires });
export const deleteTrackAllLink = (send_token: string) =>
  call('delete_track_all_link', { send_token });

/**
 * A share link needs no session, and must not touch one: it is sent without the user's token, so
 * an expired link (result 2) is a refusal shown on the page, never a logout.
 */
export async function getTrack(send_token: string): Promise<TrackAnswer> {
  const response = await fetch(apiUrl('/api/track'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ send_token, channel: CHANNEL }),
  });
  const answer = (await response.json().catch(() => ({ result: RESULT.REFUSED }))) as TrackAnswer &
    ApiEnvelope;
  if (answer.result !== RESULT.OK) {
    throw new ApiError(answer.message || errorText(answer), answer.result, answer);
  }
  return answer;
}
