// End-to-end tests read what the map really drew (sources, rendered features). They opt in by
// defining `window.__fleetMaps` before the app starts; otherwise nothing is kept.
import type { Map as MapLibreMap } from 'maplibre-gl';

declare global {
  interface Window {
    __fleetMaps?: MapLibreMap[];
  }
}

export function registerMapForTests(map: MapLibreMap): void {
  if (typeof window === 'undefined' || !Array.isArray(window.__fleetMaps)) return;
  window.__fleetMaps.push(map);
  map.once('remove', () => {
    const index = window.__fleetMaps?.indexOf(map) ?? -1;
    if (index >= 0) window.__fleetMaps!.splice(index, 1);
  });
}
