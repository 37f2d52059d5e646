// account/jobs (SPEC §2, feature_jobs; support staff run the provider's side for every client):
// the installations, repairs, removals and transfers, with when the technician comes and who.
// The type and status filters live in the URL (?type=installation&status=open: the dashboard's
// cards link there; ?cid= for support). Support schedules, starts, completes or cancels a job;
// a client cancels a job still waiting to be scheduled, and books one with "Add job".
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Empty, Select, Space, Table, Typography } from 'antd';
import { DownOutlined, PlusOutlined, RightOutlined } from '@ant-design/icons';
import {
  JOB_STATUSES,
  JOB_TYPES,
  type Job,
  type JobStatus,
  type JobType,
  type TaskRequest,
} from '@fleet/common';
import { JOB_KEYS, setJob } from '../../api/orders';
import { useDateTime } from '../../components/dates';
import { useNotify } from '../../components/notify';
import PageContainer from '../../components/PageContainer';
import { usePermission } from '../../components/Permission';
import { usePagedQuery } from '../../components/usePagedQuery';
import { useIsMobile } from '../../layout/useResponsive';
import { actionsColumn } from '../drivers/RowActions';
import ClientFilter, { clientColumns } from './orders/ClientFilter';
import { dayText } from './orders/orderText';
import ScheduleJobModal from './jobs/ScheduleJobModal';
import { JobStatusTag, jobTypeName, jobVehicle } from './jobs/jobText';
import './orders/orders.css';

type StatusFilter = JobStatus | 'open';
const STATUS_FILTERS: StatusFilter[] = ['open', ...(Object.keys(JOB_STATUSES) as JobStatus[])];

/** The list's filters as the URL holds them. */
function jobFiltersOf(params: URLSearchParams) {
  const type = params.get('type');
  const status = params.get('status');
  const cid = params.get('cid');
  return {
    type: JOB_TYPES.some((t) => t.api_name === type) ? (type as JobType) : undefined,
    status: STATUS_FILTERS.includes(status as StatusFilter) ? (status as StatusFilter) : undefined,
    cid: cid && /^\d+$/.test(cid) ? Number(cid) : undefined,
  };
}

export default function JobsPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const mobile = useIsMobile();
  const dateTime = useDateTime();
  const support = usePermission(['user_support']);
  const booker = usePermission(['feature_jobs']) && !support;
  const f = jobFiltersOf(params);
  const filters: Omit<TaskRequest<'get_jobs'>, 'page' | 'page_size'> = {
    ...(f.type ? { job_type: f.type } : {}),
    ...(f.status ? { status: f.status } : {}),
    ...(support && f.cid ? { cid: f.cid } : {}),
  };
  const { query, rows, pagination } = usePagedQuery('get_jobs', filters, (d) => d.jobs);
  const [scheduling, setScheduling] = useState<Job | null>(null);

  const setFilter = (key: string, value: string | number | undefined) => {
    const next = new URLSearchParams(params);
    if (value === undefined) next.delete(key);
    else next.set(key, String(value));
    setParams(next, { replace: true });
  };

  const when = (j: Job) =>
    j.scheduled_for ? (
      dateTime(j.scheduled_for)
    ) : j.preferred_date ? (
      <Typography.Text type="secondary">Preferred {dayText(j.preferred_date)}</Typography.Text>
    ) : (
      <Typography.Text type="secondary">To be scheduled</Typography.Text>
    );

  return (
    <PageContainer
      subTitle="Installations, repairs, removals and transfers of your units"
      extra={
        booker && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => navigate('/portal/account/add_jobs')}
          >
            Add job
          </Button>
        )
      }
    >
      <Card variant="borderless">
        <div className="orders-filters">
          <Select<JobType | 'all'>
            aria-label="Job type"
            className="orders-filter"
            virtual={false}
            value={f.type ?? 'all'}
            options={[
              { value: 'all', label: 'Every type' },
              ...JOB_TYPES.map((t) => ({ value: t.api_name, label: t.name })),
            ]}
            onChange={(v) => setFilter('type', v === 'all' ? undefined : v)}
          />
          <Select<StatusFilter | 'all'>
            aria-label="Job status"
            className="orders-filter"
            virtual={false}
            value={f.status ?? 'all'}
            options={[
              { value: 'all', label: 'Every status' },
              { value: 'open', label: 'Open (not done yet)' },
              ...(Object.keys(JOB_STATUSES) as JobStatus[]).map((s) => ({
                value: s,
                label: JOB_STATUSES[s],
              })),
            ]}
            onChange={(v) => setFilter('status', v === 'all' ? undefined : v)}
          />
          {support && <ClientFilter value={f.cid} onChange={(cid) => setFilter('cid', cid)} />}
        </div>
        <Table<Job>
          rowKey="id"
          loading={query.isFetching}
          dataSource={rows}
          pagination={pagination}
          locale={{ emptyText: <Empty description="No jobs match these filters" /> }}
          scroll={mobile ? undefined : { x: 'max-content' }}
          expandable={{
            columnTitle: <span className="visually-hidden">Details</span>,
            expandedRowRender: (j) => <JobDetails job={j} />,
            expandIcon: ({ expanded, onExpand, record }) => (
              <Button
                type="text"
                size="small"
                aria-expanded={expanded}
                aria-label={`${expanded ? 'Hide' : 'Show'} the details of job ${record.reference}`}
                icon={expanded ? <DownOutlined /> : <RightOutlined />}
                onClick={(e) => onExpand(record, e)}
              />
            ),
          }}
          columns={[
            {
              title: 'Job',
              key: 'job',
              render: (_, j) => (
                <span className="order-cell-lines">
                  <Typography.Text strong className="order-ref">
                    {j.reference}
                  </Typography.Text>
                  <span>{jobTypeName(j.job_type)}</span>
                  {mobile && <JobStatusTag status={j.status} />}
                </span>
              ),
            },
            ...clientColumns<Job>(support),
            {
              title: 'Vehicle',
              key: 'vehicle',
              render: (_, j) => (
                <span className="order-cell-lines">
                  {jobVehicle(j)}
                  {mobile && <Typography.Text type="secondary">{when(j)}</Typography.Text>}
                </span>
              ),
            },
            { title: 'When', key: 'when', responsive: ['md'], render: (_, j) => when(j) },
            {
              title: 'Technician',
              dataIndex: 'technician',
              responsive: ['lg'],
              render: (t: string) => t || '—',
            },
            {
              title: 'Status',
              dataIndex: 'status',
              responsive: ['sm'],
              render: (s: JobStatus) => <JobStatusTag status={s} />,
            },
            actionsColumn((j: Job) => (
              <JobActions job={j} support={support} onSchedule={() => setScheduling(j)} />
            )),
          ]}
        />
      </Card>
      {scheduling && <ScheduleJobModal job={scheduling} onClose={() => setScheduling(null)} />}
    </PageContainer>
  );
}

