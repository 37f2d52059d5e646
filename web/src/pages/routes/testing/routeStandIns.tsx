// Stand-ins for the map in tests of the routes pages (jsdom has no WebGL): MapView renders its
// children, RouteLayer lists the routes it would draw (name and number of line points), the route
// signs list their letters and names, the other layers draw nothing. Used from vi.mock factories.
import type { ReactNode } from 'react';
import type { RouteLayerProps } from '../../../map';
import type { RouteMarker } from '../parts/RoutePointsLayer';

type MapModule = typeof import('../../../map');

export const fakeMap = {
  on: () => undefined,
  off: () => undefined,
  once: () => undefined,
  fitBounds: () => undefined,
  getCanvas: () => ({ clientWidth: 800, clientHeight: 600 }),
};

export function mapStandIns(real: MapModule): MapModule {
  const none = () => null;
  return {
    ...real,
    MapView: (({ children }: { children?: ReactNode }) => <div>{children}</div>) as never,
    useMap: (() => fakeMap) as never,
    fitToPoints: () => true,
    RouteLayer: (({ routes, visible }: RouteLayerProps) => (
      <output data-testid="routes" data-visible={String(visible ?? true)}>
        {routes
          .filter((r) => r.display !== false)
          .map(
            (r) =>
              `${r.name}:${(r.polyline?.length ? r.polyline : r.polyline_overview)?.length ?? 0}`,
          )
          .join(',')}
      </output>
    )) as never,
    TripLayer: (({ trips }: { trips: { id: number | string }[] }) => (
      <output data-testid="trips">{trips.map((t) => t.id).join(',')}</output>
    )) as never,
    UnitsLayer: (({ units }: { units: { uid: number }[] }) => (
      <output data-testid="units">{units.map((u) => u.uid).join(',')}</output>
    )) as never,
    HeatmapLayer: none,
    GeofenceLayer: none,
  };
}

export function RoutePointsStandIn({ markers }: { markers: readonly RouteMarker[] }) {
  return (
    <output data-testid="markers">
      {markers.map((m) => `${m.kind}@${m.lat.toFixed(4)},${m.lon.toFixed(4)}`).join(' ')}
    </output>
  );
}
