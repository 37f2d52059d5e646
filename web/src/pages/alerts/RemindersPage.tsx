// alerts/reminders (SPEC §2 /portal/alerts, §3 Reminder; issue 13 item 3): every reminder with its
// state now, most urgent first (the server's order: overdue, the most overdue first, then due soon,
// then ok), showing what is left ("1,240 km", "3 days", "overdue by 12 h").
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Select, Space, Table, Typography } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import {
  formatReminderAmount,
  REMINDER_STATE_NAMES,
  REMINDER_STATES,
  REMINDER_TYPES,
  reminderType,
  type Reminder,
  type ReminderState,
  type ReminderTypeKey,
  type Role,
} from '@fleet/common';
import DeleteButton from '../../components/DeleteButton';
import { useNotify } from '../../components/notify';
import PageContainer from '../../components/PageContainer';
import { Permission, usePermission } from '../../components/Permission';
import { usePagedQuery } from '../../components/usePagedQuery';
import { useIsMobile } from '../../layout/useResponsive';
import { pagedTableProps } from '../vehicles/TableSearch';
import {
  deleteReminder,
  refreshMaintenance,
  reminderPath,
} from '../vehicles/service/maintenanceApi';
import ReminderStateTag from './reminders/ReminderStateTag';
import { describeDue } from './reminders/reminderWording';
import './reminders/reminders.css';

export const REMINDER_EDIT_ROLES: Role[] = ['feature_reminders_edit'];

export default function RemindersPage() {
  const navigate = useNavigate();
  const notify = useNotify();
  const client = useQueryClient();
  const canEdit = usePermission(REMINDER_EDIT_ROLES);
  const mobile = useIsMobile();
  const [state, setState] = useState<ReminderState | undefined>();
  const [type, setType] = useState<ReminderTypeKey | undefined>();
  const paged = usePagedQuery(
    'get_reminders',
    { ...(state ? { state } : {}), ...(type ? { type } : {}) },
    (d) => d.reminders,
  );
  const remove = useMutation({
    mutationFn: (r: Reminder) => deleteReminder(r.id),
    onSuccess: (_, r) => {
      notify.success(`Reminder for ${r.subject} deleted`);
      void refreshMaintenance(client);
    },
  });

  return (
    <PageContainer
      subTitle="Services, vehicle licences and driver licences, most urgent first"
      extra={
        <Permission roles={REMINDER_EDIT_ROLES}>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => navigate('/portal/alerts/reminder')}
          >
            Add reminder
          </Button>
        </Permission>
      }
    >
      <Card variant="borderless">
        <div className="reminder-filters">
          <Select<ReminderState>
            aria-label="Show reminders in this state"
            placeholder="Every state"
            allowClear
            value={state}
            onChange={(v) => {
              setState(v);
              paged.setPage(1);
            }}
            options={REMINDER_STATES.map((s) => ({ value: s, label: REMINDER_STATE_NAMES[s] }))}
          />
          <Select<ReminderTypeKey>
            aria-label="Show reminders of this type"
            placeholder="Every type"
            allowClear
            value={type}
            onChange={(v) => {
              setType(v);
              paged.setPage(1);
            }}
            options={REMINDER_TYPES.map((t) => ({ value: t.key, label: t.name }))}
          />
        </div>
        <Table<Reminder>
          rowKey="id"
          {...pagedTableProps(paged)}
          locale={{
            emptyText:
              state || type
                ? 'No reminder matches these filters'
                : 'No reminders yet: add one for a service, a licence or a PrDP',
          }}
          columns={[
            {
              title: 'State',
              dataIndex: 'state',
              responsive: ['sm'],
              render: (s: ReminderState) => <ReminderStateTag state={s} />,
            },
            {
              title: 'Left',
              dataIndex: 'left_text',
              responsive: ['sm'],
              render: (_: string, r) => <LeftText reminder={r} />,
            },
            {
              title: 'For',
              dataIndex: 'subject',
              render: (subject: string, r) => (
                <Space direction="vertical" size={0}>
                  <Link to={reminderPath(r.id)}>{subject}</Link>
                  <Typography.Text type="secondary">{reminderType(r.type).name}</Typography.Text>
                  {mobile && (
                    <Space size={4} wrap>
                      <ReminderStateTag state={r.state} />
                      <LeftText reminder={r} />
                    </Space>
                  )}
                </Space>
              ),
            },
            {
              title: 'Due',
              key: 'due',
              responsive: ['md'],
              render: (_, r) => describeDue(r),
            },
            {
              title: 'Remind before',
              dataIndex: 'advance',
              responsive: ['lg'],
              render: (advance: number, r) => formatReminderAmount(r.type, advance),
            },
            {
              title: <span className="visually-hidden">Actions</span>,
              key: 'actions',
              align: 'right',
              render: (_, r) =>
                canEdit && (
                  <Space size={4}>
                    <Button
                      size="small"
                      icon={<EditOutlined />}
                      aria-label={`Edit the reminder for ${r.subject}`}
                      onClick={() => navigate(reminderPath(r.id))}
                    />
                    <DeleteButton
                      label={`Delete the reminder for ${r.subject}`}
                      title={`Delete the ${reminderType(r.type).name.toLowerCase()} reminder for ${r.subject}?`}
                      onConfirm={() => remove.mutateAsync(r)}
                    />
                  </Space>
                ),
            },
          ]}
        />
      </Card>
    </PageContainer>
  );
}

function LeftText({ reminder }: { reminder: Reminder }) {
  return (
    <span className={reminder.state === 'overdue' ? 'reminder-left-overdue' : undefined}>
      {reminder.left_text}
    </span>
  );
}
