// The list behind a total: the vehicles it counts over the period, most first, each leading to
// its trips over the period (or, for speeding, its speeding alerts).
import { Link } from 'react-router';
import { Drawer, Empty, Table } from 'antd';
import type { DashboardInfo, DashboardUnitTotals } from '@fleet/common';
import { zoned } from '../../../components/zone';
import { formatDateRange } from '../../tracking/common/routeParams';
import { useIsMobile } from '../../../layout/useResponsive';
import { formatTotal, type TotalMeta } from './totals';

/** The page listing what a total counts, for the whole fleet or one unit, over the period. */
export function totalListPath(meta: TotalMeta, info: DashboardInfo, uid?: number): string {
  if (meta.key === 'speeding') {
    const q = new URLSearchParams({ type: 'speeding', from: info.from, to: info.to });
    if (uid !== undefined) q.set('uid', String(uid));
    return `/portal/alerts/unit_alert?${q}`;
  }
  const range = formatDateRange([zoned(info.from), zoned(info.to)]);
  return uid === undefined
    ? `/portal/fleet_trips/all/${range}`
    : `/portal/trip_range/${uid}/${range}`;
}

interface Props {
  meta: TotalMeta;
  info: DashboardInfo;
  period: string;
  onClose: () => void;
}

export default function TotalDrawer({ meta, info, period, onClose }: Props) {
  const mobile = useIsMobile();
  const rows = info.units
    .filter((u) => u[meta.key] > 0)
    .sort((a, b) => b[meta.key] - a[meta.key] || a.name.localeCompare(b.name));
  const title = `${meta.label}, ${period.toLowerCase()}`;
  return (
    <Drawer open onClose={onClose} title={title} size={mobile ? '100%' : 520}>
      <p>
        <Link to={totalListPath(meta, info)}>
          {meta.key === 'speeding' ? 'Open the speeding alerts' : "Open the fleet's trips"} of the
          period
        </Link>
      </p>
      {rows.length === 0 ? (
        <Empty description={`No ${meta.label.toLowerCase()} in this period`} />
      ) : (
        <Table<DashboardUnitTotals>
          rowKey="uid"
          size="small"
          pagination={false}
          dataSource={rows}
          columns={[
            {
              title: 'Vehicle',
              dataIndex: 'name',
              render: (name: string, u) => (
                <Link to={totalListPath(meta, info, u.uid)}>
                  {name}
                  {u.reg ? ` (${u.reg})` : ''}
                </Link>
              ),
            },
            {
              title: meta.label,
              dataIndex: meta.key,
              align: 'right',
              render: (v: number) => formatTotal(meta.key, v),
            },
          ]}
        />
      )}
    </Drawer>
  );
}
