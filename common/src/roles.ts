// Roles, user types and the permission checks of SPEC §6, shared by server and web.

export const ROLES = {
  // Tracking
  feature_realtime: 'Live map',
  feature_trips: 'Trips',
  feature_trips_summary: 'Trip summary',
  feature_fleet_coverage: 'Fleet coverage area',
  feature_fleet_trips: 'Fleet trips',
  feature_driver_trips: 'Driver trips',
  feature_stealth_units: 'Stealth units',
  // Reports
  feature_reports: 'Reports',
  feature_scheduled_reports_view: 'View scheduled reports',
  feature_scheduled_reports_edit: 'Edit scheduled reports',
  // Alerts
  feature_rule_alerts: 'Rule alerts',
  feature_reminders_view: 'View reminders',
  feature_reminders_edit: 'Edit reminders',
  feature_notices: 'Notices',
  // Rules
  feature_rules_view: 'View rules',
  feature_rules_edit: 'Edit rules',
  // Locations
  feature_locations_view: 'View locations',
  feature_locations_edit: 'Edit locations',
  general_locations_list: 'Location list',
  // Routes
  user_old: 'Legacy user',
  feature_routes_view: 'View routes',
  feature_routes_edit: 'Edit routes',
  feature_route_progress: 'Route progress',
  // Drivers
  feature_drivers_view: 'View drivers',
  feature_drivers_edit: 'Edit drivers',
  menu_remotes: 'Remotes',
  // Accounts
  feature_accounts: 'Accounts and billing',
  feature_jobs: 'Jobs and work approvals',
  feature_unit_issues: 'Unit issues',
  // Users
  general_manage_all_users: 'Manage all users',
  feature_users_view: 'Users, sessions and logs',
  // Labels
  feature_tags_view: 'View labels',
  feature_tags_edit: 'Edit labels',
  // Vehicles
  feature_vehicles_view: 'View vehicles',
  feature_vehicles_edit: 'Edit vehicles',
  feature_services_view: 'View services',
  feature_services_edit: 'Edit services',
  feature_mobile_units: 'Mobile units',
  report_10: 'Fuel usage',
  feature_fleets_view: 'Fleets',
  // Dashboard, top bar, support
  feature_dashboard: 'Dashboard',
  general_site_alerts: 'Site alerts',
  general_panic_notifications: 'Panic notifications',
  general_change_password: 'Change password',
  user_support: 'Support staff',
} as const;

export type Role = keyof typeof ROLES;
export const ALL_ROLES = Object.keys(ROLES) as Role[];

export const USER_TYPES = [
  { id: 0, name: 'Old User', api_name: 'old_user', account: null },
  { id: 1, name: 'Support', api_name: 'support', account: 'USER_TYPE_SUPPORT' },
  { id: 2, name: 'Track', api_name: 'track', account: null },
  { id: 3, name: 'Recovery', api_name: 'recovery', account: 'USER_TYPE_RECOVERY' },
  { id: 4, name: 'Lite', api_name: 'lite', account: 'USER_TYPE_LITE' },
  { id: 5, name: 'Full', api_name: 'full', account: 'USER_TYPE_FULL' },
  { id: 6, name: 'Track All', api_name: 'track_all', account: null },
  { id: 7, name: 'Sign Up', api_name: 'sign_up', account: 'USER_TYPE_SIGNUP' },
  { id: 8, name: 'Stealth', api_name: 'stealth', account: 'USER_TYPE_STEALTH' },
] as const;

export type UserTypeApiName = (typeof USER_TYPES)[number]['api_name'];
export const USER_TYPE_API_NAMES = USER_TYPES.map((t) => t.api_name) as UserTypeApiName[];

export function userTypeName(apiName: string): string {
  return USER_TYPES.find((t) => t.api_name === apiName)?.name ?? apiName;
}

const SUPPORT_ONLY: Role[] = ['user_support', 'user_old'];
/** Every client feature: all roles but the support and legacy markers. */
const FULL_ROLES: Role[] = ALL_ROLES.filter((r) => !SUPPORT_ONLY.includes(r));

const ACCOUNT_BASICS: Role[] = [
  'feature_dashboard',
  'feature_users_view',
  'general_change_password',
  'general_panic_notifications',
  'general_site_alerts',
  'feature_notices',
];

/**
 * Recovery accounts: the live map, trips and the three rule types they may use
 * (Location, Movement, Border crossing), with their alerts and locations.
 */
const RECOVERY_ROLES: Role[] = [
  ...ACCOUNT_BASICS,
  'feature_realtime',
  'feature_trips',
  'feature_rule_alerts',
  'feature_rules_view',
  'feature_rules_edit',
  'feature_locations_view',
  'feature_locations_edit',
  'general_locations_list',
  'feature_vehicles_view',
];

/** Lite accounts: Recovery's set plus trip summaries, reports, labels and vehicle edits. */
const LITE_ROLES: Role[] = [
  ...RECOVERY_ROLES,
  'feature_trips_summary',
  'feature_reports',
  'feature_tags_view',
  'feature_tags_edit',
  'feature_vehicles_edit',
  'feature_drivers_view',
];

export const DEFAULT_ROLES: Record<UserTypeApiName, Role[]> = {
  full: FULL_ROLES,
  lite: LITE_ROLES,
  recovery: RECOVERY_ROLES,
  support: [
    'user_support',
    'feature_users_view',
    'general_manage_all_users',
    'general_change_password',
    'feature_unit_issues',
  ],
  track: ['feature_realtime', 'general_change_password'],
  track_all: ['feature_realtime', 'feature_trips', 'general_change_password'],
  stealth: ['feature_realtime', 'feature_stealth_units', 'general_change_password'],
  sign_up: ['feature_dashboard', 'general_change_password'],
  old_user: [
    'user_old',
    'feature_realtime',
    'feature_trips',
    'feature_routes_view',
    'general_change_password',
  ],
};

/**
 * Element-level permission check (SPEC §6): passes when the user holds at least one of the
 * required roles. An empty or missing list is a developer error ('need roles!') and denies.
 */
export function checkPermission(
  userRoles: readonly string[] | null | undefined,
  required: readonly string[] | null | undefined,
): boolean {
  if (!required || required.length === 0) {
    console.error('need roles!');
    return false;
  }
  if (!userRoles || userRoles.length === 0) return false;
  return required.some((r) => userRoles.includes(r));
}

/** Route inclusion: routes without a roles requirement are open to every logged-in user. */
export function routeAllowed(userRoles: readonly string[], required?: readonly string[]): boolean {
  if (!required || required.length === 0) return true;
  return required.some((r) => userRoles.includes(r));
}

/** A feature is allowed when its permitted list includes the user's type api_name (SPEC §6). */
export function userTypeAllowed(userType: string, permitted: readonly string[]): boolean {
  return permitted.includes(userType);
}

/** A unit service is available when its service type api_name is on the permitted list. */
export function serviceTypeAllowed(serviceType: string, permitted: readonly string[]): boolean {
  return permitted.includes(serviceType);
}

export function isSupportType(userType: string): boolean {
  return userType === 'support';
}

export function isValidRoleList(roles: unknown): roles is Role[] {
  return (
    Array.isArray(roles) &&
    roles.length > 0 &&
    roles.every((r) => typeof r === 'string' && (ALL_ROLES as string[]).includes(r))
  );
}
