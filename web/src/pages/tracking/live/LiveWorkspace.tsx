// The live layout shared by the realtime map and stealth units: the unit list beside the map with
// the selected unit's panel over it; on a phone the list and the map take turns. The user's
// settings (liveSettings.ts) decide which units are listed and drawn, and whether the list shows
// beside the map on a desktop ("realtime menu").
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Tooltip, Typography } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined, ShareAltOutlined } from '@ant-design/icons';
import type { UnitListItem } from '@fleet/common';
import type { MapToggleState, MapViewState } from '../../../map';
import type { LiveStatus } from '../../../api/live';
import { fleetsQuery, tagsQuery } from '../../../api/rules';
import { FleetMap } from './FleetMap';
import { inGroups, NO_GROUP, type UnitGroupFilter } from './unitGroups';
import type { LiveTarget } from './liveTarget';
import { LiveStatusBadge } from './LiveStatusBadge';
import { ShareLinkModal, type ShareSubject } from './ShareLinkModal';
import { UnitList } from './UnitList';
import { UnitPanel } from './UnitPanel';
import { useLiveSettings } from './useLiveSettings';
import { useIsMobile } from '../../../layout/useResponsive';
import { useTodayTrail } from './useTodayTrail';
import { listedUnits, mappedUnits } from './unitVisibility';
import './live.css';
import { PaneSwitch } from '../common/SplitView';

export interface LiveWorkspaceProps<T extends UnitListItem> {
  title: string;
  units: T[];
  loading: boolean;
  error: Error | null;
  onRetry: () => void;
  status: LiveStatus;
  target: LiveTarget | null;
  /** Identifies the target, so a new link re-fits the map. */
  targetKey: string;
  emptyText: string;
  /** Small tags on a row; the display toggles decide some of them. */
  badges?: (unit: T, toggles: MapToggleState) => ReactNode;
  /** Offer unit and fleet share links. */
  canShare: boolean;
  /** Where the unit panel's Trips leads (the recovery desk's trip pages). */
  tripsPath?: (uid: number) => string;
}

