// Change Logs: what the user added, edited and deleted (SPEC §3 change log), newest first.
import { Card, Result, Table, Tag } from 'antd';
import { CHANGE_LOG_ACTIONS, type ChangeLogRow } from '@fleet/common';
import { useDateTime } from '../../components/dates';
import PageContainer from '../../components/PageContainer';
import { usePagedQuery } from '../../components/usePagedQuery';
import UserPagesNav from './UserPagesNav';
import { useTargetUser } from './useTargetUser';

const ACTION_COLOURS: Record<ChangeLogRow['action'], string> = { I: 'green', E: 'blue', D: 'red' };

export default function ChangeLogsPage() {
  const target = useTargetUser();
  const formatTime = useDateTime();
  const { query, rows, pagination } = usePagedQuery(
    'get_user_change_logs',
    { nid: target.nid },
    (d) => d.change_logs,
    target.valid,
  );
  if (!target.valid) return <Result status="404" title="No such user" />;
  return (
    <PageContainer
      subTitle={target.own ? 'Everything you changed' : `Everything ${target.name} changed`}
      extra={<UserPagesNav target={target} />}
    >
      <Card variant="borderless">
        <Table<ChangeLogRow>
          rowKey="id"
          loading={query.isFetching}
          dataSource={rows}
          pagination={pagination}
          scroll={{ x: 'max-content' }}
          columns={[
            { title: 'Time', dataIndex: 'datetimestamp', render: (v: string) => formatTime(v) },
            {
              title: 'Action',
              dataIndex: 'action',
              render: (a: ChangeLogRow['action']) => (
                <Tag color={ACTION_COLOURS[a]}>{CHANGE_LOG_ACTIONS[a] ?? a}</Tag>
              ),
            },
            { title: 'What', dataIndex: 'entity_type' },
            {
              title: 'Description',
              dataIndex: 'description',
              responsive: ['sm'],
              // A long description (a device's answer to a command) wraps instead of widening the
              // table past the card, which would make a scroll region no keyboard can reach.
              onCell: () => ({ style: { minWidth: 200, maxWidth: 480, overflowWrap: 'anywhere' } }),
              render: (d: string | null) => d || '—',
            },
            { title: 'Id', dataIndex: 'entity_id', responsive: ['lg'], render: (id) => id ?? '—' },
            { title: 'By', dataIndex: 'username', responsive: ['md'] },
          ]}
        />
      </Card>
    </PageContainer>
  );
}
