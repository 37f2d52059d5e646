// Table types of clients, users and their sessions, logs and tickets, and the login limiter and job
// leases (ARCHITECTURE.md §4: epoch milliseconds, booleans 0/1, JSON as text).
import type { Generated } from 'kysely';

export interface ClientsTable {
  cid: Generated<number>;
  name: string;
  state: number;
  created: number;
  /** IANA zone rule windows and alert e-mails are read in (default Africa/Johannesburg). */
  timezone: Generated<string>;
  /** 0: the client opted out of being chased by the recovery desk (chase-up state 7) */
  chase_up: Generated<number>;
}

export interface UsersTable {
  nid: Generated<number>;
  client_id: number;
  username: string;
  display_name: string;
  email: string | null;
  user_type: string;
  roles: string;
  settings: string;
  ui_settings: string;
  password_hash: string | null;
  all_units: number;
  created: number;
  last_login: number | null;
}

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  client_id: number;
  created: number;
  last_seen: number;
  expires: number;
  ip: string;
  user_agent: string;
  channel: string;
  revoked: number;
}

export interface ConnectionLogsTable {
  id: Generated<number>;
  client_id: number | null;
  user_id: number | null;
  username: string;
  datetimestamp: number;
  ip: string;
  user_agent: string;
  channel: string;
  success: number;
  message: string;
}

export interface ChangeLogsTable {
  id: Generated<number>;
  client_id: number;
  user_id: number;
  username: string;
  datetimestamp: number;
  action: string;
  entity_type: string;
  entity_id: string;
  description: string;
}

export interface TicketsTable {
  id: Generated<number>;
  kind: string;
  token_hash: string;
  user_id: number;
  created: number;
  expires: number;
  used_at: number | null;
  data: string;
}

/** One failed attempt counted by the login limiter (auth/rate-limit.ts). */
export interface LoginLimitsTable {
  id: Generated<number>;
  limit_key: string;
  /** When this failure stops counting (epoch ms). */
  expires: number;
}

/** A periodic job's lease and last run (jobs/runner.ts). */
export interface JobLeasesTable {
  name: string;
  /** The process holding or last holding the lease. */
  holder: string;
  /** The lease ends here (epoch ms); 0 once released. */
  leased_until: number;
  /** The scheduled time of the last run started (epoch ms). */
  last_run_at: number | null;
  /** The last run's failure, with its run id; null after a run that succeeded. */
  last_error: string | null;
}
