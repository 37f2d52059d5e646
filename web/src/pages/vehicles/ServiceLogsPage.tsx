// vehicles/service/index and service/index/{id} (SPEC §2; issue 13 items 1-2): without an id the
// vehicles with their last service and the next one due (from their service reminder); with a
// vehicle's id its service history (newest first, SPEC §4) and its odometer readings.
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Card, Space, Table, Typography } from 'antd';
import type { Role, ServiceVehicle } from '@fleet/common';
import PageContainer from '../../components/PageContainer';
import { useDateTime } from '../../components/dates';
import { usePagedQuery } from '../../components/usePagedQuery';
import ReminderStateTag from '../alerts/reminders/ReminderStateTag';
import { pagedTableProps, TableSearch } from './TableSearch';
import VehicleService from './service/VehicleService';
import { vehicleServicePath } from './service/maintenanceApi';
import { readingText, serviceWorkName } from './service/serviceWording';
import '../alerts/reminders/reminders.css';

export const SERVICE_EDIT_ROLES: Role[] = ['feature_services_edit'];

export default function ServiceLogsPage() {
  const { id } = useParams();
  if (id !== undefined) return <VehicleService key={id} id={id} />;
  return <ServiceVehicles />;
}

function ServiceVehicles() {
  const formatTime = useDateTime();
  const [search, setSearch] = useState('');
  const paged = usePagedQuery('get_service_vehicles', search ? { search } : {}, (d) => d.vehicles);
  return (
    <PageContainer subTitle="Each vehicle's last service and the next one due">
      <Card variant="borderless">
        <TableSearch
          label="Search vehicles by name or registration"
          placeholder="Search by name or registration"
          onSearch={(text) => {
            setSearch(text);
            paged.setPage(1);
          }}
        />
        <Table<ServiceVehicle>
          rowKey="vid"
          {...pagedTableProps(paged)}
          locale={{ emptyText: search ? 'No vehicle matches this search' : 'No vehicles yet' }}
          columns={[
            {
              title: 'Vehicle',
              dataIndex: 'name',
              render: (name: string, v) => (
                <Space direction="vertical" size={0}>
                  <Link to={vehicleServicePath(v.vid)}>{name}</Link>
                  <Typography.Text type="secondary">{v.reg}</Typography.Text>
                </Space>
              ),
            },
            {
              title: 'Reading now',
              key: 'reading',
              responsive: ['md'],
              render: (_, v) =>
                readingText(v.display_hours ? v.engine_hours : v.odometer, v.display_hours),
            },
            {
              title: 'Last service',
              key: 'last',
              render: (_, v) =>
                v.last_service ? (
                  <Space direction="vertical" size={0}>
                    <span>{formatTime(v.last_service.datetimestamp)}</span>
                    <Typography.Text type="secondary">
                      {serviceWorkName(v.last_service.work_type)}
                      {v.last_service.reading !== null &&
                        ` at ${readingText(v.last_service.reading, v.display_hours)}`}
                    </Typography.Text>
                  </Space>
                ) : (
                  <Typography.Text type="secondary">None logged</Typography.Text>
                ),
            },
            {
              title: 'Next service',
              key: 'next',
              render: (_, v) =>
                v.next ? (
                  <Space size={4} wrap>
                    <ReminderStateTag state={v.next.state} />
                    <span>{v.next.left_text}</span>
                  </Space>
                ) : (
                  <Typography.Text type="secondary">No service reminder</Typography.Text>
                ),
            },
            {
              title: 'Entries',
              dataIndex: 'service_count',
              align: 'right',
              responsive: ['lg'],
            },
          ]}
        />
      </Card>
    </PageContainer>
  );
}
