// Area search (issue 10, beyond SPEC: asked for by the recovery desk and in disputes): draw an
// area or pick a location, choose a range, and see every unit that was inside it, with arrival and
// departure; each visit opens that unit's trips of the day.
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Form, Segmented, Select, Spin, Table } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { MAX_PAGE_SIZE, boxOf, formatDuration, type AreaVisit, type LatLon } from '@fleet/common';
import { taskQuery } from '../../api/queries';
import PageContainer from '../../components/PageContainer';
import DateRangeField from '../../components/DateRangeField';
import { useDateTime } from '../../components/dates';
import { nowInZone } from '../../components/zone';
import type { DateRange } from '../../components/dateRangePresets';
import { useIsMobile } from '../../layout/useResponsive';
import { useTheme } from '../../theme/ThemeContext';
import { GeofenceLayer, MapDraw, MapView, ringOf } from '../../map';
import SplitView, { type SplitPane } from '../tracking/common/SplitView';
import FitPoints from '../tracking/common/FitPoints';
import { registerMapForTests } from '../tracking/common/mapTestHook';
import { toGeofenceItem } from '../tracking/live/useOverlays';
import {
  areaQuery,
  lastDays,
  visitSeconds,
  visitTripPath,
  type AreaQuery,
  type AreaSource,
} from './areaSearch';
import '../tracking/common/tracking.css';
import './areaSearch.css';

const NO_VISITS: AreaVisit[] = [];

export default function AreaSearchPage() {
  const mobile = useIsMobile();
  const theme = useTheme();
  const dateTime = useDateTime();
  const [pane, setPane] = useState<SplitPane>('list');
  const [source, setSource] = useState<AreaSource>('draw');
  const [polygon, setPolygon] = useState<LatLon[] | null>(null);
  const [lid, setLid] = useState<number | undefined>();
  const [range, setRange] = useState<DateRange>(() => lastDays(nowInZone(), 7));
  const [problem, setProblem] = useState<string | null>(null);
  const [asked, setAsked] = useState<AreaQuery | null>(null);

  const locations = useQuery({
    ...taskQuery('get_locations', { page_size: MAX_PAGE_SIZE }),
    enabled: source === 'location',
  });
  const chosen = locations.data?.locations.find((l) => l.lid === lid);
  const shown = useMemo(() => (chosen ? [toGeofenceItem(chosen)] : []), [chosen]);

  const visits = useQuery({
    ...taskQuery('get_area_visits', asked ?? { from: '', to: '' }),
    enabled: asked !== null,
  });
  const rows = visits.data?.visits ?? NO_VISITS;

  const search = () => {
    const result = areaQuery(source, polygon, lid, range);
    if ('problem' in result) {
      setProblem(result.problem);
      return;
    }
    setProblem(null);
    setAsked(result.query);
  };

  const form = (
    <Form layout="vertical" className="area-search-form" onFinish={search}>
      <Form.Item label="Area" htmlFor="area-source">
        <Segmented<AreaSource>
          id="area-source"
          block
          value={source}
          onChange={(v) => {
            setSource(v);
            setProblem(null);
          }}
          options={[
            { value: 'draw', label: 'Draw on the map' },
            { value: 'location', label: 'A location' },
          ]}
        />
      </Form.Item>
      {source === 'draw' ? (
        <p className="area-search-hint">
          {polygon
            ? `Area drawn (${polygon.length} corners). Edit it on the map, or draw again.`
            : 'Choose Polygon on the map, click each corner, then click the first corner again.'}
        </p>
      ) : (
        <Form.Item label="Location" htmlFor="area-location">
          <Select
            id="area-location"
            showSearch
            optionFilterProp="label"
            placeholder="Choose a location"
            loading={locations.isLoading}
            value={lid}
            onChange={setLid}
            options={(locations.data?.locations ?? []).map((l) => ({
              value: l.lid,
              label: l.name,
            }))}
            notFoundContent={locations.isLoading ? <Spin size="small" /> : 'No locations'}
          />
        </Form.Item>
      )}
      <Form.Item label="When" htmlFor="area-range">
        <DateRangeField id="area-range" value={range} onChange={setRange} />
      </Form.Item>
      {problem && <Alert type="warning" showIcon message={problem} className="area-search-alert" />}
      <Button
        type="primary"
        htmlType="submit"
        icon={<SearchOutlined />}
        loading={visits.isFetching}
        block
      >
        Search
      </Button>
    </Form>
  );

  const results = asked && (
    <section aria-labelledby="area-results" className="area-search-results">
      <h2 id="area-results">
        {visits.isFetching
          ? 'Searching…'
          : `${rows.length} visit${rows.length === 1 ? '' : 's'}${visits.data?.truncated ? ' (the first ones only)' : ''}`}
      </h2>
      <Table<AreaVisit>
        size="small"
        rowKey={(v) => `${v.uid}-${v.arrived}`}
        dataSource={rows}
        loading={visits.isFetching}
        pagination={rows.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
        locale={{ emptyText: <Empty description="No unit was inside the area then" /> }}
        columns={[
          {
            title: 'Unit',
            key: 'unit',
            render: (_, v) => (
              // The link's name starts with what it shows (WCAG 2.5.3), then says where it goes.
              <Link to={visitTripPath(v)}>
                <span className="area-visit-name">{v.name}</span>
                {v.reg && <span className="area-visit-reg">{v.reg}</span>}
                <span className="visually-hidden">, trips of that day</span>
              </Link>
            ),
          },
          { title: 'Arrived', key: 'arrived', render: (_, v) => dateTime(v.arrived) },
          { title: 'Left', key: 'left', render: (_, v) => dateTime(v.left) },
          {
            title: 'Inside',
            key: 'inside',
            render: (_, v) => formatDuration(visitSeconds(v)),
          },
        ]}
      />
    </section>
  );

  const fitTo = chosen && source === 'location' ? chosenPoints(chosen) : [];
  const map = (
    <div className="area-search-map">
      <MapView
        mapSources={theme.map_sources}
        onReady={registerMapForTests}
        style={{ position: 'absolute', inset: 0 }}
      >
        <GeofenceLayer locations={shown} visible={source === 'location'} showLabels />
        <MapDraw
          modes={['polygon']}
          single
          initialMode="static"
          toolbar={source === 'draw'}
          onChange={(features) => {
            const ring = features[0] ? ringOf(features[0]) : [];
            setPolygon(ring.length >= 3 ? ring : null);
          }}
        />
        <FitPoints points={fitTo} fitKey={`location-${lid ?? ''}`} ready={fitTo.length > 0} />
      </MapView>
    </div>
  );

  return (
    <PageContainer subTitle="Every unit that was inside an area, and when">
      <SplitView
        list={
          <div className="area-search-panel">
            {form}
            {visits.isError && (
              <Alert type="error" showIcon message="The search failed. Try again." />
            )}
            {results}
          </div>
        }
        map={map}
        mobile={mobile}
        pane={pane}
        onPaneChange={setPane}
        listLabel="Search"
      />
    </PageContainer>
  );
}

/** The corners of a location's box, the radius included: what the map fits to. */
function chosenPoints(location: { geofence: LatLon[]; radius: number | null }): LatLon[] {
  const box = boxOf(location.geofence, location.radius ?? 0);
  return [
    { lat: box.minLat, lon: box.minLon },
    { lat: box.maxLat, lon: box.maxLon },
  ];
}
