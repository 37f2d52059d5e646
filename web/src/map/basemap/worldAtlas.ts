import type { FeatureCollection, Geometry, MultiLineString, Position } from 'geojson';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

// Natural Earth 1:50m land and country borders from the world-atlas package, bundled with the app
// (Vite puts the JSON in its own chunk, loaded when the first map opens). No tile server needed.

export interface WorldGeometry {
  land: FeatureCollection<Geometry>;
  /** Borders between two countries; coastlines are drawn from the land outline instead. */
  borders: FeatureCollection<MultiLineString>;
}

/**
 * Islands across the antimeridian (Fiji, at the latitude of Zambia) come as rings that jump from
 * +180° to -180°; drawn as they are, that edge is a line across the whole map. Such a ring is
 * unwrapped into continuous longitudes (MapLibre draws > 180° on the next world copy). A ring that
 * winds around a pole (Antarctica) cannot be unwrapped and is left alone.
 */
export function unwrapRing(ring: Position[]): Position[] {
  let offset = 0;
  const out: Position[] = [ring[0]];
  for (let i = 1; i < ring.length; i++) {
    const step = ring[i][0] - ring[i - 1][0];
    if (step > 180) offset -= 360;
    else if (step < -180) offset += 360;
    out.push([ring[i][0] + offset, ring[i][1]]);
  }
  return offset === 0 ? out : ring;
}

function unwrapGeometry(geometry: Geometry): Geometry {
  if (geometry.type === 'Polygon')
    return { ...geometry, coordinates: geometry.coordinates.map(unwrapRing) };
  if (geometry.type === 'MultiPolygon') {
    return { ...geometry, coordinates: geometry.coordinates.map((rings) => rings.map(unwrapRing)) };
  }
  if (geometry.type === 'MultiLineString')
    return { ...geometry, coordinates: geometry.coordinates.map(unwrapRing) };
  return geometry;
}

type CountriesTopology = Topology<{ countries: GeometryCollection; land: GeometryCollection }>;

export function worldGeometryFrom(topology: CountriesTopology): WorldGeometry {
  // `land` is a GeometryCollection, so feature() yields a FeatureCollection.
  const raw = feature(topology, topology.objects.land) as unknown as FeatureCollection<Geometry>;
  const land: FeatureCollection<Geometry> = {
    type: 'FeatureCollection',
    features: raw.features.map((f) => ({ ...f, geometry: unwrapGeometry(f.geometry) })),
  };
  const borderLines = mesh(topology, topology.objects.countries, (a, b) => a !== b);
  return {
    land,
    borders: {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          geometry: unwrapGeometry(borderLines) as MultiLineString,
          properties: {},
        },
      ],
    },
  };
}

let loading: Promise<WorldGeometry> | null = null;

/** Loads and converts the atlas once per page; every MapView shares the result. */
export function loadWorldGeometry(): Promise<WorldGeometry> {
  loading ??= import('world-atlas/countries-50m.json')
    .then((module) => worldGeometryFrom((module.default ?? module) as unknown as CountriesTopology))
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}
