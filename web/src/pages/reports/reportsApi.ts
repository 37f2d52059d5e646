// The report tasks (common/src/tasks/reports.ts) as the report pages use them: the catalogue, the
// progress of a run, and the schedules. Writes are silent: the forms show the server's message
// beside the field it names.
import type { QueryClient } from '@tanstack/react-query';
import type { TaskRequest, TaskResponse } from '@fleet/common';
import { call } from '../../api/call';
import { taskKey, taskQuery } from '../../api/queries';

/**
 * The catalogue. A report without ids_type cannot say what it is run for: SPEC §8 has it logged to
 * the console and left out, nothing shown to the user.
 */
export const reportsQuery = () => ({
  ...taskQuery('get_reports', {}),
  select: (data: TaskResponse<'get_reports'>): TaskResponse<'get_reports'> => ({
    reports: data.reports.filter((r) => {
      if (r.ids_type) return true;
      console.warn(`Report ${r.id} has no ids_type and is left out of the catalogue`);
      return false;
    }),
  }),
});
export const progressQuery = (progressId: string) =>
  taskQuery('get_progress', { progress_id: progressId }, { silent: true });
export const scheduledReportQuery = (srid: number) =>
  taskQuery('get_scheduled_report', { srid }, { silent: true });

export const setScheduledReport = (input: TaskRequest<'set_scheduled_report'>) =>
  call('set_scheduled_report', input, { silent: true });
export const deleteScheduledReport = (srid: number) => call('delete_scheduled_report', { srid });

/** After a schedule is saved or deleted: the list and the one schedule are read again. */
export const refreshSchedules = (client: QueryClient) =>
  Promise.all(
    [taskKey('get_scheduled_reports'), taskKey('get_scheduled_report')].map((queryKey) =>
      client.invalidateQueries({ queryKey }),
    ),
  );
