// /recovery/bordercrossing/{id}/{title} (issue 16 item 7; SPEC §7 get_cross_border_data): when and
// where a unit left South Africa and came back over a date range (the last 30 days unless chosen),
// how long each stay abroad lasted and in all, and the track abroad on a map with the border; a
// stay still going on ("outside now") stands out.
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Empty, Skeleton, Table, Tag } from 'antd';
import { formatDuration, type BorderCrossing } from '@fleet/common';
import { crossBorderDataQuery, recoveryUnitPath } from '../../api/recovery';
import DateRangeField from '../../components/DateRangeField';
import type { DateRange } from '../../components/dateRangePresets';
import { useDateTime } from '../../components/dates';
import PageContainer from '../../components/PageContainer';
import { nowInZone } from '../../components/zone';
import { GeofenceLayer, MapView, TripLayer } from '../../map';
import { useTheme } from '../../theme/ThemeContext';
import FitPoints from '../tracking/common/FitPoints';
import { apiRange } from '../tracking/common/routeParams';
import { formatRangeText } from '../tracking/common/format';
import { formatCoordinates } from '../tracking/live/unitFacts';
import SectionCard from './views/SectionCard';
import SouthAfricaBorder from './views/SouthAfricaBorder';
import {
  BORDER_COLOUR,
  ENTRY_COLOUR,
  EXIT_COLOUR,
  isOutsideNow,
  stayMarkers,
  stayPoints,
  stayTracks,
} from './views/borderStays';
import { routeId } from './views/wording';
import './desk/desk.css';
import './views/views.css';
import ScrollRegion from '../../components/ScrollRegion';

/** The range the page opens with: the last 30 days, today included. */
export function lastThirtyDays(now = nowInZone()): DateRange {
  return [now.subtract(29, 'day').startOf('day'), now.endOf('day')];
}

type Stay = BorderCrossing & { n: number; now: boolean };

function Place({ lat, lon, country }: { lat: number; lon: number; country?: string }) {
  return (
    <>
      {country && <div>{country}</div>}
      <div className="recovery-muted">{formatCoordinates(lat, lon)}</div>
    </>
  );
}

export default function BorderCrossingPage() {
  const params = useParams();
  const uid = routeId(params.id);
  const title = params.title ?? '';
  const [range, setRange] = useState<DateRange>(() => lastThirtyDays());
  const { from, to } = apiRange(range);
  const query = useQuery({
    ...crossBorderDataQuery(uid ?? 0, from, to),
    enabled: uid !== null,
    select: (d) => d.cross_border_data,
  });
  const data = query.data;
  const dateTime = useDateTime();
  const theme = useTheme();

  const stays: Stay[] = useMemo(
    () => (data?.crossings ?? []).map((c, i) => ({ ...c, n: i + 1, now: isOutsideNow(c, data!) })),
    [data],
  );
  const tracks = useMemo(() => stayTracks(stays), [stays]);
  const markers = useMemo(() => stayMarkers(stays), [stays]);
  const points = useMemo(() => stayPoints(stays), [stays]);
  const current = stays.find((s) => s.now);

  if (uid === null)
    return (
      <PageContainer>
        <Alert type="warning" showIcon title="This address does not name a unit." />
      </PageContainer>
    );

  return (
    <PageContainer
      title={title ? `Border crossing: ${title}` : undefined}
      subTitle={
        <>
          Stays outside South Africa ·{' '}
          <Link to={recoveryUnitPath(uid)}>{title || `Unit ${uid}`}</Link>
        </>
      }
    >
      <div className="recovery-view">
        <div className="border-toolbar">
          <label htmlFor="border-range" className="recovery-search-label">
            Date range
          </label>
          <DateRangeField id="border-range" allowClear={false} value={range} onChange={setRange} />
        </div>
        {query.isError ? (
          <Alert
            type="error"
            showIcon
            title="The border crossings could not be read"
            description={query.error.message}
          />
        ) : !data ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : (
          <>
            {current && (
              <Alert
                type="error"
                showIcon
                title="Outside South Africa now"
                description={`Left on ${dateTime(current.exit_time)}${current.country ? ` into ${current.country}` : ''}; outside for ${formatDuration(current.seconds_outside)} so far.`}
              />
            )}
            <SectionCard title="Stays outside South Africa" count={stays.length}>
              <p>
                {stays.length ? (
                  <>
                    Total time outside: <strong>{formatDuration(data.seconds_outside)}</strong> in{' '}
                    {stays.length === 1 ? '1 stay' : `${stays.length} stays`},{' '}
                    {formatRangeText(range)}.
                  </>
                ) : (
                  `It did not leave South Africa ${formatRangeText(range)}.`
                )}
              </p>
              <ScrollRegion label="Stays outside South Africa, scrolls sideways">
                <Table<Stay>
                  rowKey="n"
                  size="small"
                  aria-label="Stays outside South Africa"
                  dataSource={stays}
                  pagination={stays.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
                  locale={{ emptyText: <Empty description="No border crossings in this range" /> }}
                  rowClassName={(s) => (s.now ? 'border-outside-now' : '')}
                  columns={[
                    { title: 'Stay', key: 'n', render: (_, s) => s.n },
                    {
                      title: 'Left',
                      key: 'exit',
                      render: (_, s) => (
                        <>
                          <div>{dateTime(s.exit_time)}</div>
                          <Place lat={s.exit_lat} lon={s.exit_lon} country={s.country} />
                        </>
                      ),
                    },
                    {
                      title: 'Came back',
                      key: 'entry',
                      render: (_, s) =>
                        s.entry_time ? (
                          <>
                            <div>{dateTime(s.entry_time)}</div>
                            {s.entry_lat !== null && s.entry_lon !== null && (
                              <Place lat={s.entry_lat} lon={s.entry_lon} />
                            )}
                          </>
                        ) : (
                          <Tag color="red">Still outside</Tag>
                        ),
                    },
                    {
                      title: 'Time outside',
                      key: 'time',
                      render: (_, s) => (
                        <>
                          {formatDuration(s.seconds_outside)}
                          {s.now && <span className="recovery-warning-text"> and counting</span>}
                        </>
                      ),
                    },
                  ]}
                />
              </ScrollRegion>
            </SectionCard>
            <SectionCard title="Map">
              <div className="border-map" role="region" aria-label="Map of the track abroad">
                <MapView mapSources={theme.map_sources}>
                  <SouthAfricaBorder />
                  <TripLayer trips={tracks} maxSpeed={null} showEnds={false} />
                  <GeofenceLayer locations={markers} />
                  <FitPoints points={points} fitKey={`${uid}|${from}|${to}`} ready={!!data} />
                </MapView>
              </div>
              <div className="border-legend">
                <span>
                  <span className="border-key" style={{ background: BORDER_COLOUR }} />
                  South African border
                </span>
                <span>
                  <span className="border-key" style={{ background: EXIT_COLOUR }} />
                  Left 1, 2…: where it left
                </span>
                <span>
                  <span className="border-key" style={{ background: ENTRY_COLOUR }} />
                  Back 1, 2…: where it came back
                </span>
              </div>
            </SectionCard>
          </>
        )}
      </div>
    </PageContainer>
  );
}
