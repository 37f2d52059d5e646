// account/work_approvals (SPEC §2, feature_jobs; the work approval site alert links here): work a
// technician may do only once the client approves it, those waiting first, each with Approve and
// Decline; decided ones say who decided and when. ?status=pending (or approved, declined) filters
// the list. Support staff ask for approvals, for any client.
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Card, Empty, Segmented, Space, Table, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import {
  WORK_APPROVAL_STATUSES,
  formatRand,
  type WorkApproval,
  type WorkApprovalStatus,
} from '@fleet/common';
import { useDateTime } from '../../components/dates';
import PageContainer from '../../components/PageContainer';
import { usePermission } from '../../components/Permission';
import { usePagedQuery } from '../../components/usePagedQuery';
import { useIsMobile } from '../../layout/useResponsive';
import { actionsColumn } from '../drivers/RowActions';
import DecisionModal from './jobs/DecisionModal';
import WorkApprovalModal from './jobs/WorkApprovalModal';
import { ApprovalStatusTag } from './jobs/jobText';
import './orders/orders.css';

const STATUSES = Object.keys(WORK_APPROVAL_STATUSES) as WorkApprovalStatus[];

export default function WorkApprovalsPage() {
  const [params, setParams] = useSearchParams();
  const mobile = useIsMobile();
  const dateTime = useDateTime();
  const support = usePermission(['user_support']);
  const decider = usePermission(['feature_jobs']) && !support;
  const asked = params.get('status') as WorkApprovalStatus | null;
  const status = asked && STATUSES.includes(asked) ? asked : undefined;
  const { query, rows, pagination } = usePagedQuery(
    'get_work_approvals',
    status ? { status } : {},
    (d) => d.work_approvals,
  );
  const [deciding, setDeciding] = useState<{ approval: WorkApproval; approve: boolean }>();
  const [adding, setAdding] = useState(false);

  const setStatus = (next: string) => {
    const p = new URLSearchParams(params);
    if (next === 'all') p.delete('status');
    else p.set('status', next);
    setParams(p, { replace: true });
  };
  const label = (s: WorkApprovalStatus) =>
    s === 'pending' && support ? 'Waiting for the client' : WORK_APPROVAL_STATUSES[s];

  return (
    <PageContainer
      subTitle="Extra work on your vehicles waits for your approval before it is done"
      extra={
        support && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            Ask for approval
          </Button>
        )
      }
    >
      <Card variant="borderless">
        <div className="orders-filters">
          <Segmented<string>
            aria-label="Show"
            value={status ?? 'all'}
            options={[
              { value: 'all', label: 'All' },
              ...STATUSES.map((s) => ({ value: s, label: label(s) })),
            ]}
            onChange={setStatus}
          />
        </div>
        <Table<WorkApproval>
          rowKey="id"
          loading={query.isFetching}
          dataSource={rows}
          pagination={pagination}
          locale={{ emptyText: <Empty description="No work approvals here" /> }}
          scroll={mobile ? undefined : { x: 'max-content' }}
          columns={[
            {
              title: 'Work',
              key: 'work',
              render: (_, w) => (
                <span className="order-cell-lines">
                  <Typography.Text strong>{w.title}</Typography.Text>
                  {w.description && (
                    <Typography.Text type="secondary">{w.description}</Typography.Text>
                  )}
                  <Typography.Text type="secondary">
                    {w.reference}
                    {support && ` · ${w.client.name}`}
                  </Typography.Text>
                  {mobile && <ApprovalStatusTag status={w.status} />}
                </span>
              ),
            },
            {
              title: 'Vehicle',
              key: 'vehicle',
              responsive: ['md'],
              render: (_, w) => (
                <span className="order-cell-lines">
                  {w.unit ? w.unit.name : '—'}
                  {w.job && (
                    <Typography.Text type="secondary">Job {w.job.reference}</Typography.Text>
                  )}
                </span>
              ),
            },
            {
              title: 'Amount',
              dataIndex: 'amount_cents',
              align: 'right',
              render: (cents: number) => <span className="order-amount">{formatRand(cents)}</span>,
            },
            {
              title: 'Status',
              key: 'status',
              responsive: ['sm'],
              render: (_, w) => (
                <span className="order-cell-lines">
                  <ApprovalStatusTag status={w.status} />
                  {w.decided_at ? (
                    <Typography.Text type="secondary">
                      by {w.decided_by_name}, {dateTime(w.decided_at)}
                    </Typography.Text>
                  ) : (
                    <Typography.Text type="secondary">
                      asked {dateTime(w.requested_at)}
                    </Typography.Text>
                  )}
                  {w.decision_note && <Typography.Text italic>“{w.decision_note}”</Typography.Text>}
                </span>
              ),
            },
            actionsColumn((w: WorkApproval) =>
              decider && w.status === 'pending' ? (
                <Space size={4} wrap>
                  <Button
                    size="small"
                    type="primary"
                    aria-label={`Approve ${w.reference}`}
                    onClick={() => setDeciding({ approval: w, approve: true })}
                  >
                    Approve
                  </Button>
                  <Button
                    size="small"
                    danger
                    aria-label={`Decline ${w.reference}`}
                    onClick={() => setDeciding({ approval: w, approve: false })}
                  >
                    Decline
                  </Button>
                </Space>
              ) : null,
            ),
          ]}
        />
      </Card>
      {deciding && (
        <DecisionModal
          approval={deciding.approval}
          approve={deciding.approve}
          onClose={() => setDeciding(undefined)}
        />
      )}
      {adding && <WorkApprovalModal onClose={() => setAdding(false)} />}
    </PageContainer>
  );
}
