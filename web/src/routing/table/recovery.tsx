// /recovery, for support staff only (SPEC §2, §6).
import { SafetyOutlined } from '@ant-design/icons';
import type { Role } from '@fleet/common';
import type { AppRoute } from '../types';
import { detail, withParams } from './helpers';

const RECOVERY = {
  search: () => import('../../pages/recovery/RecoverySearchPage'),
  chaseUp: () => import('../../pages/recovery/ChaseUpPage'),
  chaseUpDetail: () => import('../../pages/recovery/ChaseUpDetailPage'),
  client: () => import('../../pages/recovery/RecoveryClientPage'),
  unit: () => import('../../pages/recovery/RecoveryUnitPage'),
  log: () => import('../../pages/recovery/RecoveryLogPage'),
  realtime: () => import('../../pages/recovery/RecoveryRealtimePage'),
  trips: () => import('../../pages/recovery/RecoveryTripsPage'),
  border: () => import('../../pages/recovery/BorderCrossingPage'),
  backup: () => import('../../pages/recovery/BackupUnitsPage'),
};
const SUPPORT: Role[] = ['user_support'];

export const recovery: AppRoute = {
  path: 'recovery',
  redirect: 'search',
  meta: { title: 'Recovery', icon: <SafetyOutlined />, roles: SUPPORT },
  children: [
    { path: 'search', page: RECOVERY.search, meta: { title: 'Search', roles: SUPPORT } },
    { path: 'chase_up', page: RECOVERY.chaseUp, meta: { title: 'Chase-ups', roles: SUPPORT } },
    // Notices to clients are written on the support dashboard (SPEC-CHECKLIST decision); an old
    // link to the page they had here leads there.
    { path: 'notices', redirect: '/support', meta: { hidden: true } },
    detail('chase_up_detail/:id', 'Chase-up', SUPPORT, RECOVERY.chaseUpDetail, {
      activeMenu: '/recovery/chase_up',
    }),
    detail('client/:id', 'Client', SUPPORT, RECOVERY.client, { activeMenu: '/recovery/search' }),
    detail('unit/:id', 'Unit', SUPPORT, RECOVERY.unit, { activeMenu: '/recovery/search' }),
    detail('add/recovery_log/:uid', 'Add Recovery Log', SUPPORT, RECOVERY.log, {
      activeMenu: '/recovery/search',
    }),
    detail('edit/recovery_log/:id', 'Edit Recovery Log', SUPPORT, RECOVERY.log, {
      activeMenu: '/recovery/search',
    }),
    detail('realtime/:type/:id', 'Live Map', SUPPORT, RECOVERY.realtime, {
      activeMenu: '/recovery/search',
    }),
    ...withParams(
      'trips/:id',
      [':datetime', ':heading'],
      'Trips',
      SUPPORT,
      RECOVERY.trips,
      '/recovery/search',
    ),
    detail('trips/:id', 'Trips', SUPPORT, RECOVERY.trips, { activeMenu: '/recovery/search' }),
    ...withParams(
      'trip_range/:id',
      [':daterange', ':max_speed'],
      'Trip Range',
      SUPPORT,
      RECOVERY.trips,
      '/recovery/search',
    ),
    detail('bordercrossing/:id/:title', 'Border Crossing', SUPPORT, RECOVERY.border, {
      activeMenu: '/recovery/search',
    }),
    detail('backup_units/:id_list/:title', 'Backup Units', SUPPORT, RECOVERY.backup, {
      activeMenu: '/recovery/search',
    }),
    // SPEC §2: the paths client and map redirect to /.
    { path: 'client', redirect: '/', meta: { hidden: true } },
    { path: 'map', redirect: '/', meta: { hidden: true } },
  ],
};
