// routes/trips (SPEC §2): which trips of which units followed a route over a date range, how much
// of each trip stayed inside the corridor and how much of the route it covered. The route and the
// range live in the query string (?roid=&from=&to=) so a view can be shared.
import { useMemo } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Progress, Select, Table, Typography } from 'antd';
import type { RouteTrip } from '@fleet/common';
import { taskQuery } from '../../api/queries';
import { useDateTime } from '../../components/dates';
import type { DateRange } from '../../components/dateRangePresets';
import DateRangeField from '../../components/DateRangeField';
import PageContainer from '../../components/PageContainer';
import { zoned } from '../../components/zone';
import { useIsMobile } from '../../layout/useResponsive';
import { apiRange, dayRange } from '../tracking/common/routeParams';
import { formatKmOf } from './parts/format';
import './parts/routes.css';

/** The range of ?from=&to= (ISO-8601), or today in the user's zone. */
export function rangeOfSearch(search: URLSearchParams): DateRange {
  const from = search.get('from');
  const to = search.get('to');
  if (from && to && !Number.isNaN(Date.parse(from)) && !Number.isNaN(Date.parse(to))) {
    const range: DateRange = [zoned(from), zoned(to)];
    if (!range[1].isBefore(range[0])) return range;
  }
  return dayRange(zoned());
}

export function tripMapLink(trip: Pick<RouteTrip, 'uid' | 'route_roid' | 'start' | 'end'>) {
  const q = new URLSearchParams({ from: trip.start, to: trip.end });
  return `/portal/routes/map/${trip.uid}/${trip.route_roid}?${q.toString()}`;
}

function PercentBar({ value, label }: { value: number; label: string }) {
  const percent = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div style={{ minWidth: 120 }}>
      <Progress percent={percent} size="small" format={(p) => `${p}%`} aria-label={label} />
    </div>
  );
}

export default function RouteTripsPage() {
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const mobile = useIsMobile();
  const formatTime = useDateTime();
  const routes = useQuery(taskQuery('get_routes', { page_size: 500 }));
  const list = routes.data?.routes ?? [];
  const roidParam = Number(search.get('roid'));
  const roid = list.some((r) => r.roid === roidParam) ? roidParam : (list[0]?.roid ?? null);
  const range = useMemo(() => rangeOfSearch(search), [search]);
  const { from, to } = apiRange(range);
  const trips = useQuery({
    ...taskQuery('get_route_trips', { roid: roid ?? 0, from, to }),
    enabled: roid !== null,
  });
  const route = list.find((r) => r.roid === roid);

  const go = (patch: { roid?: number; range?: DateRange }) => {
    const next = new URLSearchParams(search);
    if (patch.roid !== undefined) next.set('roid', String(patch.roid));
    else if (roid !== null) next.set('roid', String(roid));
    if (patch.range) {
      const api = apiRange(patch.range);
      next.set('from', api.from);
      next.set('to', api.to);
    }
    setSearch(next, { replace: true });
  };

  return (
    <PageContainer subTitle="Trips that followed a route, and how closely">
      <Card variant="borderless">
        <div className="route-toolbar">
          <Select<number>
            aria-label="Route"
            placeholder="Choose a route"
            loading={routes.isLoading}
            value={roid ?? undefined}
            onChange={(value) => go({ roid: value })}
            options={list.map((r) => ({ value: r.roid, label: r.name }))}
            showSearch={{ optionFilterProp: 'label' }}
          />
          <DateRangeField
            value={range}
            onChange={(next) => go({ range: next })}
            aria-label="Date range"
            style={mobile ? { width: '100%' } : undefined}
          />
        </div>
        {!routes.isLoading && list.length === 0 ? (
          <Alert
            type="info"
            showIcon
            title="There are no routes yet"
            description={<Link to="/portal/routes/index">Open the routes</Link>}
          />
        ) : (
          <>
            {route && (
              <Typography.Paragraph type="secondary">
                {route.name}: {formatKmOf(route.distance)}, corridor {route.corridor} m,{' '}
                {route.uids.length} unit{route.uids.length === 1 ? '' : 's'} assigned.
              </Typography.Paragraph>
            )}
            <Table<RouteTrip>
              rowKey={(t) => `${t.uid}-${t.id}`}
              loading={trips.isFetching}
              dataSource={trips.data?.trips ?? []}
              pagination={{ pageSize: 20, hideOnSinglePage: true }}
              scroll={{ x: 'max-content' }}
              locale={{
                emptyText: (
                  <Typography.Text type="secondary">
                    {'No trip followed this route in this range'}
                  </Typography.Text>
                ),
              }}
              onRow={(trip) => ({
                onClick: () => navigate(tripMapLink(trip)),
                style: { cursor: 'pointer' },
              })}
              columns={[
                {
                  title: 'Unit',
                  key: 'unit',
                  render: (_, t) => (
                    <>
                      <Link to={tripMapLink(t)} onClick={(e) => e.stopPropagation()}>
                        {t.name}
                      </Link>
                      {mobile && (
                        <div className="route-progress-km">
                          {zoned(t.start).format('D MMM HH:mm')} – {zoned(t.end).format('HH:mm')}
                          {' · '}
                          {formatKmOf(t.distance)}
                        </div>
                      )}
                    </>
                  ),
                },
                {
                  title: 'Start',
                  dataIndex: 'start',
                  responsive: ['sm'],
                  render: (v: string) => formatTime(v),
                },
                {
                  title: 'End',
                  dataIndex: 'end',
                  responsive: ['sm'],
                  render: (v: string) => formatTime(v),
                },
                {
                  title: 'Distance',
                  dataIndex: 'distance',
                  align: 'right',
                  responsive: ['sm'],
                  render: (m: number) => formatKmOf(m),
                },
                {
                  title: 'Inside the corridor',
                  key: 'inside',
                  render: (_, t) => (
                    <PercentBar
                      value={t.inside_percent}
                      label={`${t.name}: ${Math.round(t.inside_percent)}% of the trip inside the corridor`}
                    />
                  ),
                },
                {
                  title: 'Route covered',
                  key: 'covered',
                  responsive: ['md'],
                  render: (_, t) => (
                    <PercentBar
                      value={t.route_percent}
                      label={`${t.name}: ${Math.round(t.route_percent)}% of the route covered`}
                    />
                  ),
                },
              ]}
            />
          </>
        )}
      </Card>
    </PageContainer>
  );
}
