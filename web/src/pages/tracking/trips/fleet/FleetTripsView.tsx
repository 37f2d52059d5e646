// The body shared by fleet_trips and driver_trips: totals and a trip list beside a map with every
// trip's line; choosing a trip draws it alone and replays it with its speed chart.
import { useMemo, useState, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Empty, Spin } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import {
  DEFAULT_MAX_SPEED,
  formatDuration,
  formatKm,
  type FleetTripRow,
  type TripLabel,
} from '@fleet/common';
import { setTripLabel, showTripLabel } from '../../../../api/tracking';
import { useSession } from '../../../../auth/session';
import type { DateRange } from '../../../../components/dateRangePresets';
import PageContainer from '../../../../components/PageContainer';
import { zoned } from '../../../../components/zone';
import { usePermission } from '../../../../components/Permission';
import { formatRangeText, formatSpeed } from '../../common/format';
import { apiRange, maxSpeedSetting } from '../../common/routeParams';
import SplitView, { type SplitPane } from '../../common/SplitView';
import TripMapPanel from '../../common/TripMapPanel';
import { useIsMobile } from '../../../../layout/useResponsive';
import { tripTotals } from '../tripTotals';
import FleetTripList from './FleetTripList';
import { useFleetLines, useTripPoints } from './useFleetLines';
import { downloadText } from '../../../../components/download';
import { fleetTripsCsv, fleetTripsFileName } from './fleetTripsCsv';

interface Props {
  subTitle: string;
  toolbar: ReactNode;
  rows: readonly FleetTripRow[];
  range: DateRange;
  loading: boolean;
  oversized?: boolean;
  /** Shown instead of the list when the page needs a choice first. */
  prompt?: ReactNode;
}

const NO_POINTS: never[] = [];

export default function FleetTripsView({
  subTitle,
  toolbar,
  rows,
  range,
  loading,
  oversized,
  prompt,
}: Props) {
  const mobile = useIsMobile();
  const client = useQueryClient();
  const settings = useSession((s) => s.user?.settings);
  const limit = maxSpeedSetting(settings?.max_speed, DEFAULT_MAX_SPEED);
  const maxSpeed = limit === 'Off' ? null : limit;
  const canLabel = usePermission(['feature_trips']);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [pane, setPane] = useState<SplitPane>('list');
  const { from, to } = apiRange(range);
  const lines = useFleetLines(rows, from, to);
  const selected = rows.find((r) => r.id === selectedId) ?? null;
  const selectedPoints = useTripPoints(selected);
  const totals = useMemo(() => tripTotals(rows), [rows]);
  const units = useMemo(() => new Set(rows.map((r) => r.uid)).size, [rows]);

  const mapPaths = useMemo(() => {
    if (!selected) return lines.paths;
    const points = selectedPoints ?? lines.paths.find((p) => p.id === selected.id)?.points ?? [];
    return [{ id: selected.id, points }];
  }, [selected, selectedPoints, lines.paths]);

  const label = useMutation({
    mutationFn: ({ row, label }: { row: FleetTripRow; label: TripLabel }) =>
      setTripLabel(row.id, label),
    onSuccess: (_answer, { row, label }) => showTripLabel(client, row.id, label),
  });

  const select = (row: FleetTripRow | null) => {
    setSelectedId(row?.id ?? null);
    if (row && mobile) setPane('map');
  };

  const list = (
    <div className="trip-panel">
      {prompt ?? (
        <>
          {!loading && (
            <div className="trip-totals" data-testid="trip-totals">
              <Total label="Distance" value={formatKm(totals.distance)} />
              <Total label="Trips" value={String(totals.trips)} />
              <Total label="Units" value={String(units)} />
              <Total label="Driving" value={formatDuration(totals.drivingSeconds)} />
              <Total label="Top speed" value={formatSpeed(totals.maxSpeed)} />
              <Total
                label="Over the limit"
                value={
                  maxSpeed === null
                    ? '—'
                    : String(rows.filter((r) => r.max_speed > maxSpeed).length)
                }
              />
              <div style={{ gridColumn: '1 / -1' }}>
                <Button
                  size="small"
                  icon={<DownloadOutlined />}
                  disabled={!rows.length}
                  onClick={() =>
                    downloadText(
                      fleetTripsFileName(range),
                      fleetTripsCsv(rows),
                      'text/csv;charset=utf-8',
                    )
                  }
                >
                  Download CSV
                </Button>
              </div>
            </div>
          )}
          {oversized && (
            <Alert
              type="warning"
              showIcon
              className="trip-panel-alert"
              title="Only the newest trips are shown. Choose fewer units or a shorter range."
            />
          )}
          {lines.unitCount > lines.drawnUnits && (
            <Alert
              type="info"
              showIcon
              className="trip-panel-alert"
              title={`Lines are drawn for the ${lines.drawnUnits} busiest of ${lines.unitCount} units. Choose units to see others.`}
            />
          )}
          {rows.length ? (
            <FleetTripList
              rows={rows}
              selectedId={selectedId}
              onSelect={select}
              maxSpeed={maxSpeed}
              canLabel={canLabel}
              onLabel={(row, l) => label.mutate({ row, label: l })}
              savingId={label.isPending ? (label.variables?.row.id ?? null) : null}
            />
          ) : loading ? (
            <div className="trip-panel-empty" aria-busy>
              <Spin description="Loading trips…">
                <div style={{ height: 48 }} />
              </Spin>
            </div>
          ) : (
            <Empty
              className="trip-panel-empty"
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={`No trips ${formatRangeText(range)}.`}
            />
          )}
        </>
      )}
    </div>
  );

  const map = (
    <TripMapPanel
      paths={mapPaths}
      maxSpeed={maxSpeed}
      replayPoints={selected ? (selectedPoints ?? NO_POINTS) : NO_POINTS}
      replayLabel={
        selected
          ? `${selected.unit_name} · ${zoned(selected.start).format('HH:mm')} – ${zoned(selected.end).format('HH:mm')}`
          : undefined
      }
      fitKey={`${from}|${to}|${selectedId ?? ''}|${loading || lines.loading}`}
      onPointClick={(tripId) => {
        const row = rows.find((r) => r.id === tripId);
        if (row && row.id !== selectedId) select(row);
      }}
      loading={loading || lines.loading}
      empty={prompt ? undefined : 'No trips to draw'}
      compact={mobile}
      showEnds={!!selected}
    />
  );

  return (
    <PageContainer subTitle={subTitle}>
      {toolbar}
      <SplitView
        list={list}
        map={map}
        mobile={mobile}
        pane={pane}
        onPaneChange={setPane}
        listLabel="Trips"
      />
    </PageContainer>
  );
}

function Total({ label, value }: { label: string; value: string }) {
  return (
    <div className="trip-total">
      <span className="trip-total-label">{label}</span>
      <span className="trip-total-value">{value}</span>
    </div>
  );
}
