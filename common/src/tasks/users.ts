// User management and one user's records: users, sessions, logs, unit assignment, clients,
// one-time login links (SPEC §2 /portal/user*).
import { z } from 'zod';
import type { UserInfo } from '../api';
import type { ChangeLogAction } from '../enums';
import { ALL_ROLES, USER_TYPE_API_NAMES, type Role, type UserTypeApiName } from '../roles';
import { idSchema, optionalNid, pagingSchema, plainText, type ListAnswer } from './shared';

export const userParams = {
  get_users: z.object({ ...pagingSchema, search: plainText().max(100).optional() }),
  set_user: z.object({
    nid: idSchema.optional(),
    username: z
      .string()
      .trim()
      .min(3)
      .max(100)
      .regex(/^[A-Za-z0-9@._-]+$/, 'use letters, digits and @ . _ - only')
      .optional(),
    display_name: plainText().trim().min(1).max(100).optional(),
    email: plainText().trim().max(200).optional().nullable(),
    user_type: z.enum(USER_TYPE_API_NAMES as [UserTypeApiName, ...UserTypeApiName[]]).optional(),
    roles: z.array(z.enum(ALL_ROLES as [Role, ...Role[]])).optional(),
    password: z.string().optional(),
    cid: idSchema.optional(),
  }),
  delete_user: z.object({ nid: idSchema }),
  get_user_sessions: z.object(optionalNid),
  delete_user_session: z.object({ id: idSchema, ...optionalNid }),
  get_user_connection_logs: z.object({ ...optionalNid, ...pagingSchema }),
  get_user_change_logs: z.object({ ...optionalNid, ...pagingSchema }),
  get_user_units: z.object(optionalNid),
  set_user_units: z.object({
    nid: idSchema,
    all_units: z.boolean(),
    uids: z.array(idSchema).max(100000).default([]),
  }),
  get_clients: z.object({ ...pagingSchema, search: plainText().max(100).optional() }),
  set_known_login: z.object({
    nid: idSchema,
    url: z
      .string()
      .max(300)
      .regex(/^[A-Za-z0-9_/-]*$/, 'url must be a portal path such as portal/viewrealtime')
      .optional(),
  }),
};

/** A row of get_users. */
export interface UserRow extends Pick<
  UserInfo,
  'nid' | 'username' | 'display_name' | 'email' | 'user_type' | 'roles' | 'all_units'
> {
  unit_count: number;
  last_login: string | null;
  created: string;
  cid: number;
}

/** A live session (token) of a user; `current` is the one asking. */
export interface SessionRow {
  id: number;
  created: string;
  last_seen: string;
  expires: string;
  ip: string;
  user_agent: string;
  channel: string;
  current: boolean;
}

export interface ConnectionLogRow {
  id: number;
  datetimestamp: string;
  username: string;
  ip: string;
  user_agent: string;
  channel: string;
  success: boolean;
  message: string;
}

export interface ChangeLogRow {
  id: number;
  datetimestamp: string;
  username: string;
  action: ChangeLogAction;
  entity_type: string;
  entity_id: string;
  description: string;
}

/** One of the client's units, and whether the user sees it. */
export interface UserUnit {
  uid: number;
  name: string;
  reg: string;
  assigned: boolean;
}

export interface ClientRow {
  cid: number;
  name: string;
  state: number;
  created: string;
  unit_count: number;
  user_count: number;
}

export interface UserAnswers {
  get_users: ListAnswer<'users', UserRow>;
  set_user: { user: UserInfo };
  delete_user: { nid: number };
  get_user_sessions: { tokens: SessionRow[] };
  delete_user_session: { id: number };
  get_user_connection_logs: ListAnswer<'connection_logs', ConnectionLogRow>;
  get_user_change_logs: ListAnswer<'change_logs', ChangeLogRow>;
  get_user_units: { nid: number; all_units: boolean; units: UserUnit[] };
  set_user_units: { nid: number; all_units: boolean; uids: number[] };
  get_clients: ListAnswer<'clients', ClientRow>;
  set_known_login: { token: string; link: string };
}
