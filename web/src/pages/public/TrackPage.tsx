// /track/{send_token} (SPEC §2): one vehicle shared by link, live, for anyone holding the link.
//
// This page neither writes nor clears the track_token cookie (SPEC §3, §4). The cookie answers a
// bare /track_all, the fleet page: a one-unit link stored there would replace the fleet link a wall
// display or a bookmark of /track_all relies on with a link that page cannot show, and a unit link
// is an address of its own that a visitor bookmarks as it is. A fleet token opened here is kept
// once the visitor follows "Open the fleet view", by the fleet page.
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button, Result, Switch } from 'antd';
import { AimOutlined } from '@ant-design/icons';
import { MAP_DEFAULTS, type TripPoint, type UnitListItem } from '@fleet/common';
import { MapView, TripLayer, UnitsLayer } from '../../map';
import { useTheme } from '../../theme/ThemeContext';
import { FitToUnits, FollowUnit, NO_PADDING, unitZoomFor } from '../tracking/live/mapControllers';
import { extendTrail } from '../tracking/live/useTodayTrail';
import { useIsMobile } from '../../layout/useResponsive';
import { TrackFrame } from './track/TrackFrame';
import { TrackUnitCard, type RecentTrips } from './track/TrackUnitCard';
import { useTrackLink } from './track/useTrackLink';

const NO_POINTS: TripPoint[] = [];

export default function TrackPage() {
  const { send_token: sendToken } = useParams();
  const link = useTrackLink(sendToken);
  const theme = useTheme();
  const narrow = useIsMobile();
  const [follow, setFollow] = useState(true);
  const data = link.data?.realtime.data;
  const unit = data?.unit;
  const units = useMemo<UnitListItem[]>(() => (unit ? [unit] : []), [unit]);
  const motions = data?.motions ?? NO_POINTS;
  const trail = useMemo(() => {
    const points = extendTrail(motions, unit);
    return points.length > 1 ? [{ id: 'trail', points }] : [];
  }, [motions, unit]);
  const recent = useMemo<RecentTrips | undefined>(() => {
    const trips = (data?.trips ?? []).filter((t) => t.type === 0);
    return data
      ? { count: trips.length, km: trips.reduce((s, t) => s + t.distance, 0) }
      : undefined;
  }, [data]);
  const padding = useMemo(
    () => (narrow ? { ...NO_PADDING, bottom: 220 } : { ...NO_PADDING, left: 360 }),
    [narrow],
  );

  return (
    <TrackFrame title="Shared location" link={link} className={narrow ? 'is-narrow' : ''}>
      {data && !unit && (
        <div className="track-message">
          <Result
            status="info"
            title="This link shows a whole fleet"
            extra={
              <Link
                to={`/track_all/${sendToken}/${MAP_DEFAULTS.lat},${MAP_DEFAULTS.lng}/${MAP_DEFAULTS.zoom}/1`}
              >
                <Button type="primary">Open the fleet view</Button>
              </Link>
            }
          />
        </div>
      )}
      {unit && (
        <div className="track-map">
          <MapView mapSources={theme.map_sources}>
            <TripLayer trips={trail} showMarkers={false} maxSpeed={null} />
            <UnitsLayer units={units} selectedUid={unit.uid} />
            <FitToUnits
              units={units}
              focus={null}
              fitKey={sendToken ?? ''}
              padding={padding}
              unitZoom={unitZoomFor(theme.map_sources)}
            />
            <FollowUnit
              unit={unit}
              follow={follow}
              padding={padding}
              onStop={() => setFollow(false)}
            />
          </MapView>
          <div className="track-card-frame">
            <TrackUnitCard
              unit={unit}
              recent={recent}
              actions={
                <label className="unit-panel-switch">
                  <Switch size="small" checked={follow} onChange={setFollow} aria-label="Follow" />
                  <AimOutlined /> Keep in view
                </label>
              }
            />
          </div>
        </div>
      )}
    </TrackFrame>
  );
}
