// routes/index (SPEC §2 /portal/routes): the client's routes sorted by name (SPEC §4), searchable,
// each with its display switch (saved with the route), and a map of the routes on this page of the
// table where one route can be shown alone, the map fitted to it (SPEC §4).
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Dropdown, Input, Space, Switch, Table, Tooltip } from 'antd';
import { AimOutlined, DownOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { Role, RouteSummary } from '@fleet/common';
import { call } from '../../api/call';
import { useNotify } from '../../components/notify';
import PageContainer from '../../components/PageContainer';
import { Permission, usePermission } from '../../components/Permission';
import { usePagedQuery } from '../../components/usePagedQuery';
import { useIsMobile } from '../../layout/useResponsive';
import { RouteLayer } from '../../map';
import FitPoints from '../tracking/common/FitPoints';
import { formatKmOf, pointLabel } from './parts/format';
import RouteMapFrame from './parts/RouteMapFrame';
import { ROUTE_KEYS, setRouteDisplay } from './parts/routeApi';
import DeleteButton from '../../components/DeleteButton';

export const ROUTE_EDIT_ROLES: Role[] = ['feature_routes_edit', 'user_old'];

export const ADD_ROUTE_WAYS = [
  { key: 'draw', label: 'Draw on the map' },
  { key: 'waypoints', label: 'Between waypoints' },
  { key: 'trip', label: 'From a trip' },
] as const;

export function AddRouteButton() {
  const navigate = useNavigate();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: ADD_ROUTE_WAYS.map((w) => ({
          key: w.key,
          label: w.label,
          onClick: () => navigate(`/portal/routes/add/${w.key}`),
        })),
      }}
    >
      <Button type="primary" icon={<PlusOutlined />}>
        Add route <DownOutlined />
      </Button>
    </Dropdown>
  );
}

