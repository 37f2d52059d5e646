// The fleet now (SPEC §1, §3 "Dashboard totals", §4 counting): active and deactivated vehicles,
// the moving ones, unit faults and drivers. Each number opens the list it counts: the vehicle
// counts filter the dashboard's own list of units, drivers open the drivers page.
import { Link } from 'react-router';
import { Button, Skeleton } from 'antd';
import {
  CarOutlined,
  IdcardOutlined,
  PauseCircleOutlined,
  ThunderboltOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { DashboardCounts } from '@fleet/common';
import { usePermission } from '../../../components/Permission';
import type { UnitFilter } from './TodayUnits';

interface Props {
  counts: DashboardCounts | undefined;
  onFilter: (filter: UnitFilter) => void;
}

function Stat({
  icon,
  label,
  value,
  tone,
  onClick,
  to,
}: {
  icon: ReactNode;
  label: string;
  value: number;
  tone: string;
  onClick?: () => void;
  to?: string;
}) {
  const body = (
    <>
      <span className={`stat-icon stat-${tone}`} aria-hidden>
        {icon}
      </span>
      <span className="stat-text">
        <span className="stat-value">{value.toLocaleString('en-ZA')}</span>
        <span className="stat-label">{label}</span>
      </span>
    </>
  );
  return (
    <li className="stat">
      {to ? (
        <Link to={to} className="stat-link">
          {body}
        </Link>
      ) : (
        <Button type="text" className="stat-link" onClick={onClick}>
          {body}
        </Button>
      )}
    </li>
  );
}

export default function FleetNow({ counts, onFilter }: Props) {
  const drivers = usePermission(['feature_drivers_view']);
  if (!counts) return <Skeleton active paragraph={{ rows: 1 }} />;
  return (
    <ul className="stat-row" aria-label="Your fleet now">
      <Stat
        icon={<CarOutlined />}
        label="Active vehicles"
        value={counts.active_vehicles}
        tone="blue"
        onClick={() => onFilter('active')}
      />
      <Stat
        icon={<ThunderboltOutlined />}
        label="Moving now"
        value={counts.moving}
        tone="green"
        onClick={() => onFilter('moving')}
      />
      <Stat
        icon={<PauseCircleOutlined />}
        label="Deactivated vehicles"
        value={counts.deactivate_vehicles}
        tone="grey"
        onClick={() => onFilter('deactivated')}
      />
      <Stat
        icon={<WarningOutlined />}
        label="Unit faults"
        value={counts.unit_faults_count}
        tone={counts.unit_faults_count ? 'red' : 'grey'}
        onClick={() => onFilter('faults')}
      />
      <Stat
        icon={<IdcardOutlined />}
        label="Drivers"
        value={counts.drivers}
        tone="purple"
        to={drivers ? '/portal/drivers/index' : undefined}
        onClick={drivers ? undefined : () => document.getElementById('dashboard-drivers')?.focus()}
      />
    </ul>
  );
}
