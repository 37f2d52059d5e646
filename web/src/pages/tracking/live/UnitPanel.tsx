// The selected unit: what it is doing, where, and its device's latest readings and events
// (get_unit), with follow mode, today's trail and sharing.
import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Button, Skeleton, Switch, Tag, Tooltip, Typography } from 'antd';
import {
  AimOutlined,
  CloseOutlined,
  DownOutlined,
  HistoryOutlined,
  NodeIndexOutlined,
  ShareAltOutlined,
  UpOutlined,
} from '@ant-design/icons';
import { COMMAND_ROLES, formatRelative, type UnitListItem } from '@fleet/common';
import ImmobiliserPanel from '../../vehicles/commands/ImmobiliserPanel';
import { unitQuery } from '../../../api/tracking';
import { useDateTime } from '../../../components/dates';
import { usePermission } from '../../../components/Permission';
import { describeNearestTown, nearestTown } from './nearestTown';
import { lastReport } from './UnitRow';
import {
  eventColour,
  eventLabel,
  formatCoordinates,
  formatHours,
  formatOdometer,
  formatVolts,
} from './unitFacts';
import { compassPoint, STATUS_META, statusLine, unitStatus } from './unitStatus';
import { useNow } from '../../../components/useNow';

export interface UnitPanelProps {
  unit: UnitListItem;
  onClose: () => void;
  follow: boolean;
  onFollow: (on: boolean) => void;
  trail: boolean;
  onTrail: (on: boolean) => void;
  trailLoading: boolean;
  trailPoints: number;
  /** Share links are offered only where the user may make them. */
  onShare?: () => void;
  /** On a phone the panel starts as a short sheet; details open on demand. */
  collapsible?: boolean;
  /** Where Trips leads (the recovery desk's own trip pages); the tracking trips by default. */
  tripsPath?: (uid: number) => string;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="unit-fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export function UnitPanel({
  unit,
  onClose,
  follow,
  onFollow,
  trail,
  onTrail,
  trailLoading,
  trailPoints,
  onShare,
  collapsible = false,
  tripsPath,
}: UnitPanelProps) {
  const [expanded, setExpanded] = useState(!collapsible);
  const now = useNow(5_000);
  const formatTime = useDateTime();
  const canTrips = usePermission(['feature_trips']);
  const tripsTo = tripsPath ? tripsPath(unit.uid) : canTrips ? `/portal/trip/${unit.uid}` : null;
  // The immobiliser from the live map (issue 13), for users who may command the vehicle.
  const canCommand = usePermission(COMMAND_ROLES);
  const detail = useQuery({
    ...unitQuery(unit.uid),
    select: (d) => d.unit,
    refetchInterval: 20_000,
  });
  const info = detail.data;
  const status = unitStatus(unit);
  const meta = STATUS_META[status];
  const p = unit.position;
  const when = lastReport(unit);
  const town = p ? describeNearestTown(nearestTown(p.lat, p.lon)) : '—';
  const events = info?.latest_events ?? [];

  return (
    <section className="unit-panel" aria-label={`Unit ${unit.name}`}>
      <header className="unit-panel-head">
        <div className="unit-panel-title">
          <Typography.Title level={2} className="unit-panel-name" title={unit.name}>
            {unit.name}
          </Typography.Title>
          <Typography.Text type="secondary">
            {[unit.reg, unit.vehicle_class_ref.replace(/_/g, ' ')].filter(Boolean).join(' · ')}
          </Typography.Text>
        </div>
        <Button
          type="text"
          icon={<CloseOutlined />}
          aria-label="Close unit panel"
          onClick={onClose}
        />
      </header>

      <div className="unit-panel-status" style={{ ['--status-colour' as string]: meta.colour }}>
        <span className="unit-panel-state">
          <span className="unit-row-dot" style={{ background: meta.colour }} aria-hidden />
          {meta.label}
          {status === 'moving' && <strong>{statusLine(unit)}</strong>}
        </span>
        <span className="unit-panel-when" data-testid="unit-updated">
          {when ? `Updated ${formatRelative(new Date(when), now)}` : 'No data yet'}
        </span>
      </div>

      <div className="unit-panel-actions">
        <Tooltip title="Keep this unit in the middle of the map as it moves">
          <label className="unit-panel-switch">
            <Switch size="small" checked={follow} onChange={onFollow} aria-label="Follow" />
            <AimOutlined /> Follow
          </label>
        </Tooltip>
        <Tooltip title="Where this unit has been since midnight">
          <label className="unit-panel-switch">
            <Switch
              size="small"
              checked={trail}
              loading={trailLoading}
              onChange={onTrail}
              aria-label="Today's trail"
            />
            <NodeIndexOutlined /> Today&apos;s trail
          </label>
        </Tooltip>
        {onShare && (
          <Button size="small" icon={<ShareAltOutlined />} onClick={onShare}>
            Share
          </Button>
        )}
        {tripsTo && (
          <Link to={tripsTo}>
            <Button size="small" icon={<HistoryOutlined />}>
              Trips
            </Button>
          </Link>
        )}
      </div>
      {canCommand && (
        <div className="unit-panel-commands">
          <ImmobiliserPanel uid={unit.uid} canCommand level={3} showHistory={false} />
        </div>
      )}
      {trail && !trailLoading && trailPoints === 0 && (
        <Typography.Text type="secondary" className="unit-panel-note">
          No movement recorded today.
        </Typography.Text>
      )}

      {collapsible && (
        <Button
          type="link"
          size="small"
          className="unit-panel-more"
          icon={expanded ? <UpOutlined /> : <DownOutlined />}
          onClick={() => setExpanded((e) => !e)}
          aria-expanded={expanded}
        >
          {expanded ? 'Fewer details' : 'Position, readings and events'}
        </Button>
      )}
      {expanded && (
        <>
          <dl className="unit-facts">
            <Fact label="Nearest town">{town}</Fact>
            <Fact label="Position">
              <span data-testid="unit-position">{p ? formatCoordinates(p.lat, p.lon) : '—'}</span>
            </Fact>
            <Fact label="Speed">{p ? `${Math.round(p.speed)} km/h` : '—'}</Fact>
            <Fact label="Heading">
              {p ? `${Math.round(p.direction)}° ${compassPoint(p.direction)}` : '—'}
            </Fact>
            <Fact label="Time">{p ? formatTime(p.datetime) : '—'}</Fact>
            <Fact label="Driver">{unit.driver?.name || 'Not identified'}</Fact>
            <Fact label="Ignition">
              {p?.ignition === null || p?.ignition === undefined ? '—' : p.ignition ? 'On' : 'Off'}
            </Fact>
            {info ? (
              <>
                <Fact label="Power">{formatVolts(info.power)}</Fact>
                <Fact label="Battery">{formatVolts(info.battery)}</Fact>
                <Fact label="Odometer">{formatOdometer(info.odometer)}</Fact>
                <Fact label="Engine hours">{formatHours(info.engine_hours)}</Fact>
              </>
            ) : (
              <Skeleton
                active
                title={false}
                paragraph={{ rows: 2 }}
                className="unit-facts-loading"
              />
            )}
          </dl>

          <div className="unit-events">
            <Typography.Text strong>Latest events</Typography.Text>
            {detail.isPending ? (
              <Skeleton active title={false} paragraph={{ rows: 2 }} />
            ) : detail.isError ? (
              <Typography.Text type="secondary">Events could not be loaded.</Typography.Text>
            ) : events.length === 0 ? (
              <Typography.Text type="secondary">No events reported.</Typography.Text>
            ) : (
              <ul>
                {events.slice(0, 6).map((event) => (
                  <li key={event.id}>
                    <Tag color={eventColour(event)}>{eventLabel(event.type)}</Tag>
                    <Tooltip title={formatTime(event.time)}>
                      <span className="unit-event-time">
                        {formatRelative(new Date(event.time), now)}
                      </span>
                    </Tooltip>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </>
      )}
    </section>
  );
}
