// /recovery/realtime/{type}/{id} (issue 16 item 5; SPEC §2): the tracking live map for units of
// any client: `unit/{uid}` one unit, `fleet/{uid,uid,...}` several. The units are read one by one
// (views/useNamedUnits.ts), never the support user's whole list of every client's units; the unit
// panel's Trips leads to the recovery trips page.
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { LiveMapView } from '../tracking/LiveMapPage';
import { parseLiveTarget } from '../tracking/live/liveTarget';
import { useNamedUnits } from './views/useNamedUnits';
import { recoveryTripsPath } from './views/wording';

export default function RecoveryRealtimePage() {
  const { type, id } = useParams();
  const target = useMemo(() => parseLiveTarget(type, id), [type, id]);
  const fleet = useNamedUnits(target?.uids ?? []);
  return (
    <LiveMapView
      fleet={fleet}
      type={type}
      id={id}
      canShare={false}
      emptyText={
        target
          ? 'None of the units in this address could be read'
          : 'This address names no unit: open one from the search'
      }
      tripsPath={recoveryTripsPath}
    />
  );
}
