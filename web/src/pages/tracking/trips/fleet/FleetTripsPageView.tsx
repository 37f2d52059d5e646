// fleet_trips[/{uid_list}[/{daterange}]] (SPEC §2): the trips of the chosen units (none chosen:
// every unit) over a range, as a list and as lines on one map.
import '../../common/tracking.css';
import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { fleetTripsQuery } from '../../../../api/tracking';
import type { DateRange } from '../../../../components/dateRangePresets';
import { formatRangeText } from '../../common/format';
import { UnitsRangeToolbar } from '../../common/RangeToolbar';
import { apiRange, formatDateRange, formatIdList, parseIdList } from '../../common/routeParams';
import { useIsMobile } from '../../../../layout/useResponsive';
import { useRangeParam } from '../../common/useRangeParam';
import FleetTripsView from './FleetTripsView';

export default function FleetTripsPageView() {
  const params = useParams();
  const navigate = useNavigate();
  const mobile = useIsMobile();
  const uids = useMemo(() => parseIdList(params.uid_list), [params.uid_list]);
  const range = useRangeParam(params.daterange);
  const { from, to } = apiRange(range);
  const query = useQuery(fleetTripsQuery({ from, to }, uids.length ? uids : undefined));
  const go = (nextUids: number[], nextRange: DateRange) =>
    navigate(`/portal/fleet_trips/${formatIdList(nextUids)}/${formatDateRange(nextRange)}`);

  const toolbar = (
    <UnitsRangeToolbar
      uids={uids}
      go={go}
      range={range}
      mobile={mobile}
      queries={['get_fleet_trips', 'get_trip_points']}
      fetching={query.isFetching}
    />
  );

  return (
    <FleetTripsView
      subTitle={`${uids.length ? `${uids.length} unit${uids.length === 1 ? '' : 's'}` : 'Every unit'}, ${formatRangeText(range)}`}
      toolbar={toolbar}
      rows={query.data?.trips ?? []}
      oversized={query.data?.oversized}
      range={range}
      loading={query.isLoading}
    />
  );
}
