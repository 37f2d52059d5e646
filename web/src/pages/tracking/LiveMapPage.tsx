// realtime and viewrealtime[/{type}/{id}] (SPEC §2): every unit on the map, live.
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { Tag } from 'antd';
import type { UnitListItem } from '@fleet/common';
import type { MapToggleState } from '../../map';
import { usePermission } from '../../components/Permission';
import { LiveWorkspace } from './live/LiveWorkspace';
import { parseLiveTarget } from './live/liveTarget';
import { useLiveFleet, type LiveFleet } from './live/useLiveFleet';

export default function LiveMapPage() {
  const { type, id } = useParams();
  const fleet = useLiveFleet();
  const canShare = usePermission(['feature_realtime']);
  return <LiveMapView fleet={fleet} type={type} id={id} canShare={canShare} />;
}

export interface LiveMapViewProps {
  /** The units on the map, live: the user's fleet here, named units on the recovery desk. */
  fleet: Pick<LiveFleet, 'units' | 'loading' | 'error' | 'retry' | 'status'>;
  /** The route's /{type}/{id} (liveTarget.ts). */
  type: string | undefined;
  id: string | undefined;
  canShare: boolean;
  emptyText?: string;
  /** Where the unit panel's Trips leads, when not the tracking trips. */
  tripsPath?: (uid: number) => string;
}

/** The live map of any set of units (the recovery desk's realtime page shows any client's). */
export function LiveMapView({
  fleet,
  type,
  id,
  canShare,
  emptyText = 'No units are linked to your account yet',
  tripsPath,
}: LiveMapViewProps) {
  const target = useMemo(() => parseLiveTarget(type, id), [type, id]);
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
      emptyText={emptyText}
      badges={serviceBadges}
      canShare={canShare}
      tripsPath={tripsPath}
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
