// The start and peak marks of a rule alert's evidence map: a ring with a word beside it. Renderless,
// like the map library's layers (web/src/map/README.md).
import { useMemo } from 'react';
import type { FeatureCollection, Point } from 'geojson';
import { useMap } from '../../../map';
import { FONT_MEDIUM } from '../../../map/fonts';
import { useGeoJsonLayers, useLayerPrefix, type LayerDraft } from '../../../map/useGeoJsonLayers';
import type { AlertMark } from './evidenceText';

export const MARK_COLOURS: Record<AlertMark['kind'], string> = {
  start: '#d50000',
  peak: '#ef6c00',
};

export default function AlertMarksLayer({ marks }: { marks: readonly AlertMark[] }) {
  const map = useMap();
  const id = useLayerPrefix('alert-marks');
  const data = useMemo<FeatureCollection<Point>>(
    () => ({
      type: 'FeatureCollection',
      features: marks.map((m) => ({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [m.lon, m.lat] },
        properties: { kind: m.kind, label: m.label, colour: MARK_COLOURS[m.kind] },
      })),
    }),
    [marks],
  );
  const layers = useMemo<LayerDraft[]>(
    () => [
      {
        id: `${id}-ring`,
        type: 'circle',
        paint: {
          'circle-radius': 9,
          'circle-color': 'rgba(255,255,255,0.85)',
          'circle-stroke-color': ['get', 'colour'],
          'circle-stroke-width': 3,
        },
      },
      {
        id: `${id}-label`,
        type: 'symbol',
        layout: {
          'text-field': ['get', 'label'],
          'text-font': FONT_MEDIUM,
          'text-size': 12,
          // The start's word above its ring, the peak's below: the two often share a place (a
          // steady speed over the limit peaks on its first fix).
          'text-anchor': ['match', ['get', 'kind'], 'start', 'bottom', 'top'],
          'text-offset': [
            'match',
            ['get', 'kind'],
            'start',
            ['literal', [0, -1.1]],
            ['literal', [0, 1.1]],
          ],
          'text-allow-overlap': true,
        },
        paint: {
          'text-color': ['get', 'colour'],
          'text-halo-color': '#ffffff',
          'text-halo-width': 1.6,
        },
      },
    ],
    [id],
  );
  useGeoJsonLayers(map, id, data, layers);
  return null;
}
