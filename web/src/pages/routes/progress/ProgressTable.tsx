// One route's units: progress along it, distance off it with an On route / Off route tag (text as
// well as colour), ETA in the user's zone, average speed of the last 15 minutes.
import { Link } from 'react-router';
import { Progress, Table, Tag, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { CheckCircleOutlined, WarningOutlined } from '@ant-design/icons';
import type { RouteProgress } from '@fleet/common';
import { zoned } from '../../../components/zone';
import { useIsMobile } from '../../../layout/useResponsive';
import { formatKmOf, formatMetres } from '../parts/format';

/** 'HH:mm' today, 'D MMM HH:mm' another day, '—' for none; in the user's zone. */
export function formatEta(eta: string | null, now = zoned()): string {
  if (!eta || Number.isNaN(Date.parse(eta))) return '—';
  const at = zoned(eta);
  return at.isSame(now, 'day') ? at.format('HH:mm') : at.format('D MMM HH:mm');
}

export function OnRouteTag({ on }: { on: boolean }) {
  return on ? (
    <Tag color="green" icon={<CheckCircleOutlined />}>
      On route
    </Tag>
  ) : (
    <Tag color="red" icon={<WarningOutlined />}>
      Off route
    </Tag>
  );
}

export default function ProgressTable({ rows }: { rows: RouteProgress[] }) {
  // A phone gets two columns: the unit with its on/off state, the progress with the ETA.
  const mobile = useIsMobile();
  return (
    <Table<RouteProgress>
      rowKey={(r) => `${r.route_roid}-${r.uid}`}
      dataSource={rows}
      pagination={false}
      size="small"
      scroll={mobile ? undefined : { x: 'max-content' }}
      columns={(
        [
          {
            title: 'Unit',
            key: 'unit',
            render: (_, r) => (
              <span>
                <Link to={`/portal/routes/map/${r.uid}/${r.route_roid}`}>{r.name}</Link>
                {r.reg && r.reg !== r.name && (
                  <>
                    <br />
                    <Typography.Text type="secondary">{r.reg}</Typography.Text>
                  </>
                )}
                {mobile && r.fix_time !== null && (
                  <span className="route-progress-state">
                    <OnRouteTag on={r.on_corridor} />
                    {formatMetres(r.off_route)} off
                  </span>
                )}
              </span>
            ),
          },
          {
            title: 'Progress',
            key: 'progress',
            render: (_, r) =>
              r.fix_time === null ? (
                <Typography.Text type="secondary">No position yet</Typography.Text>
              ) : (
                <div className="route-progress-bar">
                  <Progress
                    percent={Math.round(r.percent)}
                    size="small"
                    format={(p) => `${p}%`}
                    aria-label={`${r.name}: ${Math.round(r.percent)}% of the route done`}
                  />
                  <span className="route-progress-km">
                    {formatKmOf(r.done)} done · {formatKmOf(r.left)} left
                    {mobile && ` · ETA ${formatEta(r.eta)}`}
                  </span>
                </div>
              ),
          },
          {
            title: 'Off route',
            desktop: true,
            key: 'off',
            render: (_, r) =>
              r.fix_time === null ? (
                '—'
              ) : (
                <span style={{ whiteSpace: 'nowrap' }}>
                  <OnRouteTag on={r.on_corridor} />
                  {formatMetres(r.off_route)}
                </span>
              ),
          },
          {
            title: 'ETA',
            desktop: true,
            key: 'eta',
            render: (_, r) => formatEta(r.eta),
          },
          {
            title: 'Avg speed',
            desktop: true,
            key: 'speed',
            align: 'right',
            render: (_, r) =>
              r.average_speed == null ? '—' : `${Math.round(r.average_speed)} km/h`,
          },
        ] as (ColumnType<RouteProgress> & { desktop?: boolean })[]
      )
        .filter((c) => !mobile || !c.desktop)
        .map(({ desktop: _, ...c }) => c)}
    />
  );
}
