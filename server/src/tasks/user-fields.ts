// A users row's user_type and roles are plain text in the database; the API names them with the
// enums of @fleet/common. Every write goes through set_user's schema, so a value outside the enums
// is a damaged row: these helpers check instead of casting, so such a row cannot pass unnoticed.
import { ALL_ROLES, USER_TYPE_API_NAMES, type Role, type UserTypeApiName } from '@fleet/common';
import { json } from '../db';

const USER_TYPES: ReadonlySet<string> = new Set(USER_TYPE_API_NAMES);
const ROLES: ReadonlySet<string> = new Set(ALL_ROLES);

export function isUserType(value: string): value is UserTypeApiName {
  return USER_TYPES.has(value);
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && ROLES.has(value);
}

/** The stored user_type; an unknown one is a fault (logged as 'Server error'), not a guess. */
export function userTypeOf(row: { nid: number; user_type: string }): UserTypeApiName {
  if (!isUserType(row.user_type)) {
    throw new Error(`User ${row.nid} has an unknown user_type: ${row.user_type}`);
  }
  return row.user_type;
}

/** The stored roles (a JSON list); a role the code no longer knows grants nothing and is left out. */
export function rolesOf(text: string | null | undefined): Role[] {
  const roles = json.parse<unknown>(text, []);
  return Array.isArray(roles) ? roles.filter(isRole) : [];
}
