// The user dropdown of SPEC §2 with the role rules of SPEC §6.
import { checkPermission, userTypeAllowed, type UserInfo } from '@fleet/common';

export interface UserMenuItem {
  key: string;
  label: string;
  /** Where the item goes; Log Out has none. */
  path?: string;
}

export function userMenuItems(user: Pick<UserInfo, 'roles' | 'user_type'>): UserMenuItem[] {
  const items: UserMenuItem[] = [{ key: 'home', label: 'Home', path: '/' }];
  if (userTypeAllowed(user.user_type, ['recovery', 'lite', 'full'])) {
    items.push({ key: 'settings', label: 'User Settings', path: '/portal/user_settings' });
  }
  if (checkPermission(user.roles, ['general_panic_notifications'])) {
    items.push({ key: 'panic', label: 'Panic Notifications', path: '/portal/panic_notification' });
  }
  if (checkPermission(user.roles, ['user_support', 'general_change_password'])) {
    items.push({ key: 'password', label: 'Change Password', path: '/portal/password' });
  }
  if (checkPermission(user.roles, ['feature_users_view'])) {
    items.push(
      { key: 'sessions', label: 'Active Sessions', path: '/portal/user/edit_user_tokens' },
      {
        key: 'connections',
        label: 'Connection Logs',
        path: '/portal/user/edit_user_connection_logs',
      },
      { key: 'changes', label: 'Change Logs', path: '/portal/user/edit_user_change_logs' },
    );
  }
  items.push({ key: 'logout', label: 'Log Out' });
  return items;
}
