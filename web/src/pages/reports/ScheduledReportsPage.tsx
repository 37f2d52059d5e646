// reports/scheduled (SPEC §2; §6 feature_scheduled_reports_view / _edit; issue 14 item 5): every
// schedule with its report, when it runs, the format, who gets it, what it covers, the next run
// and what became of the last one (when, how long, how big, delivered or failed and why). Editors
// add, edit and delete; 20 to a page (SPEC §9).
import { Link, useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Space, Table, Typography } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import {
  REPORT_FORMAT_NAMES,
  REPORT_SCHEDULE_NAMES,
  summarizeNames,
  type ScheduledReport,
} from '@fleet/common';
import DeleteButton from '../../components/DeleteButton';
import { useDateTime } from '../../components/dates';
import { useNotify } from '../../components/notify';
import PageContainer from '../../components/PageContainer';
import { usePermission } from '../../components/Permission';
import { usePagedQuery } from '../../components/usePagedQuery';
import { useIsMobile } from '../../layout/useResponsive';
import { REPORTS_PATH, SCHEDULE_ADD_PATH, scheduleEditPath } from './reportPaths';
import { deleteScheduledReport, refreshSchedules } from './reportsApi';
import RunStatusTag, { runTimeText, sizeText } from './schedule/RunStatusTag';
import './reports.css';

export const SCHEDULE_EDIT_ROLES = ['feature_scheduled_reports_edit'] as const;

export default function ScheduledReportsPage() {
  const navigate = useNavigate();
  const notify = useNotify();
  const client = useQueryClient();
  const when = useDateTime();
  const canEdit = usePermission(SCHEDULE_EDIT_ROLES);
  const mobile = useIsMobile();
  const paged = usePagedQuery('get_scheduled_reports', {}, (d) => d.scheduled_reports);
  const remove = useMutation({
    mutationFn: (s: ScheduledReport) => deleteScheduledReport(s.srid),
    onSuccess: (_, s) => {
      notify.success(`Schedule "${s.name}" deleted`);
      void refreshSchedules(client);
    },
  });

  const empty = (
    <Empty
      description={
        canEdit ? (
          <span className="report-text-links">
            No scheduled reports yet. <Link to={SCHEDULE_ADD_PATH}>Schedule a report</Link> to have
            it e-mailed every day, week or month.
          </span>
        ) : (
          'No scheduled reports yet.'
        )
      }
    />
  );

  return (
    <PageContainer
      subTitle="Reports e-mailed daily, weekly or monthly, each covering the period just ended"
      extra={
        canEdit && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => navigate(SCHEDULE_ADD_PATH)}
          >
            Schedule a report
          </Button>
        )
      }
    >
      <Card variant="borderless">
        <div className="report-scroll" role="region" aria-label="Scheduled reports" tabIndex={0}>
          <Table<ScheduledReport>
            rowKey="srid"
            loading={paged.query.isFetching}
            dataSource={paged.rows}
            pagination={paged.pagination}
            locale={{ emptyText: empty }}
            columns={[
              {
                title: 'Name',
                dataIndex: 'name',
                render: (name: string, s) => (
                  <Space direction="vertical" size={0}>
                    {canEdit ? <Link to={scheduleEditPath(s.srid)}>{name}</Link> : name}
                    <Typography.Text type="secondary">{s.report_name}</Typography.Text>
                    {mobile && (
                      <Typography.Text type="secondary">{scheduleText(s)}</Typography.Text>
                    )}
                  </Space>
                ),
              },
              {
                title: 'Schedule',
                dataIndex: 'schedule',
                responsive: ['lg'],
                render: (_, s) => scheduleText(s),
              },
              {
                title: 'Recipients',
                dataIndex: 'email',
                responsive: ['md'],
                onCell: () => ({ className: 'scheduled-detail' }),
                render: (email: string[]) => summarizeNames(email),
              },
              {
                title: 'Covers',
                dataIndex: 'subjects',
                responsive: ['lg'],
                render: (subjects: string[]) => (subjects.length ? summarizeNames(subjects) : '—'),
              },
              {
                title: 'Next run',
                dataIndex: 'next_run',
                responsive: ['md'],
                render: (t: string) => when(t),
              },
              {
                title: 'Last run',
                dataIndex: 'last_run',
                render: (run: ScheduledReport['last_run']) =>
                  run ? (
                    <Space direction="vertical" size={0}>
                      <RunStatusTag run={run} />
                      <Typography.Text type="secondary">
                        {when(run.started)} · {runTimeText(run.duration_ms)} · {sizeText(run.size)}
                      </Typography.Text>
                    </Space>
                  ) : (
                    <Typography.Text type="secondary">Not run yet</Typography.Text>
                  ),
              },
              {
                title: <span className="visually-hidden">Actions</span>,
                key: 'actions',
                align: 'right',
                render: (_, s) =>
                  canEdit && (
                    <Space size={4}>
                      <Button
                        size="small"
                        icon={<EditOutlined />}
                        aria-label={`Edit the schedule ${s.name}`}
                        onClick={() => navigate(scheduleEditPath(s.srid))}
                      />
                      <DeleteButton
                        label={`Delete the schedule ${s.name}`}
                        title={`Delete the schedule "${s.name}"?`}
                        description="Its recipients get no more reports from it."
                        onConfirm={() => remove.mutateAsync(s)}
                      />
                    </Space>
                  ),
              },
            ]}
          />
        </div>
        <Typography.Paragraph type="secondary" className="report-omitted report-text-links">
          To run a report once, choose it under <Link to={REPORTS_PATH}>Reports</Link>.
        </Typography.Paragraph>
      </Card>
    </PageContainer>
  );
}

/** "Daily, PDF". */
const scheduleText = (s: ScheduledReport) =>
  `${REPORT_SCHEDULE_NAMES[s.schedule]}, ${REPORT_FORMAT_NAMES[s.format]}`;
