// realtime and viewrealtime[/{type}/{id}] (SPEC §2): every unit on the map, live.
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { Tag } from 'antd';
import type { UnitListItem } from '@fleet/common';
import type { MapToggleState } from '../../map';
import { usePermission } from '../../components/Permission';
import { LiveWorkspace } from './live/LiveWorkspace';
import { parseLiveTarget } from './live/liveTarget';
import { useLiveFleet } from './live/useLiveFleet';

export default function LiveMapPage() {
  const { type, id } = useParams();
  const target = useMemo(() => parseLiveTarget(type, id), [type, id]);
  const fleet = useLiveFleet();
  const canShare = usePermission(['feature_realtime']);

  return (
    <LiveWorkspace
      title="Live Map"
      units={fleet.units}
      loading={fleet.loading}
      error={fleet.error}
      onRetry={fleet.retry}
      status={fleet.status}
      target={target}
      targetKey={`${type ?? ''}/${id ?? ''}`}
      emptyText="No units are linked to your account yet"
      badges={serviceBadges}
      canShare={canShare}
    />
  );
}

/** The recovery and backup status toggles (SPEC §3, §4) mark those service types in the list. */
function serviceBadges(unit: UnitListItem, toggles: MapToggleState) {
  if (toggles.recoveryStatus && unit.service_type === 'recovery')
    return (
      <Tag className="unit-row-tag" color="purple">
        Recovery
      </Tag>
    );
  if (toggles.backupStatus && unit.service_type === 'backup')
    return (
      <Tag className="unit-row-tag" color="cyan">
        Backup
      </Tag>
    );
  return null;
}
