// /track_all and /track_all/{send_token}/{map_pos}/{map_zoom}[/{show_all}] (SPEC §2): every vehicle
// of a fleet shared by link, live, opening at the link's view (or showing all units with show_all).
// A link that loads is kept in the track_token cookie (SPEC §3, §4), so a bare /track_all (a wall
// display, a phone bookmark) opens it again at the default view; once /api/track calls it expired
// the cookie is cleared and the bare page asks for a new link.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useNavigation, useParams } from 'react-router';
import { Input, Result, Spin } from 'antd';
import { ClockCircleOutlined, EnvironmentOutlined } from '@ant-design/icons';
import { clearTrackToken, getTrackToken, setTrackToken } from '../../api/token';
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

/** What the fleet page and the bare /track_all pass each other in the history entry's state. */
interface TrackAllState {
  /** The link was opened from the track_token cookie by a bare /track_all. */
  fromCookie?: boolean;
  /** The link kept in the cookie was found expired or revoked. */
  expired?: boolean;
}

function trackAllState(state: unknown): TrackAllState {
  return state && typeof state === 'object' ? (state as TrackAllState) : {};
}

/** A fleet link at the default view of SPEC §3, showing every unit. */
function defaultViewPath(sendToken: string): string {
  return `/track_all/${sendToken}/${DEFAULT_POS}/${MAP_DEFAULTS.zoom}/1`;
}

/** /track_all without a link: where a visitor can paste the one they were sent. */
function OpenLink({ expired }: { expired: boolean }) {
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
        icon={expired ? <ClockCircleOutlined /> : <EnvironmentOutlined />}
        title={
          expired ? 'This tracking link has expired or was revoked' : 'Open a fleet tracking link'
        }
        subTitle={
          expired
            ? 'Ask the person who shared it with you for a new link, and paste it here.'
            : 'Paste the link you were sent to see the vehicles live.'
        }
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

/**
 * One page per link: the routes of the bare /track_all and of a link may render the same page
 * without remounting it, and the view it opens at, where it came from and the cookie read are
 * taken once when it mounts.
 */
export default function TrackAllPage() {
  const { send_token: sendToken } = useParams();
  return <FleetTrackPage key={sendToken ?? ''} />;
}

function FleetTrackPage() {
  const params = useParams();
  const { send_token: sendToken, show_all: showAllParam } = params;
  const navigate = useNavigate();
  const location = useLocation();
  const theme = useTheme();
  const narrow = useIsMobile();
  const link = useTrackLink(sendToken);
  // Read once: the address's later replacements (following the map) carry no state.
  const [fromCookie] = useState(() => trackAllState(location.state).fromCookie === true);
  const [kept] = useState(() => (sendToken ? null : getTrackToken()));
  const loaded = Boolean(link.data);
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

  // Where the app is going while a page loads: a map still settling must not pull it back here.
  const pending = useNavigation().location?.pathname;
  const leaving = useRef(false);
  leaving.current = pending !== undefined && !pending.startsWith(`/track_all/${sendToken}/`);

  // The address keeps up with the map, so a reload or a copied address opens the same view.
  const onViewChange = useCallback(
    (v: MapViewState) => {
      if (!sendToken || leaving.current) return;
      const tail = showAllParam === undefined ? '' : `/${showAllParam}`;
      navigate(`/track_all/${sendToken}/${mapPosText(v.lat, v.lng)}/${zoomText(v.zoom)}${tail}`, {
        replace: true,
      });
    },
    [navigate, sendToken, showAllParam],
  );
  // Bare /track_all with a kept link: open it at the default view, every unit shown.
  useEffect(() => {
    if (kept) navigate(defaultViewPath(kept), { replace: true, state: { fromCookie: true } });
  }, [kept, navigate]);

  // A link that answers is the one to keep; one that is dead is forgotten (only if it is the one
  // kept), and when the cookie had opened it the visitor is sent back to paste a new one.
  useEffect(() => {
    if (sendToken && loaded) setTrackToken(sendToken);
  }, [sendToken, loaded]);
  useEffect(() => {
    if (!sendToken || !link.expired) return;
    clearTrackToken(sendToken);
    if (fromCookie) navigate('/track_all', { replace: true, state: { expired: true } });
  }, [sendToken, link.expired, fromCookie, navigate]);

  const padding = useMemo(() => {
    if (!selected) return NO_PADDING;
    return narrow ? { ...NO_PADDING, bottom: 230 } : { ...NO_PADDING, left: 360 };
  }, [selected, narrow]);

  if (!sendToken) {
    return (
      <TrackFrame title="Fleet tracking" link={null}>
        {kept ? (
          <div className="track-message" aria-busy="true">
            <Spin size="large" />
          </div>
        ) : (
          <OpenLink expired={trackAllState(location.state).expired === true} />
        )}
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
