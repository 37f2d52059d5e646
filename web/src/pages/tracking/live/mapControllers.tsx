// Renderless helpers of the live map: they move the camera or float a label, and draw nothing of
// their own (the map library's layers do the drawing).
import { useEffect, useRef } from 'react';
import maplibregl, { type PaddingOptions } from 'maplibre-gl';
import type { ThemeMapSource, UnitListItem } from '@fleet/common';
import { boundsOf, fitToPoints, useMap, type RouteItem } from '../../../map';
import { availableMapTypes } from '../../../map/basemap/baseStyle';
import { statusLine } from './unitStatus';

/** Close enough to read the streets around one unit. */
export const UNIT_ZOOM = 14;
/**
 * Without the theme's tiles only the offline basemap draws, which has nothing to show closer in
 * than this (Natural Earth, towns): stop here so the unit keeps its surroundings.
 */
export const OFFLINE_UNIT_ZOOM = 10;
const FLEET_MAX_ZOOM = 13;
/** Room around the units when the map fits them, so icons at the edge show whole. */
const FIT_MARGIN = 80;

/** Room a panel over the map takes; the camera keeps what it shows out from under it. */
export type ViewPadding = Required<PaddingOptions>;
export const NO_PADDING: ViewPadding = { top: 0, right: 0, bottom: 0, left: 0 };

/**
 * The camera's `offset` that centres a point in the room a panel leaves. MapLibre's own `padding`
 * option is not used: it persists on the map, and tiles under a padded edge are then not loaded.
 */
export function offsetFor(padding: ViewPadding): [number, number] {
  return [(padding.left - padding.right) / 2, (padding.top - padding.bottom) / 2];
}

/** How close to go to one unit with the theme's map sources. */
export function unitZoomFor(sources: readonly ThemeMapSource[]): number {
  return availableMapTypes(sources).length ? UNIT_ZOOM : OFFLINE_UNIT_ZOOM;
}

function positionOf(unit: UnitListItem | undefined): [number, number] | null {
  return unit?.position ? [unit.position.lon, unit.position.lat] : null;
}

/**
 * Once per `fitKey`, when the units have positions: fits the map to the focused units, or to the
 * whole fleet; a single unit is centred at street level instead.
 */
export function FitToUnits({
  units,
  focus,
  fitKey,
  padding = NO_PADDING,
  unitZoom = UNIT_ZOOM,
}: {
  units: readonly UnitListItem[];
  focus: number[] | null;
  fitKey: string;
  padding?: ViewPadding;
  unitZoom?: number;
}) {
  const map = useMap();
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (done.current === fitKey) return;
    const chosen = focus ? units.filter((u) => focus.includes(u.uid)) : units;
    const points = chosen.flatMap((u) => (u.position ? [u.position] : []));
    if (!points.length) return;
    done.current = fitKey;
    map.resize();
    if (points.length === 1) {
      map.easeTo({
        center: [points[0].lon, points[0].lat],
        zoom: unitZoom,
        offset: offsetFor(padding),
        duration: 0,
      });
      return;
    }
    const bounds = boundsOf(points)!;
    const canvas = map.getCanvas();
    const room = Math.floor(Math.min(canvas.clientWidth || 400, canvas.clientHeight || 400) / 4);
    const edge = (extra: number) => Math.min(FIT_MARGIN + extra, room + extra / 2);
    map.fitBounds(bounds, {
      padding: {
        top: edge(padding.top),
        right: edge(padding.right),
        bottom: edge(padding.bottom),
        left: edge(padding.left),
      },
      maxZoom: Math.min(FLEET_MAX_ZOOM, unitZoom),
      animate: false,
    });
  }, [map, units, focus, fitKey, padding, unitZoom]);
  return null;
}

