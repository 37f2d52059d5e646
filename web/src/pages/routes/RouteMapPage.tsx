// routes/map/{uid}/{roid} (SPEC §2): one unit's trips over a route for a date range (today unless
// ?from=&to= say otherwise), and the unit's live position while the range includes now.
import { useMemo } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Result, Space, Typography } from 'antd';
import { DEFAULT_MAX_SPEED, formatDuration, formatKm, type UnitListItem } from '@fleet/common';
import { useSession } from '../../auth/session';
import { now } from '../../components/clock';
import DateRangeField from '../../components/DateRangeField';
import type { DateRange } from '../../components/dateRangePresets';
import PageContainer from '../../components/PageContainer';
import { zoned } from '../../components/zone';
import { useIsMobile } from '../../layout/useResponsive';
import { RouteLayer, TripLayer, UnitsLayer, type LatLon } from '../../map';
import FitPoints from '../tracking/common/FitPoints';
import { apiRange, maxSpeedSetting, parseId } from '../tracking/common/routeParams';
import { unitLabel, useUnits } from '../tracking/common/useUnits';
import { useLiveMerge } from '../tracking/live/useLiveFleet';
import { splitIntoTrips } from '../tracking/trips/tripEntries';
import { useTripData } from '../tracking/trips/useTripData';
import RouteMapFrame from './parts/RouteMapFrame';
import { routeQuery } from './parts/routeApi';
import { rangeOfSearch } from './RouteTripsPage';
import './parts/routes.css';

const NO_UNITS: UnitListItem[] = [];

export default function RouteMapPage() {
  const params = useParams();
  const uid = parseId(params.uid);
  const roid = parseId(params.roid);
  const [search, setSearch] = useSearchParams();
  const mobile = useIsMobile();
  const settings = useSession((s) => s.user?.settings);
  const maxSpeed = maxSpeedSetting(settings?.max_speed, DEFAULT_MAX_SPEED);
  const range = useMemo(() => rangeOfSearch(search), [search]);
  const route = useQuery({
    ...routeQuery(roid ?? 0, { silent: true }),
    enabled: roid !== null,
    retry: false,
  });
  const data = useTripData(uid, range, maxSpeed);
  const { units } = useUnits();
  const unit = units.find((u) => u.uid === uid);
  const at = now();
  const live = range[0].valueOf() <= at && at <= range[1].valueOf();
  const shownUnits = useMemo(() => (live && unit ? [unit] : NO_UNITS), [live, unit]);
  const liveUnits = useLiveMerge(shownUnits);

  const trips = useMemo(
    () => splitIntoTrips(data.motions, data.entries).filter((t) => t.points.length > 1),
    [data.motions, data.entries],
  );
  const tripRows = data.entries.filter((e) => e.type === 0);
  const mapRoutes = useMemo(
    () => (route.data ? [{ ...route.data.route, display: true }] : []),
    [route.data],
  );
  const fitTargets = useMemo<LatLon[]>(
    () => [...(route.data?.route.polyline_overview ?? []), ...trips.flatMap((t) => t.points)],
    [route.data, trips],
  );

  const choose = (next: DateRange) => {
    const { from, to } = apiRange(next);
    setSearch(new URLSearchParams({ from, to }), { replace: true });
  };

  if (uid === null || roid === null || route.error)
    return (
      <PageContainer>
        <Result
          status="404"
          title="Route not found"
          subTitle={route.error?.message}
          extra={<Link to="/portal/routes/index">Back to routes</Link>}
        />
      </PageContainer>
    );

  const routeName = route.data?.route.name ?? '…';
  return (
    <PageContainer
      subTitle={`${unit ? unitLabel(unit) : `Unit ${uid}`} on ${routeName}`}
      extra={<Link to={`/portal/routes/edit/${roid}`}>Open the route</Link>}
    >
      <div className="routes-layout">
        <Card variant="borderless">
          <div className="route-toolbar">
            <DateRangeField
              value={range}
              onChange={choose}
              aria-label="Date range"
              style={mobile ? { width: '100%' } : undefined}
            />
            <Typography.Text type="secondary" role="status">
              {data.loading
                ? 'Loading trips…'
                : `${tripRows.length} trip${tripRows.length === 1 ? '' : 's'}${live ? ' · live position shown' : ''}`}
            </Typography.Text>
            <Typography.Text type="secondary">
              The route is the dashed line; the trips are coloured by speed.
            </Typography.Text>
          </div>
          {data.error && (
            <Alert
              type="error"
              showIcon
              title="The trips could not be loaded"
              description={data.error.message}
            />
          )}
          {tripRows.length > 0 && (
            <Space size={[8, 4]} wrap>
              {tripRows.map((t) => (
                <Typography.Text key={t.id} className="route-trip-chip">
                  {zoned(t.start).format('D MMM HH:mm')} – {zoned(t.end).format('HH:mm')} ·{' '}
                  {formatKm(t.distance)} · {formatDuration(t.duration)}
                </Typography.Text>
              ))}
            </Space>
          )}
        </Card>
        <RouteMapFrame
          label="Route and trips map"
          className="is-tall"
          loading={route.isLoading}
          message={!data.loading && trips.length === 0 ? 'No trips in this range' : undefined}
        >
          <RouteLayer routes={mapRoutes} />
          <TripLayer trips={trips} maxSpeed={maxSpeed === 'Off' ? null : maxSpeed} />
          <UnitsLayer units={liveUnits} visible={live} />
          <FitPoints
            points={fitTargets}
            fitKey={`${uid}|${roid}|${range[0].valueOf()}|${range[1].valueOf()}`}
            ready={!data.loading && !route.isLoading}
          />
        </RouteMapFrame>
      </div>
    </PageContainer>
  );
}
