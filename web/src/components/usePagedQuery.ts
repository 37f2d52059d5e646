// Server-side paging (API.md §3: page is 1-based, page size 20 by default) for antd tables.
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TablePaginationConfig } from 'antd';
import { PAGE_SIZE, type TaskName, type TaskRequest, type TaskResponse } from '@fleet/common';
import { taskQuery } from '../api/queries';

/** The `get_<collection>` tasks: they take page and page_size and answer a count. */
type PagedTask = {
  [K in TaskName]: 'page' extends keyof TaskRequest<K>
    ? TaskResponse<K> extends { count: number }
      ? K
      : never
    : never;
}[TaskName];

export function usePagedQuery<K extends PagedTask, T>(
  task: K,
  /** The task's filters; the page is added here. */
  filters: Omit<TaskRequest<K>, 'page' | 'page_size'>,
  rowsOf: (answer: TaskResponse<K>) => T[] | undefined,
  enabled = true,
) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZE);
  // TypeScript cannot see that the filters plus a page make this task's request.
  const parameters = { ...filters, page, page_size: pageSize } as TaskRequest<K>;
  const query = useQuery({
    ...taskQuery(task, parameters),
    select: (answer: TaskResponse<K>) => ({
      rows: rowsOf(answer) ?? [],
      count: (answer as { count: number }).count,
    }),
    placeholderData: keepPreviousData,
    enabled,
  });
  const pagination: TablePaginationConfig = {
    current: page,
    pageSize,
    total: query.data?.count ?? 0,
    showSizeChanger: true,
    pageSizeOptions: [PAGE_SIZE, 50, 100],
    showTotal: (total) => `${total} in all`,
    onChange: (next, size) => {
      setPage(size !== pageSize ? 1 : next);
      setPageSize(size);
    },
  };
  return { query, rows: query.data?.rows ?? [], pagination, setPage };
}
