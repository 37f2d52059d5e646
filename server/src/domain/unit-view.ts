// The unit shape of API.md §3 (get_unit_list_full items), built once for tasks, share links and the live hub.
import type { SelectQueryBuilder } from 'kysely';
import { PARK_STATE, type UnitListItem } from '@fleet/common';
import type { Database } from '../db';
import { lastReport, liveState } from './connection';
import { iso } from './iso';

export function withUnitState(qb: SelectQueryBuilder<Database, 'units', {}>) {
  return qb
    .leftJoin('unit_state', 'unit_state.unit_id', 'units.uid')
    .leftJoin('people', 'people.pid', 'units.driver_id')
    .select([
      'units.uid',
      'units.client_id',
      'units.name',
      'units.reg',
      'units.icon_colour',
      'units.icon_type',
      'units.vehicle_class_ref',
      'units.service_type',
      'units.unit_type',
      'units.active',
      'units.display',
      'units.last_disconnect',
      'units.device_id',
      'units.protocol',
      'units.stock_status',
      'units.driver_id',
      'people.first_name as driver_first_name',
      'people.surname as driver_surname',
      'unit_state.fix_time',
      'unit_state.server_time',
      'unit_state.lat',
      'unit_state.lon',
      'unit_state.speed',
      'unit_state.course',
      'unit_state.ignition',
      'unit_state.park_state',
      'unit_state.odometer',
      'unit_state.engine_hours',
      'unit_state.power',
      'unit_state.battery',
      'unit_state.gsm',
      'unit_state.attributes',
    ]);
}

export type UnitRow = Awaited<ReturnType<ReturnType<typeof withUnitState>['execute']>>[number];

export function toUnitItem(r: UnitRow, now: number): UnitListItem & { client_id: number } {
  // A unit that has sent only status records has a state row without a fix (fix_time 0).
  const hasState = !!r.fix_time && r.lat !== null;
  // A unit that stopped reporting is shown disconnected and not moving, whatever it last sent.
  const live = liveState(
    {
      serviceType: r.service_type,
      fixTime: r.fix_time,
      serverTime: r.server_time,
      parkState: (hasState ? r.park_state : PARK_STATE.UNKNOWN) as 0 | 1 | 2,
      speed: r.speed ?? 0,
    },
    now,
  );
  return {
    uid: r.uid,
    client_id: r.client_id,
    name: r.name,
    reg: r.reg,
    icon_colour: r.icon_colour,
    icon_type: r.icon_type,
    vehicle_class_ref: r.vehicle_class_ref,
    service_type: r.service_type,
    unit_type: r.unit_type,
    active: r.active,
    display: r.display === 1,
    driver: r.driver_id
      ? { pid: r.driver_id, name: `${r.driver_first_name ?? ''} ${r.driver_surname ?? ''}`.trim() }
      : null,
    last_disconnect: iso(r.last_disconnect ?? lastReport(r.fix_time, r.server_time)),
    connected: live.connected,
    park_state: live.parkState,
    position: hasState
      ? {
          lat: r.lat!,
          lon: r.lon!,
          speed: Math.round(live.speed),
          direction: Math.round(r.course ?? 0),
          datetime: iso(r.fix_time)!,
          ignition: r.ignition === null ? null : r.ignition === 1,
        }
      : null,
    tags: [],
  };
}
