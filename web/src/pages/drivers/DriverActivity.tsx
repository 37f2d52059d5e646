// An existing person's vehicles and their last 7 days of trips (get_driver_trips), with a link to
// Driver Trips (/portal/driver_trips/{pid}) for the map and longer ranges.
import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Space, Table, Typography } from 'antd';
import { formatDuration, formatKm, type FleetTripRow, type PersonDetail } from '@fleet/common';
import { driverTripsQuery } from '../../api/tracking';
import { now } from '../../components/clock';
import { useDateTime } from '../../components/dates';
import { usePermission } from '../../components/Permission';
import { zoned } from '../../components/zone';

export const RECENT_DAYS = 7;
export const vehiclePath = (uid: number) => `/portal/vehicles/vehicle/edit/${uid}`;

function RecentTrips({ pid }: { pid: number }) {
  const formatTime = useDateTime();
  // Fixed when the page opens, so the query key does not change on every render.
  const [range] = useState(() => ({
    from: zoned(now()).subtract(RECENT_DAYS, 'day').startOf('day').toISOString(),
    to: new Date(now()).toISOString(),
  }));
  const trips = useQuery({ ...driverTripsQuery(range, [pid]), staleTime: 60_000 });
  const rows = (trips.data?.trips ?? []).filter((t) => t.type === 0);
  return (
    <Table<FleetTripRow>
      rowKey="id"
      size="small"
      loading={trips.isLoading}
      dataSource={rows}
      pagination={rows.length > 10 ? { pageSize: 10 } : false}
      locale={{
        emptyText: (
          <Typography.Text type="secondary">{`No trips in the last ${RECENT_DAYS} days`}</Typography.Text>
        ),
      }}
      columns={[
        { title: 'Start', dataIndex: 'start', render: (v: string) => formatTime(v) },
        {
          title: 'Vehicle',
          dataIndex: 'unit_name',
          render: (name: string, row) => <Link to={vehiclePath(row.uid)}>{name}</Link>,
        },
        {
          title: 'Distance',
          dataIndex: 'distance',
          align: 'right',
          render: (km: number) => formatKm(km),
        },
        {
          title: 'Duration',
          dataIndex: 'duration',
          align: 'right',
          responsive: ['sm'],
          render: (s: number) => formatDuration(s),
        },
      ]}
    />
  );
}

export default function DriverActivity({ person }: { person: PersonDetail }) {
  const seesTrips = usePermission(['feature_driver_trips']);
  const vehicles = person.default_vehicles ?? [];
  return (
    <Card variant="borderless" className="driver-form driver-activity">
      <Typography.Title level={2} className="driver-form-heading">
        Vehicle and recent trips
      </Typography.Title>
      <Space orientation="vertical" size={8} className="full-width">
        <Typography.Text>
          Current vehicle:{' '}
          {person.current_vehicle ? (
            <Link to={vehiclePath(person.current_vehicle.uid)}>{person.current_vehicle.name}</Link>
          ) : (
            'none identified'
          )}
        </Typography.Text>
        {vehicles.length > 0 && (
          <Typography.Text>
            Default driver of:{' '}
            {vehicles.map((v, i) => (
              <span key={v.uid}>
                {i > 0 && ', '}
                <Link to={vehiclePath(v.uid)}>{v.name}</Link>
              </span>
            ))}
          </Typography.Text>
        )}
        {seesTrips ? (
          <>
            <RecentTrips pid={person.pid} />
            <Link to={`/portal/driver_trips/${person.pid}`}>
              All trips of {person.name || person.first_name} on the map
            </Link>
          </>
        ) : (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description="Your account does not show driver trips."
          />
        )}
      </Space>
    </Card>
  );
}
