// Today's units (SPEC §3 "dashboard today units": active, moving, faults list), filtered by the
// count the user clicked; at least DASHBOARD_UNIT_LIST_MIN rows before "Show all" (SPEC §9).
import { forwardRef, useState } from 'react';
import { Link } from 'react-router';
import { Button, Card, Empty, Segmented, Select, Table, Tag, Typography } from 'antd';
import { useIsMobile } from '../../../layout/useResponsive';
import { DASHBOARD_UNIT_LIST_MIN, type DashboardUnit } from '@fleet/common';
import { usePermission } from '../../../components/Permission';

export type UnitFilter = 'all' | 'active' | 'moving' | 'parked' | 'deactivated' | 'faults';

const FILTERS: { value: UnitFilter; label: string; test: (u: DashboardUnit) => boolean }[] = [
  { value: 'all', label: 'All', test: () => true },
  { value: 'active', label: 'Active', test: (u) => u.active },
  { value: 'moving', label: 'Moving', test: (u) => u.active && u.moving === 0 },
  { value: 'parked', label: 'Parked', test: (u) => u.active && u.moving === 1 },
  { value: 'deactivated', label: 'Deactivated', test: (u) => !u.active },
  { value: 'faults', label: 'Faults', test: (u) => u.faults.length > 0 },
];

export const unitsOf = (units: readonly DashboardUnit[], filter: UnitFilter) =>
  units.filter(FILTERS.find((f) => f.value === filter)!.test);

function StatusTag({ u }: { u: DashboardUnit }) {
  if (!u.active) return <Tag>Deactivated</Tag>;
  if (!u.connected) return <Tag color="orange">Not connected</Tag>;
  return u.moving === 0 ? <Tag color="green">Moving</Tag> : <Tag color="blue">Parked</Tag>;
}

interface Props {
  units: readonly DashboardUnit[] | undefined;
  filter: UnitFilter;
  onFilter: (f: UnitFilter) => void;
}

const TodayUnits = forwardRef<HTMLDivElement, Props>(function TodayUnits(
  { units, filter, onFilter },
  ref,
) {
  const [all, setAll] = useState(false);
  const live = usePermission(['feature_realtime']);
  const mobile = useIsMobile();
  const rows = unitsOf(units ?? [], filter);
  const choose = (f: UnitFilter) => {
    onFilter(f);
    setAll(false);
  };
  const options = FILTERS.map((f) => ({
    value: f.value,
    label: `${f.label} ${unitsOf(units ?? [], f.value).length}`,
  }));
  // A phone has no room for six segments: the same choice as a list.
  const picker = mobile ? (
    <Select<UnitFilter>
      aria-label="Show units"
      value={filter}
      onChange={choose}
      options={options}
      style={{ width: '100%' }}
    />
  ) : (
    <Segmented<UnitFilter>
      aria-label="Show units"
      size="small"
      value={filter}
      onChange={choose}
      options={options}
    />
  );
  const shown = all ? rows : rows.slice(0, DASHBOARD_UNIT_LIST_MIN);
  return (
    <div ref={ref} tabIndex={-1} className="dashboard-anchor">
      <Card
        className="dashboard-card"
        title={
          <Typography.Title level={2} className="dashboard-card-title" id="dashboard-units">
            Today&apos;s units
          </Typography.Title>
        }
        extra={mobile ? undefined : picker}
      >
        {mobile && <div className="dashboard-card-tools">{picker}</div>}
        <Table<DashboardUnit>
          aria-labelledby="dashboard-units"
          rowKey="uid"
          size="small"
          loading={!units}
          pagination={false}
          dataSource={shown}
          locale={{ emptyText: <Empty description="No units here" /> }}
          scroll={{ x: 'max-content' }}
          columns={[
            {
              title: 'Vehicle',
              dataIndex: 'name',
              render: (name: string, u) => (
                <span className="unit-cell">
                  {live ? <Link to={`/portal/viewrealtime/unit/${u.uid}`}>{name}</Link> : name}
                  {u.reg && <span className="unit-reg"> {u.reg}</span>}
                </span>
              ),
            },
            { title: 'Status', key: 'status', render: (_, u) => <StatusTag u={u} /> },
            {
              title: 'Speed',
              dataIndex: 'speed',
              align: 'right',
              responsive: ['sm'],
              render: (v: number, u) => (u.moving === 0 ? `${v} km/h` : '—'),
            },
            { title: 'Driver', dataIndex: 'driver', responsive: ['md'], render: (d) => d ?? '—' },
            {
              title: 'Faults',
              dataIndex: 'faults',
              render: (faults: string[]) =>
                faults.length ? (
                  <span className="unit-faults">{faults.join('; ')}</span>
                ) : (
                  <span className="muted">None</span>
                ),
            },
          ]}
        />
        {rows.length > shown.length && (
          <Button type="link" onClick={() => setAll(true)}>
            Show all {rows.length}
          </Button>
        )}
      </Card>
    </div>
  );
});

export default TodayUnits;
