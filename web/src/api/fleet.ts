// The fleet record tasks of issue 12 (common/src/tasks/fleet.ts): vehicles, their CSV import,
// fleets and labels, plus the SPEC §5 label warnings, as TanStack Query options and calls. The
// label and fleet pickers are tagsQuery and fleetsQuery of ./rules.
import type { QueryClient } from '@tanstack/react-query';
import { MAX_PAGE_SIZE, type TaskRequest, type Vehicle, type VehicleInput } from '@fleet/common';
import { call } from './call';
import type { RequestOptions } from './client';
import { taskKey, taskQuery } from './queries';

export const vehicleQuery = (uid: number, opts?: RequestOptions) =>
  taskQuery('get_vehicle', { uid }, opts);
export const tagQuery = (tgid: number, opts?: RequestOptions) =>
  taskQuery('get_tag', { tgid }, opts);
/**
 * The drivers a vehicle's default driver is picked from, by name; silent, since a user who may
 * edit vehicles but not see people still gets the rest of the form.
 */
export const driversPickerQuery = () =>
  taskQuery(
    'get_people',
    { page: 1, page_size: MAX_PAGE_SIZE, drivers_only: true, sort: 'name', order: 'asc' },
    { silent: true },
  );

export type VehicleFilters = Omit<TaskRequest<'get_vehicles'>, 'page' | 'page_size'>;

/** Every vehicle matching the filters, read a page of 500 at a time (the CSV export). */
export async function allVehicles(filters: VehicleFilters): Promise<Vehicle[]> {
  const rows: Vehicle[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await call('get_vehicles', { ...filters, page, page_size: MAX_PAGE_SIZE });
    rows.push(...answer.vehicles);
    if (page >= answer.page_count || answer.vehicles.length === 0) return rows;
  }
}

/** Silent: the forms show the server's refusal beside the field it names. */
export const setVehicle = (input: VehicleInput) => call('set_vehicle', input, { silent: true });
export const importVehicles = (rows: TaskRequest<'import_vehicles'>['rows'], dryRun: boolean) =>
  call('import_vehicles', { rows, dry_run: dryRun }, { silent: true });

export const setFleet = (input: TaskRequest<'set_fleet'>) =>
  call('set_fleet', input, { silent: true });
export const deleteFleet = (fid: number) => call('delete_fleet', { fid });

export const setTag = (input: TaskRequest<'set_tag'>) => call('set_tag', input, { silent: true });
export const deleteTag = (tgid: number) => call('delete_tag', { tgid });

/** SPEC §5: what applying label `tgid` to `uids` would mean for the rules that use it. */
export const labelWarnings = (tgid: number, uids: number[]) => call('get_warnings', { tgid, uids });

/**
 * Every query a change to a vehicle, a label or a fleet can make stale: the tables and pickers,
 * and the unit list the live map, its filters and every unit picker share.
 */
export const FLEET_RECORD_KEYS = [
  taskKey('get_vehicles'),
  taskKey('get_vehicle'),
  taskKey('get_tags'),
  taskKey('get_tag'),
  taskKey('get_fleets'),
  taskKey('get_fleet'),
  taskKey('get_unit_list_full'),
  taskKey('get_unit'),
];

export function refreshFleetRecords(client: QueryClient): Promise<unknown> {
  return Promise.all(FLEET_RECORD_KEYS.map((queryKey) => client.invalidateQueries({ queryKey })));
}
