// Connection Logs: every login attempt of the user, newest first.
import { Card, Result, Space, Table, Tag, Typography } from 'antd';
import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import type { ConnectionLogRow } from '@fleet/common';
import { useDateTime } from '../../components/dates';
import PageContainer from '../../components/PageContainer';
import { usePagedQuery } from '../../components/usePagedQuery';
import { describeUserAgent } from '../../components/userAgent';
import UserPagesNav from './UserPagesNav';
import { useTargetUser } from './useTargetUser';

export default function ConnectionLogsPage() {
  const target = useTargetUser();
  const formatTime = useDateTime();
  const { query, rows, pagination } = usePagedQuery(
    'get_user_connection_logs',
    { nid: target.nid },
    (d) => d.connection_logs,
    target.valid,
  );
  if (!target.valid) return <Result status="404" title="No such user" />;
  return (
    <PageContainer
      subTitle={
        target.own
          ? 'Every attempt to log in to your account'
          : `Every attempt to log in as ${target.name}`
      }
      extra={<UserPagesNav target={target} />}
    >
      <Card variant="borderless">
        <Table<ConnectionLogRow>
          rowKey="id"
          loading={query.isFetching}
          dataSource={rows}
          pagination={pagination}
          scroll={{ x: 'max-content' }}
          columns={[
            { title: 'Time', dataIndex: 'datetimestamp', render: (v: string) => formatTime(v) },
            {
              title: 'Result',
              dataIndex: 'success',
              render: (ok: boolean | number) =>
                ok ? (
                  <Tag icon={<CheckCircleFilled />} color="success">
                    Logged in
                  </Tag>
                ) : (
                  <Tag icon={<CloseCircleFilled />} color="error">
                    Failed
                  </Tag>
                ),
            },
            { title: 'Username', dataIndex: 'username', responsive: ['md'] },
            {
              title: 'Message',
              dataIndex: 'message',
              responsive: ['lg'],
              render: (m: string | null) => m || '—',
            },
            {
              title: 'IP address',
              dataIndex: 'ip',
              responsive: ['sm'],
              render: (ip: string | null) => ip ?? '—',
            },
            {
              title: 'Device',
              key: 'device',
              responsive: ['md'],
              render: (_, row) => (
                <Space orientation="vertical" size={0}>
                  <span>{describeUserAgent(row.user_agent)}</span>
                  <Typography.Text type="secondary">{row.channel ?? ''}</Typography.Text>
                </Space>
              ),
            },
          ]}
        />
      </Card>
    </PageContainer>
  );
}
