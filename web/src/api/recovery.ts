// The recovery desk (issue 16; common/src/tasks/recovery.ts): reads as TanStack Query options, writes
// as calls, and the query keys a write or a push from the live socket refreshes.
import type { QueryClient } from '@tanstack/react-query';
import type { TaskRequest } from '@fleet/common';
import { call } from './call';
import { taskKey, taskQuery } from './queries';

/** The queue's tabs (get_chaseup_events filter). */
export type ChaseupFilter = NonNullable<TaskRequest<'get_chaseup_events'>['filter']>;

/** How often the queue and the detail page re-read when the socket says nothing (ms). */
export const CHASEUP_REFRESH_MS = 15_000;

// Reads ---------------------------------------------------------------------------------------

export const chaseupEventsQuery = (parameters: TaskRequest<'get_chaseup_events'>) =>
  taskQuery('get_chaseup_events', parameters);
export const chaseupEventQuery = (id: number) => taskQuery('get_chaseup_event', { id });
export const chaseupCountNewQuery = () =>
  taskQuery('get_chaseup_events_count_new', {}, { silent: true });
export const commentsQuery = (parameters: TaskRequest<'get_comments'>) =>
  taskQuery('get_comments', parameters);
export const callLogListQuery = (parameters: TaskRequest<'get_call_log_list'>) =>
  taskQuery('get_call_log_list', parameters);
export const recoveryLogsQuery = (parameters: TaskRequest<'get_recovery_logs'>) =>
  taskQuery('get_recovery_logs', parameters);
export const recoveryLogQuery = (id: number) => taskQuery('get_recovery_log', { id });
/** As you type: silent, the search box shows its own state. */
export const recoverySearchQuery = (q: string, limit = 10) =>
  taskQuery('search', { q, limit }, { silent: true });
export const recoveryClientQuery = (cid: number) => taskQuery('get_recovery_client', { cid });
export const recoveryUnitQuery = (uid: number) => taskQuery('get_recovery_unit', { uid });
export const backupUnitDataQuery = (uids: number[]) => taskQuery('get_backup_unit_data', { uids });
export const crossBorderDataQuery = (uid: number, from: string, to: string) =>
  taskQuery('get_cross_border_data', { uid, from, to });

// Writes (silent: the page shows the server's message where it belongs) -----------------------

const quiet = { silent: true };

export type SetChaseupInput = TaskRequest<'set_chaseup_event'>;
export const setChaseupEvent = (input: SetChaseupInput) =>
  call('set_chaseup_event', input, quiet).then((d) => d.chaseup_event);
/** Takes a chase-up for the caller; refused when someone else took it first. */
export const takeChaseup = (id: number) => setChaseupEvent({ id, take: true });

export type CommentInput = TaskRequest<'set_comment'>;
export const setComment = (input: CommentInput) =>
  call('set_comment', input, quiet).then((d) => d.comment);

export type CallLogInput = TaskRequest<'set_call_log'>;
export const setCallLog = (input: CallLogInput) =>
  call('set_call_log', input, quiet).then((d) => d.call_log);

export type RecoveryLogSave = TaskRequest<'set_recovery_log'>;
export const setRecoveryLog = (input: RecoveryLogSave) =>
  call('set_recovery_log', input, quiet).then((d) => d.recovery_log);

export const setBackupUnit = (uid: number, backup_of: number | null) =>
  call('set_backup_unit', { uid, backup_of }, quiet).then((d) => d.unit);

export const setClientChaseUp = (cid: number, chase_up: boolean) =>
  call('set_client_chase_up', { cid, chase_up }, quiet).then((d) => d.client);

// Keys to refresh ------------------------------------------------------------------------------

/** Everything that shows chase-ups (queue, count, detail, client and unit views, dashboard). */
export const CHASEUP_KEYS = [
  taskKey('get_chaseup_events'),
  taskKey('get_chaseup_events_count_new'),
  taskKey('get_chaseup_event'),
  taskKey('get_recovery_client'),
  taskKey('get_recovery_unit'),
  taskKey('get_support_dashboard'),
  // the top bar's count (layout/alerts/alertQueries.ts ALERT_KEYS.chaseups)
  ['alerts', 'chaseup_count'],
] as const;

/** A comment or call log changes the detail page's timeline too. */
export const CASE_NOTE_KEYS = [
  taskKey('get_comments'),
  taskKey('get_call_log_list'),
  taskKey('get_chaseup_event'),
] as const;

export const RECOVERY_LOG_KEYS = [
  taskKey('get_recovery_logs'),
  taskKey('get_recovery_log'),
  taskKey('get_chaseup_event'),
  taskKey('get_recovery_client'),
  taskKey('get_recovery_unit'),
] as const;

export function invalidateKeys(client: QueryClient, keys: readonly (readonly unknown[])[]) {
  return Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
}

export const invalidateChaseups = (client: QueryClient) => invalidateKeys(client, CHASEUP_KEYS);
export const invalidateCaseNotes = (client: QueryClient) => invalidateKeys(client, CASE_NOTE_KEYS);
export const invalidateRecoveryLogs = (client: QueryClient) =>
  invalidateKeys(client, RECOVERY_LOG_KEYS);

// Links ----------------------------------------------------------------------------------------

export const chaseupDetailPath = (id: number) => `/recovery/chase_up_detail/${id}`;
export const addRecoveryLogPath = (uid: number, chaseupId?: number | null) =>
  `/recovery/add/recovery_log/${uid}${chaseupId ? `?chaseup=${chaseupId}` : ''}`;
export const editRecoveryLogPath = (id: number) => `/recovery/edit/recovery_log/${id}`;
export const recoveryUnitPath = (uid: number) => `/recovery/unit/${uid}`;
export const recoveryClientPath = (cid: number) => `/recovery/client/${cid}`;
