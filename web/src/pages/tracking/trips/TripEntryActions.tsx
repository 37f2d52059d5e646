// The places a trip-list entry leads to (issue 10): a trip can become a route ("Make a route from
// this trip", feature_routes_edit or user_old) and a stop or a trip's end a location ("Add location
// here", feature_locations_edit).
import { useNavigate } from 'react-router';
import { Button, Dropdown } from 'antd';
import { MoreOutlined } from '@ant-design/icons';
import type { TripItem } from '@fleet/common';
import { usePermission } from '../../../components/Permission';

type Entry = Pick<TripItem, 'id' | 'type' | 'start' | 'end' | 'start_position' | 'end_position'> & {
  open?: boolean;
};

export interface TripAction {
  key: string;
  label: string;
  to: string;
}

const at = (p: { lat: number; lon: number }) => `${p.lat.toFixed(6)}/${p.lon.toFixed(6)}`;
const finite = (p: { lat: number; lon: number } | null | undefined) =>
  !!p && Number.isFinite(p.lat) && Number.isFinite(p.lon);

/** What the entry offers this user, with where each leads. */
export function tripActions(
  uid: number,
  entry: Entry,
  can: { routes: boolean; locations: boolean },
): TripAction[] {
  const out: TripAction[] = [];
  if (entry.type === 0) {
    if (can.routes) {
      const q = new URLSearchParams({ uid: String(uid), from: entry.start, to: entry.end });
      out.push({
        key: 'route',
        label: 'Make a route from this trip',
        to: `/portal/routes/add/trip?${q.toString()}`,
      });
    }
    if (can.locations && !entry.open && finite(entry.end_position))
      out.push({
        key: 'location',
        label: 'Add location here (trip end)',
        to: `/portal/locations/add/${at(entry.end_position)}`,
      });
  } else if (can.locations && finite(entry.start_position)) {
    out.push({
      key: 'location',
      label: 'Add location here',
      to: `/portal/locations/add/${at(entry.start_position)}`,
    });
  }
  return out;
}

export default function TripEntryActions({
  uid,
  entry,
  what,
}: {
  uid: number;
  entry: Entry;
  /** Names the entry for the button's label, e.g. 'trip 08:14 – 09:02'. */
  what: string;
}) {
  const navigate = useNavigate();
  const routes = usePermission(['feature_routes_edit', 'user_old']);
  const locations = usePermission(['feature_locations_edit']);
  const actions = tripActions(uid, entry, { routes, locations });
  if (!actions.length) return null;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: actions.map((a) => ({ key: a.key, label: a.label })),
        onClick: ({ key, domEvent }) => {
          domEvent.stopPropagation();
          const action = actions.find((a) => a.key === key);
          if (action) navigate(action.to);
        },
      }}
    >
      <Button
        type="text"
        size="small"
        className="trip-entry-actions"
        aria-label={`More for the ${what}`}
        icon={<MoreOutlined />}
        onClick={(e) => e.stopPropagation()}
        onKeyDown={(e) => e.stopPropagation()}
      />
    </Dropdown>
  );
}
