// Every row of the file before it is stored: valid ones and those kept with their error, a page of
// 50 at a time (a 50,000-row file renders only the page shown), with a count of each kind.
import { useMemo, useState } from 'react';
import { Segmented, Table, Tag, Typography } from 'antd';
import type { PreviewRow } from './fuelRows';
import { countText } from './fuelFormat';
import ScrollRegion from '../../../components/ScrollRegion';

type Show = 'all' | 'errors' | 'valid';

export default function FuelPreview({ rows }: { rows: readonly PreviewRow[] }) {
  const [show, setShow] = useState<Show>('all');
  const errors = useMemo(() => rows.filter((r) => r.error).length, [rows]);
  const shown = useMemo(
    () => (show === 'all' ? rows : rows.filter((r) => (show === 'errors' ? !!r.error : !r.error))),
    [rows, show],
  );
  return (
    <div className="fuel-preview">
      <div className="fuel-preview-bar">
        <Typography.Text strong role="status">
          {countText(rows.length - errors)} valid, {countText(errors)} with errors
        </Typography.Text>
        <Segmented<Show>
          aria-label="Rows shown"
          value={show}
          onChange={setShow}
          options={[
            { value: 'all', label: 'All rows' },
            { value: 'errors', label: 'With errors' },
            { value: 'valid', label: 'Valid' },
          ]}
        />
      </div>
      <ScrollRegion label="Rows of the file">
        <Table<PreviewRow>
          rowKey="line"
          size="small"
          dataSource={shown as PreviewRow[]}
          pagination={{
            pageSize: 50,
            showSizeChanger: false,
            showTotal: (n) => `${countText(n)} rows`,
          }}
          rowClassName={(r) => (r.error ? 'fuel-row-error' : '')}
          columns={[
            { title: 'Line', dataIndex: 'line', width: 70 },
            { title: 'Registration', dataIndex: 'reg' },
            { title: 'Datetime', dataIndex: 'datetimestamp' },
            { title: 'Litres', dataIndex: 'litres', align: 'right' },
            { title: 'Hours', dataIndex: 'hours', align: 'right' },
            { title: 'Odometer', dataIndex: 'odometer', align: 'right' },
            {
              title: 'Check',
              dataIndex: 'error',
              render: (error?: string) =>
                error ? (
                  <span className="fuel-error-text">
                    <Tag color="red">Error</Tag>
                    {error}
                  </span>
                ) : (
                  <Tag color="green">Valid</Tag>
                ),
            },
          ]}
        />
      </ScrollRegion>
    </div>
  );
}
