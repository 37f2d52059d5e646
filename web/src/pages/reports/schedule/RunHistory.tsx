// A schedule's runs, newest first (get_scheduled_report runs): the period each covered, when it
// ran, how long it took, the file's size, and whether it was delivered or why it failed.
import { Card, Table, Typography } from 'antd';
import type { ScheduledReportRun } from '@fleet/common';
import { useDateTime } from '../../../components/dates';
import RunStatusTag, { runTimeText, sizeText } from './RunStatusTag';

export default function RunHistory({ runs }: { runs: readonly ScheduledReportRun[] }) {
  const when = useDateTime();
  return (
    <Card
      variant="borderless"
      title={
        <Typography.Title level={2} className="report-form-title">
          Runs
        </Typography.Title>
      }
    >
      <div className="report-scroll" role="region" aria-label="Runs of this schedule" tabIndex={0}>
        <Table<ScheduledReportRun>
          rowKey="id"
          size="small"
          dataSource={[...runs]}
          pagination={runs.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
          locale={{ emptyText: 'Not run yet: the first run is due after the first period ends.' }}
          columns={[
            {
              title: 'Period',
              dataIndex: 'period',
              render: (p: ScheduledReportRun['period']) =>
                p.from === p.to ? p.from : `${p.from} – ${p.to}`,
            },
            { title: 'Ran at', dataIndex: 'started', render: (t: string) => when(t) },
            {
              title: 'Took',
              dataIndex: 'duration_ms',
              align: 'right',
              responsive: ['sm'],
              render: runTimeText,
            },
            {
              title: 'Size',
              dataIndex: 'size',
              align: 'right',
              responsive: ['sm'],
              render: sizeText,
            },
            {
              title: 'Result',
              dataIndex: 'status',
              render: (_, run) => <RunStatusTag run={run} />,
            },
          ]}
        />
      </div>
    </Card>
  );
}