export function LiveWorkspace<T extends UnitListItem>({
  title,
  units,
  loading,
  error,
  onRetry,
  status,
  target,
  targetKey,
  emptyText,
  badges,
  canShare,
  tripsPath,
}: LiveWorkspaceProps<T>) {
  const narrow = useIsMobile();
  const settings = useLiveSettings();
  // The list's label and fleet filters (none when the user has neither, or may not read them),
  // and the labels the map writes under the name tags.
  const labels = useQuery({ ...tagsQuery(), staleTime: 60_000, retry: false });
  const fleets = useQuery({ ...fleetsQuery(), staleTime: 60_000, retry: false });
  const [selectedUid, setSelectedUid] = useState<number | null>(
    target?.kind === 'unit' ? target.uids[0] : null,
  );
  const [focus, setFocus] = useState<number[] | null>(
    target?.kind === 'fleet' ? target.uids : null,
  );
  const [view, setView] = useState<'list' | 'map'>(target ? 'map' : 'list');
  const [follow, setFollow] = useState(false);
  const [trailOn, setTrailOn] = useState(false);
  const [tooltip, setTooltip] = useState(false);
  const [flyRequest, setFlyRequest] = useState(0);
  const [share, setShare] = useState<ShareSubject | null>(null);
  const viewRef = useRef<MapViewState>({ lat: 0, lng: 0, zoom: 5 });

  // A new /{type}/{id} while the page is open.
  const lastTarget = useRef(targetKey);
  useEffect(() => {
    if (lastTarget.current === targetKey) return;
    lastTarget.current = targetKey;
    setSelectedUid(target?.kind === 'unit' ? target.uids[0] : null);
    setFocus(target?.kind === 'fleet' ? target.uids : null);
    if (target) setView('map');
  }, [target, targetKey]);

  // Disabled units leave the list, its counts and the map when the setting is off; disconnected
  // ones leave only the map with ghost units off, unless selected (unitVisibility.ts).
  const listed = useMemo(
    () => listedUnits(units, settings.showDisabled),
    [units, settings.showDisabled],
  );
  const selected = useMemo(
    () => (selectedUid === null ? undefined : listed.find((u) => u.uid === selectedUid)),
    [listed, selectedUid],
  );
  // The label and fleet chosen above the list narrow the map too.
  const [group, setGroup] = useState<UnitGroupFilter>(NO_GROUP);
  const tags = labels.data?.tags;
  const fleetList = fleets.data?.fleets;
  const mapped = useMemo(
    () =>
      mappedUnits(
        [...inGroups(listed, group, tags ?? [], fleetList ?? [])],
        settings.ghostUnits,
        selected?.uid ?? null,
      ),
    [listed, group, tags, fleetList, settings.ghostUnits, selected],
  );
  // The realtime menu setting: the list beside the map on a desktop; a phone keeps its pane switch.
  const sideShown = narrow || settings.realtimeMenu;
  const toggleButton = useRef<HTMLButtonElement>(null);
  const movedFocus = useRef(false);
  const showSide = (on: boolean) => {
    movedFocus.current = true;
    settings.setRealtimeMenu(on);
  };
  // The button that was pressed goes away: focus moves to the one that undoes it.
  useEffect(() => {
    if (!movedFocus.current) return;
    movedFocus.current = false;
    toggleButton.current?.focus();
  }, [sideShown]);
  const trail = useTodayTrail(selected, trailOn);

  const select = (uid: number | null) => {
    if (uid !== selectedUid) {
      setFollow(false);
      setTrailOn(false);
    }
    setSelectedUid(uid);
  };
  const pickFromList = (uid: number) => {
    select(uid);
    setTooltip(false);
    setFlyRequest((n) => n + 1);
    if (narrow) setView('map');
  };
  const pickOnMap = (uid: number) => {
    select(uid);
    setTooltip(true);
  };

  const panelOpen = Boolean(selected) && (!narrow || view === 'map');

  const onViewChange = useCallback((v: MapViewState) => {
    viewRef.current = v;
  }, []);

  return (
    <div className={`live-page${narrow ? ' is-narrow' : ''} shows-${view}`}>
      {narrow && (
        <div className="live-switch">
          {/* The list, and its heading, are hidden while the map shows: the page keeps its h1. */}
          {view === 'map' && <h1 className="visually-hidden">{title}</h1>}
          <PaneSwitch value={view} onChange={setView} />
        </div>
      )}
      {!sideShown && <h1 className="visually-hidden">{title}</h1>}
      <div className="live-body">
        {sideShown && (
          <aside className="live-side" aria-label={`${title} units`}>
            <header className="live-side-head">
              <Typography.Title level={1} className="live-title">
                {title}
              </Typography.Title>
              <LiveStatusBadge status={status} />
              {canShare && (
                <Button
                  size="small"
                  type="text"
                  icon={<ShareAltOutlined />}
                  className="live-side-extra"
                  onClick={() => setShare({ kind: 'fleet', view: viewRef.current })}
                >
                  Share fleet
                </Button>
              )}
              {!narrow && (
                <Tooltip title="Hide unit list">
                  <Button
                    ref={toggleButton}
                    size="small"
                    type="text"
                    icon={<MenuFoldOutlined />}
                    aria-label="Hide unit list"
                    className="live-side-hide"
                    onClick={() => showSide(false)}
                  />
                </Tooltip>
              )}
            </header>
            <UnitList
              units={listed}
              selectedUid={selectedUid}
              onSelect={pickFromList}
              loading={loading}
              error={error}
              onRetry={onRetry}
              focus={focus}
              onClearFocus={() => setFocus(null)}
              badges={badges && ((unit: T) => badges(unit, settings.toggles.toggles))}
              emptyText={emptyText}
              labels={tags}
              fleets={fleetList}
              group={group}
              onGroupChange={setGroup}
            />
          </aside>
        )}
        <div className="live-map" data-testid="live-map">
          <FleetMap
            units={mapped}
            selected={selected}
            onSelect={pickOnMap}
            settings={settings}
            trail={trail.points}
            follow={follow}
            onFollowStop={() => setFollow(false)}
            flyRequest={flyRequest}
            focus={focus ?? (target?.kind === 'unit' ? target.uids : null)}
            fitKey={targetKey}
            tooltip={tooltip}
            onTagsOn={() => setTooltip(false)}
            onViewChange={onViewChange}
            labels={labels.data?.tags}
            leading={
              !sideShown && (
                <Button
                  ref={toggleButton}
                  icon={<MenuUnfoldOutlined aria-hidden />}
                  className="live-side-show"
                  onClick={() => showSide(true)}
                >
                  Show unit list
                </Button>
              )
            }
          />
        </div>
        {selected && panelOpen && (
          <div className="unit-panel-dock">
            <UnitPanel
              key={selected.uid}
              unit={selected}
              onClose={() => select(null)}
              follow={follow}
              onFollow={(on) => {
                setFollow(on);
                if (on) setTooltip(false);
              }}
              trail={trailOn}
              onTrail={setTrailOn}
              trailLoading={trail.loading}
              trailPoints={trail.points.length}
              collapsible={narrow}
              tripsPath={tripsPath}
              onShare={
                canShare
                  ? () => setShare({ kind: 'unit', uid: selected.uid, name: selected.name })
                  : undefined
              }
            />
          </div>
        )}
      </div>
      {share && <ShareLinkModal subject={share} onClose={() => setShare(null)} />}
    </div>
  );
}
