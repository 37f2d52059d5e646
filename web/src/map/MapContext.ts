import { createContext, useContext } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';

/** The map of the nearest MapView; layers read it instead of a module-level singleton. */
export const MapContext = createContext<MapLibreMap | null>(null);

export function useMap(): MapLibreMap {
  const map = useContext(MapContext);
  if (!map) throw new Error('Map layers must be rendered inside <MapView>');
  return map;
}
