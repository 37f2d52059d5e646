// The map box of the routes pages: a MapView of the theme's sources, registered for the
// end-to-end tests (tracking/common/mapTestHook.ts), with an optional message over it.
import type { ReactNode } from 'react';
import { Spin } from 'antd';
import { MapView } from '../../../map';
import { useTheme } from '../../../theme/ThemeContext';
import { registerMapForTests } from '../../tracking/common/mapTestHook';
import '../../tracking/common/tracking.css';
import './routes.css';

export default function RouteMapFrame({
  children,
  message,
  loading = false,
  className = '',
  label = 'Map',
}: {
  children?: ReactNode;
  /** Said over the map, e.g. when there is nothing to draw. */
  message?: ReactNode;
  loading?: boolean;
  className?: string;
  label?: string;
}) {
  const theme = useTheme();
  return (
    <div className={`route-map ${className}`} role="region" aria-label={label}>
      <MapView
        mapSources={theme.map_sources}
        onReady={registerMapForTests}
        style={{ position: 'absolute', inset: 0, minHeight: 0 }}
      >
        {children}
      </MapView>
      {loading ? (
        <div className="map-overlay">
          <Spin />
        </div>
      ) : (
        message && (
          <div className="map-overlay is-message" role="status">
            <span>{message}</span>
          </div>
        )
      )}
    </div>
  );
}
