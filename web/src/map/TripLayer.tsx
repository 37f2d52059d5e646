import { useEffect, useMemo } from 'react';
import type { MapLayerMouseEvent } from 'maplibre-gl';
import { DEFAULT_MAX_SPEED, MAX_TRIP_MARKERS, type TripPoint } from '@fleet/common';
import { fitToPoints } from './bounds';
import { FONT_MEDIUM } from './fonts';
import { useMap } from './MapContext';
import { SPRITES } from './sprites/spriteNames';
import { buildTripCollection, type TripPath, type TripStop } from './trips/tripGeojson';
import {
  useGeoJsonLayers,
  useLayerClick,
  useLayerPrefix,
  type LayerDraft,
} from './useGeoJsonLayers';

export interface TripLayerProps {
  /** One or more trips, each a list of fixes in time order. */
  trips: readonly TripPath[];
  /** Segments above this speed (km/h) get a red casing; null for none. Default DEFAULT_MAX_SPEED. */
  maxSpeed?: number | null;
  /** Trip lines toggle (default true). */
  showLines?: boolean;
  /** Trip arrows toggle: chevrons along the line in the direction of travel (default true). */
  showArrows?: boolean;
  /** Dots on the fixes from zoom 12, coloured by speed, at most MAX_TRIP_MARKERS in all (default true). */
  showMarkers?: boolean;
  /** Parked places, drawn with a P sign and their `label` (e.g. the time parked) under it. */
  stops?: readonly TripStop[];
  /** Signs on fixes with a special trip event (brake, accelerate, corner, crash, gps); default true. */
  showEvents?: boolean;
  /** S and E signs where each trip starts and ends (default true); off for a fleet overview. */
  showEnds?: boolean;
  /** Click on a fix dot: the trip id, the fix index in that trip's points, and the fix. */
  onPointClick?: (tripId: number | string, index: number, point: TripPoint) => void;
  /** Fit the map to the trips whenever `trips` changes (default false; see fitToPoints). */
  fitOnChange?: boolean;
  visible?: boolean;
}

const EMPTY_STOPS: readonly TripStop[] = [];

/** Trip lines coloured by speed, speeding highlighted, arrows, fix markers and start/end/stop signs. */
export function TripLayer({
  trips,
  maxSpeed = DEFAULT_MAX_SPEED,
  showLines = true,
  showArrows = true,
  showMarkers = true,
  stops = EMPTY_STOPS,
  showEvents = true,
  showEnds = true,
  onPointClick,
  fitOnChange = false,
  visible = true,
}: TripLayerProps) {
  const map = useMap();
  const id = useLayerPrefix('trip');

  const data = useMemo(
    () =>
      buildTripCollection(trips, stops, {
        maxSpeed,
        showLines,
        showArrows,
        showMarkers,
        maxMarkers: MAX_TRIP_MARKERS,
        showEvents,
        showEnds,
      }),
    [trips, stops, maxSpeed, showLines, showArrows, showMarkers, showEvents, showEnds],
  );

  const layers = useMemo<LayerDraft[]>(
    () => [
      {
        id: `${id}-speeding`,
        type: 'line',
        filter: ['all', ['==', ['get', 'kind'], 'seg'], ['==', ['get', 'speeding'], 1]],
        layout: { 'line-join': 'round', 'line-cap': 'round' },
        paint: { 'line-color': '#d50000', 'line-width': 11, 'line-opacity': 0.55 },
      },
      {
        id: `${id}-casing`,
        type: 'line',
        filter: ['==', ['get', 'kind'], 'seg'],
        layout: { 'line-join': 'round', 'line-cap': 'round' },
        paint: { 'line-color': '#ffffff', 'line-width': 6.5, 'line-opacity': 0.85 },
      },
      {
        id: `${id}-line`,
        type: 'line',
        filter: ['==', ['get', 'kind'], 'seg'],
        layout: { 'line-join': 'round', 'line-cap': 'round' },
        paint: { 'line-color': ['get', 'colour'], 'line-width': 4 },
      },
      {
        id: `${id}-markers`,
        type: 'circle',
        minzoom: 12,
        filter: ['==', ['get', 'kind'], 'marker'],
        paint: {
          'circle-radius': ['interpolate', ['linear'], ['zoom'], 12, 3, 16, 5],
          'circle-color': ['get', 'colour'],
          'circle-stroke-color': '#ffffff',
          'circle-stroke-width': 1,
        },
      },
      {
        id: `${id}-arrows`,
        type: 'symbol',
        filter: ['==', ['get', 'kind'], 'path'],
        layout: {
          'symbol-placement': 'line',
          'symbol-spacing': 60,
          'icon-image': SPRITES.tripArrow,
          'icon-rotation-alignment': 'map',
          'icon-allow-overlap': true,
          'icon-ignore-placement': true,
        },
      },
      {
        id: `${id}-events`,
        type: 'symbol',
        filter: ['==', ['get', 'kind'], 'event'],
        layout: {
          'icon-image': ['concat', 'trip-event-', ['get', 'event']],
          'icon-allow-overlap': true,
          'icon-ignore-placement': true,
        },
      },
      {
        id: `${id}-signs`,
        type: 'symbol',
        filter: ['in', ['get', 'kind'], ['literal', ['start', 'end', 'stop']]],
        paint: {
          'text-color': '#263238',
          'text-halo-color': '#ffffff',
          'text-halo-width': 1.6,
        },
        layout: {
          'text-field': ['coalesce', ['get', 'label'], ''],
          'text-font': FONT_MEDIUM,
          'text-size': 11,
          'text-anchor': 'top',
          'text-offset': [0, 1.1],
          'text-optional': true,
          'icon-image': [
            'match',
            ['get', 'kind'],
            'start',
            SPRITES.tripStart,
            'end',
            SPRITES.tripEnd,
            SPRITES.tripStop,
          ],
          'icon-allow-overlap': true,
          'icon-ignore-placement': true,
          'symbol-sort-key': ['match', ['get', 'kind'], 'stop', 0, 'start', 1, 2],
        },
      },
    ],
    [id],
  );

  useGeoJsonLayers(map, id, data, layers, { visible });

  useEffect(() => {
    if (fitOnChange)
      fitToPoints(
        map,
        trips.flatMap((t) => t.points),
      );
  }, [map, trips, fitOnChange]);

  useLayerClick(
    map,
    [`${id}-markers`, `${id}-events`],
    onPointClick &&
      ((event: MapLayerMouseEvent) => {
        const props = event.features?.[0]?.properties;
        if (!props) return;
        const trip = trips.find((t) => String(t.id) === String(props.trip));
        const index = Number(props.index);
        const point = trip?.points[index];
        if (trip && point) onPointClick(trip.id, index, point);
      }),
  );

  return null;
}
