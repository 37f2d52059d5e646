// Trip summary (SPEC §2 trip_summary, trip_summary_date[/{uid}[/{date_range}]]): one row per unit
// with trips, distance, driving and parked time, top speed and a speed-band bar. A {uid} in the
// route scrolls that unit's row (id trip_summary_{uid}) into view and makes it blink for 5 s.
import '../../common/tracking.css';
import { useMemo, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Input, Switch, Table, Tooltip, Typography } from 'antd';
import { ReloadOutlined, RightOutlined, SearchOutlined } from '@ant-design/icons';
import { DEFAULT_MAX_SPEED, formatDuration, formatKm, type TripSummaryRow } from '@fleet/common';
import { taskKey } from '../../../../api/queries';
import { tripSummaryQuery } from '../../../../api/tracking';
import { useSession } from '../../../../auth/session';
import type { DateRange } from '../../../../components/dateRangePresets';
import PageContainer from '../../../../components/PageContainer';
import { zoned } from '../../../../components/zone';
import { formatRangeText, formatSpeed } from '../../common/format';
import RangeField from '../../common/RangeField';
import {
  ALL_IDS,
  apiRange,
  formatDateRange,
  maxSpeedSetting,
  parseId,
} from '../../common/routeParams';
import SpeedBandBar from '../../common/SpeedBandBar';
import { useIsMobile } from '../../../../layout/useResponsive';
import { useRangeParam } from '../../common/useRangeParam';
import { useScrollBlink } from '../../common/useScrollBlink';
import { summaryTotals } from './summaryTotals';

export function summaryElementId(uid: number) {
  return `trip_summary_${uid}`;
}

