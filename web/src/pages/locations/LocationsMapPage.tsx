// locations/index: every location on the map with the list beside it (a List | Map switch on a
// phone). A row fits the map to its location; a shape on the map picks its row.
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Input, Space, Typography } from 'antd';
import { PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { MAX_PAGE_SIZE, type Location, type TaskResponse } from '@fleet/common';
import { call } from '../../api/call';
import PageContainer from '../../components/PageContainer';
import { Permission } from '../../components/Permission';
import { useIsMobile } from '../../layout/useResponsive';
import { GeofenceLayer, MapView, circleRing, fitToPoints, useMap, type LatLon } from '../../map';
import { useTheme } from '../../theme/ThemeContext';
import SplitView, { type SplitPane } from '../tracking/common/SplitView';
import { registerMapForTests } from '../tracking/common/mapTestHook';
import { toGeofenceItem } from '../tracking/live/useOverlays';
import { useUnits } from '../tracking/common/useUnits';
import { addLocationPath } from './AddLocationHere';
import { fleetCentre } from './fleetCentre';
import { shapeSummary } from './locationForm';
import '../tracking/common/tracking.css';
import './locations.css';

/** 20 pages of the largest page: far beyond any client's locations. */
const MAX_PAGES = 20;

/** Every location of the client, page after page, as one get_locations answer. */
export function allLocationsQuery() {
  return {
    queryKey: ['get_locations', { page_size: MAX_PAGE_SIZE, all_pages: true }] as const,
    queryFn: async (): Promise<TaskResponse<'get_locations'>> => {
      const locations: Location[] = [];
      let answer: TaskResponse<'get_locations'> | undefined;
      for (let page = 1; page <= MAX_PAGES; page++) {
        answer = await call('get_locations', { page, page_size: MAX_PAGE_SIZE });
        locations.push(...answer.locations);
        if (page >= answer.page_count) break;
      }
      return { locations, count: answer?.count ?? 0, page_count: 1 };
    },
  };
}

/** The outline of a location, for fitting the map to it. */
export function locationOutline(location: Location): LatLon[] {
  if (location.type === 'polygon') return location.geofence;
  const centre = location.geofence[0] ?? { lat: location.lat, lon: location.lon };
  return circleRing(centre, location.radius ?? 100).map(([lon, lat]) => ({ lat: lat!, lon: lon! }));
}

function FitTo({ locations, selected }: { locations: Location[]; selected: Location | null }) {
  const map = useMap();
  const fittedAll = useRef(false);
  useEffect(() => {
    if (selected) {
      fitToPoints(map, locationOutline(selected), { padding: 64, maxZoom: 17, animate: true });
    } else if (!fittedAll.current && locations.length > 0) {
      fittedAll.current = true;
      fitToPoints(map, locations.flatMap(locationOutline), { padding: 48, maxZoom: 15 });
    }
  }, [map, locations, selected]);
  return null;
}

export default function LocationsMapPage() {
  const theme = useTheme();
  const mobile = useIsMobile();
  const navigate = useNavigate();
  const { units } = useUnits();
  const [pane, setPane] = useState<SplitPane>('list');
  const [filter, setFilter] = useState('');
  const [selectedLid, setSelectedLid] = useState<number | null>(null);
  const query = useQuery(allLocationsQuery());
  const locations = useMemo(() => query.data?.locations ?? [], [query.data]);
  const items = useMemo(() => locations.map(toGeofenceItem), [locations]);
  const shown = useMemo(() => {
    const f = filter.trim().toLowerCase();
    return f ? locations.filter((l) => l.name.toLowerCase().includes(f)) : locations;
  }, [locations, filter]);
  const selected = locations.find((l) => l.lid === selectedLid) ?? null;

  // A shape clicked on the map: its row is marked and brought into view.
  const pickOnMap = (lid: number) => {
    setSelectedLid(lid);
    requestAnimationFrame(() =>
      document
        .querySelector(`[data-lid="${lid}"]`)
        ?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' }),
    );
  };
  const pickRow = (lid: number) => {
    setSelectedLid(lid);
    if (mobile) setPane('map');
  };

  const list = (
    <div className="locations-side">
      <Input.Search
        placeholder="Filter by name"
        aria-label="Filter locations by name"
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
        style={{ padding: '12px 12px 0' }}
      />
      <Typography.Text type="secondary" style={{ padding: '0 12px' }}>
        {query.isLoading
          ? 'Loading…'
          : `${shown.length} of ${locations.length} location${locations.length === 1 ? '' : 's'}`}
      </Typography.Text>
      {shown.length === 0 && !query.isLoading ? (
        <Empty description={filter ? 'No location has that name' : 'No locations yet'} />
      ) : (
        <ul className="locations-rows" aria-label="Locations">
          {shown.map((l) => (
            <li key={l.lid}>
              <button
                type="button"
                data-lid={l.lid}
                className={`location-row${l.lid === selectedLid ? ' is-selected' : ''}`}
                aria-current={l.lid === selectedLid ? 'true' : undefined}
                onClick={() => pickRow(l.lid)}
              >
                <span className="location-colour-dot" style={{ background: l.colour }} />
                <span className="location-row-text">
                  <strong>{l.name}</strong>
                  <span className="location-row-meta">
                    {l.type === 'point' ? 'Point' : 'Polygon'}, {shapeSummary(l)}
                    {l.address ? ` · ${l.address}` : ''}
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );

  const map = (
    <MapView mapSources={theme.map_sources} onReady={registerMapForTests}>
      <GeofenceLayer locations={items} showLabels onClick={pickOnMap} />
      <FitTo locations={locations} selected={selected} />
      {selected && (
        <div className="location-map-card" role="status">
          <span className="location-colour-dot" style={{ background: selected.colour }} />
          <span className="location-row-text">
            <strong>{selected.name}</strong>
            <span className="location-row-meta">{shapeSummary(selected)}</span>
          </span>
          <Link to={`/portal/locations/edit/${selected.lid}`}>Open</Link>
        </div>
      )}
    </MapView>
  );

  return (
    <PageContainer
      subTitle="All your locations; pick one in the list or on the map"
      extra={
        <Space wrap>
          <Permission roles={['feature_locations_edit']}>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => {
                const c = fleetCentre(units);
                navigate(addLocationPath(c.lat, c.lon));
              }}
            >
              Add location
            </Button>
          </Permission>
          <Button
            icon={<UnorderedListOutlined />}
            onClick={() => navigate('/portal/locations/index_list')}
          >
            Table
          </Button>
        </Space>
      }
    >
      <SplitView
        list={list}
        map={map}
        mobile={mobile}
        pane={pane}
        onPaneChange={setPane}
        listLabel="Locations"
      />
    </PageContainer>
  );
}