/** Flies to `unit` whenever `request` changes (a unit picked in the list or by a link). */
export function FlyToUnit({
  unit,
  request,
  padding = NO_PADDING,
  unitZoom = UNIT_ZOOM,
}: {
  unit: UnitListItem | undefined;
  request: number;
  padding?: ViewPadding;
  unitZoom?: number;
}) {
  const map = useMap();
  const unitRef = useRef(unit);
  unitRef.current = unit;
  const paddingRef = useRef(padding);
  paddingRef.current = padding;
  const zoomRef = useRef(unitZoom);
  zoomRef.current = unitZoom;
  useEffect(() => {
    const center = positionOf(unitRef.current);
    if (!request || !center) return;
    // The panel that opens with the pick has just changed the map's size; a flight planned on the
    // old size would land beside the unit (MapLibre's own resize follows 50 ms later).
    map.resize();
    map.flyTo({
      center,
      zoom: Math.max(map.getZoom(), zoomRef.current),
      offset: offsetFor(paddingRef.current),
      duration: 900,
    });
  }, [map, request]);
  return null;
}

/**
 * Follow mode: keeps the unit centred as it moves, gliding with it; dragging the map is the user
 * taking the camera back, which ends follow mode.
 */
export function FollowUnit({
  unit,
  follow,
  padding = NO_PADDING,
  onStop,
}: {
  unit: UnitListItem | undefined;
  follow: boolean;
  padding?: ViewPadding;
  onStop: () => void;
}) {
  const map = useMap();
  const lon = unit?.position?.lon;
  const lat = unit?.position?.lat;
  const onStopRef = useRef(onStop);
  onStopRef.current = onStop;

  useEffect(() => {
    if (!follow || lon === undefined || lat === undefined) return;
    map.easeTo({
      center: [lon, lat],
      offset: offsetFor(padding),
      duration: 1000,
      easing: (t) => t,
    });
  }, [map, follow, lon, lat, padding]);

  useEffect(() => {
    if (!follow) return;
    const onDrag = (event: { originalEvent?: unknown }) => {
      if (event.originalEvent) onStopRef.current();
    };
    map.on('dragstart', onDrag);
    return () => {
      map.off('dragstart', onDrag);
    };
  }, [map, follow]);
  return null;
}

/**
 * The click tooltip of SPEC §4: the picked unit's name over its icon while name tags are off.
 * Turning unit tags on clears it (the page drops `unit`).
 */
export function UnitTooltip({ unit }: { unit: UnitListItem | undefined }) {
  const map = useMap();
  const popupRef = useRef<maplibregl.Popup | null>(null);
  const lon = unit?.position?.lon;
  const lat = unit?.position?.lat;
  const name = unit?.name;
  const line = unit ? statusLine(unit) : '';

  useEffect(() => {
    if (name === undefined || lon === undefined || lat === undefined) {
      popupRef.current?.remove();
      popupRef.current = null;
      return;
    }
    const content = document.createElement('div');
    const strong = document.createElement('strong');
    strong.textContent = name;
    const small = document.createElement('div');
    small.textContent = line;
    content.append(strong, small);
    if (!popupRef.current) {
      popupRef.current = new maplibregl.Popup({
        closeButton: false,
        closeOnClick: false,
        offset: 22,
        className: 'unit-tooltip',
        maxWidth: '240px',
      });
      popupRef.current.setLngLat([lon, lat]).setDOMContent(content).addTo(map);
    } else {
      popupRef.current.setLngLat([lon, lat]).setDOMContent(content);
    }
  }, [map, name, line, lon, lat]);

  useEffect(
    () => () => {
      popupRef.current?.remove();
      popupRef.current = null;
    },
    [],
  );
  return null;
}

/** "Show alone" (SPEC §4): showing one route by itself also fits the map to it, once per choice. */
export function ShowRouteAlone({
  routes,
  alone,
}: {
  routes: readonly RouteItem[];
  alone: number | null;
}) {
  const map = useMap();
  const route = alone === null ? undefined : routes.find((r) => r.roid === alone);
  const points = route?.polyline?.length ? route.polyline : route?.polyline_overview;
  const count = points?.length ?? 0;
  const pointsRef = useRef(points);
  pointsRef.current = points;
  useEffect(() => {
    // Fit when the chosen route (or its line, once loaded) changes, not on every live update.
    const line = pointsRef.current;
    if (line?.length) fitToPoints(map, line, { animate: true, maxZoom: 15 });
  }, [map, alone, count]);
  return null;
}
