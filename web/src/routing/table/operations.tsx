// Reports, alerts, rules, locations, routes and drivers (SPEC §2, roles of SPEC §6).
import {
  AlertOutlined,
  BellOutlined,
  EnvironmentOutlined,
  FileTextOutlined,
  IdcardOutlined,
  NodeIndexOutlined,
} from '@ant-design/icons';
import type { Role } from '@fleet/common';
import type { AppRoute } from '../types';
import { detail } from './helpers';

const REPORTS = {
  reports: () => import('../../pages/reports/ReportsPage'),
  generate: () => import('../../pages/reports/GenerateReportPage'),
  schedule: () => import('../../pages/reports/ScheduleReportPage'),
  scheduled: () => import('../../pages/reports/ScheduledReportsPage'),
};
const SCHEDULE_EDIT: Role[] = ['feature_scheduled_reports_edit'];

export const reports: AppRoute = {
  path: 'portal/reports',
  redirect: 'report',
  meta: { title: 'Reports', icon: <FileTextOutlined /> },
  children: [
    {
      path: 'report',
      page: REPORTS.reports,
      meta: { title: 'Reports', roles: ['feature_reports'] },
    },
    detail('report/:var_string', 'Reports', ['feature_reports'], REPORTS.reports, {
      activeMenu: '/portal/reports/report',
    }),
    detail('generate/:var_string', 'Generate Report', ['feature_reports'], REPORTS.generate, {
      activeMenu: '/portal/reports/report',
    }),
    detail('schedule/add', 'Schedule a Report', SCHEDULE_EDIT, REPORTS.schedule, {
      activeMenu: '/portal/reports/scheduled',
    }),
    detail('schedule/add/:var_string', 'Schedule a Report', SCHEDULE_EDIT, REPORTS.schedule, {
      activeMenu: '/portal/reports/scheduled',
    }),
    detail('schedule/edit/:srid', 'Edit Scheduled Report', SCHEDULE_EDIT, REPORTS.schedule, {
      activeMenu: '/portal/reports/scheduled',
    }),
    {
      path: 'scheduled',
      page: REPORTS.scheduled,
      meta: {
        title: 'Scheduled Reports',
        roles: ['feature_scheduled_reports_view', 'feature_scheduled_reports_edit'],
      },
    },
  ],
};

const ALERTS = {
  ruleAlerts: () => import('../../pages/alerts/RuleAlertsPage'),
  reminders: () => import('../../pages/alerts/RemindersPage'),
  reminder: () => import('../../pages/alerts/ReminderPage'),
  notices: () => import('../../pages/alerts/NoticesPage'),
  notice: () => import('../../pages/alerts/NoticePage'),
};

export const alerts: AppRoute = {
  path: 'portal/alerts',
  redirect: 'unit_alert',
  meta: { title: 'Alerts', icon: <BellOutlined /> },
  children: [
    {
      path: 'unit_alert',
      page: ALERTS.ruleAlerts,
      meta: { title: 'Rule Alerts', roles: ['feature_rule_alerts'] },
    },
    detail(
      'unit_alert/:raid',
      'Rule Alert',
      ['feature_rule_alerts'],
      () => import('../../pages/alerts/RuleAlertPage'),
      { activeMenu: '/portal/alerts/unit_alert' },
    ),
    {
      path: 'reminders',
      page: ALERTS.reminders,
      meta: { title: 'Reminders', roles: ['feature_reminders_view', 'feature_reminders_edit'] },
    },
    detail('reminder', 'Add Reminder', ['feature_reminders_edit'], ALERTS.reminder, {
      activeMenu: '/portal/alerts/reminders',
    }),
    detail(
      'reminder/:id',
      'Edit Reminder',
      ['feature_reminders_view', 'feature_reminders_edit'],
      ALERTS.reminder,
      { activeMenu: '/portal/alerts/reminders' },
    ),
    {
      path: 'notices',
      page: ALERTS.notices,
      meta: { title: 'Notices', roles: ['feature_notices'] },
    },
    detail('notice/:tid', 'Notice', ['feature_notices'], ALERTS.notice, {
      activeMenu: '/portal/alerts/notices',
    }),
  ],
};

const RULES = {
  rules: () => import('../../pages/rules/RulesPage'),
  rule: () => import('../../pages/rules/RulePage'),
};

export const rules: AppRoute = {
  path: 'portal/rules',
  redirect: 'index',
  meta: { title: 'Rules', icon: <AlertOutlined /> },
  children: [
    {
      path: 'index',
      page: RULES.rules,
      meta: { title: 'Rules', roles: ['feature_rules_view', 'feature_rules_edit'] },
    },
    detail('edit/:id', 'Edit Rule', ['feature_rules_view', 'feature_rules_edit'], RULES.rule, {
      activeMenu: '/portal/rules/index',
    }),
    detail('add', 'Add Rule', ['feature_rules_edit'], RULES.rule, {
      activeMenu: '/portal/rules/index',
    }),
  ],
};

