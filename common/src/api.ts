// The wire contract of API.md: result codes and the shapes the server and the web app share.
import type { Role, UserTypeApiName } from './roles';

export const RESULT = {
  OK: 0,
  REFUSED: 1,
  NO_SESSION: 2,
  FORBIDDEN: 3,
  BAD_CREDENTIALS: 6,
  RATE_LIMITED: 7,
} as const;
export type ResultCode = (typeof RESULT)[keyof typeof RESULT];

export interface ApiEnvelope {
  result: number;
  message?: string;
  error?: string;
  retry_after?: number;
}

export interface CallRequest {
  task: string;
  ref?: unknown;
  parameters?: Record<string, unknown>;
}
export interface CallResponse<T = any> extends ApiEnvelope {
  ref: unknown;
  data?: T;
}
export interface CallAnswer extends ApiEnvelope {
  responses?: CallResponse[];
}

export interface UserInfo {
  nid: number;
  username: string;
  display_name: string;
  email: string | null;
  user_type: UserTypeApiName;
  roles: Role[];
  client: { cid: number; name: string };
  settings: Record<string, unknown>;
  ui_settings: Record<string, unknown>;
  all_units: boolean;
}

export interface Position {
  lat: number;
  lon: number;
  speed: number;
  direction: number;
  datetime: string;
  ignition: boolean | null;
}

export interface UnitListItem {
  uid: number;
  name: string;
  reg: string;
  icon_colour: string;
  icon_type: number;
  vehicle_class_ref: string;
  service_type: string;
  unit_type: string;
  active: number;
  display: boolean;
  driver: { pid: number; name: string } | null;
  last_disconnect: string | null;
  connected: boolean;
  park_state: 0 | 1 | 2;
  position: Position | null;
  tags: { id: number; name: string }[];
}

export interface TripItem {
  id: number;
  type: 0 | 1;
  start: string;
  end: string;
  distance: number;
  max_speed: number;
  duration: number;
  start_position: { lat: number; lon: number };
  end_position: { lat: number; lon: number };
  label: 'unlabeled' | 'business' | 'personal';
  driver: { pid: number; name: string } | null;
  speed_histogram?: Record<string, number>;
}

export interface TripPoint {
  lat: number;
  lon: number;
  speed: number;
  direction: number;
  datetime: string;
  event?: string;
}

/** /api/login and /api/known_login (API.md §2). */
export interface LoginAnswer {
  token: string;
  user: UserInfo;
}

/** /api/track: what a share link (one unit) or a fleet link (all units) shows (API.md §2). */
export interface TrackAnswer {
  expires: string;
  realtime: {
    data: {
      unit?: UnitListItem;
      units?: UnitListItem[];
      /** The last hours' trips and stops of a one-unit link. */
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

export interface ThemeMapSource {
  id: 'roadmap' | 'satellite' | 'hybrid' | 'terrain';
  name: string;
  tiles: string[];
  attribution: string;
  maxzoom?: number;
}

export interface Theme {
  key: string;
  title: string;
  favicon: string;
  logo: string;
  api_hosts: string[];
  site_link: { label: string; url: string };
  terms_link: string | null;
  report_server: 'live' | 'staging';
  same_site: 'Strict' | 'Lax' | 'None';
  primary_colour: string;
  map_sources: ThemeMapSource[];
}

/** Messages pushed on the /api/live WebSocket (API.md §5). */
export type LiveMessage =
  | { type: 'units'; units: (Partial<UnitListItem> & { uid: number })[] }
  | { type: 'alert'; alert: Record<string, unknown> }
  | ({ type: 'counts' } & Record<string, unknown>);

export const LIVE_CLOSE_UNAUTHENTICATED = 4001;
