// Labels and vehicles (SPEC §2, roles of SPEC §6).
import { CarOutlined, TagsOutlined } from '@ant-design/icons';
import type { Role } from '@fleet/common';
import type { AppRoute } from '../types';
import { detail } from './helpers';

const TAGS = {
  tags: () => import('../../pages/tags/TagsPage'),
  tag: () => import('../../pages/tags/TagPage'),
};

export const tags: AppRoute = {
  path: 'portal/tag',
  redirect: 'index',
  meta: { title: 'Labels', icon: <TagsOutlined /> },
  children: [
    {
      path: 'index',
      page: TAGS.tags,
      meta: { title: 'Labels', roles: ['feature_tags_view', 'feature_tags_edit'] },
    },
    detail('edit/:id', 'Edit Label', ['feature_tags_edit'], TAGS.tag, {
      activeMenu: '/portal/tag/index',
    }),
    detail('add', 'Add Label', ['feature_tags_edit'], TAGS.tag, {
      activeMenu: '/portal/tag/index',
    }),
  ],
};

const VEHICLES = {
  vehicles: () => import('../../pages/vehicles/VehiclesPage'),
  vehicle: () => import('../../pages/vehicles/VehiclePage'),
  unitIssues: () => import('../../pages/vehicles/UnitIssuesPage'),
  services: () => import('../../pages/vehicles/ServiceLogsPage'),
  service: () => import('../../pages/vehicles/ServiceLogPage'),
  mobileUnits: () => import('../../pages/vehicles/MobileUnitsPage'),
  mobileUnit: () => import('../../pages/vehicles/MobileUnitPage'),
  fuel: () => import('../../pages/vehicles/FuelUsagePage'),
  fuelUpload: () => import('../../pages/vehicles/FuelUploadPage'),
  fleets: () => import('../../pages/vehicles/FleetListPage'),
};
const VEHICLES_VIEW: Role[] = ['feature_vehicles_view', 'feature_vehicles_edit'];
const SERVICES_VIEW: Role[] = ['feature_services_view', 'feature_services_edit'];

export const vehicles: AppRoute = {
  path: 'portal/vehicles',
  redirect: 'vehicle/index',
  meta: { title: 'Vehicles', icon: <CarOutlined /> },
  children: [
    {
      path: 'vehicle/index',
      page: VEHICLES.vehicles,
      meta: { title: 'Vehicles', roles: VEHICLES_VIEW },
    },
    detail('vehicle/edit/:id', 'Edit Vehicle', VEHICLES_VIEW, VEHICLES.vehicle, {
      activeMenu: '/portal/vehicles/vehicle/index',
    }),
    {
      path: 'unit/issues',
      page: VEHICLES.unitIssues,
      meta: { title: 'Unit Issues', roles: ['feature_unit_issues'] },
    },
    {
      path: 'service/index',
      page: VEHICLES.services,
      meta: { title: 'Service Logs', roles: SERVICES_VIEW },
    },
    detail('service/index/:id', 'Service Logs', SERVICES_VIEW, VEHICLES.services, {
      activeMenu: '/portal/vehicles/service/index',
    }),
    detail(
      'service/edit/:vid/:displayHours/:entry/:title',
      'Edit Service Log',
      ['feature_services_edit'],
      VEHICLES.service,
      {
        activeMenu: '/portal/vehicles/service/index',
      },
    ),
    detail(
      'service/add/:vid/:displayHours/:title',
      'Add Service Log',
      ['feature_services_edit'],
      VEHICLES.service,
      {
        activeMenu: '/portal/vehicles/service/index',
      },
    ),
    {
      path: 'mobile/index',
      page: VEHICLES.mobileUnits,
      meta: { title: 'Mobile Units', roles: ['feature_mobile_units'] },
    },
    detail('mobile/edit/:id', 'Edit Mobile Unit', ['feature_mobile_units'], VEHICLES.mobileUnit, {
      activeMenu: '/portal/vehicles/mobile/index',
    }),
    {
      path: 'fuel_usage/index',
      page: VEHICLES.fuel,
      meta: { title: 'Fuel Usage', roles: ['report_10'] },
    },
    detail('fuel_usage/add', 'Import Fuel Usage', ['report_10'], VEHICLES.fuelUpload, {
      activeMenu: '/portal/vehicles/fuel_usage/index',
    }),
    {
      path: 'vehicle/fleet_list',
      page: VEHICLES.fleets,
      meta: { title: 'Fleets', roles: ['feature_fleets_view'] },
    },
  ],
};
