// Every path of SPEC §2 resolves to a titled route of the one table (not to the /404 fallback).
import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router';
import { appRoutes } from '../router';
import type { RouteHandle } from './types';

const SPEC_PATHS = [
  // Public
  '/login',
  '/logout',
  '/forgot_password',
  '/sign_up',
  '/404',
  '/iframe_error',
  '/forgot_reset/t',
  '/new_account/t',
  '/known_login/t',
  '/known_login/t/u',
  '/known_login/t/u/1',
  '/track/s',
  '/track_all',
  '/track_all/s/-28.4,24.2/5',
  '/track_all/s/-28.4,24.2/5/1',
  // Shell
  '/dashboard',
  '/support',
  '/portal/realtime',
  '/portal/realtime/unit/1',
  '/portal/viewrealtime',
  '/portal/viewrealtime/unit/1',
  '/portal/trip',
  '/portal/trip/1',
  '/portal/trip/1/2025-06-01',
  '/portal/trip/1/2025-06-01/90',
  '/portal/trip_range/1/r',
  '/portal/trip_range/1/r/120',
  '/portal/trip_range_labeled/1/r/a/b',
  '/portal/trip_day/1/2025-06-01',
  '/portal/trip_summary',
  '/portal/trip_summary_date',
  '/portal/trip_summary_date/1',
  '/portal/trip_summary_date/1/r',
  '/portal/fleet_trips',
  '/portal/fleet_trips/1,2',
  '/portal/fleet_trips/1,2/r',
  '/portal/fleet_coverage_area',
  '/portal/fleet_coverage_area/1,2',
  '/portal/fleet_coverage_area/1,2/r',
  '/portal/driver_trips',
  '/portal/driver_trips/3',
  '/portal/driver_trips/3/r',
  '/portal/stealth_units',
  '/portal/stealth_units/1,2',
  '/portal/reports/report',
  '/portal/reports/report/v',
  '/portal/reports/generate/v',
  '/portal/reports/schedule/add',
  '/portal/reports/schedule/add/v',
  '/portal/reports/schedule/edit/1',
  '/portal/reports/scheduled',
  '/portal/alerts/unit_alert',
  '/portal/alerts/unit_alert/1',
  '/portal/alerts/reminders',
  '/portal/alerts/reminder',
  '/portal/alerts/reminder/1',
  '/portal/alerts/notices',
  '/portal/alerts/notice/1',
  '/portal/rules/index',
  '/portal/rules/edit/1',
  '/portal/rules/add',
  '/portal/locations/index_list',
  '/portal/locations/index',
  '/portal/locations/add/-28/24',
  '/portal/locations/edit/1',
  '/portal/routes/index',
  '/portal/routes/add/new',
  '/portal/routes/edit/1',
  '/portal/routes/realtime',
  '/portal/routes/trips',
  '/portal/routes/map/1/2',
  '/portal/drivers/index',
  '/portal/drivers/add_driver/1',
  '/portal/drivers/edit_driver/1',
  '/portal/drivers/edit_driver',
  '/portal/drivers/remotes/index',
  '/portal/account/quotes_orders',
  '/portal/account/request_quote',
  '/portal/account/billing',
  '/portal/account/billing/1',
  '/portal/account/work_approvals',
  '/portal/account/jobs',
  '/portal/account/add_jobs',
  '/portal/account/client_detail',
  '/portal/account/client_detail/1',
  '/portal/account/contact_list',
  '/portal/user/index',
  '/portal/user/edit_user_units',
  '/portal/user/edit_user_tokens',
  '/portal/user/edit_user_connection_logs',
  '/portal/user/edit_user_change_logs',
  '/portal/user_edit/edit_user_units/1',
  '/portal/user_edit/edit_user_tokens/1',
  '/portal/user_edit/edit_user_connection_logs/1',
  '/portal/user_edit/edit_user_change_logs/1',
  '/portal/tag/index',
  '/portal/tag/edit/1',
  '/portal/tag/add',
  '/portal/vehicles/vehicle/index',
  '/portal/vehicles/vehicle/edit/1',
  '/portal/vehicles/unit/issues/',
  '/portal/vehicles/service/index',
  '/portal/vehicles/service/index/1',
  '/portal/vehicles/service/edit/1/0/2/Service',
  '/portal/vehicles/service/add/1/0/Service',
  '/portal/vehicles/mobile/index',
  '/portal/vehicles/mobile/edit/1',
  '/portal/vehicles/fuel_usage/index',
  '/portal/vehicles/fuel_usage/add',
  '/portal/vehicles/vehicle/fleet_list',
  '/portal/user_settings',
  '/portal/password',
  '/portal/panic_notification',
  '/portal/deals',
  '/recovery/search',
  '/recovery/chase_up',
  '/recovery/chase_up_detail/1',
  '/recovery/client/1',
  '/recovery/unit/1',
  '/recovery/add/recovery_log/1',
  '/recovery/edit/recovery_log/1',
  '/recovery/realtime/unit/1',
  '/recovery/trips/1',
  '/recovery/trips/1/d',
  '/recovery/trips/1/d/90',
  '/recovery/trip_range/1/r',
  '/recovery/trip_range/1/r/120',
  '/recovery/bordercrossing/1/t',
  '/recovery/backup_units/1,2/t',
];

function leafOf(path: string) {
  const matches = matchRoutes(appRoutes(), path) ?? [];
  return matches[matches.length - 1];
}

describe('the route table', () => {
  it.each(SPEC_PATHS)('has a titled route for %s', (path) => {
    const leaf = leafOf(path);
    expect(leaf?.route.path, path).not.toBe('*');
    expect((leaf?.route.handle as RouteHandle | undefined)?.meta.title, path).toBeTruthy();
  });

  it('gives every logged-in route a roles rule except the user’s own pages', () => {
    const open = SPEC_PATHS.filter((p) => {
      const matches = matchRoutes(appRoutes(), p) ?? [];
      const handles = matches.map((m) => m.route.handle as RouteHandle | undefined).filter(Boolean);
      return handles.length && !handles.some((h) => h!.meta.roles?.length || h!.meta.types?.length);
    });
    expect(
      open.filter(
        (p) => !/^\/(login|logout|forgot|sign_up|404|iframe|new_account|known_login|track)/.test(p),
      ),
    ).toEqual([]);
  });

  it('leaves unknown paths to the /404 fallback', () => {
    expect(leafOf('/portal/nothing_here')?.route.path).toBe('*');
    expect(leafOf('/recovery/client')?.route.handle).toMatchObject({ meta: { hidden: true } });
  });
});
