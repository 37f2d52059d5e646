// stealth_units[/{id_list}] (SPEC §2): the user's stealth units (get_stealth_unit_data), listed
// and on the map, live like the realtime map.
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Tag, Tooltip } from 'antd';
import type { StealthUnit } from '@fleet/common';
import { stealthUnitsQuery } from '../../api/tracking';
import { useLiveConnection, useLiveResync } from '../../api/live';
import { LiveWorkspace } from './live/LiveWorkspace';
import { parseUidList } from './live/liveTarget';
import { formatVolts } from './live/unitFacts';
import { RESYNC_EVERY_MS, useLiveMerge } from './live/useLiveFleet';

/** A stealth tracker lives on its own battery; below this it needs attention. */
const LOW_BATTERY_V = 3.6;

function batteryBadge(unit: StealthUnit) {
  if (typeof unit.battery !== 'number') return null;
  const low = unit.battery < LOW_BATTERY_V;
  return (
    <Tooltip title="Tracker battery">
      <Tag className="unit-row-tag" color={low ? 'red' : undefined}>
        {formatVolts(unit.battery)}
      </Tag>
    </Tooltip>
  );
}

export default function StealthUnitsPage() {
  const { id_list: idList } = useParams();
  const uids = useMemo(() => parseUidList(idList), [idList]);
  const status = useLiveConnection();
  const query = useQuery({
    ...stealthUnitsQuery(uids),
    select: (d) => d.stealth_units ?? [],
    refetchInterval: RESYNC_EVERY_MS,
  });
  useLiveResync(() => void query.refetch());
  const units = useLiveMerge<StealthUnit>(query.data);

  return (
    <LiveWorkspace
      title="Stealth Units"
      units={units}
      loading={query.isPending}
      error={query.error}
      onRetry={() => void query.refetch()}
      status={status}
      target={uids.length ? { kind: 'fleet', uids } : null}
      targetKey={idList ?? ''}
      emptyText={
        uids.length ? 'None of the linked units is a stealth unit' : 'You have no stealth units'
      }
      badges={batteryBadge}
      canShare={false}
    />
  );
}
