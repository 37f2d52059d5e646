// The live map: units from the map library's layers, today's trail, locations and routes behind
// their toggles, and the camera helpers (fit, fly, follow, click tooltip).
import { useMemo, useState, type ReactNode } from 'react';
import type { Tag, TripPoint, UnitListItem } from '@fleet/common';
import {
  GeofenceLayer,
  MapToggles,
  locationFillOpacity,
  MapView,
  RouteLayer,
  RecentTrailsLayer,
  TripLayer,
  UnitsLayer,
  type MapToggleKey,
  type MapViewState,
} from '../../../map';
import { useTheme } from '../../../theme/ThemeContext';
import { registerMapForTests } from '../common/mapTestHook';
import { AddLocationHereMenu } from '../../locations/AddLocationHere';
import { IconStylePicker } from './IconStylePicker';
import { UnitVisibilityPicker } from './UnitVisibilityPicker';
import {
  FitToUnits,
  FlyToUnit,
  FollowUnit,
  ShowRouteAlone,
  UnitTooltip,
  unitZoomFor,
} from './mapControllers';
import type { LiveSettings } from './useLiveSettings';
import { useOverlays } from './useOverlays';
import { PlacesPicker } from './PlacesPicker';
import { locationLayerFlags, routeShown } from './placeSettings';
import { labelNamesByUnit, withLabelLines } from './unitGroups';

/**
 * The toggles that mean something on a live map. Trip lines, equipment lines and replay belong to
 * the trip pages: the trail asked for here is always drawn as a line, with arrows as toggled.
 */
export const LIVE_TOGGLE_KEYS: MapToggleKey[] = [
  'unitTags',
  'tripArrows',
  'locations',
  'polygons',
  'routes',
  'recoveryStatus',
  'backupStatus',
];

export interface FleetMapProps {
  /** The units to draw, already filtered by the ghost and disabled unit settings. */
  units: UnitListItem[];
  selected: UnitListItem | undefined;
  onSelect: (uid: number) => void;
  settings: LiveSettings;
  trail: readonly TripPoint[];
  follow: boolean;
  onFollowStop: () => void;
  flyRequest: number;
  focus: number[] | null;
  fitKey: string;
  /** The picked unit's name over its icon (SPEC §4 click tooltip); cleared by turning tags on. */
  tooltip: boolean;
  onTagsOn: () => void;
  onViewChange: (view: MapViewState) => void;
  /** First in the row of map buttons (the "Show unit list" button while the list is hidden). */
  leading?: ReactNode;
  /** The user's labels: with unit tags on, each unit's are written under its name. */
  labels?: readonly Tag[];
}

const NO_LABELS: readonly Tag[] = [];

export function FleetMap({
  units,
  selected,
  onSelect,
  settings,
  trail,
  follow,
  onFollowStop,
  flyRequest,
  focus,
  fitKey,
  tooltip,
  onTagsOn,
  onViewChange,
  leading,
  labels = NO_LABELS,
}: FleetMapProps) {
  const theme = useTheme();
  const { toggles } = settings.toggles;
  const unitZoom = unitZoomFor(theme.map_sources);
  const overlays = useOverlays(toggles.locations, toggles.routes);
  const { places } = settings;
  const [alone, setAlone] = useState<number | null>(null);
  const shownRoutes = useMemo(
    () =>
      overlays.routes
        .filter((route) => routeShown(route, places.routeDisplay, alone))
        .map((route) => ({ ...route, display: true })),
    [overlays.routes, places.routeDisplay, alone],
  );
  const locationFlags = locationLayerFlags(places.displayType);
  // The Polygons toggle is the fill (SPEC §4): off leaves the outlines.
  const fillOpacity = toggles.polygons
    ? locationFillOpacity(places.opacity, places.customOpacity)
    : 0;
  const uid = selected?.uid;
  // With unit tags on, each tag carries the unit's labels under its name (SPEC §4).
  const labelNames = useMemo(() => labelNamesByUnit(labels), [labels]);
  const tagged = useMemo(
    () => (toggles.unitTags ? withLabelLines(units, labelNames) : units),
    [units, toggles.unitTags, labelNames],
  );
  const trips = useMemo(
    () => (trail.length > 1 && uid !== undefined ? [{ id: `today-${uid}`, points: trail }] : []),
    [trail, uid],
  );

  return (
    <MapView
      onReady={registerMapForTests}
      mapSources={theme.map_sources}
      mapType={settings.mapType}
      onMapTypeChange={settings.setMapType}
      onViewChange={onViewChange}
      className="live-map-view"
    >
      <GeofenceLayer
        locations={overlays.locations}
        visible={toggles.locations}
        showPolygons={locationFlags.showPolygons}
        showLabels={locationFlags.showLabels}
        fillOpacity={fillOpacity}
      />
      <RouteLayer routes={shownRoutes} visible={toggles.routes} showLabels />
      <ShowRouteAlone routes={toggles.routes ? shownRoutes : []} alone={alone} />
      <TripLayer
        trips={trips}
        showLines
        showArrows={toggles.tripArrows}
        visible={trips.length > 0}
      />
      {/* Each unit's last live fixes (SPEC §9 realtime trip depth), under the icons. */}
      <RecentTrailsLayer units={units} />
      <UnitsLayer
        units={tagged}
        selectedUid={selected?.uid ?? null}
        onSelect={onSelect}
        iconStyle={settings.iconStyle}
        showTags={toggles.unitTags}
      />
      <FitToUnits units={units} focus={focus} fitKey={fitKey} unitZoom={unitZoom} />
      <FlyToUnit unit={selected} request={flyRequest} unitZoom={unitZoom} />
      <FollowUnit unit={selected} follow={follow} onStop={onFollowStop} />
      <UnitTooltip unit={tooltip && !toggles.unitTags ? selected : undefined} />
      <AddLocationHereMenu />
      <div className="live-map-tools">
        {leading}
        <MapToggles
          value={toggles}
          keys={LIVE_TOGGLE_KEYS}
          style={{ position: 'static' }}
          onToggle={(key, on) => {
            settings.toggles.set(key, on);
            if (key === 'unitTags' && on) onTagsOn();
          }}
        />
        <IconStylePicker value={settings.iconStyle} onChange={settings.setIconStyle} />
        <UnitVisibilityPicker
          ghostUnits={settings.ghostUnits}
          onGhostUnits={settings.setGhostUnits}
          showDisabled={settings.showDisabled}
          onShowDisabled={settings.setShowDisabled}
        />
        <PlacesPicker
          places={places}
          routes={overlays.routes}
          alone={alone}
          onAlone={setAlone}
          locationsOn={toggles.locations}
          routesOn={toggles.routes}
        />
      </div>
    </MapView>
  );
}
