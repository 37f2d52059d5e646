import { useEffect, useId, useRef } from 'react';
import type {
  GeoJSONSource,
  GeoJSONSourceSpecification,
  LayerSpecification,
  Map as MapLibreMap,
  MapLayerMouseEvent,
} from 'maplibre-gl';
import type { FeatureCollection } from 'geojson';

export const EMPTY_COLLECTION: FeatureCollection = { type: 'FeatureCollection', features: [] };

/** A layer of a renderless component, without `source` (filled in with the component's own). */
export type LayerDraft = LayerSpecification extends infer L
  ? L extends { source: string }
    ? Omit<L, 'source' | 'id'> & { id: string }
    : never
  : never;

/** Once MapView has removed the map, layer cleanups have nothing left to undo. */
export function mapIsAlive(map: MapLibreMap): boolean {
  return !(map as unknown as { _removed?: boolean })._removed && Boolean(map.style);
}

/** Source and layer ids unique to one component instance, so two TripLayers never collide. */
export function useLayerPrefix(name: string): string {
  return `${name}-${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
}

/**
 * The life cycle of a renderless map layer (STYLE.md, traccar-web): add the source and its layers
 * on mount (on top of what is there, so z-order follows JSX order), `setData` when `data` changes,
 * show or hide them with `visible`, remove them on unmount. Layer specs are read once on mount;
 * anything that changes afterwards belongs in feature properties.
 * Layers whose data is empty are hidden too: MapLibre still visits a visible layer on every tile of
 * every frame (a line or fill layer redraws the tiles' stencil masks first), which costs software
 * WebGL as much as the basemap itself when a page keeps empty trip and location layers around.
 */
export function useGeoJsonLayers(
  map: MapLibreMap,
  sourceId: string,
  data: FeatureCollection,
  layers: LayerDraft[],
  options: {
    source?: Omit<GeoJSONSourceSpecification, 'type' | 'data'>;
    visible?: boolean;
    /** Hands changed data to the source instead of `setData` (e.g. as an updateData diff). */
    sync?: (source: GeoJSONSource, data: FeatureCollection) => void;
  } = {},
): void {
  const syncRef = useRef(options.sync);
  syncRef.current = options.sync;
  const layersRef = useRef(layers);
  const sourceRef = useRef(options.source);
  const dataRef = useRef(data);
  dataRef.current = data;
  const shown = (options.visible ?? true) && data.features.length > 0;

  useEffect(() => {
    map.addSource(sourceId, { type: 'geojson', data: dataRef.current, ...sourceRef.current });
    const ids: string[] = [];
    for (const layer of layersRef.current) {
      map.addLayer({ ...layer, source: sourceId } as LayerSpecification);
      ids.push(layer.id);
    }
    return () => {
      if (!mapIsAlive(map)) return;
      for (const id of ids) if (map.getLayer(id)) map.removeLayer(id);
      if (map.getSource(sourceId)) map.removeSource(sourceId);
    };
  }, [map, sourceId]);

  const firstData = useRef(true);
  useEffect(() => {
    // The mount effect already added this data with the source.
    if (firstData.current) {
      firstData.current = false;
      return;
    }
    const source = map.getSource(sourceId) as GeoJSONSource | undefined;
    if (!source) return;
    if (syncRef.current) syncRef.current(source, data);
    else source.setData(data);
  }, [map, sourceId, data]);

  useEffect(() => {
    for (const layer of layersRef.current) {
      if (map.getLayer(layer.id)) {
        map.setLayoutProperty(layer.id, 'visibility', shown ? 'visible' : 'none');
      }
    }
  }, [map, shown]);
}

/** Calls `handler` for clicks on features of the given layers and shows a pointer on hover. */
export function useLayerClick(
  map: MapLibreMap,
  layerIds: string[],
  handler: ((event: MapLayerMouseEvent) => void) | undefined,
): void {
  const handlerRef = useRef(handler);
  handlerRef.current = handler;
  const key = layerIds.join('|');
  const enabled = Boolean(handler);

  useEffect(() => {
    if (!enabled) return;
    const ids = key.split('|');
    const onClick = (event: MapLayerMouseEvent) => handlerRef.current?.(event);
    const onEnter = () => {
      map.getCanvas().style.cursor = 'pointer';
    };
    const onLeave = () => {
      map.getCanvas().style.cursor = '';
    };
    for (const id of ids) {
      map.on('click', id, onClick);
      map.on('mouseenter', id, onEnter);
      map.on('mouseleave', id, onLeave);
    }
    return () => {
      for (const id of ids) {
        map.off('click', id, onClick);
        map.off('mouseenter', id, onEnter);
        map.off('mouseleave', id, onLeave);
      }
    };
  }, [map, key, enabled]);
}
