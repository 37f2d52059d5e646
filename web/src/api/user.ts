// User tasks of API.md §3: own settings, users, sessions, logs and unit assignment. Answer types come
// from the TaskMap of @fleet/common.
import {
  RESULT,
  type CallAnswer,
  type Role,
  type UserInfo,
  type UserSettings,
  type UserTypeApiName,
} from '@fleet/common';
import { call } from './call';
import { failure, post } from './client';
import { taskQuery } from './queries';

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

export const userSettingsQuery = () => taskQuery('get_user_settings', {});
export const setUserSettings = (fields: UserSettings) => call('set_user_settings', fields);
export const setUiSettings = (fields: Record<string, unknown>) =>
  call('set_user_ui_settings', fields);

export const setPassword = (current_password: string, password: string) =>
  call('set_password', { current_password, password }, { silent: true });

/** The add/edit user form's fields. */
export interface UserEdit {
  nid?: number;
  username: string;
  display_name: string;
  email: string;
  user_type: UserTypeApiName;
  roles?: Role[];
  password?: string;
}
export const setUser = (user: UserEdit) => call('set_user', user);
export const deleteUser = (nid: number) => call('delete_user', { nid });

/** Per-user tasks act on the current user when nid is absent. */
const forUser = (nid?: number) => (nid === undefined ? {} : { nid });

export const userSessionsQuery = (nid?: number) => taskQuery('get_user_sessions', forUser(nid));
export const deleteUserSession = (id: number, nid?: number) =>
  call('delete_user_session', { id, ...forUser(nid) });

export const userUnitsQuery = (nid: number) => taskQuery('get_user_units', { nid });
export const setUserUnits = (nid: number, all_units: boolean, uids: number[]) =>
  call('set_user_units', { nid, all_units, uids });
