// fleet_trips[/{uid_list}[/{daterange}]] (SPEC §2): the trips of the chosen units (none chosen:
// every unit) over a range, as a list and as lines on one map.
import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Tooltip } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { getFleetTrips } from '../../../../api/tracking';
import type { DateRange } from '../../../../components/dateRangePresets';
import { formatRangeText } from '../../common/format';
import RangeField from '../../common/RangeField';
import { apiRange, formatDateRange, formatIdList, parseIdList } from '../../common/routeParams';
import UnitPicker from '../../common/UnitPicker';
import { useIsMobile } from '../../common/useIsMobile';
import { useRangeParam } from '../../common/useRangeParam';
import FleetTripsView from './FleetTripsView';

export default function FleetTripsPageView() {
  const params = useParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const mobile = useIsMobile();
  const uids = useMemo(() => parseIdList(params.uid_list), [params.uid_list]);
  const range = useRangeParam(params.daterange);
  const { from, to } = apiRange(range);
  const queryKey = ['fleet_trips', from, to, uids.join(',')];
  const query = useQuery({
    queryKey,
    queryFn: () => getFleetTrips({ from, to }, uids.length ? uids : undefined),
  });
  const go = (nextUids: number[], nextRange: DateRange) =>
    navigate(`/portal/fleet_trips/${formatIdList(nextUids)}/${formatDateRange(nextRange)}`);

  const refresh = (
    <Tooltip title="Refresh">
      <Button
        icon={<ReloadOutlined />}
        aria-label="Refresh"
        loading={query.isFetching}
        onClick={() => {
          void client.invalidateQueries({ queryKey: ['fleet_trips'] });
          void client.invalidateQueries({ queryKey: ['trip_points'] });
        }}
      />
    </Tooltip>
  );

  const toolbar = (
    <div className="tracking-toolbar">
      <UnitPicker
        multiple
        className="toolbar-units"
        value={uids}
        onChange={(next) => go(next, range)}
      />
      <RangeField
        value={range}
        onChange={(next) => go(uids, next)}
        mobile={mobile}
        extra={refresh}
      />
    </div>
  );

  return (
    <FleetTripsView
      subTitle={`${uids.length ? `${uids.length} unit${uids.length === 1 ? '' : 's'}` : 'Every unit'}, ${formatRangeText(range)}`}
      toolbar={toolbar}
      rows={query.data?.trips ?? []}
      oversized={query.data?.oversized}
      queryKey={queryKey}
      range={range}
      loading={query.isLoading}
    />
  );
}
