// A client's units on the recovery desk: each leads to its unit page, its live map and its trips.
import { Link } from 'react-router';
import { Table, Tag } from 'antd';
import { AimOutlined, HistoryOutlined } from '@ant-design/icons';
import type { UnitListItem } from '@fleet/common';
import { recoveryUnitPath } from '../../../api/recovery';
import { useDateTime } from '../../../components/dates';
import LinkButton from './LinkButton';
import { realtimeUnitPath, recoveryTripsPath, serviceTypeName } from './wording';
import './views.css';
import { tableScroll } from '../desk/tableScroll';

export function ConnectedTag({ unit }: { unit: Pick<UnitListItem, 'connected'> }) {
  return unit.connected ? <Tag color="green">Connected</Tag> : <Tag>Not connected</Tag>;
}

export default function UnitTable({
  units,
  emptyText = 'This client has no units.',
}: {
  units: readonly UnitListItem[];
  emptyText?: string;
}) {
  const dateTime = useDateTime();
  return (
    <Table<UnitListItem>
      rowKey="uid"
      size="small"
      aria-label="Units"
      dataSource={[...units]}
      pagination={units.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
      scroll={tableScroll(units)}
      locale={{ emptyText }}
      columns={[
        {
          title: 'Unit',
          key: 'name',
          render: (_, u) => (
            <Link to={recoveryUnitPath(u.uid)} className="recovery-link">
              {u.name}
            </Link>
          ),
        },
        { title: 'Registration', key: 'reg', render: (_, u) => u.reg || '—' },
        {
          title: 'Service type',
          key: 'service',
          render: (_, u) => serviceTypeName(u.service_type),
        },
        { title: 'Connection', key: 'connected', render: (_, u) => <ConnectedTag unit={u} /> },
        {
          title: 'Last position',
          key: 'position',
          render: (_, u) =>
            u.position ? (
              dateTime(u.position.datetime)
            ) : (
              <span className="recovery-muted">None yet</span>
            ),
        },
        {
          title: 'Open',
          key: 'open',
          render: (_, u) => (
            <span className="recovery-actions">
              <LinkButton
                to={realtimeUnitPath(u.uid)}
                icon={<AimOutlined aria-hidden />}
                label={`Live map of ${u.name}`}
              >
                Live map
              </LinkButton>
              <LinkButton
                to={recoveryTripsPath(u.uid)}
                icon={<HistoryOutlined aria-hidden />}
                label={`Trips of ${u.name}`}
              >
                Trips
              </LinkButton>
            </span>
          ),
        },
      ]}
    />
  );
}