/** What the user may do with a job now: support moves it on, a client cancels a request. */
function JobActions(props: { job: Job; support: boolean; onSchedule(): void }) {
  const { job, support, onSchedule } = props;
  const { modal } = App.useApp();
  const notify = useNotify();
  const client = useQueryClient();
  const move = useMutation({
    mutationFn: (status: JobStatus) => setJob({ id: job.id, status }),
    onSuccess: ({ job: j }) => {
      notify.success(`Job ${j.reference}: ${JOB_STATUSES[j.status].toLowerCase()}`);
      void Promise.all(JOB_KEYS.map((queryKey) => client.invalidateQueries({ queryKey })));
    },
    onError: (e) => notify.error(e.message),
  });
  const open = ['requested', 'scheduled', 'in_progress'].includes(job.status);
  const canCancel = support ? open : job.status === 'requested';
  const cancel = () =>
    modal.confirm({
      title: `Cancel job ${job.reference}?`,
      content: `${jobTypeName(job.job_type)} of ${jobVehicle(job)}. This cannot be undone.`,
      okText: 'Cancel job',
      cancelText: 'Keep it',
      okButtonProps: { danger: true },
      onOk: () => move.mutateAsync('cancelled'),
    });
  const name = `job ${job.reference}`;
  return (
    <Space size={4} wrap>
      {support && job.status === 'requested' && (
        <Button size="small" aria-label={`Schedule ${name}`} onClick={onSchedule}>
          Schedule
        </Button>
      )}
      {support && job.status === 'scheduled' && (
        <>
          <Button size="small" aria-label={`Reschedule ${name}`} onClick={onSchedule}>
            Reschedule
          </Button>
          <Button
            size="small"
            aria-label={`Start ${name}`}
            onClick={() => move.mutate('in_progress')}
          >
            Start
          </Button>
        </>
      )}
      {support && job.status === 'in_progress' && (
        <Button
          size="small"
          type="primary"
          aria-label={`Complete ${name}`}
          onClick={() => move.mutate('completed')}
        >
          Complete
        </Button>
      )}
      {canCancel && (
        <Button size="small" danger aria-label={`Cancel ${name}`} onClick={cancel}>
          Cancel
        </Button>
      )}
    </Space>
  );
}

/** A job's row opened: where, who to call, the notes, the order and the terms accepted. */
function JobDetails({ job }: { job: Job }) {
  const dateTime = useDateTime();
  return (
    <Descriptions size="small" column={{ xs: 1, sm: 1, md: 2 }}>
      <Descriptions.Item label="Site">{job.site_address || '—'}</Descriptions.Item>
      <Descriptions.Item label="Contact">
        {job.contact_name}{' '}
        {job.contact_phone && <a href={`tel:${job.contact_phone}`}>{job.contact_phone}</a>}
      </Descriptions.Item>
      {!!job.notes && <Descriptions.Item label="Notes">{job.notes}</Descriptions.Item>}
      {job.quote && (
        <Descriptions.Item label="Order">
          <Link to="/portal/account/quotes_orders?view=orders">{job.quote.reference}</Link>
        </Descriptions.Item>
      )}
      <Descriptions.Item label="Booked">
        {dateTime(job.created)} by {job.created_by_name}
      </Descriptions.Item>
      <Descriptions.Item label="Terms accepted">
        {dateTime(job.terms_accepted_at)} by {job.terms_accepted_by}
      </Descriptions.Item>
      {job.completed_at && (
        <Descriptions.Item label="Completed">{dateTime(job.completed_at)}</Descriptions.Item>
      )}
    </Descriptions>
  );
}
