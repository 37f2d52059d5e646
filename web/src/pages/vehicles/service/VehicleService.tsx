// One vehicle's service page (service/index/{id}): its reading now and next service, its service
// history newest first (SPEC §4) with edit and delete, and its odometer readings.
import { useNavigate } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Descriptions, Space, Table, Tabs, Typography } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { formatRand, type ServiceLog } from '@fleet/common';
import { taskQuery } from '../../../api/queries';
import DeleteButton from '../../../components/DeleteButton';
import { useDateTime } from '../../../components/dates';
import { useNotify } from '../../../components/notify';
import PageContainer from '../../../components/PageContainer';
import { Permission, usePermission } from '../../../components/Permission';
import ReminderStateTag from '../../alerts/reminders/ReminderStateTag';
import { RecordLoading, recordMissing, RecordNotFound } from '../../drivers/RecordStates';
import OdometerLogs from './OdometerLogs';
import {
  addServicePath,
  deleteServiceLog,
  editServicePath,
  refreshMaintenance,
  serviceLogsQuery,
  SERVICES_PATH,
} from './maintenanceApi';
import { readingText, serviceWorkName } from './serviceWording';

const EDIT_ROLES = ['feature_services_edit'] as const;

export default function VehicleService({ id }: { id: string }) {
  const vid = Number(id);
  const valid = Number.isInteger(vid) && vid > 0;
  const vehicle = useQuery({
    ...taskQuery('get_service_vehicles', { vid, page: 1, page_size: 1 }, { silent: true }),
    enabled: valid,
    retry: false,
  });
  const navigate = useNavigate();
  const v = vehicle.data?.vehicles[0];
  if (recordMissing(valid, vehicle.error, vehicle.isSuccess, Boolean(v))) {
    return (
      <RecordNotFound what="Vehicle" back={SERVICES_PATH} backLabel="Back to the service logs" />
    );
  }
  if (!v) return <RecordLoading label="Loading the vehicle" />;
  return (
    <PageContainer
      title={`Service Logs: ${v.name}`}
      subTitle={v.reg}
      extra={
        <Permission roles={[...EDIT_ROLES]}>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => navigate(addServicePath(v.vid, v.display_hours, v.name))}
          >
            Log a service
          </Button>
        </Permission>
      }
    >
      <Card variant="borderless">
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, lg: 3 }}
          className="service-vehicle-facts"
        >
          <Descriptions.Item label={v.display_hours ? 'Engine hours now' : 'Odometer now'}>
            {readingText(v.display_hours ? v.engine_hours : v.odometer, v.display_hours)}
          </Descriptions.Item>
          <Descriptions.Item label="Next service">
            {v.next ? (
              <Space size={4} wrap>
                <ReminderStateTag state={v.next.state} />
                <span>{v.next.left_text}</span>
              </Space>
            ) : (
              'No service reminder'
            )}
          </Descriptions.Item>
          <Descriptions.Item label="Entries">{v.service_count}</Descriptions.Item>
        </Descriptions>
        <Tabs
          items={[
            {
              key: 'history',
              label: 'Service history',
              children: <ServiceHistory vid={v.vid} name={v.name} hours={v.display_hours} />,
            },
            {
              key: 'odometer',
              label: 'Odometer readings',
              children: <OdometerLogs vid={v.vid} name={v.name} />,
            },
          ]}
        />
      </Card>
    </PageContainer>
  );
}

function ServiceHistory({ vid, name, hours }: { vid: number; name: string; hours: boolean }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const client = useQueryClient();
  const formatTime = useDateTime();
  const canEdit = usePermission([...EDIT_ROLES]);
  const logs = useQuery(serviceLogsQuery(vid));
  const remove = useMutation({
    mutationFn: (l: ServiceLog) => deleteServiceLog(l.id),
    onSuccess: () => {
      notify.success('Service entry deleted');
      void refreshMaintenance(client);
    },
  });
  return (
    <Table<ServiceLog>
      rowKey="id"
      loading={logs.isFetching}
      dataSource={logs.data?.service_logs ?? []}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: 'No service logged yet' }}
      columns={[
        {
          title: 'Date',
          dataIndex: 'datetimestamp',
          render: (t: string) => formatTime(t),
        },
        {
          title: 'Work',
          dataIndex: 'work_type',
          render: (w: string, l) => (
            <Space direction="vertical" size={0}>
              <span>{serviceWorkName(w)}</span>
              {l.notes && <Typography.Text type="secondary">{l.notes}</Typography.Text>}
            </Space>
          ),
        },
        {
          title: hours ? 'Engine hours' : 'Odometer',
          key: 'reading',
          align: 'right',
          render: (_, l) =>
            l.engine_hours !== null
              ? readingText(l.engine_hours, true)
              : readingText(l.odometer, false),
        },
        {
          title: 'Cost',
          dataIndex: 'cost',
          align: 'right',
          render: (c: number | null) => (c === null ? '—' : formatRand(c)),
        },
        { title: 'Workshop', dataIndex: 'workshop', responsive: ['md'] },
        {
          title: 'Attachments',
          dataIndex: 'attachments',
          responsive: ['lg'],
          render: (a: string[]) => a.join(', ') || '—',
        },
        {
          title: <span className="visually-hidden">Actions</span>,
          key: 'actions',
          align: 'right',
          render: (_, l) =>
            canEdit && (
              <Space size={4}>
                <Button
                  size="small"
                  icon={<EditOutlined />}
                  aria-label={`Edit the ${serviceWorkName(l.work_type).toLowerCase()} of ${formatTime(l.datetimestamp)}`}
                  onClick={() =>
                    navigate(editServicePath(vid, l.engine_hours !== null, l.id, name))
                  }
                />
                <DeleteButton
                  label={`Delete the ${serviceWorkName(l.work_type).toLowerCase()} of ${formatTime(l.datetimestamp)}`}
                  title="Delete this service entry?"
                  onConfirm={() => remove.mutateAsync(l)}
                />
              </Space>
            ),
        },
      ]}
    />
  );
}
