// Server-side paging (API.md §3: page is 1-based, page size 20 by default) for antd tables.
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TablePaginationConfig } from 'antd';
import { PAGE_SIZE } from '@fleet/common';
import type { PageQuery } from '../api/user';

export interface PageOf<T> {
  rows: T[];
  count: number;
}

export function usePagedQuery<T>(
  key: readonly unknown[],
  fetchPage: (q: PageQuery) => Promise<PageOf<T>>,
) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZE);
  const query = useQuery({
    queryKey: [...key, page, pageSize],
    queryFn: () => fetchPage({ page, page_size: pageSize }),
    placeholderData: keepPreviousData,
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
