// Active Sessions (SPEC §2 /portal/user/edit_user_tokens): every session of the user, newest first,
// each revocable; a revoked browser is sent to login on its next call.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Grid,
  Popconfirm,
  Result,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { DesktopOutlined, ReloadOutlined } from '@ant-design/icons';
import { formatRelative, type SessionRow } from '@fleet/common';
import { deleteUserSession, userSessionsQuery } from '../../api/user';
import { resetSession } from '../../auth/session';
import { useDateTime } from '../../components/dates';
import { useNotify } from '../../components/notify';
import PageContainer from '../../components/PageContainer';
import { describeUserAgent } from '../../components/userAgent';
import { useNow } from '../../components/useNow';
import UserPagesNav from './UserPagesNav';
import { useTargetUser } from './useTargetUser';

export default function UserSessionsPage() {
  const target = useTargetUser();
  const compact = !Grid.useBreakpoint().sm;
  const formatTime = useDateTime();
  const notify = useNotify();
  const client = useQueryClient();
  const now = useNow();
  const sessions = userSessionsQuery(target.nid);
  const { data, isFetching, refetch } = useQuery({
    ...sessions,
    select: (d) => d.tokens ?? [],
    enabled: target.valid,
  });
  const revoke = useMutation({
    mutationFn: (row: SessionRow) => deleteUserSession(row.id, target.nid),
    onSuccess: (_, row) => {
      if (row.current) {
        resetSession({ loggedOut: true });
        return;
      }
      notify.success('Session revoked. That browser is logged out on its next request.');
      void client.invalidateQueries({ queryKey: sessions.queryKey });
    },
  });

  if (!target.valid) return <Result status="404" title="No such user" />;

  return (
    <PageContainer
      subTitle={
        target.own ? 'Where your account is logged in' : `Where ${target.name} is logged in`
      }
      extra={
        <Space wrap>
          <UserPagesNav target={target} />
          <Button
            icon={<ReloadOutlined />}
            onClick={() => refetch()}
            loading={isFetching}
            aria-label="Refresh"
          />
        </Space>
      }
    >
      <Card variant="borderless">
        <Table<SessionRow>
          rowKey="id"
          loading={isFetching && !data}
          dataSource={data}
          pagination={false}
          columns={[
            {
              title: 'Device',
              key: 'device',
              render: (_, row) => (
                <Space align="start">
                  <DesktopOutlined />
                  <span>
                    <Typography.Text strong>{describeUserAgent(row.user_agent)}</Typography.Text>
                    {row.current && (
                      <Tag color="green" className="inline-tag">
                        This browser
                      </Tag>
                    )}
                    <br />
                    <Typography.Text type="secondary">
                      {row.channel ?? '—'}
                      {/* On a phone the other columns are hidden; the essentials go here. */}
                      {compact &&
                        row.last_seen &&
                        ` · active ${formatRelative(new Date(row.last_seen), now)}`}
                    </Typography.Text>
                  </span>
                </Space>
              ),
            },
            { title: 'IP address', dataIndex: 'ip', responsive: ['md'], render: (ip) => ip ?? '—' },
            {
              title: 'Last active',
              dataIndex: 'last_seen',
              responsive: ['sm'],
              render: (value: string | null) =>
                value ? (
                  <Tooltip title={formatTime(value)}>
                    {formatRelative(new Date(value), now)}
                  </Tooltip>
                ) : (
                  '—'
                ),
            },
            {
              title: 'Logged in',
              dataIndex: 'created',
              responsive: ['lg'],
              render: (value: string) => formatTime(value),
            },
            {
              title: <span className="visually-hidden">Actions</span>,
              key: 'actions',
              align: 'right',
              render: (_, row) => (
                <Popconfirm
                  title={row.current ? 'Revoke this browser’s session?' : 'Revoke this session?'}
                  description={
                    row.current
                      ? 'You will be logged out here.'
                      : 'That browser will be logged out on its next request.'
                  }
                  okText="Revoke"
                  okButtonProps={{ danger: true }}
                  onConfirm={() => revoke.mutateAsync(row)}
                >
                  <Button
                    danger
                    size="small"
                    loading={revoke.isPending && revoke.variables?.id === row.id}
                  >
                    Revoke
                  </Button>
                </Popconfirm>
              ),
            },
          ]}
        />
      </Card>
    </PageContainer>
  );
}
