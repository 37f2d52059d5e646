// "Add location here": the map context menu item that opens the location editor at the pointer,
// for users who may edit locations. A MapView child; the live map and the trip pages use it.
import { useInRouterContext, useNavigate } from 'react-router';
import { MapContextMenu } from '../../map';
import { usePermission } from '../../components/Permission';

/** The editor's address for a new location centred on lat, lng (6 decimals, about 10 cm). */
export function addLocationPath(lat: number, lng: number): string {
  return `/portal/locations/add/${lat.toFixed(6)}/${lng.toFixed(6)}`;
}

export function AddLocationHereMenu() {
  const canEdit = usePermission(['feature_locations_edit']);
  // Outside a router (a map page rendered on its own in a test) there is nowhere to go.
  const routed = useInRouterContext();
  return canEdit && routed ? <AddLocationItem /> : null;
}

function AddLocationItem() {
  const navigate = useNavigate();
  return (
    <MapContextMenu
      items={[
        {
          label: 'Add location here',
          onSelect: ({ lat, lng }) => navigate(addLocationPath(lat, lng)),
        },
      ]}
    />
  );
}
