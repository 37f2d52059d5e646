// The one key scheme of the query cache: a task's answer is kept under [task, parameters], as the
// server sent it (pages reshape it with `select`). So every page asking the same thing shares one
// query, and [task] or [task, {some parameters}] reaches every entry it covers, once.
import { queryOptions } from '@tanstack/react-query';
import type { TaskName, TaskRequest } from '@fleet/common';
import { call } from './call';
import type { RequestOptions } from './client';

/** A prefix of task keys: every entry of the task, or those whose parameters include these. */
export function taskKey<K extends TaskName>(
  task: K,
  parameters?: Partial<TaskRequest<K>>,
): readonly unknown[] {
  return parameters === undefined ? [task] : [task, parameters];
}

/** Query options reading one task; the key carries the answer's type for setQueryData. */
export function taskQuery<K extends TaskName>(
  task: K,
  parameters: TaskRequest<K>,
  opts?: RequestOptions,
) {
  return queryOptions({
    queryKey: [task, parameters] as const,
    queryFn: () => call(task, parameters, opts),
  });
}
