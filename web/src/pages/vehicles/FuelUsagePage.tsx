// vehicles/fuel_usage/index (report_10; issue 13 item 5): per vehicle and period, the litres
// filled, the distance driven between fills (the tracker's odometer, else the fuel card's),
// consumption in L/100 km or L/hour for machines, against the vehicle's usual; and each fill with
// its fraud flags: not at a stop at the fill time, more litres than the tank.
import { useState } from 'react';
import { Link } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Card, Empty, Switch, Table, Tag, Typography } from 'antd';
import { FUEL_FLAGS, type FuelFill, type FuelVehicleUsage } from '@fleet/common';
import DateRangeField from '../../components/DateRangeField';
import type { DateRange } from '../../components/dateRangePresets';
import PageContainer from '../../components/PageContainer';
import { nowInZone, zoned } from '../../components/zone';
import { fuelUsageQuery } from './fuel/fuelApi';
import { countText, litresText, oneDecimal } from './fuel/fuelFormat';
import UsageChart from './fuel/UsageChart';
import './fuel/fuel.css';
import ScrollRegion from '../../components/ScrollRegion';

const rate = (basis: FuelVehicleUsage['basis']) => (basis === 'hours' ? 'L/h' : 'L/100 km');
const usedUnit = (basis: FuelVehicleUsage['basis']) => (basis === 'hours' ? 'h' : 'km');

function Consumption({
  value,
  basis,
  above,
}: {
  value: number | null;
  basis: FuelVehicleUsage['basis'];
  above: boolean;
}) {
  if (value === null) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <span>
      {oneDecimal(value)} {rate(basis)} {above && <Tag color="red">Above usual</Tag>}
    </span>
  );
}

