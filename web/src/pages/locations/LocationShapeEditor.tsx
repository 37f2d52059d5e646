// The location's shape on the editor's map (a MapView child): a circle for a point location
// (dragged whole to move its centre; drawn anew with the Circle tool), a polygon drawn and edited
// vertex by vertex. It loads the form's shape whenever `loadKey` changes (the page bumps it on
// explicit actions: opening, typed coordinates, a typed radius, a type switch), never in answer
// to its own changes.
import { useEffect, useRef } from 'react';
import { ringCentre, type LatLon } from '@fleet/common';
import {
  MapDrawToolbar,
  circleFeature,
  circleOf,
  circleRing,
  fitToPoints,
  polygonFeature,
  ringOf,
  shapeModeOf,
  useMap,
  useMapDraw,
  type DrawFeature,
} from '../../map';
import type { LocationType } from './locationForm';

export type ShapeChange =
  { type: 'point'; centre: LatLon; radius: number } | { type: 'polygon'; ring: LatLon[] };

interface Props {
  type: LocationType;
  centre: LatLon;
  radius: number | null;
  ring: LatLon[];
  colour: string;
  editable: boolean;
  loadKey: number;
  onShape(change: ShapeChange): void;
}

const MODES = { point: ['circle'], polygon: ['polygon'] } as const;
const DEFAULT_DRAW_RADIUS = 100;

export function LocationShapeEditor(props: Props) {
  const { type, colour, editable, loadKey } = props;
  const map = useMap();
  const latest = useRef(props);
  latest.current = props;

  const draw = useMapDraw({
    modes: ['circle', 'polygon'],
    single: true,
    colour,
    onChange: (features: DrawFeature[]) => {
      const shape = features.find((f) => shapeModeOf(f) !== null);
      const current = latest.current;
      if (!shape) {
        if (current.type === 'polygon' && current.ring.length > 0)
          current.onShape({ type: 'polygon', ring: [] });
        return;
      }
      if (shapeModeOf(shape) === 'circle') {
        const circle = circleOf(shape);
        // terra-draw keeps the radius it drew (or we loaded) in the feature; a dragged circle
        // keeps it while its ring, moved on the Mercator plane, stretches a little.
        const kept = Number(shape.properties.radiusKilometers) * 1000;
        if (circle)
          current.onShape({
            type: 'point',
            centre: { lat: circle.lat, lon: circle.lon },
            radius: kept > 0 ? Math.max(1, Math.round(kept)) : circle.radius,
          });
      } else {
        current.onShape({ type: 'polygon', ring: ringOf(shape) });
      }
    },
  });

  // Load the form's shape (and fit the map to it) when asked.
  const { ready, load, select, setMode } = draw;
  useEffect(() => {
    if (!ready) return;
    const { type: kind, centre, radius, ring } = latest.current;
    if (kind === 'point') {
      const r = radius && radius > 0 ? radius : DEFAULT_DRAW_RADIUS;
      const [id] = load([circleFeature(centre, r)]);
      fitToPoints(
        map,
        circleRing(centre, r).map(([lon, lat]) => ({ lat: lat!, lon: lon! })),
        { padding: 48, maxZoom: 17 },
      );
      if (editable && id !== undefined) select(id);
      else setMode('static');
      return;
    }
    if (ring.length >= 3) {
      const [id] = load([polygonFeature(ring)]);
      fitToPoints(map, ring, { padding: 48, maxZoom: 17 });
      if (editable && id !== undefined) select(id);
      else setMode('static');
    } else {
      load([]);
      map.jumpTo({ center: [centre.lon, centre.lat], zoom: Math.max(map.getZoom(), 14) });
      setMode(editable ? 'polygon' : 'static');
    }
  }, [ready, loadKey, editable, map, load, select, setMode]);

  if (!editable) return null;
  return (
    <MapDrawToolbar
      api={draw}
      modes={MODES[type]}
      labels={{ circle: 'Draw circle', polygon: 'Draw polygon' }}
      clearable={type === 'polygon'}
    />
  );
}

/** Where a shape sits: the point's centre, or the polygon's centre. */
export function shapeCentre(type: LocationType, centre: LatLon, ring: LatLon[]): LatLon {
  return type === 'polygon' && ring.length >= 3 ? ringCentre(ring) : centre;
}

/** The ring moved so its centre lands on `to` (the typed coordinates of a polygon location). */
export function moveRing(ring: LatLon[], to: LatLon): LatLon[] {
  const from = ringCentre(ring);
  return ring.map((p) => ({ lat: p.lat + to.lat - from.lat, lon: p.lon + to.lon - from.lon }));
}
