// The search box above a server-paged table: what was typed, trimmed, when Enter or the button is
// pressed (the page then asks from its first page); and the table's own paging props.
import { Input, type TablePaginationConfig } from 'antd';

export function TableSearch({
  label,
  placeholder = 'Search by name',
  onSearch,
}: {
  /** The box's accessible name: "Search fleets by name". */
  label: string;
  placeholder?: string;
  onSearch(text: string): void;
}) {
  return (
    <Input.Search
      className="table-search"
      placeholder={placeholder}
      aria-label={label}
      allowClear
      onSearch={(value) => onSearch(value.trim())}
    />
  );
}

/** The props of an antd Table over a usePagedQuery: its rows, paging, loading state and width. */
export function pagedTableProps<T>(paged: {
  query: { isFetching: boolean };
  rows: T[];
  pagination: TablePaginationConfig;
}) {
  return {
    loading: paged.query.isFetching,
    dataSource: paged.rows,
    pagination: paged.pagination,
    // Wider than a phone: the table scrolls sideways inside its card, never the page.
    scroll: { x: 'max-content' as const },
  };
}
