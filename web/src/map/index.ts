// The map library: one MapView, renderless layers, pure helpers. See README.md beside this file.
export { MapView, type MapViewProps, type MapViewState } from './MapView';
export { MapContext, useMap } from './MapContext';
export { MapTypeSwitcher, MAP_TYPE_LABELS } from './MapTypeSwitcher';
export { UnitsLayer, type UnitsLayerProps } from './UnitsLayer';
export { TripLayer, type TripLayerProps } from './TripLayer';
export { ReplayLayer, type ReplayLayerProps } from './ReplayLayer';
export { ReplayControls, type ReplayControlsProps } from './ReplayControls';
export { GeofenceLayer, type GeofenceLayerProps } from './GeofenceLayer';
export { RouteLayer, type RouteLayerProps } from './RouteLayer';
export { HeatmapLayer, type HeatmapLayerProps, type HeatPoint } from './HeatmapLayer';
export { RecentTrailsLayer, type RecentTrailsLayerProps } from './RecentTrailsLayer';
export { MapToggles, type MapTogglesProps } from './MapToggles';

export {
  useMapToggles,
  type MapTogglesApi,
  type UseMapTogglesOptions,
} from './toggles/useMapToggles';
export {
  DEFAULT_MAP_TOGGLES,
  MAP_TOGGLE_KEYS,
  MAP_TOGGLE_LABELS,
  MAP_TOGGLE_SETTING_KEYS,
  togglesFromSettings,
  togglesToSettings,
  togglePatch,
  type MapToggleKey,
  type MapToggleState,
} from './toggles/mapToggles';

export { useLiveUnits, type LiveUnits } from './live/useLiveUnits';
export { LiveBuffer, type LiveBufferOptions, type BufferClock } from './live/liveBuffer';
export { mergeUnitUpdates, type UnitUpdate } from './live/mergeUnitUpdates';
export { PositionAnimator } from './live/positionAnimator';

export {
  ReplayController,
  REPLAY_SPEEDS,
  type ReplayState,
  type FrameClock,
} from './replay/replayController';
export { useReplay } from './replay/useReplay';
export { buildTrack, positionAt, type Track, type TrackPosition } from './replay/track';

export { speedColour, speedRange, speedRatio } from './speedColour';
export { boundsOf, fitToPoints, type FitOptions, type LatLon } from './bounds';
export type { TripPath, TripStop } from './trips/tripGeojson';
export { type GeofenceItem, locationFillOpacity } from './overlays/geofenceGeojson';
export type { RouteItem } from './overlays/routeGeojson';
export { unitIconState, tagsVisible, shouldCluster } from './units/unitFeatures';
export type { RealtimeIconStyle, UnitIconState } from './sprites/spriteNames';
export { TRIP_EVENT_SIGNS, tripEventSpriteName, type TripEventSign } from './sprites/spriteNames';

export { useMapDraw, type MapDrawApi, type MapDrawOptions, type DrawMode } from './draw/useMapDraw';
export { MapDraw, type MapDrawProps } from './draw/MapDraw';
export { MapDrawToolbar, DRAW_MODE_LABELS, type MapDrawToolbarProps } from './draw/MapDrawToolbar';
export {
  circleFeature,
  circleOf,
  circleRing,
  lineFeature,
  lineOf,
  pointFeature,
  pointOf,
  polygonFeature,
  ringOf,
  shapeModeOf,
  type Circle,
  type DrawFeature,
  type DrawShapeMode,
} from './draw/drawFeatures';
export {
  MapContextMenu,
  type MapContextMenuItem,
  type MapContextMenuProps,
} from './MapContextMenu';
