import { useMemo, useState } from 'react';
import type { UnitListItem } from '@fleet/common';
import { RecentTrails } from './live/recentTrails';
import { useMap } from './MapContext';
import { shouldCluster } from './units/unitFeatures';
import {
  EMPTY_COLLECTION,
  useGeoJsonLayers,
  useLayerPrefix,
  type LayerDraft,
} from './useGeoJsonLayers';

export interface RecentTrailsLayerProps {
  /** The live unit list (`useLiveUnits().units`), the same list UnitsLayer draws. */
  units: readonly UnitListItem[];
  visible?: boolean;
}

/**
 * Realtime trip depth (SPEC §9): a thin line behind each unit through its last live fixes, 30 while
 * fewer than 5 units are on the map, else 10, in the unit's icon colour, split at jumps over 50 km.
 * Nothing is drawn while UnitsLayer clusters (more than MAX_REALTIME_MARKERS units), and the tails
 * start afresh when it stops. Put it before UnitsLayer in JSX so the lines sit under the icons.
 *
 * One semi-transparent line per tail rather than a fade: `line-gradient` takes only
 * `line-progress`, not feature properties, so it cannot end in each unit's own colour.
 */
export function RecentTrailsLayer({ units, visible = true }: RecentTrailsLayerProps) {
  const map = useMap();
  const id = useLayerPrefix('recent-trails');
  const [trails] = useState(() => new RecentTrails());
  const clustered = shouldCluster(units.length);

  // Updating twice with the same list (StrictMode) changes nothing, so this may run in render.
  const data = useMemo(() => {
    if (clustered) {
      trails.clear();
      return EMPTY_COLLECTION;
    }
    trails.update(units);
    return trails.collection();
  }, [trails, units, clustered]);

  const layers = useMemo<LayerDraft[]>(
    () => [
      {
        id: `${id}-line`,
        type: 'line',
        layout: { 'line-join': 'round', 'line-cap': 'round' },
        paint: {
          'line-color': ['get', 'colour'],
          'line-width': ['interpolate', ['linear'], ['zoom'], 5, 1.5, 14, 3],
          'line-opacity': 0.55,
        },
      },
    ],
    [id],
  );

  useGeoJsonLayers(map, id, data, layers, { visible });
  return null;
}
