// Stand-ins for the map library in tests of the live page (WebGL is not there): MapView renders
// its children, UnitsLayer (ids and name tags) and RecentTrailsLayer list the units they were
// given, GeofenceLayer and RouteLayer list what they would draw and how, the other layers draw
// nothing. The map's buttons are real.
import type { ReactNode } from 'react';
import type { GeofenceLayerProps, RouteLayerProps, UnitsLayerProps } from '../../../../map';

type MapModule = typeof import('../../../../map');

export function mapStandIns(real: MapModule): Record<string, unknown> {
  const none = () => null;
  return {
    ...real,
    MapView: ({ children }: { children?: ReactNode }) => <div>{children}</div>,
    GeofenceLayer: ({
      locations,
      visible,
      showPolygons,
      showLabels,
      fillOpacity,
    }: GeofenceLayerProps) => (
      <output
        data-testid="geofences"
        data-visible={String(visible ?? true)}
        data-shapes={String(showPolygons ?? true)}
        data-labels={String(showLabels ?? true)}
        data-fill={String(fillOpacity)}
      >
        {locations.map((l) => l.name).join(',')}
      </output>
    ),
    RouteLayer: ({ routes, visible }: RouteLayerProps) => (
      <output data-testid="routes" data-visible={String(visible ?? true)}>
        {routes.map((r) => r.name).join(',')}
      </output>
    ),
    TripLayer: none,
    RecentTrailsLayer: ({ units }: { units: readonly { uid: number }[] }) => (
      <output data-testid="trailed">{units.map((u) => u.uid).join(',')}</output>
    ),
    UnitsLayer: ({ units, selectedUid }: UnitsLayerProps) => (
      <>
        <output data-testid="mapped">{units.map((u) => u.uid).join(',')}</output>
        <output data-testid="mapped-tags">{units.map((u) => u.name).join('|')}</output>
        <output data-testid="map-selected">{selectedUid ?? ''}</output>
      </>
    ),
  };
}

type ControllersModule = typeof import('../mapControllers');

/** The live map's camera helpers, drawing nothing; ShowRouteAlone says which route it would fit. */
export function controllerStandIns(real: ControllersModule): Record<string, unknown> {
  const none = () => null;
  return {
    ...real,
    FitToUnits: none,
    FlyToUnit: none,
    FollowUnit: none,
    UnitTooltip: none,
    ShowRouteAlone: ({ alone }: { alone: number | null }) => (
      <output data-testid="alone">{alone ?? ''}</output>
    ),
  };
}
