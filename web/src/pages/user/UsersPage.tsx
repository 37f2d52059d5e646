// Users (SPEC §2 /portal/user/index): the client's users, with their units, sessions and logs.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Dropdown, Input, Space, Table, Tag, Typography } from 'antd';
import { EditOutlined, MoreOutlined, PlusOutlined } from '@ant-design/icons';
import { userTypeName, type UserRow } from '@fleet/common';
import { taskKey } from '../../api/queries';
import { deleteUser } from '../../api/user';
import { useSession } from '../../auth/session';
import { useDateTime } from '../../components/dates';
import { useNotify } from '../../components/notify';
import PageContainer from '../../components/PageContainer';
import { Permission, usePermission } from '../../components/Permission';
import { usePagedQuery } from '../../components/usePagedQuery';
import UserFormModal from './UserFormModal';
import DeleteButton from '../../components/DeleteButton';

const PER_USER_PAGES = [
  { key: 'edit_user_units', label: 'Units' },
  { key: 'edit_user_tokens', label: 'Active sessions' },
  { key: 'edit_user_connection_logs', label: 'Connection logs' },
  { key: 'edit_user_change_logs', label: 'Change logs' },
];

export default function UsersPage() {
  const me = useSession((s) => s.user)!;
  const formatTime = useDateTime();
  const navigate = useNavigate();
  const notify = useNotify();
  const client = useQueryClient();
  const canManage = usePermission(['general_manage_all_users']);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<UserRow | null | undefined>(undefined);
  const { query, rows, pagination, setPage } = usePagedQuery(
    'get_users',
    search ? { search } : {},
    (d) => d.users,
  );
  const refresh = () => client.invalidateQueries({ queryKey: taskKey('get_users') });
  const remove = useMutation({
    mutationFn: (row: UserRow) => deleteUser(row.nid),
    onSuccess: () => {
      notify.success('User deleted');
      void refresh();
    },
  });
  const openPage = (row: UserRow, page: string) =>
    navigate(`/portal/user_edit/${page}/${row.nid}`, {
      state: { name: row.display_name || row.username },
    });

  return (
    <PageContainer
      subTitle="Who can log in to your portal, and what they may see"
      extra={
        <Permission roles={['general_manage_all_users']}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
            Add user
          </Button>
        </Permission>
      }
    >
      <Card variant="borderless">
        <Input.Search
          className="table-search"
          placeholder="Search by name or username"
          allowClear
          onSearch={(value) => {
            setSearch(value.trim());
            setPage(1);
          }}
        />
        <Table<UserRow>
          rowKey="nid"
          loading={query.isFetching}
          dataSource={rows}
          pagination={pagination}
          scroll={{ x: 'max-content' }}
          columns={[
            {
              title: 'User',
              key: 'user',
              render: (_, row) => (
                <span>
                  <Typography.Text strong>{row.display_name || row.username}</Typography.Text>
                  {row.nid === me.nid && (
                    <Tag className="inline-tag" color="blue">
                      You
                    </Tag>
                  )}
                  <br />
                  <Typography.Text type="secondary">{row.username}</Typography.Text>
                </span>
              ),
            },
            {
              title: 'E-mail',
              dataIndex: 'email',
              responsive: ['lg'],
              render: (e: string | null) => e || '—',
            },
            {
              title: 'Type',
              dataIndex: 'user_type',
              responsive: ['sm'],
              render: (t: string) => <Tag>{userTypeName(t)}</Tag>,
            },
            {
              title: 'Units',
              key: 'units',
              render: (_, row) => (
                <Link
                  to={`/portal/user_edit/edit_user_units/${row.nid}`}
                  state={{ name: row.display_name || row.username }}
                >
                  {row.all_units
                    ? 'All units'
                    : `${row.unit_count} unit${row.unit_count === 1 ? '' : 's'}`}
                </Link>
              ),
            },
            {
              title: 'Last login',
              dataIndex: 'last_login',
              responsive: ['md'],
              render: (v: string | null) => (v ? formatTime(v) : 'Never'),
            },
            {
              title: <span className="visually-hidden">Actions</span>,
              key: 'actions',
              align: 'right',
              render: (_, row) => (
                <Space size={4}>
                  {canManage && (
                    <Button
                      size="small"
                      icon={<EditOutlined />}
                      aria-label={`Edit ${row.username}`}
                      onClick={() => setEditing(row)}
                    />
                  )}
                  {canManage && row.nid !== me.nid && (
                    <DeleteButton
                      label={`Delete ${row.username}`}
                      title={`Delete ${row.display_name || row.username}?`}
                      description="They can no longer log in. This cannot be undone."
                      onConfirm={() => remove.mutateAsync(row)}
                    />
                  )}
                  <Dropdown
                    trigger={['click']}
                    menu={{
                      items: PER_USER_PAGES.map((p) => ({
                        key: p.key,
                        label: p.label,
                        onClick: () => openPage(row, p.key),
                      })),
                    }}
                  >
                    <Button
                      size="small"
                      icon={<MoreOutlined />}
                      aria-label={`More for ${row.username}`}
                    />
                  </Dropdown>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <UserFormModal
        open={editing !== undefined}
        user={editing ?? null}
        onClose={() => setEditing(undefined)}
        onSaved={() => {
          setEditing(undefined);
          void refresh();
        }}
      />
    </PageContainer>
  );
}
