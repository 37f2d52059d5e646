// The support dashboard's notices card (issue 11 item 7; SPEC-CHECKLIST decision: support staff
// write notices and monthly deals from /support): the notices support users write for all clients or chosen
// ones (SPEC §3 Notice, §4). Each row shows its type, priority (above 0 pops up for users, SPEC
// §2), audience, date and how many users have read it; it can be edited or, after a question,
// deleted. Users see a change at once: the server pushes {"type":"counts","changed":["notices"]}.
import { useMemo, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Space, Table, Tag, Typography } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { NoticeMessage } from '@fleet/common';
import { deleteNoticeMessage } from '../../../api/alerts';
import { taskKey } from '../../../api/queries';
import { useDateTime } from '../../../components/dates';
import DeleteButton from '../../../components/DeleteButton';
import { useNotify } from '../../../components/notify';
import { usePagedQuery } from '../../../components/usePagedQuery';
import { ALERT_KEYS } from '../../../layout/alerts/alertQueries';
import { useIsMobile } from '../../../layout/useResponsive';
import NoticeMessageForm from '../../alerts/notices/NoticeMessageForm';
import { audienceText, useClients } from '../../alerts/notices/noticeClients';
import { noticeTypeColour, noticeTypeName } from '../../alerts/notices/noticeFormat';
import '../../alerts/notices/notices.css';

/** The form: closed, a new notice, or this one. */
type Editing = null | { notice: NoticeMessage | null };

export default function NoticesEditor() {
  const client = useQueryClient();
  const notify = useNotify();
  const mobile = useIsMobile();
  const dateTime = useDateTime();
  const [editing, setEditing] = useState<Editing>(null);
  const { query, rows, pagination } = usePagedQuery(
    'get_notice_messages',
    {},
    (d) => d.notice_messages,
  );
  const { clients } = useClients();
  const names = useMemo(() => new Map(clients.map((c) => [c.cid, c.name])), [clients]);

  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: taskKey('get_notice_messages') }),
      client.invalidateQueries({ queryKey: ALERT_KEYS.notices }),
    ]);

  const remove = useMutation({
    mutationFn: (row: NoticeMessage) => deleteNoticeMessage(row.tid),
    onSuccess: (_, row) => {
      notify.success(`Notice "${row.title}" deleted`);
      return refresh();
    },
  });

  const write = () => setEditing({ notice: null });
  const empty = query.isSuccess && (query.data?.count ?? 0) === 0;

  return (
    <Card
      className="dashboard-card"
      title={
        <Typography.Title level={2} className="dashboard-card-title">
          Notices to clients
        </Typography.Title>
      }
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={write}>
          Write a notice
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">
        Messages to your clients&apos; users: they appear under their notices icon.
      </Typography.Paragraph>
      {empty ? (
        <Empty description="No notices written yet. A notice reaches every user of the clients you choose; with a priority above 0 it pops up for them." />
      ) : (
        <Table<NoticeMessage>
          className="notice-messages-table"
          rowKey="tid"
          loading={query.isFetching}
          dataSource={rows}
          pagination={pagination}
          scroll={mobile ? undefined : { x: 'max-content' }}
          columns={[
            {
              title: 'Title',
              dataIndex: 'title',
              render: (title: string, row) => (
                <span className="notice-audience">
                  <span>
                    <Tag color={noticeTypeColour(row.type)}>{noticeTypeName(row.type)}</Tag>
                    {title}
                  </span>
                  {mobile && (
                    <Typography.Text type="secondary">
                      {[
                        audienceText(row.all_clients, row.client_ids, names),
                        dateTime(row.created),
                        row.priority > 0 ? `priority ${row.priority}, pops up` : '',
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </Typography.Text>
                  )}
                </span>
              ),
            },
            {
              title: 'Priority',
              dataIndex: 'priority',
              align: 'right',
              hidden: mobile,
              render: (priority: number) =>
                priority > 0 ? (
                  <Space size={4}>
                    {priority}
                    <Tag color="purple">Pops up</Tag>
                  </Space>
                ) : (
                  priority
                ),
            },
            {
              title: 'Sent to',
              key: 'audience',
              hidden: mobile,
              render: (_, row) => audienceText(row.all_clients, row.client_ids, names),
            },
            {
              title: 'Created',
              dataIndex: 'created',
              hidden: mobile,
              render: (created: string) => dateTime(created),
            },
            { title: 'Read by', dataIndex: 'read_count', align: 'right' },
            {
              title: <span className="visually-hidden">Actions</span>,
              key: 'actions',
              render: (_, row) => (
                <Space size={8}>
                  <Button
                    size="small"
                    icon={<EditOutlined />}
                    aria-label={`Edit ${row.title}`}
                    onClick={() => setEditing({ notice: row })}
                  />
                  <DeleteButton
                    label={`Delete ${row.title}`}
                    title={`Delete the notice "${row.title}"?`}
                    description="Users will no longer see it. This cannot be undone."
                    onConfirm={() => remove.mutateAsync(row)}
                  />
                </Space>
              ),
            },
          ]}
        />
      )}
      {editing && (
        <NoticeMessageForm
          notice={editing.notice}
          knownNames={names}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            notify.success(
              editing.notice
                ? `Notice "${saved.title}" saved`
                : `Notice "${saved.title}" published`,
            );
            setEditing(null);
            void refresh();
          }}
        />
      )}
    </Card>
  );
}
