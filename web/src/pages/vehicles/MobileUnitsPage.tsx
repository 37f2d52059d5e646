// vehicles/mobile/index (SPEC §2; feature_mobile_units): phones that report as trackers, with
// their device identifier, last report, battery and connection, and Add mobile unit.
import { Link, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Space, Table, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { MobileUnit } from '@fleet/common';
import { taskQuery } from '../../api/queries';
import PageContainer from '../../components/PageContainer';
import { useNow } from '../../components/useNow';
import { useIsMobile } from '../../layout/useResponsive';
import TimeAgo from '../drivers/TimeAgo';
import BatteryLevel from './BatteryLevel';
import './mobileUnits.css';

export const MOBILE_UNITS_PATH = '/portal/vehicles/mobile/index';
export const NEW_MOBILE_UNIT = 'new';
export const mobileUnitPath = (uid: number | typeof NEW_MOBILE_UNIT) =>
  `/portal/vehicles/mobile/edit/${uid}`;

export default function MobileUnitsPage() {
  const navigate = useNavigate();
  const mobile = useIsMobile();
  const now = useNow(30_000);
  const query = useQuery(taskQuery('get_mobile_units', {}));
  const rows = query.data?.units ?? [];
  const empty = query.isSuccess && rows.length === 0;
  const add = (
    <Button
      type="primary"
      icon={<PlusOutlined />}
      onClick={() => navigate(mobileUnitPath(NEW_MOBILE_UNIT))}
    >
      Add mobile unit
    </Button>
  );

  return (
    <PageContainer
      subTitle="Phones that report their position like a tracker"
      extra={!empty && add}
    >
      <Card variant="borderless">
        {empty ? (
          <Empty
            className="mobile-empty"
            description={
              <Space orientation="vertical" size={4}>
                <Typography.Text strong>No mobile units yet</Typography.Text>
                <Typography.Text type="secondary">
                  A mobile unit is a phone with the free Traccar Client or OsmAnd app that reports
                  its position here, like a tracker: for staff on foot, hired vehicles or anything
                  without a tracker fitted. Add one, then scan its QR code with the phone.
                </Typography.Text>
              </Space>
            }
          >
            {add}
          </Empty>
        ) : (
          <Table<MobileUnit>
            rowKey="uid"
            loading={query.isFetching}
            dataSource={rows}
            pagination={rows.length > 20 ? { pageSize: 20 } : false}
            scroll={mobile ? undefined : { x: 'max-content' }}
            columns={[
              {
                title: 'Name',
                dataIndex: 'name',
                render: (name: string, row) => <Link to={mobileUnitPath(row.uid)}>{name}</Link>,
              },
              {
                title: 'Registration',
                dataIndex: 'reg',
                responsive: ['md'],
                render: (v) => v || '—',
              },
              {
                title: 'Device id',
                dataIndex: 'device_id',
                responsive: ['md'],
                render: (v: string | null) => (v ? <code>{v}</code> : '—'),
              },
              {
                title: 'Last report',
                dataIndex: 'last_report',
                responsive: ['sm'],
                render: (at: string | null) => <TimeAgo at={at} now={now} />,
              },
              {
                title: 'Battery',
                dataIndex: 'battery',
                render: (v: number | null) => <BatteryLevel percent={v} />,
              },
              {
                title: 'Connected',
                dataIndex: 'connected',
                render: (connected: boolean) =>
                  connected ? <Tag color="green">Connected</Tag> : <Tag>Not connected</Tag>,
              },
            ]}
          />
        )}
      </Card>
    </PageContainer>
  );
}
