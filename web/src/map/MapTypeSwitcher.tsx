import { Segmented } from 'antd';
import type { MapType, ThemeMapSource } from '@fleet/common';
import { availableMapTypes } from './basemap/baseStyle';

export const MAP_TYPE_LABELS: Record<MapType, string> = {
  roadmap: 'Roadmap',
  satellite: 'Satellite',
  hybrid: 'Hybrid',
  terrain: 'Terrain',
};

export interface MapTypeSwitcherProps {
  mapSources: readonly ThemeMapSource[];
  value: MapType;
  onChange: (type: MapType) => void;
}

/** Chooses among the map types the theme has tiles for; hidden when there is no choice. */
export function MapTypeSwitcher({ mapSources, value, onChange }: MapTypeSwitcherProps) {
  const types = availableMapTypes(mapSources);
  if (types.length < 2) return null;
  return (
    <div
      style={{ position: 'absolute', top: 10, right: 10, zIndex: 2, maxWidth: 'calc(100% - 20px)' }}
    >
      <Segmented<MapType>
        size="small"
        aria-label="Map type"
        value={types.includes(value) ? value : types[0]}
        onChange={onChange}
        options={types.map((type) => ({ label: MAP_TYPE_LABELS[type], value: type }))}
        style={{ boxShadow: '0 1px 4px rgba(0,0,0,0.3)' }}
      />
    </div>
  );
}