const LOCATIONS = {
  list: () => import('../../pages/locations/LocationListPage'),
  map: () => import('../../pages/locations/LocationsMapPage'),
  location: () => import('../../pages/locations/LocationPage'),
  areaSearch: () => import('../../pages/areaSearch/AreaSearchPage'),
};

export const locations: AppRoute = {
  path: 'portal/locations',
  redirect: 'index_list',
  meta: { title: 'Locations', icon: <EnvironmentOutlined /> },
  children: [
    {
      path: 'index_list',
      page: LOCATIONS.list,
      meta: {
        title: 'Location List',
        roles: ['general_locations_list', 'feature_locations_view', 'feature_locations_edit'],
      },
    },
    {
      path: 'index',
      page: LOCATIONS.map,
      meta: { title: 'Locations Map', roles: ['feature_locations_view', 'feature_locations_edit'] },
    },
    // Beyond SPEC §2 (issue 10): who was inside an area, for the recovery desk and disputes.
    {
      path: 'area_search',
      page: LOCATIONS.areaSearch,
      meta: {
        title: 'Area Search',
        roles: ['feature_locations_view', 'feature_locations_edit', 'user_support'],
      },
    },
    detail('add/:lat/:lng', 'Add Location', ['feature_locations_edit'], LOCATIONS.location, {
      activeMenu: '/portal/locations/index',
    }),
    detail(
      'edit/:lid',
      'Edit Location',
      ['feature_locations_view', 'feature_locations_edit'],
      LOCATIONS.location,
      { activeMenu: '/portal/locations/index' },
    ),
  ],
};

const ROUTES = {
  routes: () => import('../../pages/routes/RoutesPage'),
  route: () => import('../../pages/routes/RoutePage'),
  progress: () => import('../../pages/routes/RouteProgressPage'),
  trips: () => import('../../pages/routes/RouteTripsPage'),
  map: () => import('../../pages/routes/RouteMapPage'),
};
const ROUTES_VIEW: Role[] = ['user_old', 'feature_routes_view', 'feature_routes_edit'];

export const routes: AppRoute = {
  path: 'portal/routes',
  redirect: 'index',
  meta: { title: 'Routes', icon: <NodeIndexOutlined /> },
  children: [
    { path: 'index', page: ROUTES.routes, meta: { title: 'Routes', roles: ROUTES_VIEW } },
    detail('add/:pageType', 'Add Route', ['user_old', 'feature_routes_edit'], ROUTES.route, {
      activeMenu: '/portal/routes/index',
    }),
    detail('edit/:roid', 'Edit Route', ROUTES_VIEW, ROUTES.route, {
      activeMenu: '/portal/routes/index',
    }),
    {
      path: 'realtime',
      page: ROUTES.progress,
      meta: { title: 'Route Progress', roles: ['feature_route_progress'] },
    },
    { path: 'trips', page: ROUTES.trips, meta: { title: 'Route Trips', roles: ROUTES_VIEW } },
    detail('map/:uid/:roid', 'Route Map', ['feature_route_progress', ...ROUTES_VIEW], ROUTES.map, {
      activeMenu: '/portal/routes/realtime',
    }),
  ],
};

const DRIVERS = {
  drivers: () => import('../../pages/drivers/DriversPage'),
  driver: () => import('../../pages/drivers/DriverPage'),
  remotes: () => import('../../pages/drivers/RemotesPage'),
};
const DRIVERS_VIEW: Role[] = ['feature_drivers_view', 'feature_drivers_edit'];

export const drivers: AppRoute = {
  path: 'portal/drivers',
  redirect: 'index',
  meta: { title: 'Drivers', icon: <IdcardOutlined /> },
  children: [
    { path: 'index', page: DRIVERS.drivers, meta: { title: 'Drivers', roles: DRIVERS_VIEW } },
    detail('add_driver/:add_new', 'Add Driver', ['feature_drivers_edit'], DRIVERS.driver, {
      activeMenu: '/portal/drivers/index',
    }),
    detail('edit_driver/:id', 'Edit Driver', DRIVERS_VIEW, DRIVERS.driver, {
      activeMenu: '/portal/drivers/index',
    }),
    detail('edit_driver', 'Edit Driver', DRIVERS_VIEW, DRIVERS.driver, {
      activeMenu: '/portal/drivers/index',
    }),
    {
      path: 'remotes/index',
      page: DRIVERS.remotes,
      meta: { title: 'Remotes', roles: ['menu_remotes'] },
    },
  ],
};
