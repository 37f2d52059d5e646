// Typed calls of the tracking tasks (server/src/tasks/{units,trips,summaries,track-links,people}.ts).
import type { TripItem, TripPoint, UnitListItem } from '@fleet/common';
import { call } from './call';
import { RESULT, type ApiEnvelope } from '@fleet/common';
import { CHANNEL, apiUrl } from './client';
import { ApiError, errorText } from './errors';

export interface UnitDetail extends UnitListItem {
  device_id: string | null;
  protocol: string | null;
  stock_status: number;
  /** km */
  odometer: number | null;
  /** hours */
  engine_hours: number | null;
  power: number | null;
  battery: number | null;
  gsm: number | null;
  last_data: string | null;
  attributes: Record<string, unknown>;
  latest_events: DeviceEvent[];
}

export interface DeviceEvent {
  id: number;
  uid?: number;
  time: string;
  type: string;
  lat: number | null;
  lon: number | null;
  speed: number | null;
  attributes?: Record<string, unknown>;
}

export type TripRow = TripItem & { open: boolean; speeding: boolean };
export type FleetTripRow = Omit<TripItem, 'speed_histogram'> & {
  uid: number;
  unit_name: string;
  reg: string;
  open: boolean;
};

export interface TripSummaryRow {
  id: number;
  uid: number;
  name: string;
  reg: string;
  trips: number;
  /** km */
  distance: number;
  /** seconds */
  driving_time: number;
  parked_time: number;
  max_speed: number;
  first_start: string | null;
  last_end: string | null;
  speed_histogram: Record<string, number>;
}

export interface Person {
  pid: number;
  name: string;
  first_name: string;
  surname: string;
  is_driver: boolean;
}

export interface Range {
  /** ISO-8601 */
  from: string;
  to: string;
}

export const getUnitList = (filter: 'all' | 'only_issues' = 'all') =>
  call<{ units: UnitListItem[]; count: number }>('get_unit_list_full', { filter });
export const getUnit = (uid: number) => call<{ unit: UnitDetail }>('get_unit', { uid });
export const getStealthUnits = (uids?: number[]) =>
  call<{ stealth_units: (UnitListItem & { last_data: string | null; battery: number | null })[] }>(
    'get_stealth_unit_data',
    uids?.length ? { uids } : {},
  );
export const getTrips = (uid: number, range: Range, maxSpeed?: number | 'Off') =>
  call<{ trips: TripRow[]; oversized: boolean }>('get_trips', {
    uid,
    ...range,
    max_speed: maxSpeed,
  });
export const getTripPoints = (uid: number, range: Range) =>
  call<{ motions: TripPoint[]; thinned: boolean }>('get_trip_points', { uid, ...range });
export const getUnitEvents = (uid: number, range?: Partial<Range>, page = 1) =>
  call<{ events: DeviceEvent[]; count: number; page_count: number }>('get_unit_events', {
    uid,
    ...range,
    page,
  });
export const setTripLabel = (id: number, label: 'unlabeled' | 'business' | 'personal') =>
  call('set_trip_label', { id, label });
export const getTripSummary = (range: Range, uids?: number[]) =>
  call<{ trips: TripSummaryRow[]; count: number }>('get_trip_summary', { ...range, uids });
export const getFleetTrips = (range: Range, uids?: number[]) =>
  call<{ trips: FleetTripRow[]; oversized: boolean }>('get_fleet_trips', { ...range, uids });
export const getDriverTrips = (range: Range, pids: number[]) =>
  call<{ trips: FleetTripRow[]; people: { pid: number; name: string }[] }>('get_driver_trips', {
    ...range,
    pids,
  });
export const getCoverage = (range: Range, uids?: number[]) =>
  call<{ points: [number, number][]; units: number; thinned?: boolean }>('get_coverage', {
    ...range,
    uids,
  });
export const getDrivers = () =>
  call<{ people: Person[]; count: number }>('get_people', { drivers_only: true, page_size: 500 });
export const getDashboardToday = () =>
  call<{ today_array: Record<string, unknown>[]; totals: Record<string, number> }>(
    'get_dashboard_today',
  );

export const setTrackLink = (uid: number, expires: string) =>
  call<{ send_token: string; expires: string; url: string }>('set_track_link', { uid, expires });
export const deleteTrackLink = (send_token: string) => call('delete_track_link', { send_token });
export const setTrackAllLink = (expires: string) =>
  call<{ send_token: string; expires: string; url: string }>('set_track_all_link', { expires });

/** What /api/track answers for a share link (one unit) or a fleet link (all units). */
export interface TrackAnswer {
  expires: string;
  realtime: {
    data: {
      unit?: UnitListItem;
      units?: UnitListItem[];
      trips: {
        id: number;
        type: number;
        start: string;
        end: string;
        distance: number;
        max_speed: number;
        open: boolean;
      }[];
      motions?: TripPoint[];
    };
  };
}
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
