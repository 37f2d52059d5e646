// South Africa's border drawn over the map (the border page): the country's outline from the
// world atlas the basemap already loads (Natural Earth 1:50m, world-atlas), as dashed lines. The
// server decides what is inside with its own finer border (server/src/rules/border.ts).
import { useEffect, useState } from 'react';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { MultiPolygon, Polygon } from 'geojson';
import { RouteLayer, type RouteItem } from '../../../map';
import { BORDER_COLOUR } from './borderStays';

/** ISO 3166-1 numeric code of South Africa, the atlas's id for it. */
const SOUTH_AFRICA = '710';

let loading: Promise<RouteItem[]> | null = null;

export function loadSouthAfricaBorder(): Promise<RouteItem[]> {
  loading ??= import('world-atlas/countries-50m.json')
    .then((module) => {
      const topology = (module.default ?? module) as unknown as Topology<{
        countries: GeometryCollection;
      }>;
      const country = topology.objects.countries.geometries.find((g) => g.id === SOUTH_AFRICA);
      if (!country) return [];
      const geometry = (feature(topology, country) as { geometry: Polygon | MultiPolygon })
        .geometry;
      const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
      return polygons.flat().map((ring, i) => ({
        roid: -(i + 1),
        name: 'South African border',
        colour: BORDER_COLOUR,
        polyline: ring.map(([lon, lat]) => ({ lat, lon })),
      }));
    })
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}

export default function SouthAfricaBorder() {
  const [routes, setRoutes] = useState<RouteItem[]>([]);
  useEffect(() => {
    let live = true;
    loadSouthAfricaBorder()
      .then((r) => live && setRoutes(r))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return <RouteLayer routes={routes} showLabels={false} />;
}
