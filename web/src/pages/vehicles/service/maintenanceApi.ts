// The maintenance tasks of issue 13 (common/src/tasks/maintenance.ts) as queries and calls, and
// the cache keys a change makes stale (a service log resets reminders; a reading moves states).
import type { QueryClient } from '@tanstack/react-query';
import type { ReminderInput, ServiceLogInput, TaskRequest } from '@fleet/common';
import { call } from '../../../api/call';
import type { RequestOptions } from '../../../api/client';
import { taskKey, taskQuery } from '../../../api/queries';

export const serviceLogsQuery = (vid: number) =>
  taskQuery('get_service_logs', { vid, page: 1, page_size: 500 });
export const odometerLogsQuery = (vid: number) =>
  taskQuery('get_odometer_logs', { vid, page: 1, page_size: 100 });
export const reminderQuery = (id: number, opts?: RequestOptions) =>
  taskQuery('get_reminder', { id }, opts);
export const vehicleRemindersQuery = (vid: number) =>
  taskQuery('get_reminders', { vid, page: 1, page_size: 100 });

/** Silent: the page turns a refusal into a confirmation or a message beside the form. */
export const setServiceLog = (input: ServiceLogInput) =>
  call('set_service_log', input, { silent: true });
export const deleteServiceLog = (id: number) => call('delete_service_log', { id });
export const setOdometerLog = (input: TaskRequest<'set_odometer_log'>) =>
  call('set_odometer_log', input, { silent: true });
export const setReminder = (input: ReminderInput) => call('set_reminder', input, { silent: true });
export const deleteReminder = (id: number) => call('delete_reminder', { id });

const MAINTENANCE_KEYS = [
  taskKey('get_service_logs'),
  taskKey('get_service_vehicles'),
  taskKey('get_odometer_logs'),
  taskKey('get_reminders'),
  taskKey('get_reminder'),
  taskKey('get_dashboard_info'),
  taskKey('get_vehicles'),
  taskKey('get_vehicle'),
];

export function refreshMaintenance(client: QueryClient): Promise<unknown> {
  return Promise.all(MAINTENANCE_KEYS.map((queryKey) => client.invalidateQueries({ queryKey })));
}

/** "/portal/vehicles/service/add/12/0/Hilux%20JHB-01" */
export const addServicePath = (vid: number, displayHours: boolean, title: string) =>
  `/portal/vehicles/service/add/${vid}/${displayHours ? 1 : 0}/${encodeURIComponent(title)}`;
export const editServicePath = (vid: number, displayHours: boolean, entry: number, title: string) =>
  `/portal/vehicles/service/edit/${vid}/${displayHours ? 1 : 0}/${entry}/${encodeURIComponent(title)}`;
export const vehicleServicePath = (vid: number) => `/portal/vehicles/service/index/${vid}`;
export const SERVICES_PATH = '/portal/vehicles/service/index';
export const REMINDERS_PATH = '/portal/alerts/reminders';
export const reminderPath = (id: number) => `/portal/alerts/reminder/${id}`;
