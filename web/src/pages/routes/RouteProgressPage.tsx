// routes/realtime (SPEC §2, feature_route_progress): every unit assigned to a route, how far along
// it is, how far off it, and when it should arrive; with a map of the routes and the units. It
// follows the live socket (progress/useRouteProgress.ts).
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Empty, Space, Tag, Typography } from 'antd';
import type { RouteProgress, UnitListItem } from '@fleet/common';
import { taskQuery } from '../../api/queries';
import PageContainer from '../../components/PageContainer';
import { RouteLayer, UnitsLayer, type LatLon } from '../../map';
import FitPoints from '../tracking/common/FitPoints';
import { useUnits } from '../tracking/common/useUnits';
import { useLiveMerge } from '../tracking/live/useLiveFleet';
import ProgressTable from './progress/ProgressTable';
import { useRouteProgress } from './progress/useRouteProgress';
import RouteMapFrame from './parts/RouteMapFrame';
import './parts/routes.css';

const ALL_ROUTES = { page_size: 500 };

interface RouteGroup {
  roid: number;
  name: string;
  rows: RouteProgress[];
}

export function groupByRoute(progress: readonly RouteProgress[]): RouteGroup[] {
  const groups = new Map<number, RouteGroup>();
  for (const row of progress) {
    let group = groups.get(row.route_roid);
    if (!group) {
      group = { roid: row.route_roid, name: row.route_name, rows: [] };
      groups.set(row.route_roid, group);
    }
    group.rows.push(row);
  }
  const list = [...groups.values()];
  for (const g of list) g.rows.sort((a, b) => a.name.localeCompare(b.name));
  return list.sort((a, b) => a.name.localeCompare(b.name));
}

export default function RouteProgressPage() {
  const { query, progress, status } = useRouteProgress();
  const routes = useQuery(taskQuery('get_routes', ALL_ROUTES));
  const groups = useMemo(() => groupByRoute(progress), [progress]);
  const colours = useMemo(
    () => new Map((routes.data?.routes ?? []).map((r) => [r.roid, r.colour])),
    [routes.data],
  );
  const mapRoutes = useMemo(() => {
    const wanted = new Set(groups.map((g) => g.roid));
    return (routes.data?.routes ?? [])
      .filter((r) => wanted.has(r.roid))
      .map((r) => ({ ...r, display: true }));
  }, [routes.data, groups]);

  const { units } = useUnits();
  const assigned = useMemo(() => {
    const uids = new Set(progress.map((p) => p.uid));
    return units.filter((u) => uids.has(u.uid));
  }, [units, progress]);
  const liveUnits: UnitListItem[] = useLiveMerge(assigned);
  const fitTargets = useMemo<LatLon[]>(
    () => [
      ...mapRoutes.flatMap((r) => r.polyline_overview),
      ...progress
        .filter((p) => p.lat !== null && p.lon !== null)
        .map((p) => ({ lat: p.lat!, lon: p.lon! })),
    ],
    [mapRoutes, progress],
  );
  const offRoute = progress.filter((p) => p.fix_time !== null && !p.on_corridor).length;

  return (
    <PageContainer
      subTitle="Where each assigned unit is along its route, updated as the units report"
      extra={
        <Tag color={status === 'live' ? 'green' : 'default'}>
          {status === 'live' ? 'Live' : status === 'reconnecting' ? 'Reconnecting…' : 'Connecting…'}
        </Tag>
      }
    >
      <div className="routes-layout">
        {query.error && (
          <Alert
            type="error"
            showIcon
            title="Route progress could not be loaded"
            description={query.error.message}
          />
        )}
        {!query.isLoading && !query.error && groups.length === 0 && (
          <Card variant="borderless">
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description="No units are assigned to a route yet. Assign units on a route's page."
            >
              <Link to="/portal/routes/index">Open the routes</Link>
            </Empty>
          </Card>
        )}
        {groups.length > 0 && (
          <Typography.Text type="secondary" role="status">
            {progress.length} unit{progress.length === 1 ? '' : 's'} on {groups.length} route
            {groups.length === 1 ? '' : 's'}
            {offRoute ? `, ${offRoute} off route` : ', all on route'}
          </Typography.Text>
        )}
        {groups.map((g) => {
          const off = g.rows.filter((r) => r.fix_time !== null && !r.on_corridor).length;
          return (
            <Card
              key={g.roid}
              variant="borderless"
              loading={query.isLoading}
              title={
                <span className="route-name-cell">
                  <span
                    className="route-swatch"
                    style={{ background: colours.get(g.roid) ?? '#1565c0' }}
                    aria-hidden
                  />
                  <h2 style={{ margin: 0, fontSize: 16 }}>{g.name}</h2>
                </span>
              }
              extra={
                <Space size={4} wrap>
                  <span>
                    {g.rows.length} unit{g.rows.length === 1 ? '' : 's'}
                  </span>
                  {off > 0 && <Tag color="red">{off} off route</Tag>}
                </Space>
              }
            >
              <ProgressTable rows={g.rows} />
            </Card>
          );
        })}
        <Card variant="borderless" title={<h2 style={{ margin: 0, fontSize: 16 }}>Map</h2>}>
          <RouteMapFrame
            label="Route progress map"
            className="is-tall"
            loading={query.isLoading}
            message={groups.length ? undefined : 'No units on routes'}
          >
            <RouteLayer routes={mapRoutes} />
            <UnitsLayer units={liveUnits} />
            <FitPoints points={fitTargets} fitKey={`${groups.length}`} ready={!routes.isLoading} />
          </RouteMapFrame>
        </Card>
      </div>
    </PageContainer>
  );
}
