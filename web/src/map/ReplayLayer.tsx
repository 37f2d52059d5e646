import { useEffect, useMemo } from 'react';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import { useMap } from './MapContext';
import type { ReplayState } from './replay/replayController';
import { SPRITES } from './sprites/spriteNames';
import { useGeoJsonLayers, useLayerPrefix, type LayerDraft } from './useGeoJsonLayers';
import type { TripPoint } from '@fleet/common';

export interface ReplayLayerProps {
  /** The fixes being replayed, sorted by time (ReplayController.points). */
  points: readonly TripPoint[];
  /** The controller's state (useReplay().state). */
  state: ReplayState;
  /** Draws the whole trip faintly under the travelled part (default true). */
  showPath?: boolean;
  /** Pans to keep the moving marker on screen (default true). */
  follow?: boolean;
  visible?: boolean;
}

/** The moving replay marker, rotated to its heading, and the part of the trip travelled so far. */
export function ReplayLayer({
  points,
  state,
  showPath = true,
  follow = true,
  visible = true,
}: ReplayLayerProps) {
  const map = useMap();
  const id = useLayerPrefix('replay');
  const position = state.position;

  const coordinates = useMemo(() => points.map((p) => [p.lon, p.lat]), [points]);

  const data = useMemo<FeatureCollection>(() => {
    const features: Feature<Geometry, { kind: string; heading?: number }>[] = [];
    if (showPath && coordinates.length >= 2) {
      features.push({
        type: 'Feature',
        geometry: { type: 'LineString', coordinates },
        properties: { kind: 'path' },
      });
    }
    if (position) {
      const travelled = coordinates.slice(0, position.index + 1);
      travelled.push([position.lon, position.lat]);
      if (travelled.length >= 2) {
        features.push({
          type: 'Feature',
          geometry: { type: 'LineString', coordinates: travelled },
          properties: { kind: 'travelled' },
        });
      }
      features.push({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [position.lon, position.lat] },
        properties: { kind: 'marker', heading: position.heading },
      });
    }
    return { type: 'FeatureCollection', features };
  }, [coordinates, position, showPath]);

  const layers = useMemo<LayerDraft[]>(
    () => [
      {
        id: `${id}-path`,
        type: 'line',
        filter: ['==', ['get', 'kind'], 'path'],
        layout: { 'line-join': 'round', 'line-cap': 'round' },
        paint: { 'line-color': '#7a8794', 'line-width': 4, 'line-opacity': 0.45 },
      },
      {
        id: `${id}-travelled`,
        type: 'line',
        filter: ['==', ['get', 'kind'], 'travelled'],
        layout: { 'line-join': 'round', 'line-cap': 'round' },
        paint: { 'line-color': '#1565c0', 'line-width': 5 },
      },
      {
        id: `${id}-marker`,
        type: 'symbol',
        filter: ['==', ['get', 'kind'], 'marker'],
        layout: {
          'icon-image': SPRITES.replayMarker,
          'icon-rotate': ['get', 'heading'],
          'icon-rotation-alignment': 'map',
          'icon-allow-overlap': true,
          'icon-ignore-placement': true,
        },
      },
    ],
    [id],
  );

  useGeoJsonLayers(map, id, data, layers, { visible });

  useEffect(() => {
    if (!follow || !position || !state.playing) return;
    const { clientWidth, clientHeight } = map.getCanvas();
    const p = map.project([position.lon, position.lat]);
    const margin = 0.15;
    const outside =
      p.x < clientWidth * margin ||
      p.x > clientWidth * (1 - margin) ||
      p.y < clientHeight * margin ||
      p.y > clientHeight * (1 - margin);
    if (outside && !map.isMoving())
      map.easeTo({ center: [position.lon, position.lat], duration: 400 });
  }, [map, follow, position, state.playing]);

  return null;
}
