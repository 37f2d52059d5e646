// A small map of one or a few units (the unit page, a backup pair), fitted to them once.
import type { ReactNode } from 'react';
import type { UnitListItem } from '@fleet/common';
import { MapView, UnitsLayer } from '../../../map';
import { useTheme } from '../../../theme/ThemeContext';
import { FitToUnits, unitZoomFor } from '../../tracking/live/mapControllers';
import './views.css';

export default function UnitMiniMap({
  units,
  selectedUid = null,
  fitKey,
  label,
  children,
}: {
  units: readonly UnitListItem[];
  selectedUid?: number | null;
  /** a new key fits the map again */
  fitKey: string;
  /** what the map shows, for screen readers */
  label: string;
  children?: ReactNode;
}) {
  const theme = useTheme();
  const placed = units.filter((u) => u.position);
  if (!placed.length)
    return (
      <div className="recovery-mini-map-empty recovery-muted" role="note">
        No position to show on a map yet.
      </div>
    );
  return (
    <div className="recovery-mini-map" role="region" aria-label={label}>
      <MapView mapSources={theme.map_sources} showMapTypeSwitcher={false}>
        <UnitsLayer units={[...units]} selectedUid={selectedUid} />
        <FitToUnits
          units={units}
          focus={null}
          fitKey={fitKey}
          unitZoom={unitZoomFor(theme.map_sources)}
        />
        {children}
      </MapView>
    </div>
  );
}