export default function RoutesPage() {
  const notify = useNotify();
  const navigate = useNavigate();
  const mobile = useIsMobile();
  const client = useQueryClient();
  const canEdit = usePermission(ROUTE_EDIT_ROLES);
  const [search, setSearch] = useState('');
  const [alone, setAlone] = useState<number | null>(null);
  const { query, rows, pagination, setPage } = usePagedQuery(
    'get_routes',
    search ? { search } : {},
    (d) => d.routes,
  );
  const refresh = () =>
    Promise.all(ROUTE_KEYS.map((queryKey) => client.invalidateQueries({ queryKey })));
  const display = useMutation({
    mutationFn: ({ row, on }: { row: RouteSummary; on: boolean }) => setRouteDisplay(row.roid, on),
    onSuccess: (route) => {
      notify.success(route.display ? `${route.name} is shown` : `${route.name} is hidden`);
      void refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (row: RouteSummary) => call('delete_route', { roid: row.roid }),
    onSuccess: (_answer, row) => {
      notify.success(`${row.name} deleted`);
      if (alone === row.roid) setAlone(null);
      void refresh();
    },
  });

  const aloneRoute = rows.find((r) => r.roid === alone) ?? null;
  // "Show alone" draws that route even when its display flag is off.
  const mapRoutes = useMemo(
    () => (aloneRoute ? [{ ...aloneRoute, display: true }] : rows),
    [aloneRoute, rows],
  );
  const fitTargets = useMemo(
    () => mapRoutes.filter((r) => r.display).flatMap((r) => r.polyline_overview),
    [mapRoutes],
  );
  const drawn = mapRoutes.some((r) => r.display && r.polyline_overview.length >= 2);

  return (
    <PageContainer
      subTitle="The roads your vehicles must follow, and how far they may stray"
      extra={
        <Permission roles={ROUTE_EDIT_ROLES}>
          <AddRouteButton />
        </Permission>
      }
    >
      <div className="routes-layout">
        <Card variant="borderless">
          <Input.Search
            className="table-search"
            placeholder="Search by route name"
            aria-label="Search routes"
            allowClear
            onSearch={(value) => {
              setSearch(value.trim());
              setPage(1);
            }}
          />
          <Table<RouteSummary>
            rowKey="roid"
            loading={query.isFetching}
            dataSource={rows}
            pagination={pagination}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: search ? 'No route matches this search' : 'No routes yet' }}
            columns={[
              {
                title: 'Route',
                key: 'name',
                render: (_, row) => (
                  <span className="route-name-cell">
                    <span className="route-swatch" style={{ background: row.colour }} aria-hidden />
                    <Link to={`/portal/routes/edit/${row.roid}`}>{row.name}</Link>
                  </span>
                ),
              },
              {
                title: 'From → to',
                key: 'ends',
                responsive: ['md'],
                render: (_, row) => (
                  <span className="route-ends">
                    {pointLabel(row.origin)} → {pointLabel(row.destination)}
                  </span>
                ),
              },
              {
                title: 'Waypoints',
                key: 'waypoints',
                align: 'right',
                responsive: ['lg'],
                render: (_, row) => row.waypoints.length,
              },
              {
                title: 'Distance',
                dataIndex: 'distance',
                align: 'right',
                responsive: ['sm'],
                render: (m: number) => formatKmOf(m),
              },
              {
                title: 'Corridor',
                dataIndex: 'corridor',
                align: 'right',
                responsive: ['sm'],
                render: (m: number) => `${m} m`,
              },
              {
                title: 'Units',
                key: 'units',
                align: 'right',
                responsive: ['sm'],
                render: (_, row) => row.uids.length,
              },
              {
                title: 'Display',
                key: 'display',
                render: (_, row) => (
                  <Switch
                    size="small"
                    checked={row.display}
                    disabled={!canEdit}
                    loading={display.isPending && display.variables?.row.roid === row.roid}
                    aria-label={`Display ${row.name}`}
                    onChange={(on) => display.mutate({ row, on })}
                  />
                ),
              },
              {
                title: <span className="visually-hidden">Actions</span>,
                key: 'actions',
                align: 'right',
                render: (_, row) => (
                  <Space size={4}>
                    <Tooltip
                      title={alone === row.roid ? 'Show all routes' : 'Show alone on the map'}
                    >
                      <Button
                        size="small"
                        type={alone === row.roid ? 'primary' : 'default'}
                        icon={<AimOutlined />}
                        aria-pressed={alone === row.roid}
                        aria-label={`Show ${row.name} alone on the map`}
                        onClick={() => setAlone(alone === row.roid ? null : row.roid)}
                      />
                    </Tooltip>
                    {/* On a phone the route's name is the way to its page: room for the rest. */}
                    {!mobile && (
                      <Button
                        size="small"
                        icon={<EditOutlined />}
                        aria-label={`${canEdit ? 'Edit' : 'Open'} ${row.name}`}
                        onClick={() => navigate(`/portal/routes/edit/${row.roid}`)}
                      />
                    )}
                    {canEdit && (
                      <DeleteButton
                        label={`Delete ${row.name}`}
                        title={`Delete the route ${row.name}?`}
                        description="Its units are no longer followed on it. This cannot be undone."
                        onConfirm={() => remove.mutateAsync(row)}
                      />
                    )}
                  </Space>
                ),
              },
            ]}
          />
        </Card>
        <Card
          variant="borderless"
          title={aloneRoute ? `${aloneRoute.name} alone` : 'Routes on the map'}
          extra={
            aloneRoute && (
              <Button size="small" onClick={() => setAlone(null)}>
                Show all routes
              </Button>
            )
          }
        >
          <RouteMapFrame
            label="Routes map"
            loading={query.isLoading}
            message={
              drawn ? undefined : rows.length ? 'No route is displayed' : 'No routes to draw'
            }
          >
            <RouteLayer routes={mapRoutes} />
            <FitPoints
              points={fitTargets}
              fitKey={`${alone ?? 'all'}|${search}|${pagination.current}`}
            />
          </RouteMapFrame>
        </Card>
      </div>
    </PageContainer>
  );
}
