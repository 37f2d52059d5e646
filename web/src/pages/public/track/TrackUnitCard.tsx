// What a visitor of a share link sees about one vehicle: state, speed, place and freshness.
import type { ReactNode } from 'react';
import { Button, Typography } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { formatKm, formatRelative, type UnitListItem } from '@fleet/common';
import { useDateTime } from '../../../components/dates';
import { describeNearestTown, nearestTown } from '../../tracking/live/nearestTown';
import { lastReport } from '../../tracking/live/UnitRow';
import { compassPoint, STATUS_META, statusLine, unitStatus } from '../../tracking/live/unitStatus';
import { useNow } from '../../../components/useNow';

export interface RecentTrips {
  count: number;
  km: number;
}

export function TrackUnitCard({
  unit,
  recent,
  onClose,
  actions,
}: {
  unit: UnitListItem;
  recent?: RecentTrips;
  onClose?: () => void;
  actions?: ReactNode;
}) {
  const now = useNow(5_000);
  const formatTime = useDateTime();
  const status = unitStatus(unit);
  const meta = STATUS_META[status];
  const p = unit.position;
  const when = lastReport(unit);
  return (
    <section className="track-card" aria-label={`Vehicle ${unit.name}`}>
      <header className="unit-panel-head">
        <div className="unit-panel-title">
          <Typography.Title level={2} className="unit-panel-name">
            {unit.name}
          </Typography.Title>
          <Typography.Text type="secondary">{unit.reg}</Typography.Text>
        </div>
        {onClose && (
          <Button type="text" icon={<CloseOutlined />} aria-label="Close" onClick={onClose} />
        )}
      </header>
      <div className="unit-panel-status" style={{ ['--status-colour' as string]: meta.colour }}>
        <span className="unit-panel-state">
          <span className="unit-row-dot" style={{ background: meta.colour }} aria-hidden />
          {meta.label}
          {status === 'moving' && <strong>{statusLine(unit)}</strong>}
        </span>
        <span className="unit-panel-when" data-testid="track-updated">
          {when ? formatRelative(new Date(when), now) : 'No data yet'}
        </span>
      </div>
      <dl className="unit-facts">
        <div className="unit-fact">
          <dt>Near</dt>
          <dd>{p ? describeNearestTown(nearestTown(p.lat, p.lon)) : '—'}</dd>
        </div>
        <div className="unit-fact">
          <dt>Speed</dt>
          <dd>
            {p ? `${Math.round(p.speed)} km/h` : '—'}
            {p && p.speed > 0 ? ` ${compassPoint(p.direction)}` : ''}
          </dd>
        </div>
        <div className="unit-fact">
          <dt>Last fix</dt>
          <dd>{p ? formatTime(p.datetime) : '—'}</dd>
        </div>
        {recent && (
          <div className="unit-fact">
            <dt>Last 6 hours</dt>
            <dd>
              {recent.count} {recent.count === 1 ? 'trip' : 'trips'}, {formatKm(recent.km)}
            </dd>
          </div>
        )}
      </dl>
      {actions && <div className="unit-panel-actions">{actions}</div>}
    </section>
  );
}
