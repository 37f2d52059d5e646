// The drawing hook as a component, for pages whose form lives outside the MapView: it hands its
// API up through `onApi` (called again whenever the API object changes) and can show the toolbar.
import { useEffect, useRef, type CSSProperties } from 'react';
import { MapDrawToolbar } from './MapDrawToolbar';
import { useMapDraw, type MapDrawApi, type MapDrawOptions } from './useMapDraw';

export interface MapDrawProps extends MapDrawOptions {
  /** Receives the API (mode, setMode, features, load, clear, remove, select). */
  onApi?(api: MapDrawApi): void;
  /** Show the mode buttons over the map (default true). */
  toolbar?: boolean;
  toolbarStyle?: CSSProperties;
}

export function MapDraw({ onApi, toolbar = true, toolbarStyle, ...options }: MapDrawProps) {
  const api = useMapDraw(options);
  const onApiRef = useRef(onApi);
  onApiRef.current = onApi;
  useEffect(() => {
    onApiRef.current?.(api);
  }, [api]);
  return toolbar ? <MapDrawToolbar api={api} modes={options.modes} style={toolbarStyle} /> : null;
}
