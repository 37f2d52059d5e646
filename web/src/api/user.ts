// User tasks of API.md §3: own settings, users, sessions, logs and unit assignment.
import { RESULT, type CallAnswer, type UserInfo, type UserTypeApiName } from '@fleet/common';
import { call } from './call';
import { failure, post } from './client';

export interface Paged {
  count: number;
  page_count: number;
}
export interface PageQuery {
  page: number;
  page_size: number;
}

export const VERIFICATION_FAILED = 'Verification failed, please Login again.';
export const ROLES_MISSING = 'roles must be a non-null array';

/**
 * who_am_i with the checks of SPEC §5: an answer without responses, without exactly one user or
 * without a roles list is a failed login.
 */
export async function whoAmI(): Promise<UserInfo> {
  const answer = await post<CallAnswer>(
    '/api/call',
    { requests: [{ task: 'who_am_i', ref: 'who_am_i', parameters: {} }] },
    { silent: true },
  );
  const entry = answer.responses?.[0];
  if (!entry)
    throw failure({ result: RESULT.REFUSED, message: VERIFICATION_FAILED }, { silent: true });
  if (entry.result !== RESULT.OK)
    throw failure({ result: entry.result, responses: [entry] }, { silent: true });
  const users: unknown[] = Array.isArray(entry.data?.users)
    ? entry.data.users
    : entry.data?.user
      ? [entry.data.user]
      : [];
  if (users.length !== 1) {
    throw failure({ result: RESULT.REFUSED, message: VERIFICATION_FAILED }, { silent: true });
  }
  const user = users[0] as UserInfo;
  if (!Array.isArray(user.roles) || user.roles.length === 0) {
    throw failure({ result: RESULT.REFUSED, message: ROLES_MISSING }, { silent: true });
  }
  return user;
}

export interface UserSettings {
  email?: string;
  cellphone?: string;
  timezone?: string;
  max_speed?: number | 'Off';
  date_format?: string;
  [key: string]: unknown;
}

export const getUserSettings = () => call<{ settings: UserSettings }>('get_user_settings');
export const setUserSettings = (fields: UserSettings) =>
  call<{ settings: UserSettings }>('set_user_settings', fields);
export const setUiSettings = (fields: Record<string, unknown>) =>
  call<{ ui_settings: Record<string, unknown> }>('set_user_ui_settings', fields);

export const setPassword = (current_password: string, password: string) =>
  call('set_password', { current_password, password }, { silent: true });

export interface UserRow {
  nid: number;
  username: string;
  display_name: string;
  email: string | null;
  user_type: UserTypeApiName;
  roles: string[];
  all_units: boolean;
  unit_count: number;
  last_login: string | null;
  created: string;
}

export const getUsers = (q: PageQuery & { search?: string }) =>
  call<{ users: UserRow[] } & Paged>('get_users', { ...q });

export interface UserEdit {
  nid?: number;
  username: string;
  display_name: string;
  email: string;
  user_type: UserTypeApiName;
  roles?: string[];
  password?: string;
}
export const setUser = (user: UserEdit) => call<{ user: UserRow }>('set_user', { ...user });
export const deleteUser = (nid: number) => call('delete_user', { nid });

/** Per-user tasks act on the current user when nid is absent. */
const forUser = (nid?: number) => (nid === undefined ? {} : { nid });

export interface SessionRow {
  id: number | string;
  created: string;
  last_seen: string | null;
  ip: string | null;
  user_agent: string | null;
  channel: string | null;
  current: boolean;
}
export const getUserSessions = (nid?: number) =>
  call<{ tokens: SessionRow[] }>('get_user_sessions', forUser(nid));
export const deleteUserSession = (id: SessionRow['id'], nid?: number) =>
  call('delete_user_session', { id, ...forUser(nid) });

export interface ConnectionLogRow {
  id: number;
  datetimestamp: string;
  username: string;
  ip: string | null;
  user_agent: string | null;
  channel: string | null;
  success: boolean | number;
  message: string | null;
}
export const getConnectionLogs = (q: PageQuery, nid?: number) =>
  call<{ connection_logs: ConnectionLogRow[] } & Paged>('get_user_connection_logs', {
    ...q,
    ...forUser(nid),
  });

export interface ChangeLogRow {
  id: number;
  datetimestamp: string;
  username: string;
  action: 'I' | 'E' | 'D';
  entity_type: string;
  entity_id: number | string | null;
  description: string | null;
}
export const getChangeLogs = (q: PageQuery, nid?: number) =>
  call<{ change_logs: ChangeLogRow[] } & Paged>('get_user_change_logs', { ...q, ...forUser(nid) });

export interface UserUnit {
  uid: number;
  name: string;
  reg: string;
  assigned: boolean;
}
export const getUserUnits = (nid: number) =>
  call<{ all_units: boolean; units: UserUnit[] }>('get_user_units', { nid });
export const setUserUnits = (nid: number, all_units: boolean, uids: number[]) =>
  call('set_user_units', { nid, all_units, uids });
