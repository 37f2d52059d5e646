// The trip pages of SPEC §2 (trip, trip_range, trip_range_labeled, trip_day) are this one
// component, so moving between their routes keeps the map and the replay. The route holds the
// state (tripRoute.ts); every choice navigates, so the address can be shared or bookmarked. Days
// and times are the user's (components/zone.ts).
import '../common/tracking.css';
import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Spin, Tooltip } from 'antd';
import { LinkOutlined, ReloadOutlined } from '@ant-design/icons';
import { DEFAULT_MAX_SPEED, type TripPoint } from '@fleet/common';
import type { TripRow } from '@fleet/common';
import { unitQuery } from '../../../api/tracking';
import { useSession } from '../../../auth/session';
import type { DateRange } from '../../../components/dateRangePresets';
import { useNotify } from '../../../components/notify';
import PageContainer from '../../../components/PageContainer';
import { usePermission } from '../../../components/Permission';
import { useUserZone, zoned } from '../../../components/zone';
import { formatRangeText } from '../common/format';
import MaxSpeedSelect from '../common/MaxSpeedSelect';
import RangeField from '../common/RangeField';
import { maxSpeedSetting, type MaxSpeed } from '../common/routeParams';
import SplitView, { type SplitPane } from '../common/SplitView';
import TripMapPanel from '../common/TripMapPanel';
import UnitPicker from '../common/UnitPicker';
import { useIsMobile } from '../../../layout/useResponsive';
import { unitLabel, useUnits } from '../common/useUnits';
import TripFilters from './TripFilters';
import TripList from './TripList';
import {
  PORTAL_TRIP_PATHS,
  readTripRoute,
  tripLink,
  type TripLinkState,
  type TripPaths,
} from './tripRoute';
import TripTotalsBar from './TripTotalsBar';
import {
  betweenHeadings,
  countEvents,
  entryAt,
  filterEntries,
  splitIntoTrips,
  stopsOf,
  type KindFilter,
  type LabelFilter,
} from './tripEntries';
import { tripTotals } from './tripTotals';
import { useTripDisplay } from './useTripDisplay';
import { useTripData, useTripDetail } from './useTripData';

function spanText(entry: TripRow) {
  return `${zoned(entry.start).format('HH:mm')} – ${entry.open ? 'now' : zoned(entry.end).format('HH:mm')}`;
}

export interface TripExplorerProps {
  /** Where its links lead (the tracking section's trip routes unless given). */
  paths?: TripPaths;
  /**
   * The recovery desk: the route names a unit of any client. It is read on its own (get_unit)
   * instead of being picked from the user's unit list, which for support staff is every client's.
   */
  anyClient?: boolean;
  /** With anyClient: the page the unit's name leads to. */
  unitLink?: (uid: number) => string;
}

