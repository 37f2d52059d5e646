// driver_trips[/{pids}[/{date_range}]] (SPEC §2): the trips of the chosen drivers (a trip belongs
// to the driver identified on it, or else to the unit's assigned driver), list and map.
import '../../common/tracking.css';
import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Empty, Select } from 'antd';
import { driverTripsQuery, driversQuery } from '../../../../api/tracking';
import type { DateRange } from '../../../../components/dateRangePresets';
import { formatRangeText } from '../../common/format';
import RangeToolbar from '../../common/RangeToolbar';
import { apiRange, formatDateRange, formatIdList, parseIdList } from '../../common/routeParams';
import { useIsMobile } from '../../../../layout/useResponsive';
import { useRangeParam } from '../../common/useRangeParam';
import FleetTripsView from './FleetTripsView';

export default function DriverTripsPageView() {
  const params = useParams();
  const navigate = useNavigate();
  const mobile = useIsMobile();
  const pids = useMemo(() => parseIdList(params.pids), [params.pids]);
  const range = useRangeParam(params.date_range);
  const { from, to } = apiRange(range);
  const drivers = useQuery({ ...driversQuery(), staleTime: 60_000 });
  const people = drivers.data?.people ?? [];
  const query = useQuery({ ...driverTripsQuery({ from, to }, pids), enabled: pids.length > 0 });
  const go = (nextPids: number[], nextRange: DateRange) =>
    navigate(`/portal/driver_trips/${formatIdList(nextPids)}/${formatDateRange(nextRange)}`);

  const picker = (wide?: boolean) => (
    <Select<number[]>
      mode="multiple"
      allowClear
      maxTagCount="responsive"
      aria-label="Drivers"
      placeholder="Choose drivers"
      className={wide ? undefined : 'toolbar-units'}
      style={wide ? { width: 280, maxWidth: '100%' } : undefined}
      loading={drivers.isLoading}
      value={pids}
      onChange={(next) => go(next, range)}
      showSearch={{ optionFilterProp: 'label' }}
      options={people
        .map((p) => ({ value: p.pid, label: p.name || `${p.first_name} ${p.surname}`.trim() }))
        .sort((a, b) => a.label.localeCompare(b.label))}
    />
  );

  const toolbar = (
    <RangeToolbar
      picker={picker()}
      range={range}
      onRange={(next) => go(pids, next)}
      mobile={mobile}
      queries={['get_driver_trips', 'get_trip_points']}
      fetching={query.isFetching}
      refreshDisabled={!pids.length}
    />
  );

  const names = people.filter((p) => pids.includes(p.pid)).map((p) => p.name);
  return (
    <FleetTripsView
      subTitle={`${names.length ? names.join(', ') : 'Choose drivers'} · ${formatRangeText(range)}`}
      toolbar={toolbar}
      rows={pids.length ? (query.data?.trips ?? []) : []}
      range={range}
      loading={pids.length > 0 && query.isLoading}
      prompt={
        pids.length ? undefined : (
          <Empty
            className="trip-panel-empty"
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={
              people.length || drivers.isLoading
                ? 'Choose one or more drivers to see their trips.'
                : 'There are no drivers yet. Add people marked as drivers under Drivers.'
            }
          >
            {people.length > 0 && picker(true)}
          </Empty>
        )
      }
    />
  );
}
