// The one route table (ARCHITECTURE §6). Every path of SPEC §2; roles from SPEC §6. Pages are
// lazy modules under pages/<section>/, so a later issue replaces a page by replacing its module.
import { DashboardOutlined } from '@ant-design/icons';
import type { AppRoute } from './routing/types';
import { tracking } from './routing/table/tracking';
import { alerts, drivers, locations, reports, routes, rules } from './routing/table/operations';
import { account } from './routing/table/account';
import { otherPortal, user, userEdit } from './routing/table/users';
import { tags, vehicles } from './routing/table/fleet';
import { recovery } from './routing/table/recovery';

/** Routes inside the logged-in shell, in menu order. */
export const SHELL_ROUTES: AppRoute[] = [
  {
    path: 'dashboard',
    page: () => import('./pages/dashboard/DashboardPage'),
    meta: { title: 'Dashboard', icon: <DashboardOutlined />, roles: ['feature_dashboard'] },
  },
  {
    path: 'support',
    page: () => import('./pages/dashboard/SupportDashboardPage'),
    meta: {
      title: 'Support Dashboard',
      icon: <DashboardOutlined />,
      roles: ['user_support'],
      hidden: true,
    },
  },
  tracking,
  recovery,
  reports,
  alerts,
  rules,
  locations,
  routes,
  drivers,
  vehicles,
  tags,
  user,
  userEdit,
  account,
  otherPortal,
];

const PUBLIC = {
  login: () => import('./pages/public/LoginPage'),
  logout: () => import('./pages/public/LogoutPage'),
  forgotPassword: () => import('./pages/public/ForgotPasswordPage'),
  setPassword: () => import('./pages/public/SetPasswordPage'),
  signUp: () => import('./pages/public/SignUpPage'),
  knownLogin: () => import('./pages/public/KnownLoginPage'),
  notFound: () => import('./pages/public/NotFoundPage'),
  iframeError: () => import('./pages/public/IframeErrorPage'),
  track: () => import('./pages/public/TrackPage'),
  trackAll: () => import('./pages/public/TrackAllPage'),
};

/** Public routes of SPEC §2: no layout; the guard decides which need no session. */
export const PUBLIC_ROUTES: AppRoute[] = [
  { path: 'login', page: PUBLIC.login, meta: { title: 'Log In' } },
  { path: 'logout', page: PUBLIC.logout, meta: { title: 'Log Out' } },
  { path: 'forgot_password', page: PUBLIC.forgotPassword, meta: { title: 'Forgot Password' } },
  { path: 'forgot_reset', page: PUBLIC.forgotPassword, meta: { title: 'Forgot Password' } },
  { path: 'forgot_reset/:token', page: PUBLIC.setPassword, meta: { title: 'Reset Password' } },
  { path: 'new_account/:token', page: PUBLIC.setPassword, meta: { title: 'Welcome' } },
  { path: 'sign_up', page: PUBLIC.signUp, meta: { title: 'Sign Up' } },
  { path: 'known_login/:token', page: PUBLIC.knownLogin, meta: { title: 'Log In' } },
  { path: 'known_login/:token/:url', page: PUBLIC.knownLogin, meta: { title: 'Log In' } },
  { path: 'known_login/:token/:url/:iframe', page: PUBLIC.knownLogin, meta: { title: 'Log In' } },
  { path: 'track/:send_token', page: PUBLIC.track, meta: { title: 'Shared Location' } },
  { path: 'track_all', page: PUBLIC.trackAll, meta: { title: 'Fleet Tracking' } },
  {
    path: 'track_all/:send_token/:map_pos/:map_zoom',
    page: PUBLIC.trackAll,
    meta: { title: 'Fleet Tracking' },
  },
  {
    path: 'track_all/:send_token/:map_pos/:map_zoom/:show_all',
    page: PUBLIC.trackAll,
    meta: { title: 'Fleet Tracking' },
  },
  { path: '404', page: PUBLIC.notFound, meta: { title: 'Page Not Found' } },
  { path: 'iframe_error', page: PUBLIC.iframeError, meta: { title: 'Cannot Open Here' } },
];