export default function TripSummaryView() {
  const params = useParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const mobile = useIsMobile();
  const settings = useSession((s) => s.user?.settings);
  const limit = maxSpeedSetting(settings?.max_speed, DEFAULT_MAX_SPEED);
  const maxSpeed = limit === 'Off' ? null : limit;
  const highlight = parseId(params.uid);
  const rangeParam = params.date_range;
  const range = useRangeParam(rangeParam);
  const { from, to } = apiRange(range);
  const [search, setSearch] = useState('');
  const [movedOnly, setMovedOnly] = useState(false);

  const query = useQuery(tripSummaryQuery({ from, to }));
  const rows = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return (query.data?.trips ?? []).filter(
      (r) =>
        (!movedOnly || r.trips > 0 || r.id === highlight) &&
        (!needle || `${r.name} ${r.reg}`.toLowerCase().includes(needle)),
    );
  }, [query.data, search, movedOnly, highlight]);
  const totals = useMemo(() => summaryTotals(rows), [rows]);
  const blinking = useScrollBlink(
    highlight === null ? null : summaryElementId(highlight),
    rows.length > 0,
  );

  const rangeText = formatDateRange(range);
  const chooseRange = (next: DateRange) =>
    navigate(`/portal/trip_summary_date/${highlight ?? ALL_IDS}/${formatDateRange(next)}`);
  const tripsLink = (row: TripSummaryRow) => `/portal/trip_range/${row.uid}/${rangeText}`;
  const blinkClass = (row: TripSummaryRow) =>
    blinking === summaryElementId(row.id) ? 'is-blinking' : '';

  const refresh = (
    <Tooltip title="Refresh">
      <Button
        icon={<ReloadOutlined />}
        aria-label="Refresh"
        loading={query.isFetching}
        onClick={() => void client.invalidateQueries({ queryKey: taskKey('get_trip_summary') })}
      />
    </Tooltip>
  );

  const toolbar = (
    <div className="tracking-toolbar">
      <RangeField value={range} onChange={chooseRange} mobile={mobile} extra={refresh} />
      <Input
        allowClear
        prefix={<SearchOutlined />}
        placeholder="Find a unit"
        aria-label="Find a unit"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        style={{ width: mobile ? '100%' : 220 }}
      />
      <label className="toolbar-group">
        <Switch size="small" checked={movedOnly} onChange={setMovedOnly} />
        <span>Only units that drove</span>
      </label>
    </div>
  );

  const totalsBar = (
    <div className="summary-totals" data-testid="summary-totals">
      <Stat label="Units" value={String(rows.length)} />
      <Stat label="Trips" value={String(totals.trips)} />
      <Stat label="Distance" value={formatKm(totals.distance)} />
      <Stat label="Driving" value={formatDuration(totals.driving_time)} />
      <Stat label="Parked" value={formatDuration(totals.parked_time)} />
      <Stat label="Top speed" value={formatSpeed(totals.max_speed)} />
    </div>
  );

  const speedCell = (row: TripSummaryRow) => (
    <Typography.Text type={maxSpeed !== null && row.max_speed > maxSpeed ? 'danger' : undefined}>
      {row.trips ? formatSpeed(row.max_speed) : '—'}
    </Typography.Text>
  );
  const time = (iso: string | null) =>
    iso ? zoned(iso).format(range[0].isSame(range[1], 'day') ? 'HH:mm' : 'D MMM HH:mm') : '—';

  return (
    <PageContainer subTitle={`Every unit, ${formatRangeText(range)}`}>
      {toolbar}
      <Card variant="borderless">
        {totalsBar}
        {mobile ? (
          rows.length ? (
            <div className="summary-cards">
              {rows.map((row) => (
                <Card
                  key={row.id}
                  id={summaryElementId(row.id)}
                  size="small"
                  className={`summary-card ${blinkClass(row)}`}
                >
                  <div className="summary-card-head">
                    <Typography.Text strong>{row.name}</Typography.Text>
                    <Typography.Text type="secondary">{row.reg}</Typography.Text>
                  </div>
                  <div className="summary-card-stats">
                    <MiniStat label="Trips" value={String(row.trips)} />
                    <MiniStat label="Distance" value={formatKm(row.distance)} />
                    <MiniStat label="Top speed" value={speedCell(row)} />
                    <MiniStat label="Driving" value={formatDuration(row.driving_time)} />
                    <MiniStat label="Parked" value={formatDuration(row.parked_time)} />
                    <MiniStat
                      label="First – last"
                      value={`${time(row.first_start)} – ${time(row.last_end)}`}
                    />
                  </div>
                  <div className="summary-card-head">
                    <SpeedBandBar histogram={row.speed_histogram} maxSpeed={maxSpeed} />
                    <Link to={tripsLink(row)}>
                      Trips <RightOutlined />
                    </Link>
                  </div>
                </Card>
              ))}
            </div>
          ) : (
            <Empty description={query.isLoading ? 'Loading…' : 'No units'} />
          )
        ) : (
          <Table<TripSummaryRow>
            className="summary-table"
            rowKey="id"
            size="middle"
            loading={query.isLoading}
            dataSource={rows}
            pagination={false}
            scroll={{ x: 'max-content' }}
            onRow={(row) => ({ id: summaryElementId(row.id), className: blinkClass(row) })}
            columns={[
              {
                title: 'Unit',
                key: 'unit',
                sorter: (a, b) => a.name.localeCompare(b.name),
                render: (_, row) => (
                  <span>
                    <Link to={tripsLink(row)}>{row.name}</Link>
                    <br />
                    <Typography.Text type="secondary">{row.reg}</Typography.Text>
                  </span>
                ),
              },
              {
                title: 'Trips',
                dataIndex: 'trips',
                align: 'right',
                sorter: (a, b) => a.trips - b.trips,
              },
              {
                title: 'Distance',
                dataIndex: 'distance',
                align: 'right',
                sorter: (a, b) => a.distance - b.distance,
                render: (km: number) => formatKm(km),
              },
              {
                title: 'Driving',
                dataIndex: 'driving_time',
                sorter: (a, b) => a.driving_time - b.driving_time,
                render: (s: number) => formatDuration(s),
              },
              {
                title: 'Parked',
                dataIndex: 'parked_time',
                sorter: (a, b) => a.parked_time - b.parked_time,
                render: (s: number) => formatDuration(s),
              },
              {
                title: 'Top speed',
                dataIndex: 'max_speed',
                align: 'right',
                sorter: (a, b) => a.max_speed - b.max_speed,
                render: (_, row) => speedCell(row),
              },
              {
                title: 'First start',
                dataIndex: 'first_start',
                render: (v: string | null) => time(v),
              },
              {
                title: 'Last end',
                dataIndex: 'last_end',
                render: (v: string | null) => time(v),
              },
              {
                title: 'Speed bands',
                key: 'bands',
                render: (_, row) => (
                  <SpeedBandBar histogram={row.speed_histogram} maxSpeed={maxSpeed} />
                ),
              },
              {
                title: <span className="visually-hidden">Open</span>,
                key: 'open',
                align: 'right',
                render: (_, row) => (
                  <Link to={tripsLink(row)} aria-label={`Trips of ${row.name}`}>
                    Trips <RightOutlined />
                  </Link>
                ),
              },
            ]}
          />
        )}
      </Card>
    </PageContainer>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="trip-total">
      <span className="trip-total-label">{label}</span>
      <span className="trip-total-value">{value}</span>
    </div>
  );
}

function MiniStat({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="trip-total">
      <span className="trip-total-label">{label}</span>
      <span style={{ fontSize: 13, fontWeight: 600 }}>{value}</span>
    </div>
  );
}
