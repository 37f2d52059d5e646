// /track_all and /track_all/{send_token}/{map_pos}/{map_zoom}[/{show_all}] (SPEC §2): every vehicle
// of a fleet shared by link, live, opening at the link's view (or showing all units with show_all).
import { useCallback, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Input, Result } from 'antd';
import { EnvironmentOutlined } from '@ant-design/icons';
import { MAP_DEFAULTS, type UnitListItem } from '@fleet/common';
import { MapView, UnitsLayer, type MapViewState } from '../../map';
import { useTheme } from '../../theme/ThemeContext';
import { FitToUnits, FlyToUnit, NO_PADDING, unitZoomFor } from '../tracking/live/mapControllers';
import { UnitList } from '../tracking/live/UnitList';
import { useIsMobile } from '../../layout/useResponsive';
import { TrackFrame } from './track/TrackFrame';
import { TrackUnitCard } from './track/TrackUnitCard';
import {
  mapPosText,
  parseMapPos,
  parseShowAll,
  parseZoom,
  pathFromLink,
  zoomText,
} from './track/trackView';
import { useTrackLink } from './track/useTrackLink';
import { PaneSwitch } from '../tracking/common/SplitView';

const NO_UNITS: UnitListItem[] = [];
const DEFAULT_POS = mapPosText(MAP_DEFAULTS.lat, MAP_DEFAULTS.lng);

/** /track_all without a link: where a visitor can paste the one they were sent. */
function OpenLink() {
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const [invalid, setInvalid] = useState(false);
  const open = () => {
    const path = pathFromLink(value, { pos: DEFAULT_POS, zoom: String(MAP_DEFAULTS.zoom) });
    if (path) navigate(path);
    else setInvalid(true);
  };
  return (
    <div className="track-message">
      <Result
        icon={<EnvironmentOutlined />}
        title="Open a fleet tracking link"
        subTitle="Paste the link you were sent to see the vehicles live."
        extra={
          <div className="track-open">
            <Input.Search
              placeholder="https://…/#/track_all/…"
              aria-label="Tracking link"
              enterButton="Open"
              value={value}
              status={invalid ? 'error' : undefined}
              onChange={(e) => {
                setValue(e.target.value);
                setInvalid(false);
              }}
              onSearch={open}
            />
            {invalid && (
              <div className="ant-form-item-explain-error">That is not a tracking link.</div>
            )}
          </div>
        }
      />
    </div>
  );
}

export default function TrackAllPage() {
  const params = useParams();
  const { send_token: sendToken, show_all: showAllParam } = params;
  const navigate = useNavigate();
  const theme = useTheme();
  const narrow = useIsMobile();
  const link = useTrackLink(sendToken);
  const units = link.data?.realtime.data.units ?? NO_UNITS;
  const [start] = useState(() => ({
    center: parseMapPos(params.map_pos) ?? { lat: MAP_DEFAULTS.lat, lng: MAP_DEFAULTS.lng },
    zoom: parseZoom(params.map_zoom) ?? MAP_DEFAULTS.zoom,
    showAll: parseShowAll(showAllParam) || !parseMapPos(params.map_pos),
  }));
  const [selectedUid, setSelectedUid] = useState<number | null>(null);
  const [fly, setFly] = useState(0);
  const [view, setView] = useState<'list' | 'map'>('map');
  const selected = units.find((u) => u.uid === selectedUid);

  // The address keeps up with the map, so a reload or a copied address opens the same view.
  const onViewChange = useCallback(
    (v: MapViewState) => {
      if (!sendToken) return;
      const tail = showAllParam === undefined ? '' : `/${showAllParam}`;
      navigate(`/track_all/${sendToken}/${mapPosText(v.lat, v.lng)}/${zoomText(v.zoom)}${tail}`, {
        replace: true,
      });
    },
    [navigate, sendToken, showAllParam],
  );
  const padding = useMemo(() => {
    if (!selected) return NO_PADDING;
    return narrow ? { ...NO_PADDING, bottom: 230 } : { ...NO_PADDING, left: 360 };
  }, [selected, narrow]);

  if (!sendToken) {
    return (
      <TrackFrame title="Fleet tracking" link={null}>
        <OpenLink />
      </TrackFrame>
    );
  }

  return (
    <TrackFrame
      title="Fleet tracking"
      link={link}
      className={narrow ? `is-narrow shows-${view}` : ''}
    >
      {link.data && (
        <>
          {narrow && (
            <div className="track-switch">
              <PaneSwitch value={view} onChange={setView} />
            </div>
          )}
          <div className="track-body">
            <aside className="track-side" aria-label="Vehicles">
              <UnitList
                units={units}
                selectedUid={selectedUid}
                onSelect={(uid) => {
                  setSelectedUid(uid);
                  setFly((n) => n + 1);
                  if (narrow) setView('map');
                }}
                loading={false}
                error={null}
                onRetry={link.retry}
                focus={null}
                onClearFocus={() => undefined}
                emptyText="This fleet has no vehicles to show"
              />
            </aside>
            <div className="track-map">
              <MapView
                mapSources={theme.map_sources}
                center={start.center}
                zoom={start.zoom}
                onViewChange={onViewChange}
              >
                <UnitsLayer units={units} selectedUid={selectedUid} onSelect={setSelectedUid} />
                {start.showAll && (
                  <FitToUnits
                    units={units}
                    focus={null}
                    fitKey="all"
                    padding={NO_PADDING}
                    unitZoom={unitZoomFor(theme.map_sources)}
                  />
                )}
                <FlyToUnit
                  unit={selected}
                  request={fly}
                  padding={padding}
                  unitZoom={unitZoomFor(theme.map_sources)}
                />
              </MapView>
              {selected && (
                <div className="track-card-frame">
                  <TrackUnitCard unit={selected} onClose={() => setSelectedUid(null)} />
                </div>
              )}
            </div>
          </div>
        </>
      )}
    </TrackFrame>
  );
}
