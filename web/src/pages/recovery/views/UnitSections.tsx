// The recovery unit page's first two sections (RecoveryUnitPage.tsx): the unit's live state beside
// a small map (get_unit's readings over the view's, moved on by the live socket) and its device
// and vehicle.
import { useMemo } from 'react';
import { Link } from 'react-router';
import { Descriptions } from 'antd';
import { formatRelative, type RecoveryUnitView, type UnitDetail } from '@fleet/common';
import { recoveryClientPath, recoveryUnitPath } from '../../../api/recovery';
import { useDateTime } from '../../../components/dates';
import { useNow } from '../../../components/useNow';
import { describeNearestTown, nearestTown } from '../../tracking/live/nearestTown';
import { formatCoordinates, formatVolts } from '../../tracking/live/unitFacts';
import { compassPoint, STATUS_META, unitStatus } from '../../tracking/live/unitStatus';
import { useLiveMerge } from '../../tracking/live/useLiveFleet';
import { formatSpeed } from '../../tracking/common/format';
import SectionCard from './SectionCard';
import UnitMiniMap from './UnitMiniMap';
import { ConnectedTag } from './UnitTable';
import { serviceTypeName } from './wording';

function ignitionText(on: boolean | null | undefined) {
  if (on === true) return 'On';
  if (on === false) return 'Off';
  return 'Not reported';
}

export function LiveState({
  view,
  detail,
}: {
  view: RecoveryUnitView;
  detail: UnitDetail | undefined;
}) {
  const dateTime = useDateTime();
  const now = useNow(15_000);
  // The list item of the view, with get_unit's fresher readings over it, moved on by the socket.
  const base = useMemo(() => [detail ?? view.unit], [detail, view.unit]);
  const unit = useLiveMerge(base)[0] ?? view.unit;
  const p = unit.position;
  const status = STATUS_META[unitStatus(unit)];
  const lastData = detail?.last_data ?? p?.datetime ?? null;
  return (
    <SectionCard title="Live state">
      <div className="recovery-live">
        <Descriptions
          className="recovery-facts"
          size="small"
          column={1}
          items={[
            {
              key: 'status',
              label: 'Status',
              // One element per item: the item's content is a flex box, which would set its
              // children side by side and drop the spaces between them.
              children: (
                <span>
                  <span style={{ color: status.text, fontWeight: 600 }}>{status.label}</span>{' '}
                  <ConnectedTag unit={unit} />
                </span>
              ),
            },
            {
              key: 'where',
              label: 'Position',
              children: p ? (
                <div>
                  <div>{describeNearestTown(nearestTown(p.lat, p.lon))}</div>
                  <div className="recovery-muted">{formatCoordinates(p.lat, p.lon)}</div>
                </div>
              ) : (
                'No position yet'
              ),
            },
            {
              key: 'speed',
              label: 'Speed',
              children: p ? `${formatSpeed(p.speed)} ${compassPoint(p.direction)}` : '—',
            },
            { key: 'ignition', label: 'Ignition', children: ignitionText(p?.ignition) },
            { key: 'battery', label: 'Battery', children: formatVolts(detail?.battery) },
            { key: 'power', label: 'Power', children: formatVolts(detail?.power) },
            {
              key: 'last',
              label: 'Last data',
              children: lastData ? (
                <span>
                  {dateTime(lastData)}{' '}
                  <span className="recovery-muted">
                    ({formatRelative(new Date(lastData), now)})
                  </span>
                </span>
              ) : (
                'Never'
              ),
            },
          ]}
        />
        <UnitMiniMap
          units={[unit]}
          selectedUid={unit.uid}
          fitKey={String(unit.uid)}
          label={`Map of ${unit.name}`}
        />
      </div>
    </SectionCard>
  );
}

export function Device({
  view,
  detail,
}: {
  view: RecoveryUnitView;
  detail: UnitDetail | undefined;
}) {
  const u = view.unit;
  const main = u.backup_of ? view.backup_units.find((b) => b.uid === u.backup_of) : undefined;
  const vehicle = [u.make, u.model, u.colour].filter(Boolean).join(' · ');
  return (
    <SectionCard title="Device and vehicle">
      <Descriptions
        className="recovery-facts"
        size="small"
        column={{ xs: 1, sm: 2 }}
        items={[
          { key: 'imei', label: 'IMEI', children: u.device_id ?? detail?.device_id ?? 'None' },
          {
            key: 'protocol',
            label: 'Protocol',
            // A clone decoded by its model (set when the device was attached) says which.
            children:
              [u.protocol ?? detail?.protocol, detail?.device_model].filter(Boolean).join(', ') ||
              '—',
          },
          { key: 'unit_type', label: 'Unit type', children: u.unit_type || '—' },
          { key: 'service', label: 'Service type', children: serviceTypeName(u.service_type) },
          { key: 'reg', label: 'Registration', children: u.reg || '—' },
          { key: 'vin', label: 'VIN', children: u.vin || '—' },
          { key: 'vehicle', label: 'Vehicle', children: vehicle || '—' },
          {
            key: 'client',
            label: 'Client',
            children: (
              <Link to={recoveryClientPath(u.cid)} className="recovery-link">
                {u.client_name}
              </Link>
            ),
          },
          ...(u.backup_of
            ? [
                {
                  key: 'main',
                  label: 'Backup of',
                  children: (
                    <Link to={recoveryUnitPath(u.backup_of)} className="recovery-link">
                      {main?.name ?? `Unit ${u.backup_of}`}
                    </Link>
                  ),
                },
              ]
            : []),
        ]}
      />
    </SectionCard>
  );
}
