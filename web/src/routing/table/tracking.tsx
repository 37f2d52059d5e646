// /portal (Tracking) of SPEC §2, default page viewrealtime; roles of SPEC §6.
import { AimOutlined } from '@ant-design/icons';
import type { AppRoute } from '../types';
import { detail, withParams } from './helpers';

const TRACKING = {
  liveMap: () => import('../../pages/tracking/LiveMapPage'),
  // trip, trip_range, trip_range_labeled and trip_day are one component, so moving between those
  // routes keeps the map and the replay (trips/tripRoute.ts reads the parameters).
  trips: () => import('../../pages/tracking/trips/TripExplorer'),
  tripSummary: () => import('../../pages/tracking/trips/summary/TripSummaryView'),
  fleetTrips: () => import('../../pages/tracking/trips/fleet/FleetTripsPageView'),
  fleetCoverage: () => import('../../pages/tracking/trips/fleet/FleetCoverageView'),
  driverTrips: () => import('../../pages/tracking/trips/fleet/DriverTripsPageView'),
  stealthUnits: () => import('../../pages/tracking/StealthUnitsPage'),
};

export const tracking: AppRoute = {
  path: 'portal',
  redirect: 'viewrealtime',
  meta: { title: 'Tracking', icon: <AimOutlined /> },
  children: [
    {
      path: 'viewrealtime',
      page: TRACKING.liveMap,
      meta: { title: 'Live Map', roles: ['feature_realtime'] },
    },
    detail('viewrealtime/:type/:id', 'Live Map', ['feature_realtime'], TRACKING.liveMap, {
      activeMenu: '/portal/viewrealtime',
    }),
    detail('realtime', 'Realtime', ['feature_realtime'], TRACKING.liveMap, {
      activeMenu: '/portal/viewrealtime',
    }),
    detail('realtime/:type/:id', 'Realtime', ['feature_realtime'], TRACKING.liveMap, {
      activeMenu: '/portal/viewrealtime',
    }),
    { path: 'trip', page: TRACKING.trips, meta: { title: 'Trips', roles: ['feature_trips'] } },
    ...withParams(
      'trip',
      [':id', ':datetime', ':heading'],
      'Trips',
      ['feature_trips'],
      TRACKING.trips,
      '/portal/trip',
    ),
    ...withParams(
      'trip_range/:id',
      [':daterange', ':max_speed'],
      'Trip Range',
      ['feature_trips'],
      TRACKING.trips,
      '/portal/trip',
    ),
    detail(
      'trip_range_labeled/:id/:daterange/:first_heading/:last_heading',
      'Trip Range',
      ['feature_trips'],
      TRACKING.trips,
      { activeMenu: '/portal/trip' },
    ),
    detail('trip_day/:id/:dateday', 'Trip Day', ['feature_trips'], TRACKING.trips, {
      activeMenu: '/portal/trip',
    }),
    {
      path: 'trip_summary',
      page: TRACKING.tripSummary,
      meta: { title: 'Trip Summary', roles: ['feature_trips_summary'] },
    },
    detail('trip_summary_date', 'Trip Summary', ['feature_trips_summary'], TRACKING.tripSummary, {
      activeMenu: '/portal/trip_summary',
    }),
    ...withParams(
      'trip_summary_date',
      [':uid', ':date_range'],
      'Trip Summary',
      ['feature_trips_summary'],
      TRACKING.tripSummary,
      '/portal/trip_summary',
    ),
    {
      path: 'fleet_trips',
      page: TRACKING.fleetTrips,
      meta: { title: 'Fleet Trips', roles: ['feature_fleet_trips'] },
    },
    ...withParams(
      'fleet_trips',
      [':uid_list', ':daterange'],
      'Fleet Trips',
      ['feature_fleet_trips'],
      TRACKING.fleetTrips,
      '/portal/fleet_trips',
    ),
    {
      path: 'fleet_coverage_area',
      page: TRACKING.fleetCoverage,
      meta: { title: 'Fleet Coverage Area', roles: ['feature_fleet_coverage'] },
    },
    ...withParams(
      'fleet_coverage_area',
      [':uid_list', ':daterange'],
      'Fleet Coverage Area',
      ['feature_fleet_coverage'],
      TRACKING.fleetCoverage,
      '/portal/fleet_coverage_area',
    ),
    {
      path: 'driver_trips',
      page: TRACKING.driverTrips,
      meta: { title: 'Driver Trips', roles: ['feature_driver_trips'] },
    },
    ...withParams(
      'driver_trips',
      [':pids', ':date_range'],
      'Driver Trips',
      ['feature_driver_trips'],
      TRACKING.driverTrips,
      '/portal/driver_trips',
    ),
    {
      path: 'stealth_units',
      page: TRACKING.stealthUnits,
      meta: { title: 'Stealth Units', roles: ['feature_stealth_units'] },
    },
    ...withParams(
      'stealth_units',
      [':id_list'],
      'Stealth Units',
      ['feature_stealth_units'],
      TRACKING.stealthUnits,
      '/portal/stealth_units',
    ),
  ],
};