export default function FuelUsagePage() {
  const [range, setRange] = useState<DateRange>(() => {
    // The last month: its fills are measured against the vehicle's usual from the months before.
    const today = nowInZone();
    return [today.subtract(1, 'month').startOf('day'), today.endOf('day')];
  });
  const [onlyFlagged, setOnlyFlagged] = useState(false);
  const query = useQuery({
    ...fuelUsageQuery({ from: range[0].toISOString(), to: range[1].toISOString() }),
    placeholderData: keepPreviousData,
  });
  const vehicles = query.data?.vehicles ?? [];
  const byUid = new Map(vehicles.map((v) => [v.uid, v]));
  const fills = (query.data?.fills ?? []).filter((f) => !onlyFlagged || f.flags.length);
  const flagged = query.data?.flagged_count ?? 0;
  const above = vehicles.filter((v) => v.above_usual).length;

  return (
    <PageContainer
      subTitle="Litres, distance and consumption between fills, and fills that need a look"
      extra={<Link to="/portal/vehicles/fuel_usage/add">Import fuel file</Link>}
    >
      <div className="fuel-page">
        <Card variant="borderless">
          <div className="fuel-filters">
            <label htmlFor="fuel-period">Period</label>
            <DateRangeField id="fuel-period" value={range} onChange={setRange} allowClear={false} />
          </div>
        </Card>
        {query.isSuccess && vehicles.length === 0 ? (
          <Card variant="borderless">
            <Empty description="No fills in this period. Import a fuel card statement to see usage." />
          </Card>
        ) : (
          <>
            <Alert
              type={flagged ? 'warning' : 'info'}
              showIcon
              title={`${countText(flagged)} flagged ${flagged === 1 ? 'fill' : 'fills'}; ${countText(above)} ${above === 1 ? 'vehicle' : 'vehicles'} far above their usual consumption`}
            />
            <Card
              variant="borderless"
              title={
                <Typography.Title level={2} className="fuel-h2">
                  Vehicles
                </Typography.Title>
              }
            >
              <UsageChart vehicles={vehicles} />
              <ScrollRegion label="Vehicles' fuel usage">
                <Table<FuelVehicleUsage>
                  rowKey="uid"
                  size="small"
                  loading={query.isFetching}
                  dataSource={vehicles}
                  pagination={
                    vehicles.length > 20 ? { pageSize: 20, showSizeChanger: false } : false
                  }
                  columns={[
                    {
                      title: 'Vehicle',
                      dataIndex: 'name',
                      render: (name: string, v) => (
                        <span>
                          <Link to={`/portal/vehicles/vehicle/edit/${v.uid}`}>{name}</Link>
                          <br />
                          <Typography.Text type="secondary">{v.reg}</Typography.Text>
                        </span>
                      ),
                    },
                    { title: 'Fills', dataIndex: 'fills', align: 'right' },
                    { title: 'Litres', dataIndex: 'litres', align: 'right', render: litresText },
                    {
                      title: 'Driven',
                      dataIndex: 'used',
                      align: 'right',
                      render: (n: number, v) => `${countText(Math.round(n))} ${usedUnit(v.basis)}`,
                    },
                    {
                      title: 'Consumption',
                      dataIndex: 'consumption',
                      render: (c: number | null, v) => (
                        <Consumption value={c} basis={v.basis} above={v.above_usual} />
                      ),
                    },
                    {
                      title: 'Usual',
                      dataIndex: 'usual',
                      render: (u: number | null, v) =>
                        u === null ? '—' : `${oneDecimal(u)} ${rate(v.basis)}`,
                    },
                    {
                      title: 'Flagged fills',
                      dataIndex: 'flagged',
                      align: 'right',
                      render: (n: number) => (n ? <span className="fuel-flag">{n}</span> : '0'),
                    },
                  ]}
                />
              </ScrollRegion>
            </Card>
            <Card
              variant="borderless"
              title={
                <Typography.Title level={2} className="fuel-h2">
                  Fills
                </Typography.Title>
              }
              extra={
                <label className="fuel-switch">
                  <Switch checked={onlyFlagged} onChange={setOnlyFlagged} />
                  Only flagged fills
                </label>
              }
            >
              <ScrollRegion label="Fills">
                <Table<FuelFill>
                  rowKey="id"
                  size="small"
                  loading={query.isFetching}
                  dataSource={fills}
                  pagination={{ pageSize: 20, showSizeChanger: false }}
                  rowClassName={(f) => (f.flags.length ? 'fuel-row-error' : '')}
                  columns={[
                    {
                      title: 'Date',
                      dataIndex: 'datetimestamp',
                      render: (d: string) => zoned(d).format('YYYY-MM-DD HH:mm'),
                    },
                    {
                      title: 'Vehicle',
                      dataIndex: 'uid',
                      render: (uid: number) => byUid.get(uid)?.name ?? uid,
                    },
                    { title: 'Litres', dataIndex: 'litres', align: 'right', render: litresText },
                    {
                      title: 'Since last fill',
                      dataIndex: 'used',
                      render: (n: number | null, f) =>
                        n === null ? (
                          '—'
                        ) : (
                          <span>
                            {countText(n)} {usedUnit(byUid.get(f.uid)?.basis ?? 'km')}
                            <br />
                            <Typography.Text type="secondary">
                              {f.used_source === 'tracker' ? 'tracker' : 'fuel card'}
                            </Typography.Text>
                          </span>
                        ),
                    },
                    {
                      title: 'Consumption',
                      dataIndex: 'consumption',
                      render: (c: number | null, f) => (
                        <Consumption
                          value={c}
                          basis={byUid.get(f.uid)?.basis ?? 'km'}
                          above={f.above_usual}
                        />
                      ),
                    },
                    {
                      title: 'Flags',
                      dataIndex: 'flags',
                      render: (flags: FuelFill['flags'], f) => (
                        <span>
                          {flags.map((k) => (
                            <Tag key={k} color="red">
                              {FUEL_FLAGS[k]}
                            </Tag>
                          ))}
                          {!flags.length && !f.tracked && (
                            <Typography.Text type="secondary">No tracker data</Typography.Text>
                          )}
                        </span>
                      ),
                    },
                  ]}
                />
              </ScrollRegion>
            </Card>
          </>
        )}
      </div>
    </PageContainer>
  );
}
