import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import maplibregl, {
  type GeoJSONSource,
  type Map as MapLibreMap,
  type MapOptions,
} from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import { MAP_DEFAULTS, type MapType, type ThemeMapSource } from '@fleet/common';
import { BASEMAP_SOURCES, buildBaseStyle, worldCollection } from './basemap/baseStyle';
import { syncRasterLayers } from './basemap/rasterLayers';
import { loadWorldGeometry } from './basemap/worldAtlas';
import { MapContext } from './MapContext';
import { MapTypeSwitcher } from './MapTypeSwitcher';
import { installSpriteFactory } from './sprites/unitSprites';

export interface MapViewState {
  lat: number;
  lng: number;
  zoom: number;
}

export interface MapViewProps {
  /** The theme's raster sources (Theme.map_sources); empty draws the offline basemap only. */
  mapSources?: readonly ThemeMapSource[];
  /** Controlled map type; leave undefined to let the switcher keep its own state. */
  mapType?: MapType;
  /** Starting map type when uncontrolled (SPEC §3 default: roadmap). */
  defaultMapType?: MapType;
  onMapTypeChange?: (type: MapType) => void;
  /** Starting view (SPEC §3 defaults: -28.4972, 24.2199, zoom 5); later changes are ignored. */
  center?: { lat: number; lng: number };
  zoom?: number;
  /** Called after every pan or zoom ends, e.g. to keep map_pos/map_zoom in the URL. */
  onViewChange?: (view: MapViewState) => void;
  /** Shows the map-type switcher when the theme has two or more map types (default true). */
  showMapTypeSwitcher?: boolean;
  /** Called once the map has loaded its style; also reachable from children through useMap(). */
  onReady?: (map: MapLibreMap) => void;
  /** Extra MapLibre options (e.g. `interactive: false` for a thumbnail). */
  mapOptions?: Partial<Omit<MapOptions, 'container' | 'style' | 'center' | 'zoom'>>;
  className?: string;
  style?: CSSProperties;
  /** Layer components and controls; rendered once the map is ready, in z-order. */
  children?: ReactNode;
}

/**
 * Owns one MapLibre map for as long as it is mounted (no module-level singleton) and hands it to
 * its children through MapContext.
 */
export function MapView({
  mapSources = [],
  mapType,
  defaultMapType = MAP_DEFAULTS.mapType,
  onMapTypeChange,
  center,
  zoom,
  onViewChange,
  showMapTypeSwitcher = true,
  onReady,
  mapOptions,
  className,
  style,
  children,
}: MapViewProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const [ownMapType, setOwnMapType] = useState<MapType>(defaultMapType);
  const activeType = mapType ?? ownMapType;

  // Read once at creation: the map is not rebuilt when a parent re-renders with new props.
  const initial = useRef({ mapSources, activeType, center, zoom, mapOptions, onReady });
  const onViewChangeRef = useRef(onViewChange);
  onViewChangeRef.current = onViewChange;

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const init = initial.current;
    const created = new maplibregl.Map({
      container,
      style: buildBaseStyle(init.mapSources, init.activeType),
      center: [init.center?.lng ?? MAP_DEFAULTS.lng, init.center?.lat ?? MAP_DEFAULTS.lat],
      zoom: init.zoom ?? MAP_DEFAULTS.zoom,
      attributionControl: { compact: true },
      dragRotate: false,
      pitchWithRotate: false,
      ...init.mapOptions,
    });
    created.touchZoomRotate.disableRotation();
    created.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'bottom-right');
    created.addControl(new maplibregl.ScaleControl({ unit: 'metric' }), 'bottom-left');
    const uninstallSprites = installSpriteFactory(created);
    let alive = true;

    const loaded = new Promise<void>((resolve) => created.once('load', () => resolve()));
    loaded.then(() => {
      if (!alive) return;
      setMap(created);
      init.onReady?.(created);
    });
    Promise.all([loadWorldGeometry(), loaded])
      .then(([world]) => {
        if (!alive) return;
        (created.getSource(BASEMAP_SOURCES.world) as GeoJSONSource | undefined)?.setData(
          worldCollection(world),
        );
      })
      .catch((error: unknown) => console.error('Offline basemap failed to load', error));

    const onMoveEnd = () => {
      const c = created.getCenter();
      onViewChangeRef.current?.({ lat: c.lat, lng: c.lng, zoom: created.getZoom() });
    };
    created.on('moveend', onMoveEnd);

    return () => {
      alive = false;
      uninstallSprites();
      setMap(null);
      created.remove();
    };
  }, []);

  useEffect(() => {
    if (map) syncRasterLayers(map, mapSources, activeType);
  }, [map, mapSources, activeType]);

  const changeType = (type: MapType) => {
    setOwnMapType(type);
    onMapTypeChange?.(type);
  };

  return (
    <div
      className={className}
      style={{ position: 'relative', width: '100%', height: '100%', minHeight: 200, ...style }}
    >
      <div ref={containerRef} style={{ position: 'absolute', inset: 0 }} data-testid="map-canvas" />
      {showMapTypeSwitcher && (
        <MapTypeSwitcher mapSources={mapSources} value={activeType} onChange={changeType} />
      )}
      {map && <MapContext.Provider value={map}>{children}</MapContext.Provider>}
    </div>
  );
}
