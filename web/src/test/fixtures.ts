import { DEFAULT_ROLES, type UserInfo, type UserTypeApiName } from '@fleet/common';

let nextNid = 1;

/** A user of a type with that type's default roles (common/src/roles.ts). */
export function userOf(type: UserTypeApiName, extra: Partial<UserInfo> = {}): UserInfo {
  return {
    nid: nextNid++,
    username: `${type}-user`,
    display_name: `${type[0].toUpperCase()}${type.slice(1)} User`,
    email: `${type}@example.com`,
    user_type: type,
    roles: [...DEFAULT_ROLES[type]],
    client: { cid: 1, name: 'Demo Fleet' },
    settings: {},
    ui_settings: {},
    all_units: true,
    ...extra,
  };
}
