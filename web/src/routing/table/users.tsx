// User pages: /portal/user, /portal/user_edit and the other portal routes of SPEC §2.
import { GiftOutlined, TeamOutlined } from '@ant-design/icons';
import type { Role } from '@fleet/common';
import type { AppRoute } from '../types';
import { detail } from './helpers';

const USER = {
  users: () => import('../../pages/user/UsersPage'),
  units: () => import('../../pages/user/UserUnitsPage'),
  sessions: () => import('../../pages/user/UserSessionsPage'),
  connectionLogs: () => import('../../pages/user/ConnectionLogsPage'),
  changeLogs: () => import('../../pages/user/ChangeLogsPage'),
  settings: () => import('../../pages/user/UserSettingsPage'),
  password: () => import('../../pages/user/PasswordPage'),
  panic: () => import('../../pages/user/PanicNotificationPage'),
};
/** SPEC §6: user management needs general_manage_all_users; per-user pages also accept feature_users_view. */
const MANAGE_USERS: Role[] = ['general_manage_all_users'];
const PER_USER: Role[] = ['general_manage_all_users', 'feature_users_view'];

export const user: AppRoute = {
  path: 'portal/user',
  redirect: 'index',
  meta: { title: 'Users', icon: <TeamOutlined /> },
  children: [
    { path: 'index', page: USER.users, meta: { title: 'Users', roles: MANAGE_USERS } },
    detail('edit_user_units', 'My Units', PER_USER, USER.units),
    detail('edit_user_tokens', 'Active Sessions', PER_USER, USER.sessions),
    detail('edit_user_connection_logs', 'Connection Logs', PER_USER, USER.connectionLogs),
    detail('edit_user_change_logs', 'Change Logs', PER_USER, USER.changeLogs),
  ],
};

export const userEdit: AppRoute = {
  path: 'portal/user_edit',
  redirect: '/portal/user/index',
  meta: { title: 'Users', hidden: true, roles: PER_USER },
  children: [
    detail('edit_user_units/:nid', 'User Units', PER_USER, USER.units, {
      activeMenu: '/portal/user/index',
    }),
    detail('edit_user_tokens/:nid', 'Active Sessions', PER_USER, USER.sessions, {
      activeMenu: '/portal/user/index',
    }),
    detail('edit_user_connection_logs/:nid', 'Connection Logs', PER_USER, USER.connectionLogs, {
      activeMenu: '/portal/user/index',
    }),
    detail('edit_user_change_logs/:nid', 'Change Logs', PER_USER, USER.changeLogs, {
      activeMenu: '/portal/user/index',
    }),
  ],
};

/** SPEC §2 "Other portal routes": reached from the user menu, except Monthly Deals. */
export const otherPortal: AppRoute = {
  path: 'portal',
  flat: true,
  meta: { breadcrumb: false },
  children: [
    {
      path: 'deals',
      page: () => import('../../pages/account/MonthlyDealsPage'),
      meta: { title: 'Monthly Deals', icon: <GiftOutlined />, roles: ['feature_accounts'] },
    },
    // SPEC §6: User Settings is for the recovery, lite and full account types.
    {
      path: 'user_settings',
      page: USER.settings,
      meta: { title: 'User Settings', hidden: true, types: ['recovery', 'lite', 'full'] },
    },
    detail(
      'password',
      'Change Password',
      ['user_support', 'general_change_password'],
      USER.password,
    ),
    detail(
      'panic_notification',
      'Panic Notifications',
      ['general_panic_notifications'],
      USER.panic,
    ),
  ],
};
