// A report's table in the Website view: every column sortable by its kind, the totals line under
// the rows, and how many rows only the CSV carries. A wide table scrolls inside a named region the
// keyboard can reach, never the page.
import type { ReactNode } from 'react';
import { Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PAGE_SIZE, type ReportRow, type ReportTableSection } from '@fleet/common';
import { alignOf, cellText, compareCells } from './cellFormat';

interface Props {
  section: ReportTableSection;
  zone: string;
  /** the table's accessible name when it has no title */
  name: string;
  /** where the whole table is (the CSV), when this report comes as CSV */
  csvLink?: ReactNode;
}

type Row = ReportRow & { __key: number };

export default function ReportTable({ section, zone, name, csvLink }: Props) {
  const rows: Row[] = section.rows.map((r, i) => ({ ...r, __key: i }));
  const columns: ColumnsType<Row> = section.columns.map((c) => ({
    key: c.key,
    dataIndex: c.key,
    title: c.title,
    align: alignOf(c.kind),
    sorter: compareCells(c),
    showSorterTooltip: false,
    // Figures, times and dates stay on one line; a wide table scrolls in its region instead.
    className: c.kind === 'text' ? undefined : 'report-nowrap',
    render: (v: ReportRow[string]) => cellText(v, c.kind, zone, c.decimals),
  }));
  const totals = section.totals;
  return (
    <div className="report-table">
      <div className="report-scroll" role="region" aria-label={name} tabIndex={0}>
        <Table<Row>
          rowKey="__key"
          size="small"
          columns={columns}
          dataSource={rows}
          pagination={
            rows.length > PAGE_SIZE
              ? {
                  defaultPageSize: PAGE_SIZE,
                  showSizeChanger: true,
                  pageSizeOptions: [20, 50, 100],
                }
              : false
          }
          summary={
            totals
              ? () => (
                  <Table.Summary fixed={false}>
                    <Table.Summary.Row className="report-totals">
                      {section.columns.map((c, i) => (
                        <Table.Summary.Cell key={c.key} index={i} align={alignOf(c.kind)}>
                          {totalText(totals[c.key], i === 0, (v) =>
                            cellText(v, c.kind, zone, c.decimals),
                          )}
                        </Table.Summary.Cell>
                      ))}
                    </Table.Summary.Row>
                  </Table.Summary>
                )
              : undefined
          }
        />
      </div>
      {section.omitted ? (
        <Typography.Paragraph type="secondary" className="report-omitted report-text-links">
          {section.omitted} more {section.omitted === 1 ? 'row' : 'rows'} in the CSV
          {csvLink ? <> — {csvLink}</> : null}
        </Typography.Paragraph>
      ) : null}
    </div>
  );
}

/** A totals cell: its figure, "Total" in the first column when that has none, else blank. */
function totalText(
  value: ReportRow[string] | undefined,
  first: boolean,
  format: (v: ReportRow[string]) => string,
): string {
  if (value === undefined || value === null || value === '') return first ? 'Total' : '';
  return format(value);
}