export default function TripExplorer({
  paths: routePaths = PORTAL_TRIP_PATHS,
  anyClient = false,
  unitLink,
}: TripExplorerProps = {}) {
  const params = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const notify = useNotify();
  const mobile = useIsMobile();
  const settings = useSession((s) => s.user?.settings);
  const canLabel = usePermission(['feature_trips']);
  const defaultMax = maxSpeedSetting(settings?.max_speed, DEFAULT_MAX_SPEED);
  const zone = useUserZone();
  // Every param is read from the path, so the path (and the user's zone its days are in) alone
  // keys the parsed state, and "today" stays the same day while the page is open.
  const route = useMemo(
    () => readTripRoute(pathname, params, defaultMax),
    [pathname, defaultMax, zone],
  );
  const { units } = useUnits({ enabled: !anyClient });
  const named = useQuery({
    ...unitQuery(route.uid ?? 0),
    select: (d) => d.unit,
    enabled: anyClient && route.uid !== null,
    staleTime: 60_000,
  });
  const unit = anyClient ? named.data : units.find((u) => u.uid === route.uid);

  const [selectedId, setSelectedId] = useState<number | null>(route.selected);
  const [kindFilter, setKindFilter] = useState<KindFilter>('all');
  const [labelFilter, setLabelFilter] = useState<LabelFilter>(
    route.kind === 'labeled' ? 'labelled' : 'any',
  );
  const [pane, setPane] = useState<SplitPane>('list');
  const rangeKey = `${route.range[0].valueOf()}_${route.range[1].valueOf()}`;
  useEffect(() => setSelectedId(route.selected), [route.selected, route.uid, rangeKey]);
  useEffect(() => {
    if (route.kind === 'labeled') setLabelFilter('labelled');
  }, [route.kind]);

  const data = useTripData(route.uid, route.range, route.maxSpeed);
  const scope = useMemo(
    () =>
      route.headings
        ? betweenHeadings(data.entries, route.headings.first, route.headings.last)
        : data.entries,
    [data.entries, route.headings],
  );
  const selected = scope.find((e) => e.id === selectedId) ?? null;
  const display = useTripDisplay(route.uid);
  const detailPoints = useTripDetail(route.uid, selected, data.thinned);
  const visible = useMemo(
    () => filterEntries(scope, kindFilter, labelFilter),
    [scope, kindFilter, labelFilter],
  );
  const paths = useMemo(() => splitIntoTrips(data.motions, scope), [data.motions, scope]);
  const eventsByTrip = useMemo(
    () => new Map(paths.map((p) => [p.id, countEvents(p.points)])),
    [paths],
  );
  const rangeEvents = useMemo(() => countEvents(paths.flatMap((p) => p.points)), [paths]);
  // The totals are those of what the list shows.
  const totals = useMemo(
    () => tripTotals(visible, { from: route.range[0].valueOf(), to: route.range[1].valueOf() }),
    [visible, route.range],
  );

  // {datetime} with a time opens the entry running then, once the entries are known.
  useEffect(() => {
    if (!route.moment || route.selected || !scope.length) return;
    setSelectedId((current) => current ?? entryAt(scope, route.moment!)?.id ?? null);
  }, [route.moment, route.selected, scope]);

  const maxSpeedKmh = route.maxSpeed === 'Off' ? null : route.maxSpeed;
  const visibleIds = useMemo(() => new Set(visible.map((e) => e.id)), [visible]);
  const selectedPath = selected?.type === 0 ? paths.find((p) => p.id === selected.id) : undefined;
  const selectedPoints: readonly TripPoint[] | undefined =
    selected?.type === 0 ? (detailPoints ?? selectedPath?.points ?? []) : undefined;
  // What the map draws: the chosen entry alone (even one whose display flag is off), else the
  // listed entries whose flag is on.
  const mapPaths = useMemo(() => {
    if (selected?.type === 0) return [{ id: selected.id, points: selectedPoints ?? [] }];
    return paths.filter(
      (p) => visibleIds.has(p.id as number) && !display.hidden.has(p.id as number),
    );
  }, [selected, selectedPoints, paths, visibleIds, display.hidden]);
  const stops = useMemo(() => {
    if (selected) return selected.type === 0 ? [] : stopsOf([selected]);
    return stopsOf(visible.filter((e) => !display.hidden.has(e.id)));
  }, [selected, visible, display.hidden]);
  const rangePoints = useMemo(
    () => (route.headings ? [...paths].reverse().flatMap((p) => p.points) : data.motions),
    [route.headings, paths, data.motions],
  );
  const replayPoints = selectedPoints ?? rangePoints;

  const link = (patch: Partial<TripLinkState>) =>
    tripLink(
      {
        kind: route.kind,
        uid: route.uid,
        range: route.range,
        maxSpeed: route.maxSpeed,
        defaultMaxSpeed: defaultMax,
        selected: null,
        headings: route.headings,
        ...patch,
      },
      undefined,
      routePaths,
    );
  const leaveLabeled = route.kind === 'labeled' ? { kind: 'range' as const, headings: null } : {};
  const chooseUnit = (uid: number) => navigate(link({ uid, ...leaveLabeled }));
  const chooseRange = (range: DateRange) => navigate(link({ range, ...leaveLabeled }));
  const chooseMaxSpeed = (maxSpeed: MaxSpeed) => navigate(link({ maxSpeed }));
  const select = (entry: TripRow | null) => {
    setSelectedId(entry?.id ?? null);
    if (entry && mobile) setPane('map');
    if (route.kind !== 'labeled') {
      const next = link({ selected: entry?.id ?? null });
      if (next.startsWith(`${routePaths.trip}/`) || !entry)
        navigate(next, { replace: true, preventScrollReset: true });
    }
  };

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(window.location.href);
      notify.success('Link copied');
    } catch {
      notify.info(window.location.href);
    }
  };

  const counts = {
    all: scope.length,
    trips: scope.filter((e) => e.type === 0).length,
    parked: scope.filter((e) => e.type !== 0).length,
  };

  const toolbar = (
    <div className="tracking-toolbar">
      {anyClient ? (
        <span className="toolbar-unit toolbar-unit-name">
          {route.uid !== null && unitLink ? (
            <Link to={unitLink(route.uid)}>{unitLabel(unit) || `Unit ${route.uid}`}</Link>
          ) : (
            unitLabel(unit) || (route.uid !== null ? `Unit ${route.uid}` : '')
          )}
        </span>
      ) : (
        <UnitPicker className="toolbar-unit" value={route.uid} onChange={chooseUnit} />
      )}
      <RangeField value={route.range} onChange={chooseRange} mobile={mobile} />
      <div className="toolbar-group">
        <MaxSpeedSelect value={route.maxSpeed} onChange={chooseMaxSpeed} />
        <Tooltip title="Refresh">
          <Button
            icon={<ReloadOutlined />}
            aria-label="Refresh"
            onClick={data.refresh}
            loading={data.fetching}
            disabled={route.uid === null}
          />
        </Tooltip>
        <Tooltip title="Copy a link to this view">
          <Button icon={<LinkOutlined />} aria-label="Copy link" onClick={copyLink} />
        </Tooltip>
      </div>
    </div>
  );

  const list = (
    <div className="trip-panel">
      {route.invalid && (
        <Alert
          type="warning"
          showIcon
          className="trip-panel-alert"
          title={`The link's ${route.invalid} could not be read; showing ${route.invalid === 'unit' ? 'no unit' : 'the default'} instead.`}
        />
      )}
      {route.uid === null ? (
        <Empty
          className="trip-panel-empty"
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            anyClient
              ? 'Open a unit from the search to see its trips, stops and replay.'
              : 'Choose a unit to see its trips, stops and replay.'
          }
        >
          {!anyClient && (
            <UnitPicker
              value={null}
              onChange={chooseUnit}
              style={{ width: 260, maxWidth: '100%' }}
            />
          )}
        </Empty>
      ) : (
        <>
          {!data.loading && (
            <TripTotalsBar totals={totals} maxSpeed={maxSpeedKmh} events={rangeEvents} />
          )}
          <TripFilters
            kind={kindFilter}
            onKind={setKindFilter}
            counts={counts}
            label={labelFilter}
            onLabel={setLabelFilter}
            hiddenCount={scope.filter((e) => display.hidden.has(e.id)).length}
            onSetAllShown={(shown) =>
              display.setAll(
                scope.map((e) => e.id),
                shown,
              )
            }
          />
          {route.headings && (
            <Alert
              type="info"
              className="trip-panel-alert"
              title="Labelled trips of a report"
              description={
                <Button
                  type="link"
                  size="small"
                  style={{ padding: 0 }}
                  onClick={() => navigate(link({ kind: 'range', headings: null }))}
                >
                  Show the whole range
                </Button>
              }
            />
          )}
          {data.oversized && (
            <Alert
              type="warning"
              showIcon
              className="trip-panel-alert"
              title="Only the newest 500 entries are shown. Choose a shorter range to see the rest."
            />
          )}
          {visible.length ? (
            <TripList
              entries={visible}
              selectedId={selectedId}
              onSelect={select}
              events={eventsByTrip}
              canLabel={canLabel}
              onLabel={(entry, label) => data.label.mutate({ entry, label })}
              savingId={data.label.isPending ? (data.label.variables?.entry.id ?? null) : null}
              hidden={display.hidden}
              onToggleShown={(entry) => display.toggle(entry.id)}
              uid={route.uid}
            />
          ) : data.loading ? (
            <div className="trip-panel-empty" aria-busy>
              <Spin description="Loading trips…">
                <div style={{ height: 48 }} />
              </Spin>
            </div>
          ) : (
            <Empty
              className="trip-panel-empty"
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={
                scope.length
                  ? 'Nothing matches these filters.'
                  : `No trips or stops ${formatRangeText(route.range)}.`
              }
            />
          )}
        </>
      )}
    </div>
  );

  const replayLabel = selected
    ? selected.type === 0
      ? `Trip ${spanText(selected)}`
      : `Whole range · parked ${spanText(selected)}`
    : `Whole range · ${formatRangeText(route.range)}`;

  const map = (
    <TripMapPanel
      paths={mapPaths}
      stops={stops}
      maxSpeed={maxSpeedKmh}
      replayPoints={replayPoints}
      replayLabel={replayLabel}
      seekTo={
        selected && selected.type !== 0
          ? Date.parse(selected.start)
          : route.moment && selected?.type === 0
            ? route.moment.valueOf()
            : null
      }
      fitKey={`${route.uid}|${rangeKey}|${selectedId ?? ''}|${kindFilter}|${labelFilter}|${data.loading}`}
      focus={selected && selected.type !== 0 ? selected.start_position : null}
      onPointClick={(tripId) => {
        if (selected?.id !== tripId) {
          const entry = scope.find((e) => e.id === tripId);
          if (entry) select(entry);
        }
      }}
      loading={route.uid !== null && data.loading}
      empty={route.uid === null ? 'Choose a unit' : 'Nothing to draw in this range'}
      compact={mobile}
    />
  );

  return (
    <PageContainer
      subTitle={
        unit ? `${unitLabel(unit)} · ${formatRangeText(route.range)}` : formatRangeText(route.range)
      }
    >
      {toolbar}
      <SplitView
        list={list}
        map={map}
        mobile={mobile}
        pane={pane}
        onPaneChange={setPane}
        listLabel="Trips"
      />
    </PageContainer>
  );
}
